/**
 * lanRosterUnderLoad (issue 22): the Club Wi-Fi view serving a team's roster page while 30 phones refresh every 5 s
 * and the organiser commits games on the laptop. The real LAN listener (src-main/lan/server.ts) in front of the real
 * core, on 127.0.0.1 (clients on loopback); each phone is an HTTP client with its own device id asking teams.get, as
 * the phone's roster page does, its first refresh spread over the first 5 s. Two games are committed meanwhile (their
 * after-commit backups run in their worker, as in the app). What is timed is each phone's request, end to end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { GameDetail } from '../shared/ipc/schemas/games';
import type { Core } from '../src-main/core';
import { newLanToken } from '../src-main/lan/control';
import { startLanServer } from '../src-main/lan/server';
import { committedState } from '../src-main/lan/state-version';
import { startBridgeServer } from '../src-main/bridge/server';
import { call, result } from './scenario';

export const PHONES = 30;
export const REFRESH_MS = 5_000;

export interface LanLoadOptions {
  campaignId: string;
  /** The two teams the organiser's games are between. */
  teamA: string;
  teamB: string;
  /** The teams whose rosters the phones look at (phone i looks at team i mod n). */
  teamIds: readonly string[];
  /** How long the phones keep refreshing. */
  durationMs: number;
  rng: () => number;
}

/** Every phone request's time in ms (end to end on loopback), and how many games were committed meanwhile. */
export async function lanRosterUnderLoad(core: Core, o: LanLoadOptions): Promise<{ samples: number[]; commits: number }> {
  const token = newLanToken();
  const server = await startLanServer({
    invoke: (c, i) => core.invoke(c, i),
    staticDir: path.resolve('dist', 'renderer'),
    token,
    address: '127.0.0.1',
    port: 0,
    log: () => {},
    // As in the app (core.ts): answers cached per committed state of the file.
    stateVersion: () => committedState(core.opened.sqlite),
  });
  const url = `http://127.0.0.1:${server.port}/api/invoke`;
  const samples: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const until = started + o.durationMs;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

  const phone = async (i: number) => {
    const teamId = o.teamIds[i % o.teamIds.length]!;
    const device = `bench-phone-${String(i).padStart(4, '0')}`;
    let next = started + (i / PHONES) * REFRESH_MS;
    for (;;) {
      await sleep(next - performance.now());
      if (performance.now() >= until) return;
      const t = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-herald-token': token, 'x-herald-device': device },
        body: JSON.stringify({ channel: 'teams.get', input: { id: teamId } }),
      });
      const body = (await res.json()) as { ok: boolean; error?: { message: string } };
      samples.push(performance.now() - t);
      if (!body.ok) failures.push(body.error?.message ?? String(res.status));
      next += REFRESH_MS;
    }
  };

  // The organiser commits a game a third and two thirds of the way through.
  let commits = 0;
  const organiser = async () => {
    for (const at of [1 / 3, 2 / 3]) {
      await sleep(started + at * o.durationMs - performance.now());
      const created = await call<GameDetail>(core, 'games.create', { campaignId: o.campaignId, teamA: o.teamA, teamB: o.teamB, mission: 'seize-ground' });
      await call(core, 'games.saveDraft', { id: created.game.id, draft: result(created, o.rng, 0.1) });
      await call(core, 'games.commit', { id: created.game.id });
      commits++;
    }
  };

  try {
    await Promise.all([organiser(), ...Array.from({ length: PHONES }, (_, i) => phone(i))]);
    await core.backupsIdle();
  } finally {
    await server.close();
  }
  if (failures.length > 0) throw new Error(`The Club Wi-Fi view failed ${failures.length} roster request(s): ${failures[0]}`);
  if (samples.length < PHONES) throw new Error(`Only ${samples.length} roster requests were answered: the load did not run.`);
  return { samples, commits };
}

/** bridgeUnderPhoneFlood (issue 28): phones pulling as fast as they can, and idle connections held open. */
export const FLOOD_PHONES = 30;
export const FLOOD_IDLE_CONNECTIONS = 1_500;
/** The idle connections come from this many addresses (a hostile device or a few). */
export const FLOOD_IDLE_ADDRESSES = 10;
/** The organiser asks for a team's page this often (a person clicking about, quicker than any person). */
const ORGANISER_EVERY_MS = 50;

export interface PhoneFloodOptions {
  campaignId: string;
  /** The organiser's team (teams.get through browser mode's bridge). */
  teamId: string;
  /** The teams whose histories the phones pull. */
  teamIds: readonly string[];
  durationMs: number;
}

