/** Shared by the threads that check a file: every stored JSON document parses (issue 16: damaged text in a sound page). */
import type Database from 'better-sqlite3';

export interface JsonColumn {
  table: string;
  column: string;
}

/** The first unreadable document of each column this file has (a backup taken before a schema update has older tables). */
export function unreadableDocuments(db: Database.Database, columns: readonly JsonColumn[]): { table: string; column: string; rowid: unknown }[] {
  const has = new Set(db.prepare("SELECT m.name || '.' || c.name FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table'").pluck().all());
  const found: { table: string; column: string; rowid: unknown }[] = [];
  for (const { table, column } of columns) {
    if (!has.has(`${table}.${column}`)) continue;
    const q = `SELECT rowid FROM "${table}" WHERE "${column}" IS NOT NULL AND json_valid("${column}") = 0 LIMIT 1`;
    const rowid = db.prepare(q).pluck().get();
    if (rowid !== undefined) found.push({ table, column, rowid });
  }
  return found;
}

/** better-sqlite3, loaded from the path the main thread resolved (a thread started from a string resolves nothing). */
export function loadSqlite(modulePath: string): typeof Database {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the path is only known at run time
  return require(modulePath) as typeof Database;
}
