/** Issue 32: a team's history page costs the same number of SQL statements after 1 game as after 6. */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameDetail, TeamHistory } from '../../shared/ipc/schemas/games';
import type { Core } from '../core';
import { call, testCore } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';

/** Counts every statement run on any connection while `fn` runs (better-sqlite3's Statement methods). */
async function statementsRun(fn: () => Promise<unknown>): Promise<number> {
  const proto = Object.getPrototypeOf(new Database(':memory:').prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
  const names = ['run', 'get', 'all', 'iterate'] as const;
  const saved = names.map((n) => proto[n]!);
  let count = 0;
  names.forEach((n, i) => {
    proto[n] = function (this: unknown, ...args: unknown[]) {
      count++;
      return saved[i]!.apply(this, args);
    };
  });
  try {
    await fn();
  } finally {
    names.forEach((n, i) => (proto[n] = saved[i]!));
  }
  return count;
}

async function playAnother(core: Core, campaignId: string, teamA: string, teamB: string) {
  const g = await call<GameDetail>(core, 'games.create', { campaignId, teamA, teamB, mission: 'skirmish' });
  await call(core, 'games.commit', { id: g.game.id });
}

let core: Core | undefined;
afterEach(() => core?.close());

describe('teams.history', () => {
  it('runs a constant number of statements, however many games the team played', async () => {
    core = testCore();
    const pc = await playedCampaign(core);
    const history = () => call<TeamHistory>(core!, 'teams.history', { id: pc.teamA });
    await history(); // statements prepared, caches warm
    const afterOne = await statementsRun(history);
    for (let i = 0; i < 5; i++) await playAnother(core, pc.campaign.id, pc.teamA, pc.teamB);
    await history();
    const afterSix = await statementsRun(history);
    expect((await history()).games).toHaveLength(6);
    expect(afterOne).toBeGreaterThan(0);
    expect(afterSix).toBe(afterOne);
  });
});
