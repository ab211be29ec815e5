/**
 * The worker thread behind automatic backups (issue 9; db/backup.ts createVerifiedBackupWith): `VACUUM INTO` a
 * temporary file from a read-only connection of its own; then (issue 21) check that snapshot — integrity_check and
 * every JSON document, on a thread of its own — while this one compresses it with zstd, streamed, flushes it, and
 * reads the compressed file back from disk, decompressing it: what it decompresses to must have the snapshot's
 * SHA-256, so the backup holds exactly the bytes the check passed (not written out a second time: a ten-year file
 * would cost a 70 MB write and a second check). On two cores the backup takes the longer of the check and the
 * compression, not their sum. Without zstd it checks and hashes the plain copy as before. It answers with what it
 * proved and writes nothing else: the manifest and the final names are the main thread's.
 *
 * The worker's code is a string run with `eval: true`, so it needs no file of its own in any build (the esbuild
 * bundles, vitest, the benchmark): only better-sqlite3, whose resolved path the main thread passes in. Where a worker
 * cannot start or load it (say a packaged build that cannot reach the module from a worker), `runBackupWorker`
 * rejects with WorkerUnavailable and the caller takes the backup on the main thread instead.
 */
import { Worker } from 'node:worker_threads';
import type { BackupJob, VerifiedCopy } from './backup';
import { jsonColumns } from './integrity-check';
import { zstdParams } from './zstd';

/** The check of a snapshot, run by the backup worker (a plain copy) or by a thread of its own (CHECK_SOURCE). */
const CHECK = `// integrity_check, and (issue 16) every stored JSON document parses (VACUUM INTO copies a damaged text as it is).
function check(file, Database, columns) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  let rows;
  let unreadable;
  try {
    rows = db.pragma('integrity_check');
    const has = new Set(db.prepare("SELECT m.name || '.' || c.name FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table'").pluck().all());
    for (const { table, column } of columns) {
      if (unreadable || !has.has(table + '.' + column)) continue;
      const q = 'SELECT rowid FROM "' + table + '" WHERE "' + column + '" IS NOT NULL AND json_valid("' + column + '") = 0 LIMIT 1';
      if (db.prepare(q).pluck().get() !== undefined) unreadable = table + '.' + column;
    }
  } finally { db.close(); }
  if (!(rows.length === 1 && rows[0].integrity_check === 'ok')) throw new Error('The backup failed its integrity check.');
  if (unreadable) throw new Error('The backup failed its integrity check: a stored document cannot be read (' + unreadable + ').');
}
`;

/**
 * A compressed backup's snapshot is checked on a thread of its own while the backup worker compresses it and reads
 * it back (issue 21: on two cores, the ten-year file's backup takes the longer of the two, not their sum).
 */
