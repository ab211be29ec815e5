/**
 * Opening the campaign file. In order:
 *  1. look before touching: read the header and open READ-ONLY to learn whose file it is and its schema version;
 *     a file from another application or a newer Herald is refused without writing a byte (docs/reliability.md rule 5);
 *  2. open read-write, set the connection profile and assert it (rule 1);
 *  3. apply pending migrations through applyMigrations(), after a verified backup of an existing file (rule 3).
 */
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import fs from 'node:fs';
import path from 'node:path';
import { createVerifiedBackup, restoreBackup, type BackupInfo } from './backup';
import { DbOpenError, isBusy, isCorruption, sqliteCode } from './errors';
import { checkedSound, type QuickCheck } from './quick-check';
import { applyMigrations, appliedMigrations, knownMigrations, MigrationCheckError, schemaState } from './migrate';
import * as schema from './schema';

/** Our own SQLite application_id: "HRLD". A file with any other non-zero id belongs to another application. */
export const APPLICATION_ID = 0x48524c44;
export const BUSY_TIMEOUT_MS = 5000;
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** The database or a transaction on it: repos accept either, so the caller decides the transaction. */
export type Db = BaseSQLiteDatabase<'sync', Database.RunResult, typeof schema>;

export interface OpenOptions {
  file: string;
  migrationsFolder: string;
  backupsDir: string;
  now?: () => Date;
  /** quick_check already made at launch in a worker (db/quick-check.ts); used only if the file has not changed since. */
  quickCheck?: QuickCheck | null;
}

export interface OpenedDatabase {
  sqlite: Database.Database;
  db: BetterSQLite3Database<typeof schema>;
  file: string;
  schemaVersion: number;
  migrationsApplied: number;
  /** The verified backup taken before migrating, if any migration ran on an existing file. */
  backup: BackupInfo | undefined;
}

export interface ConnectionProfile {
  journalMode: string;
  synchronous: number;
  foreignKeys: number;
  busyTimeout: number;
  trustedSchema: number;
  applicationId: number;
}

/** The profile every connection must have (docs/reliability.md rule 1). */
export const EXPECTED_PROFILE: ConnectionProfile = {
  journalMode: 'wal',
  synchronous: 2, // FULL: better-sqlite3's SQLite reopens WAL files at NORMAL, which can lose the last commits on power loss
  foreignKeys: 1,
  busyTimeout: BUSY_TIMEOUT_MS,
  trustedSchema: 0,
  applicationId: APPLICATION_ID,
};

export function readConnectionProfile(sqlite: Database.Database): ConnectionProfile {
  const get = (p: string) => sqlite.pragma(p, { simple: true });
  return {
    journalMode: String(get('journal_mode')),
    synchronous: Number(get('synchronous')),
    foreignKeys: Number(get('foreign_keys')),
    busyTimeout: Number(get('busy_timeout')),
    trustedSchema: Number(get('trusted_schema')),
    applicationId: Number(get('application_id')),
  };
}

function assertProfile(sqlite: Database.Database, file: string) {
  const actual = readConnectionProfile(sqlite);
  const wrong = (Object.keys(EXPECTED_PROFILE) as (keyof ConnectionProfile)[]).filter((k) => actual[k] !== EXPECTED_PROFILE[k]);
  if (wrong.length > 0) {
    throw new DbOpenError('PRAGMA_MISMATCH', file, `The campaign file could not be opened safely (${wrong.map((k) => `${k}=${actual[k]}`).join(', ')}).`);
  }
}

interface Inspection {
  /** No file yet, an empty file, or an empty SQLite database: we will create our schema. */
  fresh: boolean;
  schemaVersion: number;
}

