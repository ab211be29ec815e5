/**
 * Issue 16, "no request can end the server process": the real browser-mode server in its own process (Node's own
 * handling of uncaught errors, as `npm run start:browser` has it) gets the hostile targets, whole requests and
 * /api/invoke bodies of src-main/test-support/bridge-attacks.ts plus fuzzed targets and bodies, with and without the
 * token, over raw sockets. Counts go to reports/reliability.json: requests tried (with / without the token), server
 * exits (must be 0), answers in the 5xx range (must be 0). `npm run test:reliability` runs the full counts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, tempDir } from '../../src-main/test-support';
import { HOSTILE_BODIES, HOSTILE_TARGETS, getRequest, hostileRawRequests, invokeRequest, rawRequest } from '../../src-main/test-support/bridge-attacks';
import { mergeReliabilityReport } from './report-file';
import { bundleChild } from './bundle-child';

const FULL = process.env.RELIABILITY_FULL === '1' || process.env.npm_lifecycle_event === 'test:reliability';
const FUZZ = FULL ? 2000 : 150;
const TOKEN = 'reliability-token-0123456789abcdef';

let bundle: string;
beforeAll(async () => {
  bundle = await bundleChild('scripts/reliability/bridge-child.ts', 'herald-bridge-build-');
});

interface Running {
  proc: ChildProcess;
  port: number;
  stderr: () => string;
}

function startChild(): Promise<Running> {
  const proc = spawn(process.execPath, [bundle, tempDir('herald-bridge-'), MIGRATIONS, TOKEN], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_PATH: path.resolve('node_modules') },
  });
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
  .array(
    fc.constantFrom(
      '/',
      '%',
      '0',
      '2',
      'f',
      'F',
      'e',
      'c',
      '[',
      ']',
      '@',
      ':',
      '?',
      '#',
      '.',
      '..',
      '%00',
      '%2F',
      '%5C',
      '%C0',
      '%ff',
      '\\',
      'é',
      '\u00ff',
      '~',
      '*',
      'api',
      'invoke',
      'x',
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));
/** Fuzzed /api/invoke bodies: any JSON value, or objects whose channel and input are any JSON value. */
const bodyArb = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.record({ channel: fc.jsonValue(), input: fc.jsonValue() }).map((v) => JSON.stringify(v)),
  fc
    .record({ channel: fc.constantFrom('campaigns.create', 'games.saveDraft', 'campaigns.importFile', 'teams.saveDraft'), input: fc.jsonValue() })
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 40 }),
);

const counts = {
  gameReportAttacksTried: 0,
  gameReportAttacksAccepted: 0,
  nameAttacksTried: 0,
  nameAttacksAccepted: 0,
  bridgeRequestsTried: 0,
  bridgeRequestsWithToken: 0,
  bridgeRequestsWithoutToken: 0,
  bridgeServerExits: 0,
  bridgeAnswers5xx: 0,
  bridgeRefusalsLogged: 0,
};
const failures: string[] = [];

afterAll(() => {
  mergeReliabilityReport({ ...counts, bridgeFuzzRunsEach: FUZZ, bridgeFailures: failures });
});

