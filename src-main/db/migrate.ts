/**
 * The one way migrations are applied (docs/reliability.md rule 5).
 *
 * drizzle's migrate() runs every pending migration in ONE transaction. Foreign keys cannot be switched inside a
 * transaction, so we switch them off around it: a migration that rebuilds a table (SQLite's only way to change a
 * column) would otherwise cascade-delete child rows silently (drizzle issue #5782). Afterwards foreign_key_check must
 * be clean and no table may have lost rows; if either fails, the verified backup taken just before is put back.
 */
import type Database from 'better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { fillGameFigures } from '../repos/game-figures';
import { repackJsonColumns } from './repack';

export const MIGRATIONS_TABLE = '__drizzle_migrations';

export interface KnownMigration {
  /** 1-based position: the schema version a file has once this migration is applied. */
  version: number;
  folderMillis: number;
  hash: string;
}

export function knownMigrations(migrationsFolder: string): KnownMigration[] {
  return readMigrationFiles({ migrationsFolder }).map((m, i) => ({
    version: i + 1,
    folderMillis: m.folderMillis,
    hash: m.hash,
  }));
}

export interface AppliedMigration {
  hash: string;
  createdAt: number;
}

export function appliedMigrations(sqlite: Database.Database): AppliedMigration[] {
  const exists = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(MIGRATIONS_TABLE);
  if (!exists) return [];
  return (
    sqlite.prepare(`SELECT hash, created_at AS createdAt FROM "${MIGRATIONS_TABLE}" ORDER BY created_at`).all() as {
      hash: string;
      createdAt: number | string;
    }[]
  ).map((r) => ({ hash: r.hash, createdAt: Number(r.createdAt) }));
}

export type SchemaState =
  | { kind: 'current'; version: number }
  | { kind: 'behind'; version: number; pending: number }
  /** The file has migrations this build does not know: written by a newer (or different) Herald. */
  | { kind: 'newer'; version: number; known: number };

export function schemaState(applied: AppliedMigration[], known: KnownMigration[]): SchemaState {
  for (const [i, a] of applied.entries()) {
    const k = known[i];
    if (!k || k.folderMillis !== a.createdAt || k.hash !== a.hash) {
      return { kind: 'newer', version: applied.length, known: known.length };
    }
  }
  if (applied.length === known.length) return { kind: 'current', version: applied.length };
  return { kind: 'behind', version: applied.length, pending: known.length - applied.length };
}

export function userTableCounts(sqlite: Database.Database): Map<string, number> {
  const tables = sqlite
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> ?`)
    .pluck()
    .all(MIGRATIONS_TABLE) as string[];
  return new Map(
    tables.map((t) => [
      t,
      Number(
        sqlite
          .prepare(`SELECT count(*) FROM "${t.replaceAll('"', '""')}"`)
          .pluck()
          .get(),
      ),
    ]),
  );
}

/**
 * Data steps SQL alone cannot make (issue 21), each run once, right after the migration it belongs to has been applied
 * to a file that did not have it, in its own transaction (drizzle's has committed by then). A step returns how many
 * rows it rewrote. If one throws, the file is put back from the backup like any failed migration.
 */
const CODE_STEPS: Readonly<Record<string, (sqlite: Database.Database) => number>> = {
  '0010_lean_campaign_file': repackJsonColumns,
  '0012_game_figures': fillGameFigures,
};

/** The migrations' names (tags), in order, from drizzle-kit's journal. */
export function migrationTags(migrationsFolder: string): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((e) => e.tag);
}

/**
 * Give back the space a migration's rewrites freed (issue 21: a ten-year file shrinks by half). VACUUM rewrites the
 * whole file in one transaction of its own — all or nothing, the data unchanged — so it runs after the migration has
 * been checked; a VACUUM that fails (a full disk) leaves the file correct, only larger, and the next migration tries again.
 */
function reclaimSpace(sqlite: Database.Database): boolean {
  try {
    sqlite.exec('VACUUM');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return true;
  } catch {
    return false;
  }
}

export class MigrationCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationCheckError';
  }
}

/**
 * Apply pending migrations. `beforeMigrating` runs only when something is pending (the caller takes a verified
 * backup there). Returns the new schema version and how many migrations ran. Throws MigrationCheckError when the
 * result fails the checks; the caller restores the backup.
 */
export function applyMigrations(
  sqlite: Database.Database,
  db: BetterSQLite3Database<Record<string, unknown>>,
  migrationsFolder: string,
  beforeMigrating: (state: SchemaState) => void,
): { version: number; applied: number } {
  const known = knownMigrations(migrationsFolder);
  const state = schemaState(appliedMigrations(sqlite), known);
  if (state.kind === 'newer') throw new MigrationCheckError('newer');
  if (state.kind === 'current') {
    if (Number(sqlite.pragma('user_version', { simple: true })) !== state.version) {
      sqlite.pragma(`user_version = ${state.version}`);
    }
    return { version: state.version, applied: 0 };
  }
  beforeMigrating(state);
  const before = userTableCounts(sqlite);
  const steps = migrationTags(migrationsFolder)
    .slice(state.version, known.length)
    .flatMap((tag) => (CODE_STEPS[tag] ? [CODE_STEPS[tag]] : []));
  let rewritten = 0;
  sqlite.pragma('foreign_keys = OFF');
  try {
    migrate(db, { migrationsFolder, migrationsTable: MIGRATIONS_TABLE });
    for (const step of steps) {
      try {
        rewritten += sqlite.transaction(() => step(sqlite))();
      } catch (e) {
        // drizzle's transaction has committed: only the backup puts the file back (open.ts restores it on this error).
        throw new MigrationCheckError(`Rewriting the stored data failed (${(e as Error).message}).`);
      }
    }
    const violations = sqlite.pragma('foreign_key_check') as { table: string; parent: string }[];
    if (violations.length > 0) {
      const first = violations[0]!;
      throw new MigrationCheckError(`After migrating, ${violations.length} row(s) point at missing rows (first: ${first.table} → ${first.parent}).`);
    }
    const after = userTableCounts(sqlite);
    for (const [table, count] of before) {
      const now = after.get(table);
      if (now !== undefined && now < count) {
        throw new MigrationCheckError(`Migrating lost rows from ${table} (${count} before, ${now} after).`);
      }
    }
    // user_version mirrors the schema version so a file can be inspected without our migration table.
    sqlite.pragma(`user_version = ${known.length}`);
  } finally {
    sqlite.pragma('foreign_keys = ON');
  }
  if (rewritten > 0) reclaimSpace(sqlite);
  return { version: known.length, applied: state.pending };
}
