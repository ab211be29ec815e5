/**
 * Over 400 lines: one backup's whole path (snapshot, checks, durable write, manifest, restore) reads top to bottom.
 * Verified backups (docs/reliability.md rule 3): never copy the live file. SQLite serializes one consistent snapshot
 * of the database (`sqlite3_serialize`), the same snapshot passes integrity_check and the JSON check, and the bytes
 * are written under a temporary name with their SHA-256 in a manifest; only then do both get their final names. A
 * file under a final name is therefore always a verified backup.
 *
 * Issue 21: backups are zstd-compressed (`….sqlite.zst`, db/zstd.ts). The compressed file is written and flushed,
 * read back from disk and decompressed: it must give the checked snapshot byte for byte before it is kept. The
 * manifest's `sha256` and `bytes` are those of the file as stored (what listing re-hashes), `databaseSha256` and
 * `databaseBytes` those of the database inside (what a restore checks after decompressing). Backups from before
 * (`….sqlite`, no `compression`, made with `VACUUM INTO`) still list and restore.
 *
 * Issue 28: nothing is unpacked past what its manifest records or the ceilings of db/zstd.ts (a 24 KB file can unpack
 * to 768 MB); such a file is refused in words (`unpackBackup`) and one whose manifest claims the impossible is not listed.
 */
import type Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { integrityProblems } from './integrity-check';
import { sha256File } from './threads/hash';
import {
  compressSync,
  decompressFileSync,
  decompressSync,
  isZstdFile,
  sha256Of,
  sizeInWords,
  unpackLimit,
  UnpackTooLarge,
  writeDurably,
  zstdAvailable,
} from './zstd';

export interface BackupManifest {
  app: 'Herald';
  file: string;
  sha256: string;
  bytes: number;
  createdAt: string;
  reason: string;
  schemaVersion: number;
  /** 'zstd' for a compressed backup (issue 21); absent in manifests written before, whose file is the database. */
  compression?: 'zstd';
  /** SHA-256 and size of the database inside a compressed backup, once decompressed. */
  databaseSha256?: string;
  databaseBytes?: number;
}

export interface BackupInfo extends BackupManifest {
  path: string;
}

const MANIFEST_SUFFIX = '.manifest.json';
/** The names a backup file can have: compressed (issue 21) or a plain copy (before it, or without zstd). */
const BACKUP_NAME = /\.sqlite(\.zst)?$/;

/** A file's SHA-256 (one copy with the backup thread's: threads/hash.ts). */
export { sha256File };

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')
    .replace('T', '-');
}

function fsyncDir(dir: string) {
  // Make the renames durable; not every platform lets a directory be opened, which is fine.
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* best effort */
  }
}

/**
 * SHA-256 of a backup file, remembered by path, size and modification time (issue 9: a ten-year campaign's backups
 * are hundreds of megabytes each, and the list is read after every backup for thinning). A file changed in any way
 * that alters its size or mtime is hashed again; a restore always hashes the chosen file afresh.
 */
const hashes = new Map<string, { size: number; mtimeMs: number; sha256: string }>();
function rememberedSha256(file: string): string {
  const st = fs.statSync(file);
  const known = hashes.get(file);
  if (known && known.size === st.size && known.mtimeMs === st.mtimeMs) return known.sha256;
  const sha256 = sha256File(file);
  hashes.set(file, { size: st.size, mtimeMs: st.mtimeMs, sha256 });
  return sha256;
}

/** The names one backup is written under: a temporary name first, the final name once it is verified. */
interface BackupNames {
  name: string;
  finalPath: string;
  tmpPath: string;
  manifestTmp: string;
  compressed: boolean;
}

/** Final names handed out to backups still being written (two can run at once: one in a worker, one here). */
const reserved = new Set<string>();

function reserveNames(backupsDir: string, reason: string, now: Date): BackupNames {
  fs.mkdirSync(backupsDir, { recursive: true });
  const safeReason = reason.replace(/[^a-z0-9-]+/gi, '-').toLowerCase();
  const base = `herald-${stamp(now)}-${safeReason}`;
  const compressed = zstdAvailable();
  const ext = compressed ? '.sqlite.zst' : '.sqlite';
  let name = `${base}${ext}`;
  for (let i = 2; fs.existsSync(path.join(backupsDir, name)) || reserved.has(path.join(backupsDir, name)); i++) name = `${base}-${i}${ext}`;
  const finalPath = path.join(backupsDir, name);
  reserved.add(finalPath);
  return {
    name,
    finalPath,
    tmpPath: `${finalPath}.tmp`,
    manifestTmp: `${finalPath}${MANIFEST_SUFFIX}.tmp`,
    compressed,
  };
}

