/**
 * Reads kept until the campaign file changes (issue 29): each time the campaign page opens it asks for the ruleset
 * view twice and the records once, and the bulletin asks for the records again; between two writes they cannot
 * change. Kept per connection and keyed on its committed state (lan/state-version.ts: every write through the
 * connection moves it; a restore opens a new connection). Never inside a transaction: a write there may yet be rolled
 * back, and the state it moved would then name what is no longer in the file.
 */
import type Database from 'better-sqlite3';
import { markKept } from '../../shared/ipc/dispatch';
import { committedState } from '../lan/state-version';
import type { Db } from './open';

const MAX_KEPT = 64;
const kept = new WeakMap<Database.Database, Map<string, { state: string; value: unknown }>>();

/** The better-sqlite3 connection under a drizzle database or transaction (they share one session). */
const connectionOf = (db: Db) => (db as unknown as { session: { client: Database.Database } }).session.client;

/** `compute()`, or what it gave for `key` since the file last changed. The value is shared: never change it. */
export function memoByState<T>(db: Db, key: string, compute: () => T): T {
  const sqlite = connectionOf(db);
  if (sqlite.inTransaction) return compute();
  const state = committedState(sqlite);
  if (state === null) return compute();
  let byKey = kept.get(sqlite);
  if (!byKey) kept.set(sqlite, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit?.state === state) return hit.value as T;
  const value = markKept(compute());
  if (byKey.size >= MAX_KEPT) byKey.clear();
  byKey.set(key, { state, value });
  return value;
}
