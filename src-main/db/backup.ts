/**
 * Verified backups (RELIABILITY.md rule 3): never copy the live file. `VACUUM INTO` writes a consistent snapshot
 * under a temporary name; we open it, run integrity_check, record its SHA-256 in a manifest, and only then give both
 * their final names. A file under a final name is therefore always a verified backup.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface BackupManifest {
  app: 'Herald';
  file: string;
  sha256: string;
  bytes: number;
  createdAt: string;
  reason: string;
  schemaVersion: number;
}

export interface BackupInfo extends BackupManifest {
  path: string;
}

const MANIFEST_SUFFIX = '.manifest.json';

export function sha256File(file: string): string {
  // In 1 MiB pieces through one buffer: a ten-year campaign file is hundreds of megabytes (issue 9).
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(1 << 20);
  const fd = fs.openSync(file, 'r');
  try {
    for (let n = fs.readSync(fd, buffer, 0, buffer.length, null); n > 0; n = fs.readSync(fd, buffer, 0, buffer.length, null)) hash.update(buffer.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

function stamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z').replace('T', '-');
}

function fsyncDir(dir: string) {
  // Make the renames durable; not every platform lets a directory be opened, which is fine.
  try {
    const fd = fs.openSync(dir, 'r');
    try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
  } catch { /* best effort */ }
}

function integrityOk(file: string): boolean {
  const check = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = check.pragma('integrity_check') as { integrity_check: string }[];
    return rows.length === 1 && rows[0]?.integrity_check === 'ok';
  } finally {
    check.close();
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

export function createVerifiedBackup(
  sqlite: Database.Database,
  backupsDir: string,
  reason: string,
  now: Date,
): BackupInfo {
  fs.mkdirSync(backupsDir, { recursive: true });
  const safeReason = reason.replace(/[^a-z0-9-]+/gi, '-').toLowerCase();
  const base = `herald-${stamp(now)}-${safeReason}`;
  let name = `${base}.sqlite`;
  for (let i = 2; fs.existsSync(path.join(backupsDir, name)); i++) name = `${base}-${i}.sqlite`;
  const finalPath = path.join(backupsDir, name);
  const tmpPath = `${finalPath}.tmp`;
  const manifestTmp = `${finalPath}${MANIFEST_SUFFIX}.tmp`;
  try {
    fs.rmSync(tmpPath, { force: true });
    sqlite.prepare('VACUUM INTO ?').run(tmpPath);
    if (!integrityOk(tmpPath)) throw new Error(`The backup ${name} failed its integrity check.`);
    const bytes = fs.statSync(tmpPath).size;
    const manifest: BackupManifest = {
      app: 'Herald',
      file: name,
      sha256: sha256File(tmpPath),
      bytes,
      createdAt: now.toISOString(),
      reason,
      schemaVersion: Number(sqlite.pragma('user_version', { simple: true })),
    };
    const fd = fs.openSync(manifestTmp, 'w');
    try {
      fs.writeSync(fd, JSON.stringify(manifest, null, 2));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    // The manifest gets its final name first: a file under a final backup name always has its manifest, even if the
    // process dies between the two renames (a lone manifest names no file and is ignored).
    fs.renameSync(manifestTmp, `${finalPath}${MANIFEST_SUFFIX}`);
    fs.renameSync(tmpPath, finalPath);
    fsyncDir(backupsDir);
    const st = fs.statSync(finalPath);
    hashes.set(finalPath, { size: st.size, mtimeMs: st.mtimeMs, sha256: manifest.sha256 });
    return { ...manifest, path: finalPath };
  } catch (e) {
    fs.rmSync(tmpPath, { force: true });
    fs.rmSync(manifestTmp, { force: true });
    fs.rmSync(finalPath, { force: true });
    throw e;
  }
}

/** Backups whose manifest exists and whose bytes still match it, newest first. */
export function listVerifiedBackups(backupsDir: string): BackupInfo[] {
  if (!fs.existsSync(backupsDir)) return [];
  const out: BackupInfo[] = [];
  for (const entry of fs.readdirSync(backupsDir)) {
    if (!entry.endsWith('.sqlite')) continue;
    const file = path.join(backupsDir, entry);
    const manifestFile = `${file}${MANIFEST_SUFFIX}`;
    try {
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
      if (manifest.app !== 'Herald' || manifest.sha256 !== rememberedSha256(file)) continue;
      out.push({ ...manifest, path: file });
    } catch {
      continue;
    }
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Put a verified backup in place of the campaign file. The caller must have closed every connection to `dbFile`.
 * The current file is moved aside (never deleted) so nothing is lost even if the backup was the wrong choice.
 */
export function restoreBackup(backup: BackupInfo, dbFile: string, now: Date): { setAside: string | undefined } {
  if (sha256File(backup.path) !== backup.sha256) throw new Error(`The backup ${backup.file} no longer matches its manifest.`);
  const tmp = `${dbFile}.restore.tmp`;
  fs.copyFileSync(backup.path, tmp);
  const fd = fs.openSync(tmp, 'r+');
  try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
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
  fs.renameSync(tmp, dbFile);
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