/** Learn what the file is without writing to it. */
export function inspectCampaignFile(file: string, migrationsFolder: string, checked?: QuickCheck | null): Inspection {
  if (!fs.existsSync(file)) return { fresh: true, schemaVersion: 0 };
  const size = fs.statSync(file).size;
  if (size === 0) return { fresh: true, schemaVersion: 0 };
  const header = Buffer.alloc(100);
  const fd = fs.openSync(file, 'r');
  let read: number;
  try {
    read = fs.readSync(fd, header, 0, 100, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (read < 100 || !header.subarray(0, 16).equals(SQLITE_MAGIC)) {
    throw new DbOpenError('NOT_SQLITE', file, `${file} is not a Herald campaign file (it is not a SQLite database). Herald has not changed it.`);
  }
  let probe: Database.Database | undefined;
  try {
    probe = new Database(file, { readonly: true, fileMustExist: true });
    const applicationId = Number(probe.pragma('application_id', { simple: true }));
    const userTables = Number(probe.prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).pluck().get());
    if (applicationId !== APPLICATION_ID) {
      if (applicationId === 0 && userTables === 0) return { fresh: true, schemaVersion: 0 };
      throw new DbOpenError(
        'FOREIGN_FILE',
        file,
        `${file} belongs to another application, not Herald. Herald has not changed it; choose a Herald campaign file.`,
      );
    }
    const known = knownMigrations(migrationsFolder);
    const state = schemaState(appliedMigrations(probe), known);
    if (state.kind === 'newer') {
      throw new DbOpenError(
        'NEWER_VERSION',
        file,
        `This campaign file was saved by a newer version of Herald (schema version ${state.version}; this Herald knows up to ${state.known}). ` +
          `Install the newer Herald to open it. Herald has not changed the file.`,
        { newer: { fileSchemaVersion: state.version, knownSchemaVersion: state.known } },
      );
    }
    // docs/reliability.md rule 4: a damaged file is found before anything writes to it (quick_check reads every page).
    // Already made in a worker at launch (db/quick-check.ts) when the file is provably the one it checked.
    const check = checkedSound(checked, file) ? 'ok' : probe.pragma('quick_check', { simple: true });
    if (check !== 'ok') {
      throw new DbOpenError('CORRUPT', file, `The campaign file ${file} is damaged (${String(check).slice(0, 120)}). Herald has not changed it.`);
    }
    return { fresh: false, schemaVersion: state.version };
  } catch (e) {
    if (e instanceof DbOpenError) throw e;
    const code = sqliteCode(e);
    if (isCorruption(code)) {
      throw new DbOpenError('CORRUPT', file, `The campaign file ${file} is damaged (${code}). Herald has not changed it.`, { cause: e });
    }
    if (isBusy(code)) {
      throw new DbOpenError('BUSY', file, `The campaign file ${file} is in use by another program. Close it and try again.`, { cause: e });
    }
    throw e;
  } finally {
    probe?.close();
  }
}

function applyProfile(sqlite: Database.Database) {
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  if (Number(sqlite.pragma('application_id', { simple: true })) === 0) {
    sqlite.pragma(`application_id = ${APPLICATION_ID}`);
  }
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('trusted_schema = OFF');
}

export function openCampaignFile(options: OpenOptions): OpenedDatabase {
  const { file, migrationsFolder, backupsDir } = options;
  const now = options.now ?? (() => new Date());
  const inspection = inspectCampaignFile(file, migrationsFolder, options.quickCheck);

  const sqlite = new Database(file);
  let backup: BackupInfo | undefined;
  try {
    applyProfile(sqlite);
    assertProfile(sqlite, file);
    const db = drizzle({ client: sqlite, schema });
    let result: { version: number; applied: number };
    try {
      result = applyMigrations(sqlite, db as BetterSQLite3Database<Record<string, unknown>>, migrationsFolder, () => {
        if (!inspection.fresh) {
          backup = createVerifiedBackup(sqlite, backupsDir, `before-migration-from-v${inspection.schemaVersion}`, now());
        }
      });
    } catch (e) {
      if (e instanceof DbOpenError) throw e;
      if (e instanceof MigrationCheckError && backup) {
        sqlite.close();
        restoreBackup(backup, file, now());
        throw new DbOpenError('MIGRATION_FAILED', file, `Updating the campaign file failed its checks: ${e.message} The file was put back as it was.`, {
          cause: e,
        });
      }
      throw new DbOpenError('MIGRATION_FAILED', file, `Updating the campaign file failed: ${(e as Error).message}. Nothing was changed.`, { cause: e });
    }
    assertProfile(sqlite, file);
    return { sqlite, db, file, schemaVersion: result.version, migrationsApplied: result.applied, backup };
  } catch (e) {
    if (sqlite.open) sqlite.close();
    if (e instanceof DbOpenError) throw e;
    const code = sqliteCode(e);
    if (isCorruption(code)) throw new DbOpenError('CORRUPT', file, `The campaign file ${file} is damaged (${code}). Herald has not changed it.`, { cause: e });
    if (isBusy(code)) throw new DbOpenError('BUSY', file, `The campaign file ${file} is in use by another program. Close it and try again.`, { cause: e });
    throw e;
  }
}

/** Can Herald write in this folder? (A read-only mount answers EROFS even to root, which ignores chmod.) */
export function isWritableDir(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * docs/reliability.md "read-only": a campaign file on a read-only disk. SQLite cannot open a WAL file where it cannot
 * create its shared-memory file, so Herald copies the file (and its -wal) to a private temporary folder, opens the
 * copy read-only, and never touches the original. Refused when the file would first need updating (a migration).
 */
export function openReadOnlySnapshot(file: string, migrationsFolder: string, tmpRoot: string): OpenedDatabase {
  if (!fs.existsSync(file)) {
    throw new DbOpenError(
      'READ_ONLY',
      file,
      `The data folder ${path.dirname(file)} is on a read-only disk and has no campaign file yet: choose a writable folder.`,
    );
  }
  const dir = fs.mkdtempSync(path.join(tmpRoot, 'herald-read-only-'));
  const copy = path.join(dir, path.basename(file));
  fs.copyFileSync(file, copy);
  if (fs.existsSync(`${file}-wal`)) fs.copyFileSync(`${file}-wal`, `${copy}-wal`);
  // The same checks as a normal open (damaged, foreign, newer files are refused), made on the copy.
  try {
    inspectCampaignFile(copy, migrationsFolder);
  } catch (e) {
    if (e instanceof DbOpenError) throw new DbOpenError(e.kind, file, e.message.replaceAll(copy, file), { cause: e, newer: e.newer });
    throw e;
  }
  // Fold the copied WAL into the copy, then open it read-only.
  const writer = new Database(copy);
  writer.pragma('wal_checkpoint(TRUNCATE)');
  writer.pragma('journal_mode = DELETE');
  writer.close();
  const sqlite = new Database(copy, { readonly: true, fileMustExist: true });
  const state = schemaState(appliedMigrations(sqlite), knownMigrations(migrationsFolder));
  if (state.kind !== 'current') {
    sqlite.close();
    throw new DbOpenError(
      'READ_ONLY',
      file,
      `The campaign file is on a read-only disk and needs updating for this version of Herald, which a read-only disk does not allow. Copy it to a writable folder, or open it with the Herald that saved it.`,
    );
  }
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('trusted_schema = OFF');
  const db = drizzle({ client: sqlite, schema });
  return { sqlite, db, file, schemaVersion: state.version, migrationsApplied: 0, backup: undefined };
}