describe('hostile requests against browser mode (issue 16)', () => {
  it(
    `the server process never exits: the issue's requests, ${HOSTILE_TARGETS.length} targets, framing attacks, ${HOSTILE_BODIES.length} bodies and ${FUZZ} fuzzed targets and bodies, with and without the token`,
    async () => {
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
              failures.push(
                `server ${exited ? 'exited' : 'stopped answering'} after ${JSON.stringify(String(request).slice(0, 80))}: ${child.stderr().slice(-300)}`,
              );
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
    },
    FULL ? 900_000 : 180_000,
  );

  it('typed values past what a game or a name allows, through the bridge: huge relic counts are refused or never ready, invisible and look-alike names refused', async () => {
    const child = await startChild();
    const base = `http://127.0.0.1:${child.port}`;
    const invoke = async (channel: string, input: unknown) => {
      const r = await fetch(`${base}/api/invoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-herald-token': TOKEN },
        body: JSON.stringify({ channel, input }),
      });
      return (await r.json()) as { ok: true; value: any } | { ok: false; error: { code: string; message: string } }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const must = async (channel: string, input: unknown) => {
      const r = await invoke(channel, input);
      if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
      return r.value;
    };
    const campaign = await must('campaigns.create', { name: 'Hostile values' });
    const lists = (await must('teamLists.list', {})) as { id: string; listKey: string }[];
    const orks = lists.find((l) => l.listKey === 'orks-sample')!.id;
    const teams: string[] = [];
    for (const [player, name] of [
      ['Alice', 'Snaggas'],
      ['Bob', 'Krumpas'],
    ]) {
      const p = await must('players.create', { campaignId: campaign.id, name: player });
      const t = await must('teams.create', { campaignId: campaign.id, playerId: p.id, teamListId: orks, name });
      const models = [{ entryId: 'boss-nob', name: `${name} Boss` }, ...[1, 2, 3].map((i) => ({ entryId: 'boy', name: `${name} Boy ${i}` }))];
      await must('teams.saveDraft', {
        id: t.team.id,
        roster: { models: models.map((m, i) => ({ id: `${name}-${i}`, ...m, options: {}, armoury: [], grenades: {} })) },
      });
      await must('teams.found', { id: t.team.id });
      teams.push(t.team.id);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const attacks: { what: string; draft: (d: any, placed: number) => void }[] = [
      { what: '100,000 relic counters', draft: (d) => (d.report.relicCount = 100_000) },
      { what: '3,000,000 relic counters', draft: (d) => (d.report.relicCount = 3_000_000) },
      { what: 'one more relic counter than placed', draft: (d, placed) => (d.report.relicCount = placed + 1) },
      { what: '20 relic counters, 20 carried', draft: (d) => ((d.report.relicCount = 20), (d.report.models[0].relicsCarried = 20)) },
      { what: '3,000,000 relics carried', draft: (d) => (d.report.models[0].relicsCarried = 3_000_000) },
      { what: 'more relics carried than placed', draft: (d, placed) => (d.report.models[0].relicsCarried = placed + 1) },
      { what: '1e9 game turns', draft: (d) => (d.report.gameTurns = 1e9) },
      { what: '11 game turns', draft: (d) => (d.report.gameTurns = 11) },
      { what: 'a model twice', draft: (d) => d.report.models.push({ ...d.report.models[0] }) },
      { what: 'a model from nowhere', draft: (d) => d.report.models.push({ ...d.report.models[0], id: 'ghost' }) },
      { what: '10,000 models', draft: (d) => (d.report.models = Array.from({ length: 10_000 }, (_, i) => ({ ...d.report.models[0], id: `m${i}` }))) },
    ];
    for (const attack of attacks) {
      // A fresh game each time (a refused save leaves the last saved draft, which could be committed on its own).
      const fresh = await must('games.create', { campaignId: campaign.id, teamA: teams[0], teamB: teams[1], mission: 'relic-hunt' });
      const draft = structuredClone(fresh.draft);
      attack.draft(draft, fresh.plan.counters[0].count);
      counts.gameReportAttacksTried++;
      const saved = await invoke('games.saveDraft', { id: fresh.game.id, draft });
      const ready = saved.ok && saved.value.preview.ready;
      const committed = saved.ok ? await invoke('games.commit', { id: fresh.game.id }) : { ok: false };
      if (ready || committed.ok) {
        counts.gameReportAttacksAccepted++;
        failures.push(`accepted: ${attack.what}`);
      }
      if (!saved.ok && /report this/i.test(saved.error.message)) failures.push(`"report this" for ${attack.what}`);
    }
    const names = [
      '\u200B',
      '\u200B\u200C\u200D\u2060',
      '\u202E\u2066\u2069',
      '\uFEFF\u3164',
      '\u2800',
      'Hostile\u200B values',
      'HOSTILE VALUES',
      'Ｈｏｓｔｉｌｅ values',
      'Hostile\u00A0\u00A0values',
    ];
    for (const name of names) {
      counts.nameAttacksTried++;
      const r = await invoke('campaigns.create', { name });
      if (r.ok) {
        counts.nameAttacksAccepted++;
        failures.push(`accepted the campaign name ${JSON.stringify(name)}`);
      }
    }
    const health = await rawRequest(child.port, getRequest(child.port, '/'), 2000);
    child.proc.kill('SIGTERM');
    expect(health.status).toBe(200);
    expect(failures).toEqual([]);
    expect(counts.gameReportAttacksAccepted + counts.nameAttacksAccepted).toBe(0);
  }, 120_000);
});
