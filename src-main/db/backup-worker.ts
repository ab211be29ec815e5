/**
 * The worker thread behind automatic backups (issue 9; db/backup.ts createVerifiedBackupWith): `VACUUM INTO` a
 * temporary file from a read-only connection of its own, `integrity_check` the copy, hash it in 1 MiB pieces, flush
 * it to disk, and answer with what it proved. It writes nothing else: the manifest and the final names are the main
 * thread's.
 *
 * The worker's code is a string run with `eval: true`, so it needs no file of its own in any build (the esbuild
 * bundles, vitest, the benchmark): only better-sqlite3, whose resolved path the main thread passes in. Where a worker
 * cannot start or load it (say a packaged build that cannot reach the module from a worker), `runBackupWorker`
 * rejects with WorkerUnavailable and the caller takes the backup on the main thread instead.
 */
import { Worker } from 'node:worker_threads';
import type { VerifiedCopy } from './backup';
import { jsonColumns } from './integrity-check';

const SOURCE = `(function backup() {
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { createHash } = require('node:crypto');
let Database;
try {
  Database = require(workerData.sqliteModule);
} catch (e) {
  parentPort.postMessage({ ok: false, unavailable: true, message: String(e && e.message || e) });
  return;
}
try {
  const source = new Database(workerData.dbFile, { readonly: true, fileMustExist: true });
  let schemaVersion;
  try {
    source.pragma('busy_timeout = ${5_000}');
    schemaVersion = Number(source.pragma('user_version', { simple: true }));
    source.prepare('VACUUM INTO ?').run(workerData.tmpPath);
  } finally {
    source.close();
  }
  const check = new Database(workerData.tmpPath, { readonly: true, fileMustExist: true });
  let rows;
  let unreadable;
  try {
    rows = check.pragma('integrity_check');
    // Issue 16: every stored JSON document must parse too (VACUUM INTO copies a damaged text as it is).
    const has = new Set(check.prepare("SELECT m.name || '.' || c.name FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table'").pluck().all());
    for (const { table, column } of workerData.columns) {
      if (unreadable || !has.has(table + '.' + column)) continue;
      const q = 'SELECT rowid FROM "' + table + '" WHERE "' + column + '" IS NOT NULL AND json_valid("' + column + '") = 0 LIMIT 1';
      if (check.prepare(q).pluck().get() !== undefined) unreadable = table + '.' + column;
    }
  } finally { check.close(); }
  if (!(rows.length === 1 && rows[0].integrity_check === 'ok')) throw new Error('The backup failed its integrity check.');
  if (unreadable) throw new Error('The backup failed its integrity check: a stored document cannot be read (' + unreadable + ').');
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(1 << 20);
  const fd = fs.openSync(workerData.tmpPath, 'r+');
  try {
    for (let n = fs.readSync(fd, buffer, 0, buffer.length, null); n > 0; n = fs.readSync(fd, buffer, 0, buffer.length, null)) hash.update(buffer.subarray(0, n));
    // On disk before it is renamed (a durable backup), and flushed here rather than by the next commit's fsync.
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  parentPort.postMessage({ ok: true, copy: { sha256: hash.digest('hex'), bytes: fs.statSync(workerData.tmpPath).size, schemaVersion } });
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
export function runBackupWorker(job: { dbFile: string; tmpPath: string }, running: Set<Worker>, sqliteModule = sqliteModulePath()): Promise<VerifiedCopy> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(SOURCE, { eval: true, workerData: { ...job, sqliteModule, columns: jsonColumns() } });
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