/**
 * Temporary files a killed Herald left in the backups folder (a SIGKILL or power cut mid-backup runs no clean-up):
 * removed when the next Herald starts. Never under a final name, so never listed; this only frees the disk. Files of
 * backups this process is still writing are left alone.
 */
export function sweepTemporaryFiles(backupsDir: string, dbFile?: string): string[] {
  const swept: string[] = [];
  // A restore killed while it wrote the campaign file's replacement (restoreBackup below).
  if (dbFile && fs.existsSync(`${dbFile}.restore.tmp`)) {
    fs.rmSync(`${dbFile}.restore.tmp`, { force: true });
    swept.push(path.basename(`${dbFile}.restore.tmp`));
  }
  if (!fs.existsSync(backupsDir)) return swept;
  for (const entry of fs.readdirSync(backupsDir)) {
    if (!/\.tmp(-wal|-shm|-journal)?$/.test(entry) || !entry.startsWith('herald-')) continue;
    const full = path.join(backupsDir, entry);
    if ([...reserved].some((r) => full.startsWith(r))) continue;
    fs.rmSync(full, { force: true });
    swept.push(entry);
  }
  return swept;
}

/** What the copy under its temporary name proved to be: intact, this many bytes, this hash, this schema version. */
export interface VerifiedCopy {
  sha256: string;
  bytes: number;
  schemaVersion: number;
  compression?: 'zstd';
  databaseSha256?: string;
  databaseBytes?: number;
}

/**
 * The heavy part, on this thread, as the backup threads do it (db/backup-worker.ts): a snapshot serialized from this
 * connection and checked through it (nothing can write in between: this is the writer's thread, outside any
 * transaction), then written under the temporary name, compressed when zstd is here, and read back from disk.
 */
function snapshotHere(sqlite: Database.Database, names: BackupNames): VerifiedCopy {
  if (sqlite.inTransaction) throw new Error('A backup cannot be taken in the middle of a transaction.');
  fs.rmSync(names.tmpPath, { force: true });
  const schemaVersion = Number(sqlite.pragma('user_version', { simple: true }));
  const database = sqlite.serialize();
  if (integrityProblems(sqlite).length > 0) throw new Error(`The backup ${names.name} failed its integrity check.`);
  const db = { sha256: sha256Of(database), bytes: database.length };
  if (!names.compressed) {
    writeDurably(names.tmpPath, database);
    return { ...db, schemaVersion };
  }
  const packed = compressSync(database);
  writeDurably(names.tmpPath, packed);
  const onDisk = fs.readFileSync(names.tmpPath);
  if (!onDisk.equals(packed)) throw new Error(`The backup ${names.name} changed on disk while it was checked.`);
  if (!decompressSync(onDisk, database.length).equals(database))
    throw new Error(`The backup ${names.name} does not decompress to the snapshot it was made from.`);
  return { sha256: sha256Of(packed), bytes: packed.length, schemaVersion, compression: 'zstd', databaseSha256: db.sha256, databaseBytes: db.bytes };
}

