/**
 * counts.draftSaveStatements (issue 32): the SQL statements one debounced save of the result form runs. The window
 * previews the draft itself (shared/rules resolveGame), so the save is games.keepDraft: one transaction holding one
 * read of the game row and one write of its draft. counts.saveDraftStatements is the same save through games.saveDraft,
 * which answers with the whole game view recomputed (what every edit cost before). Counted by wrapping better-sqlite3's
 * statement methods (run, get, all, iterate) for the length of one call: every statement, BEGIN and COMMIT included
 * (drizzle sends them as statements), and dispatch's own check that the campaign was not handed over.
 * counts.draftSaveTransactions: the transactions (statement batches) of that save — one.
 */
import Database from 'better-sqlite3';
import type { GameDetail } from '../shared/ipc/schemas/games';
import type { Core } from '../src-main/core';
import { call, result } from './scenario';

const METHODS = ['run', 'get', 'all', 'iterate'] as const;

/** How many statements `fn` runs (in this process, on any connection); `seen` gets their SQL. */
export async function countStatements(fn: () => Promise<unknown>, seen: string[] = []): Promise<number> {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  const originals = METHODS.map((m) => proto[m]!);
  let n = 0;
  METHODS.forEach((m, i) => {
    proto[m] = function (this: unknown, ...args: unknown[]) {
      n++;
      seen.push((this as { source: string }).source);
      return originals[i]!.apply(this, args);
    };
  });
  try {
    await fn();
  } finally {
    METHODS.forEach((m, i) => (proto[m] = originals[i]!));
  }
  return n;
}

/** One draft game between two teams, its result saved both ways (each warmed up once), then discarded. */
export async function draftSaveStatements(core: Core, campaignId: string, teamA: string, teamB: string, rng: () => number) {
  const created = await call<GameDetail>(core, 'games.create', { campaignId, teamA, teamB, mission: 'seize-ground' });
  const id = created.game.id;
  const draft = result(created, rng, 0.1);
  await call(core, 'games.keepDraft', { id, draft });
  await call(core, 'games.saveDraft', { id, draft });
  const sql: string[] = [];
  const kept = await countStatements(() => call(core, 'games.keepDraft', { id, draft }), sql);
  const saved = await countStatements(() => call(core, 'games.saveDraft', { id, draft }));
  await call(core, 'games.discard', { id });
  return { draftSaveStatements: kept, draftSaveTransactions: sql.filter((s) => /^BEGIN\b/i.test(s)).length, saveDraftStatements: saved };
}