const CHECK_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
${CHECK}
try {
  check(workerData.file, require(workerData.sqliteModule), workerData.columns);
  parentPort.postMessage({ ok: true });
} catch (e) {
  parentPort.postMessage({ ok: false, message: String((e && e.message) || e) });
}
`;

const SOURCE = `(async function backup() {
const { parentPort, workerData, Worker } = require('node:worker_threads');
const fs = require('node:fs');
const zlib = require('node:zlib');
const { Transform, Writable } = require('node:stream');
const { pipeline } = require('node:stream/promises');
const { createHash } = require('node:crypto');
let Database;
try {
  Database = require(workerData.sqliteModule);
} catch (e) {
  parentPort.postMessage({ ok: false, unavailable: true, message: String(e && e.message || e) });
  return;
}
${CHECK}
// A pass-through that hashes and counts what flows by.
function tap() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({ transform(chunk, _enc, done) { hash.update(chunk); bytes += chunk.length; done(null, chunk); } });
  return { stream, done: () => ({ sha256: hash.digest('hex'), bytes }) };
}
function flush(file) {
  const fd = fs.openSync(file, 'r+');
  try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
}
// The snapshot's check on a thread of its own; settles once that thread has answered (and the file is closed).
function checkAside(file) {
  const p = new Promise((resolve, reject) => {
    const w = new Worker(workerData.checkSource, { eval: true, workerData: { file, sqliteModule: workerData.sqliteModule, columns: workerData.columns } });
    let answered = false;
    w.once('message', (m) => { answered = true; if (m.ok) resolve(); else reject(new Error(m.message)); });
    w.once('error', (e) => { answered = true; reject(e); });
    w.once('exit', (code) => { if (!answered) reject(new Error('The backup check stopped (exit code ' + code + ') before it answered.')); });
  });
  p.catch(() => {}); // awaited later; never an unhandled rejection meanwhile
  return p;
}
function hashFile(file) {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(1 << 20);
  const fd = fs.openSync(file, 'r');
  try {
    for (let n = fs.readSync(fd, buffer, 0, buffer.length, null); n > 0; n = fs.readSync(fd, buffer, 0, buffer.length, null)) hash.update(buffer.subarray(0, n));
  } finally { fs.closeSync(fd); }
  return hash.digest('hex');
}
const { dbFile, tmpPath, snapshotPath } = workerData;
try {
  const source = new Database(dbFile, { readonly: true, fileMustExist: true });
  let schemaVersion;
  try {
    source.pragma('busy_timeout = ${5_000}');
    schemaVersion = Number(source.pragma('user_version', { simple: true }));
    // The snapshot is not flushed by SQLite: a plain copy is flushed below once checked, a compressed backup's
    // snapshot is only read here and removed (its compressed file is flushed).
    source.pragma('synchronous = OFF');
    source.prepare('VACUUM INTO ?').run(snapshotPath || tmpPath);
  } finally {
    source.close();
  }
  if (!snapshotPath) {
    // A plain copy (no zstd here): checked, hashed, flushed to disk before the main thread renames it.
    check(tmpPath, Database, workerData.columns);
    const sha256 = hashFile(tmpPath);
    flush(tmpPath);
    parentPort.postMessage({ ok: true, copy: { sha256, bytes: fs.statSync(tmpPath).size, schemaVersion } });
    return;
  }
  // Issue 21: checked, compressed, streamed (a ten-year file never sits whole in memory), and read back.
  let checked = Promise.resolve();
  try {
    // 1 MiB pieces: zlib streams hand each piece to the thread pool, and 64 KiB pieces cost far more than the work.
    const piece = { highWaterMark: 1 << 20 };
    const params = { params: workerData.zstdParams, chunkSize: 1 << 20 };
    checked = checkAside(snapshotPath);
    const database = tap();
    const packed = tap();
    await pipeline(fs.createReadStream(snapshotPath, piece), database.stream, zlib.createZstdCompress(params), packed.stream, fs.createWriteStream(tmpPath));
    flush(tmpPath);
    const db = database.done();
    const copy = packed.done();
    const onDisk = tap();
    const again = tap();
    const discard = new Writable({ write(_chunk, _enc, done) { done(); } });
    await pipeline(fs.createReadStream(tmpPath, piece), onDisk.stream, zlib.createZstdDecompress({ chunkSize: 1 << 20 }), again.stream, discard);
    if (onDisk.done().sha256 !== copy.sha256) throw new Error('The backup changed on disk while it was checked.');
    if (again.done().sha256 !== db.sha256) throw new Error('The backup does not decompress to the snapshot it was made from.');
    await checked;
    parentPort.postMessage({ ok: true, copy: { sha256: copy.sha256, bytes: copy.bytes, schemaVersion, compression: 'zstd', databaseSha256: db.sha256, databaseBytes: db.bytes } });
  } finally {
    await checked.catch(() => {}); // the check thread has closed the snapshot before it goes
    fs.rmSync(snapshotPath, { force: true });
  }
} catch (e) {
  parentPort.postMessage({ ok: false, message: String(e && e.message || e), code: e && e.code });
}
})();
`;

/** The worker could not run here (no better-sqlite3 in a worker): take the backup on the main thread. */
export class WorkerUnavailable extends Error {}

type Answer = { ok: true; copy: VerifiedCopy } | { ok: false; message: string; code?: string; unavailable?: boolean };

/** The path of better-sqlite3 as this process resolves it (a worker started from a string resolves nothing itself). */
function sqliteModulePath(): string {
  return require.resolve('better-sqlite3');
}

/** Run one backup's heavy part in a new worker; `running` holds it until it exits (so its owner can end it). */
export function runBackupWorker(job: BackupJob, running: Set<Worker>, sqliteModule = sqliteModulePath()): Promise<VerifiedCopy> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(SOURCE, {
        eval: true,
        workerData: { ...job, sqliteModule, columns: jsonColumns(), zstdParams: zstdParams(), checkSource: CHECK_SOURCE },
      });
    } catch (e) {
      reject(new WorkerUnavailable(String(e)));
      return;
    }
    running.add(worker);
    let answered = false;
    worker.once('message', (answer: Answer) => {
      answered = true;
      if (answer.ok) resolve(answer.copy);
      else if (answer.unavailable) reject(new WorkerUnavailable(answer.message));
      else reject(Object.assign(new Error(answer.message), answer.code ? { code: answer.code } : {}));
    });
    worker.once('error', (e) => {
      answered = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      running.delete(worker);
      if (!answered) reject(new Error(`The backup worker stopped (exit code ${code}) before it answered.`));
    });
  });
}
