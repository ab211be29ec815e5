/**
 * Issue 16, "no request can end the server process": the real browser-mode server in its own process (Node's own
 * handling of uncaught errors, as `npm run start:browser` has it) gets the hostile targets, whole requests and
 * /api/invoke bodies of src-main/test-support/bridge-attacks.ts plus fuzzed targets and bodies, with and without the
 * token, over raw sockets. Counts go to reports/reliability.json: requests tried (with / without the token), server
 * exits (must be 0), answers in the 5xx range (must be 0). `npm run test:reliability` runs the full counts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, tempDir } from '../../src-main/test-support';
import { HOSTILE_BODIES, HOSTILE_TARGETS, getRequest, hostileRawRequests, invokeRequest, rawRequest } from '../../src-main/test-support/bridge-attacks';
import { mergeReliabilityReport } from './report-file';

const FULL = process.env.RELIABILITY_FULL === '1' || process.env.npm_lifecycle_event === 'test:reliability';
const FUZZ = FULL ? 2000 : 150;
const TOKEN = 'reliability-token-0123456789abcdef';

let bundle: string;
beforeAll(async () => {
  bundle = path.join(tempDir('herald-bridge-build-'), 'bridge-child.cjs');
  await build({ entryPoints: ['scripts/reliability/bridge-child.ts'], outfile: bundle, bundle: true, platform: 'node', format: 'cjs', target: 'node22', external: ['better-sqlite3'], logLevel: 'silent', nodePaths: [path.resolve('node_modules')] });
});

interface Running {
  proc: ChildProcess;
  port: number;
  stderr: () => string;
}

function startChild(): Promise<Running> {
  const proc = spawn(process.execPath, [bundle, tempDir('herald-bridge-'), MIGRATIONS, TOKEN], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_PATH: path.resolve('node_modules') } });
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) resolve({ proc, port: Number(m[1]), stderr: () => err });
    });
    proc.once('exit', (code) => reject(new Error(`the bridge child exited before it was ready (${code}): ${err}`)));
  });
}

/** Fuzzed request targets: origin-form-ish strings from the characters parsers and decoders trip on. */
const targetArb = fc
  .array(fc.constantFrom('/', '%', '0', '2', 'f', 'F', 'e', 'c', '[', ']', '@', ':', '?', '#', '.', '..', '%00', '%2F', '%5C', '%C0', '%ff', '\\', 'é', '\u00ff', '~', '*', 'api', 'invoke', 'x'), { maxLength: 24 })
  .map((parts) => parts.join(''));
/** Fuzzed /api/invoke bodies: any JSON value, or objects whose channel and input are any JSON value. */
const bodyArb = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.record({ channel: fc.jsonValue(), input: fc.jsonValue() }).map((v) => JSON.stringify(v)),
  fc.record({ channel: fc.constantFrom('campaigns.create', 'games.saveDraft', 'campaigns.importFile', 'teams.saveDraft'), input: fc.jsonValue() }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 40 }),
);

const counts = { bridgeRequestsTried: 0, bridgeRequestsWithToken: 0, bridgeRequestsWithoutToken: 0, bridgeServerExits: 0, bridgeAnswers5xx: 0, bridgeRefusalsLogged: 0 };
const failures: string[] = [];

afterAll(() => {
  mergeReliabilityReport({ ...counts, bridgeFuzzRunsEach: FUZZ, bridgeFailures: failures });
});

describe('hostile requests against browser mode (issue 16)', () => {
  it(`the server process never exits: the issue's requests, ${HOSTILE_TARGETS.length} targets, framing attacks, ${HOSTILE_BODIES.length} bodies and ${FUZZ} fuzzed targets and bodies, with and without the token`, async () => {
    let child = await startChild();
    let exited = false;
    const watch = (c: Running) => c.proc.once('exit', () => (exited = true));
    watch(child);
    const fuzzTargets = fc.sample(targetArb, { numRuns: FUZZ, seed: 16 });
    const fuzzBodies = fc.sample(bodyArb, { numRuns: FUZZ, seed: 61 });
    for (const token of [undefined, TOKEN]) {
      const port = () => child.port;
      const requests: (() => string | Buffer)[] = [
        ...HOSTILE_TARGETS.map((t) => () => getRequest(port(), t, token)),
        ...HOSTILE_TARGETS.map((t) => () => getRequest(port(), t, token, 'POST')),
        ...hostileRawRequests(0, token).map((_, i) => () => hostileRawRequests(port(), token)[i]!),
        ...HOSTILE_BODIES.map((b) => () => invokeRequest(port(), b, token)),
        ...fuzzTargets.map((t) => () => getRequest(port(), t, token)),
        ...fuzzBodies.map((b) => () => invokeRequest(port(), b, token)),
      ];
      for (const make of requests) {
        const request = make();
        const answer = await rawRequest(child.port, request, 2000);
        counts.bridgeRequestsTried++;
        if (token) counts.bridgeRequestsWithToken++;
        else counts.bridgeRequestsWithoutToken++;
        if (answer.status !== null && answer.status >= 500) {
          counts.bridgeAnswers5xx++;
          failures.push(`5xx for ${JSON.stringify(String(request).slice(0, 80))}`);
        }
        // After every request it must still serve; an exit is counted, named, and the server restarted.
        {
          const health = exited ? null : await rawRequest(child.port, getRequest(child.port, '/'), 2000);
          if (exited || health?.status !== 200) {
            counts.bridgeServerExits++;
            failures.push(`server ${exited ? 'exited' : 'stopped answering'} after ${JSON.stringify(String(request).slice(0, 80))}: ${child.stderr().slice(-300)}`);
            child.proc.kill('SIGKILL');
            child = await startChild();
            exited = false;
            watch(child);
          }
        }
      }
    }
    const final = await rawRequest(child.port, getRequest(child.port, '/'), 2000);
    counts.bridgeRefusalsLogged = (child.stderr().match(/Browser mode refused a request/g) ?? []).length;
    child.proc.kill('SIGTERM');
    expect(final.status).toBe(200);
    expect(failures).toEqual([]);
    expect(counts.bridgeServerExits).toBe(0);
    expect(counts.bridgeRefusalsLogged).toBeGreaterThan(0);
    expect(counts.bridgeRequestsWithToken).toBeGreaterThan(2 * HOSTILE_TARGETS.length);
  }, FULL ? 900_000 : 180_000);
});
