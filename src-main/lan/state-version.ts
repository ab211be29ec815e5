/**
 * What the Club Wi-Fi view's read cache is keyed on (issue 28): the campaign file's committed state. Every write Herald
 * makes goes through the one open connection, so SQLite's count of rows changed on it moves with every commit (games,
 * voids, imports, settings, a projection rebuilt); a restore opens a new connection, which gets a new generation.
 * Reading it costs one prepared statement, far less than any read it saves.
 */
import type Database from 'better-sqlite3';

const seen = new WeakMap<Database.Database, { generation: number; changes: Database.Statement }>();
let generations = 0;

/** A string that differs whenever anything was written to the file since it was last read; null when it is closed. */
export function committedState(sqlite: Database.Database): string | null {
  if (!sqlite.open) return null;
  let known = seen.get(sqlite);
  if (!known) {
    known = { generation: ++generations, changes: sqlite.prepare('SELECT total_changes()').pluck() };
    seen.set(sqlite, known);
  }
  return `${known.generation}:${String(known.changes.get())}`;
}
