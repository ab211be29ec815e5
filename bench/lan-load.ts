/**
 * lanRosterUnderLoad (issue 22): the Club Wi-Fi view serving a team's roster page while 30 phones refresh every 5 s
 * and the organiser commits games on the laptop. The real LAN listener (src-main/lan/server.ts) in front of the real
 * core, on 127.0.0.1 (clients on loopback); each phone is an HTTP client with its own device id asking teams.get, as
 * the phone's roster page does, its first refresh spread over the first 5 s. Two games are committed meanwhile (their
 * after-commit backups run in their worker, as in the app). What is timed is each phone's request, end to end.
 */
import path from 'node:path';
import type { GameDetail } from '../shared/ipc/schemas/games';
import type { Core } from '../src-main/core';
import { newLanToken } from '../src-main/lan/control';
import { startLanServer } from '../src-main/lan/server';
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
