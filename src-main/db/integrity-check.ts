/**
 * The full check of a campaign file (issue 16): SQLite's `integrity_check` (which, unlike `quick_check`, also finds
 * damaged indexes) and every stored JSON document parsing, in a worker thread so that neither start-up nor the first
 * screen waits for it. Run after start and on every backup before it counts as verified. A file that fails is damaged
 * like any other: core.ts sets it aside and offers the newest verified backup (docs/reliability.md rule 4).
 */
import type Database from 'better-sqlite3';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { Worker } from 'node:worker_threads';
import { INTEGRITY_CHECK_SOURCE } from './threads/sources.generated';
import * as schema from './schema';

export interface IntegrityResult {
  ok: boolean;
  /** What was found, in words (at most a few lines). */
  problems: string[];
}

/** The columns holding JSON documents (drizzle `mode: 'json'`, and the packed ones: still JSON, db/packed-json.ts), from the schema. */
export function jsonColumns(): { table: string; column: string }[] {
  const out: { table: string; column: string }[] = [];
  for (const t of Object.values(schema)) {
    if (!(t instanceof SQLiteTable)) continue;
    const config = getTableConfig(t);
    for (const c of config.columns)
      if (c.columnType === 'SQLiteTextJson' || (c.columnType === 'SQLiteCustomColumn' && c.getSQLType() === 'text'))
        out.push({ table: config.name, column: c.name });
  }
  return out;
}

/**
 * Check `file` in a worker. Resolves with what was found, or null when the check could not run at all (no worker
 * threads, say): the caller then keeps what it had (quick_check's answer).
 */
export function integrityCheckInWorker(file: string): Promise<IntegrityResult | null> {
  return new Promise((resolve) => {
    try {
      const worker = new Worker(INTEGRITY_CHECK_SOURCE, {
        eval: true,
        workerData: { file, columns: jsonColumns(), sqliteModule: require.resolve('better-sqlite3') },
      });
      worker.once('message', (m: { problems: string[] }) => resolve({ ok: m.problems.length === 0, problems: m.problems }));
      worker.once('error', () => resolve(null));
      worker.once('exit', () => resolve(null));
      worker.unref();
    } catch {
      resolve(null);
    }
  });
}

/** Every "table.column" of the file (a backup taken before a schema update has older tables). */
export function columnsOf(db: Database.Database): Set<string> {
  return new Set(
    db.prepare(`SELECT m.name || '.' || c.name FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table'`).pluck().all() as string[],
  );
}

/** The same check, here and now (a backup being verified inside the backup worker, tests). */
export function integrityProblems(db: Database.Database): string[] {
  const problems: string[] = [];
  const rows = db.pragma('integrity_check(20)', { simple: false }) as Record<string, unknown>[];
  for (const r of rows) {
    const text = String(Object.values(r)[0]);
    if (text !== 'ok') problems.push(`SQLite integrity_check: ${text}`);
  }
  if (problems.length > 0) return problems;
  const has = columnsOf(db);
  for (const { table, column } of jsonColumns()) {
    if (!has.has(`${table}.${column}`)) continue;
    const bad = db.prepare(`SELECT rowid FROM "${table}" WHERE "${column}" IS NOT NULL AND json_valid("${column}") = 0 LIMIT 1`).pluck().get();
    if (bad !== undefined) problems.push(`A stored document cannot be read: ${table}.${column} (row ${String(bad)}).`);
  }
  return problems;
}
