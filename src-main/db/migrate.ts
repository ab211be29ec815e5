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
  sqlite.pragma('foreign_keys = OFF');
  try {
    migrate(db, { migrationsFolder, migrationsTable: MIGRATIONS_TABLE });
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
  return { version: known.length, applied: state.pending };
}
