/**
 * Prepared queries, built once per connection (issue 9). drizzle builds its SQL and better-sqlite3 compiles a
 * statement on every call of a query written inline; on the hot paths (games, team pages, standings) that was most
 * of the time. `prepared(db, key, build)` keeps drizzle's `.prepare()`d query per connection: a transaction uses its
 * connection's statements, and a restore (a new connection) starts a fresh set.
 */
import type Database from 'better-sqlite3';
import { getTableName, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './open';

const byConnection = new WeakMap<object, Map<string, unknown>>();

/** The better-sqlite3 connection under a drizzle database or transaction (they share one session). */
function connectionOf(db: Db): object {
  return (db as unknown as { session: { client: object } }).session.client;
}

export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  const connection = connectionOf(db);
  let queries = byConnection.get(connection);
  if (!queries) byConnection.set(connection, (queries = new Map()));
  let query = queries.get(key) as T | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(key, query);
  }
  return query;
}

/**
 * A plain better-sqlite3 statement, compiled once per connection, for the few bulk reads where drizzle's per-row
 * mapping costs more than the read itself (a rebuild of a ten-year ledger: issue 9).
 */
export function rawStatement(db: Db, key: string, text: string): Database.Statement {
  return prepared(db, `raw:${key}`, () => (connectionOf(db) as Database.Database).prepare(text));
}

/**
 * Insert `rows` into `table` with one statement per set of columns, compiled once per connection (issue 29): an import
 * of a ten-year campaign inserts a hundred thousand rows, and compiling a statement for each was a third of its writes.
 * Values go through the columns' own mapping (packed JSON included), as an inline insert's do. Returns each row's
 * rowid (a ledger entry's seq), in order.
 */
export function insertRows<T extends SQLiteTable>(db: Db, table: T, rows: readonly T['$inferInsert'][]): number[] {
  const name = getTableName(table);
  const rowids: number[] = [];
  for (const row of rows) {
    const keys = Object.keys(row).filter((k) => (row as Record<string, unknown>)[k] !== undefined);
    const query = prepared(db, `insert:${name}:${keys.join(',')}`, (d) =>
      d
        .insert(table)
        .values(Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as T['$inferInsert'])
        .prepare(),
    );
    rowids.push(Number((query.run(row as Record<string, unknown>) as { lastInsertRowid: number | bigint }).lastInsertRowid));
  }
  return rowids;
}