export interface PhoneFloodResult {
  /** The organiser's teams.get, end to end through the bridge, in ms. */
  samples: number[];
  /** What the phones' process counted (requests answered by status, idle connections held and refused). */
  phones: { idleTried: number; idleHeld: number; idleRefused: number; requests: number; byStatus: Record<string, number>; errors: number };
  /** Answers the listener built during the flood; the rest came from its cache. */
  builds: number;
  /** Before the flood, each page the phones pull read once (what the first phone after a commit causes), in ms. */
  warmUpMs: number;
}

/** Lines of a child's stdout, as they come. */
function lines(child: ChildProcess, onLine: (line: string) => void) {
  let buffered = '';
  child.stdout!.on('data', (d: Buffer) => {
    buffered += d.toString();
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      onLine(buffered.slice(0, nl));
      buffered = buffered.slice(nl + 1);
    }
  });
}

/**
 * The organiser's own page (teams.get through browser mode's real bridge) while the phones' process
 * (bench/phone-flood-client.mjs) holds 1,500 idle connections to the Club Wi-Fi view's real listener and 30 phones,
 * each on its own loopback address, pull the bulletin and the team histories as fast as they can.
 */
export async function bridgeUnderPhoneFlood(core: Core, o: PhoneFloodOptions): Promise<PhoneFloodResult> {
  const staticDir = path.resolve('dist', 'renderer');
  const token = newLanToken();
  const lan = await startLanServer({
    invoke: (c, i) => core.invoke(c, i),
    staticDir,
    token,
    address: '127.0.0.1',
    port: 0,
    log: () => {},
    stateVersion: () => committedState(core.opened.sqlite),
  });
  const bridgeToken = newLanToken();
  const bridge = await startBridgeServer({ core, staticDir, token: bridgeToken, log: () => {} });
  const reads = [{ channel: 'campaigns.bulletin', input: { id: o.campaignId } }, ...o.teamIds.map((id) => ({ channel: 'teams.history', input: { id } }))];
  // Each page once, as the first phone after a commit would: the builds the flood's state costs, timed on their own
  // (a ten-year bulletin takes seconds to build, phones or not). The flood then runs on what this state built.
  const warmStarted = performance.now();
  for (const [i, read] of reads.entries()) {
    const res = await fetch(`http://127.0.0.1:${lan.port}/api/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-herald-token': token, 'x-herald-device': `bench-warm-${String(i).padStart(4, '0')}` },
      body: JSON.stringify(read),
    });
    const answer = (await res.json()) as { ok: boolean; error?: { message: string } };
    if (!answer.ok) throw new Error(`The Club Wi-Fi view could not answer ${read.channel}: ${answer.error?.message ?? res.status}`);
  }
  const warmUpMs = performance.now() - warmStarted;
  const builtBefore = lan.counts().builds;
  const child = spawn(
    process.execPath,
    [
      path.resolve('bench', 'phone-flood-client.mjs'),
      JSON.stringify({
        port: lan.port,
        token,
        phones: FLOOD_PHONES,
        idle: FLOOD_IDLE_CONNECTIONS,
        idleAddresses: FLOOD_IDLE_ADDRESSES,
        reads,
        durationMs: o.durationMs,
      }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let flooding = true;
  const done = new Promise<PhoneFloodResult['phones']>((resolve, reject) => {
    lines(child, (line) => {
      if (line.startsWith('DONE ')) resolve(JSON.parse(line.slice(5)) as PhoneFloodResult['phones']);
    });
    child.once('close', (code) => {
      flooding = false;
      reject(new Error(`The phones' process ended (${code}) before it reported.`));
    });
  });
  const held = new Promise<void>((resolve) => lines(child, (line) => line.startsWith('HELD ') && resolve()));
  const samples: number[] = [];
  try {
    await Promise.race([held, done]);
    // The organiser clicks about while the phones pull: timed until the phones' time is up.
    const organiser = async () => {
      while (flooding) {
        const t = performance.now();
        const res = await fetch(`${bridge.url.split('/#')[0]}/api/invoke`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-herald-token': bridgeToken },
          body: JSON.stringify({ channel: 'teams.get', input: { id: o.teamId } }),
        });
        const body = (await res.json()) as { ok: boolean; error?: { message: string } };
        samples.push(performance.now() - t);
        if (!body.ok) throw new Error(`The organiser's teams.get failed during the phone flood: ${body.error?.message ?? res.status}`);
        await new Promise((r) => setTimeout(r, ORGANISER_EVERY_MS));
      }
    };
    const phones = await Promise.all([done.finally(() => (flooding = false)), organiser()]).then(([p]) => p);
    return { samples, phones, builds: lan.counts().builds - builtBefore, warmUpMs };
  } finally {
    child.kill();
    await lan.close();
    await bridge.close();
  }
}