/** Record the manifest and give the verified copy its final name. */
function finish(names: BackupNames, copy: VerifiedCopy, reason: string, now: Date, backupsDir: string): BackupInfo {
  const manifest: BackupManifest = {
    app: 'Herald',
    file: names.name,
    sha256: copy.sha256,
    bytes: copy.bytes,
    createdAt: now.toISOString(),
    reason,
    schemaVersion: copy.schemaVersion,
  };
  if (copy.compression === 'zstd') Object.assign(manifest, { compression: 'zstd', databaseSha256: copy.databaseSha256, databaseBytes: copy.databaseBytes });
  const fd = fs.openSync(names.manifestTmp, 'w');
  try {
    fs.writeSync(fd, JSON.stringify(manifest, null, 2));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  // The manifest gets its final name first: a file under a final backup name always has its manifest, even if the
  // process dies between the two renames (a lone manifest names no file and is ignored).
  fs.renameSync(names.manifestTmp, `${names.finalPath}${MANIFEST_SUFFIX}`);
  fs.renameSync(names.tmpPath, names.finalPath);
  fsyncDir(backupsDir);
  const st = fs.statSync(names.finalPath);
  hashes.set(names.finalPath, { size: st.size, mtimeMs: st.mtimeMs, sha256: manifest.sha256 });
  return { ...manifest, path: names.finalPath };
}

function cleanUp(names: BackupNames) {
  fs.rmSync(names.tmpPath, { force: true });
  fs.rmSync(names.manifestTmp, { force: true });
  fs.rmSync(names.finalPath, { force: true });
}

/** A verified backup taken on this thread, through the given connection (before an import, a restore, a migration). */
export function createVerifiedBackup(sqlite: Database.Database, backupsDir: string, reason: string, now: Date): BackupInfo {
  const names = reserveNames(backupsDir, reason, now);
  try {
    return finish(names, snapshotHere(sqlite, names), reason, now, backupsDir);
  } catch (e) {
    cleanUp(names);
    throw e;
  } finally {
    reserved.delete(names.finalPath);
  }
}

/**
 * The same verified backup with its heavy part in worker threads (issue 9: on the main thread a ten-year campaign
 * file's backup held up every request behind it). The check thread opens the file read-only on its own connection:
 * in WAL mode its snapshot is consistent and never blocks the main connection's writes, and a read-only connection
 * never checkpoints or removes the WAL when it closes. The manifest and the renames stay here, in the same order as
 * above. `run` hands the job to the backup threads (db/backup-worker.ts).
 */
export async function createVerifiedBackupWith(
  run: (job: BackupJob) => Promise<VerifiedCopy>,
  dbFile: string,
  backupsDir: string,
  reason: string,
  now: Date,
): Promise<BackupInfo> {
  const names = reserveNames(backupsDir, reason, now);
  try {
    fs.rmSync(names.tmpPath, { force: true });
    const copy = await run({ dbFile, tmpPath: names.tmpPath, compressed: names.compressed });
    return finish(names, copy, reason, now, backupsDir);
  } catch (e) {
    cleanUp(names);
    throw e;
  } finally {
    reserved.delete(names.finalPath);
  }
}

/** What the backup threads are asked to write at `tmpPath`: the database at `dbFile`, compressed or as it is. */
export interface BackupJob {
  dbFile: string;
  tmpPath: string;
  compressed: boolean;
}

/** Backups whose manifest exists and whose bytes still match it, newest first. */
export function listVerifiedBackups(backupsDir: string): BackupInfo[] {
  if (!fs.existsSync(backupsDir)) return [];
  const out: BackupInfo[] = [];
  for (const entry of fs.readdirSync(backupsDir)) {
    if (!BACKUP_NAME.test(entry)) continue;
    const file = path.join(backupsDir, entry);
    const manifestFile = `${file}${MANIFEST_SUFFIX}`;
    try {
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
      if (manifest.app !== 'Herald' || !unpacksPlausibly(manifest, file) || manifest.sha256 !== rememberedSha256(file)) continue;
      out.push({ ...manifest, path: file });
    } catch {
      continue;
    }
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Issue 28: a compressed backup's manifest must say what it unpacks to, within both ceilings (db/zstd.ts): one that
 * claims more (a 24 KB file "holding" 768 MB) is not a backup Herald made, and is never listed.
 */
function unpacksPlausibly(manifest: BackupManifest, file: string): boolean {
  if (manifest.compression !== 'zstd') return true;
  const claimed = manifest.databaseBytes;
  return Number.isSafeInteger(claimed) && claimed! > 0 && claimed! <= unpackLimit(fs.statSync(file).size);
}

/** A backup that cannot give back the database its manifest names; its message is for the organiser. */
export class DamagedBackup extends Error {}

/** A backup that would unpack past `limit` (issue 28), in words: "… would unpack to more than the 100 KB it says it holds". */
export function tooLarge(backup: BackupInfo, limit: number): DamagedBackup {
  const what = backup.databaseBytes === limit ? `the ${sizeInWords(limit)} it says it holds` : sizeInWords(limit);
  return new DamagedBackup(`The backup ${backup.file} is damaged: it would unpack to more than ${what}. Nothing was changed.`);
}

/** The most a backup may unpack to: what its manifest records, within both ceilings (db/zstd.ts). */
export const backupUnpackLimit = (backup: BackupInfo): number => unpackLimit(fs.statSync(backup.path).size, backup.databaseBytes);

/**
 * Write the database a backup holds to `dest` (flushed): decompressed when the file is compressed (by its first bytes,
 * whatever its manifest says), never past what its manifest records nor either ceiling (issue 28), and it must give
 * the database the manifest names; a plain backup (from before issue 21, or a set-aside file put back) is copied.
 * Throws `DamagedBackup` in words when it cannot; `dest` is then left for the caller to remove.
 */
export function unpackBackup(backup: BackupInfo, dest: string): void {
  if (!isZstdFile(backup.path)) {
    fs.copyFileSync(backup.path, dest);
    const fd = fs.openSync(dest, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return;
  }
  let out: { sha256: string; bytes: number };
  try {
    out = decompressFileSync(backup.path, dest, backup.databaseBytes);
  } catch (e) {
    if (e instanceof UnpackTooLarge) throw tooLarge(backup, e.limit);
    throw e;
  }
  if (backup.databaseSha256 && out.sha256 !== backup.databaseSha256)
    throw new DamagedBackup(`The backup ${backup.file} does not decompress to the database its manifest names.`);
}

/**
 * Put a verified backup in place of the campaign file. The caller must have closed every connection to `dbFile`.
 * The current file is moved aside (never deleted) so nothing is lost even if the backup was the wrong choice.
 */
export function restoreBackup(
  backup: BackupInfo,
  dbFile: string,
  now: Date,
  /** Told when the backup is checked and unpacked, before the file in use is replaced (issue 31's steps). */
  replacing: () => void = () => {},
): { setAside: string | undefined } {
  if (sha256File(backup.path) !== backup.sha256) throw new Error(`The backup ${backup.file} no longer matches its manifest.`);
  const tmp = `${dbFile}.restore.tmp`;
  try {
    unpackBackup(backup, tmp);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  replacing();
  return putInPlace(tmp, dbFile, now);
}

/**
 * Put a database already unpacked and checked at `unpacked` (restoreBackup above, or the backup thread's check of a
 * restore: start/restore.ts) in place of the campaign file. The caller must have closed every connection to `dbFile`.
 */
export function putInPlace(unpacked: string, dbFile: string, now: Date): { setAside: string | undefined } {
  let setAside: string | undefined;
  if (fs.existsSync(dbFile)) {
    setAside = `${dbFile}.replaced-${stamp(now)}`;
    // Keep the current file under the set-aside name without ever leaving the campaign file's name empty: a hard
    // link (or a copy where links are not possible), then the atomic rename below replaces the name in one step.
    try {
      fs.linkSync(dbFile, setAside);
    } catch {
      fs.copyFileSync(dbFile, setAside);
    }
    for (const side of ['-wal', '-shm']) {
      if (fs.existsSync(dbFile + side)) fs.renameSync(dbFile + side, setAside + side);
    }
  }
  fs.renameSync(unpacked, dbFile);
  fsyncDir(path.dirname(dbFile));
  return { setAside };
}

/** The word a set-aside file is named by: `damaged`, `not-sqlite`, `foreign`, `newer` (other kinds: lower case). */
export function setAsideLabel(kind: string): string {
  const labels: Record<string, string> = { CORRUPT: 'damaged', NOT_SQLITE: 'not-sqlite', FOREIGN_FILE: 'foreign', NEWER_VERSION: 'newer' };
  return labels[kind] ?? kind.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/**
 * Move a campaign file Herald must not touch (and its -wal/-shm) aside under a name that says what it is, e.g.
 * `herald.sqlite.damaged-20261122-080000Z` or `herald.sqlite.newer-…`. Renamed, never copied over or deleted.
 * Returns the new path.
 */
export function setAsideFile(dbFile: string, kind: string, now: Date): string {
  const label = setAsideLabel(kind);
  let target = `${dbFile}.${label}-${stamp(now)}`;
  for (let i = 2; fs.existsSync(target); i++) target = `${dbFile}.${label}-${stamp(now)}-${i}`;
  fs.renameSync(dbFile, target);
  for (const side of ['-wal', '-shm']) {
    if (fs.existsSync(dbFile + side)) fs.renameSync(dbFile + side, target + side);
  }
  fsyncDir(path.dirname(dbFile));
  return target;
}
