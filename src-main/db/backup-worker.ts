/**
 * The two threads behind automatic backups (issue 9; db/backup.ts createVerifiedBackupWith), started at the first
 * daily check and kept until ten idle minutes have passed (issue 21: starting them and loading SQLite in each cost a
 * tenth of a second on every backup of the ten-year file).
 *
 * For each backup both threads open the campaign file read-only and begin a read transaction on the same commit (a
 * third connection's data_version, read before and after, shows nothing was committed in between). Then, at the same
 * time: the check thread runs integrity_check and the JSON check (issue 16) in its transaction, while the backup
 * thread serializes its snapshot (`sqlite3_serialize`: SQLite's own copy of every page of one consistent snapshot, as
 * the online backup API would copy them; the live file is never copied from outside: docs/reliability.md rule 3),
 * hashes it, compresses it with zstd, writes and flushes the compressed file, reads it back from disk and decompresses
 * it, which must give the snapshot byte for byte. So the file kept holds exactly the commit the check passed, and on
 * two cores a backup takes the longer of the check and the rest, not their sum. Without zstd the snapshot is written
 * as it is, flushed. The backup thread answers with what it proved and writes nothing else: the manifest and the
 * final names are the main thread's.
 *
 * The threads' code is a string run with `eval: true`, so it needs no file of its own in any build (the esbuild
 * bundles, vitest, the benchmark): only better-sqlite3, whose resolved path the main thread passes in. Where a thread
 * cannot start or load it (say a packaged build that cannot reach the module from a worker), a backup rejects with
 * WorkerUnavailable and the caller takes it on the main thread instead.
 */
import { Worker } from 'node:worker_threads';
import type { BackupJob, VerifiedCopy } from './backup';
import { jsonColumns } from './integrity-check';
import { zstdParams } from './zstd';

/** The check thread: for each backup, a read transaction begun on request, then checked once the backup thread says go. */
const CHECK_SOURCE = `(function checkThread() {
const { parentPort, workerData } = require('node:worker_threads');
let Database;
let unavailable;
try { Database = require(workerData.sqliteModule); } catch (e) { unavailable = String((e && e.message) || e); }
// integrity_check, and every stored JSON document parses (issue 16: a damaged text can sit in a sound page).
function check(db, columns) {
  const rows = db.pragma('integrity_check');
  if (!(rows.length === 1 && rows[0].integrity_check === 'ok')) throw new Error('The backup failed its integrity check.');
  const has = new Set(db.prepare("SELECT m.name || '.' || c.name FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table'").pluck().all());
  for (const { table, column } of columns) {
    if (!has.has(table + '.' + column)) continue;
    const q = 'SELECT rowid FROM "' + table + '" WHERE "' + column + '" IS NOT NULL AND json_valid("' + column + '") = 0 LIMIT 1';
    if (db.prepare(q).pluck().get() !== undefined) throw new Error('The backup failed its integrity check: a stored document cannot be read (' + table + '.' + column + ').');
  }
}
let db = null; // its read transaction is the snapshot being checked
function end() {
  try { if (db && db.open) { if (db.inTransaction) db.exec('COMMIT'); db.close(); } } catch {}
  db = null;
}
parentPort.on('message', ({ id, step, dbFile }) => {
  if (unavailable) return parentPort.postMessage({ id, ok: false, unavailable: true, message: unavailable });
  if (step === 'again') return end();
  try {
    if (step === 'begin') {
      end();
      db = new Database(dbFile, { readonly: true, fileMustExist: true });
      db.pragma('busy_timeout = ${5_000}');
      db.exec('BEGIN');
      db.pragma('user_version', { simple: true }); // the read transaction starts here
      return parentPort.postMessage({ id, begun: true });
    }
    check(db, workerData.columns); // step 'go'
    parentPort.postMessage({ id, ok: true });
  } catch (e) {
    end();
    parentPort.postMessage({ id, ok: false, message: String((e && e.message) || e), code: e && e.code });
  } finally {
    if (step === 'go') end();
  }
});
})();
`;

const BACKUP_SOURCE = `(function backupThread() {
const { parentPort, workerData, Worker } = require('node:worker_threads');
const fs = require('node:fs');
const zlib = require('node:zlib');
const { createHash } = require('node:crypto');
let Database;
let unavailable;
try { Database = require(workerData.sqliteModule); } catch (e) { unavailable = String((e && e.message) || e); }
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const BIG = { chunkSize: 1 << 22 }; // zlib's 16 KiB default pieces cost more than the work on a 70 MB file
function writeDurably(file, bytes) {
  const fd = fs.openSync(file, 'w');
  try {
    for (let off = 0; off < bytes.length;) off += fs.writeSync(fd, bytes, off, bytes.length - off);
    fs.fsyncSync(fd);
  } finally { fs.closeSync(fd); }
}
// Decompressed piece by piece and compared as it comes: nothing the size of the database is built a second time.
function decompressesTo(packed, database) {
  return new Promise((resolve, reject) => {
    const unpack = zlib.createZstdDecompress(BIG);
    let at = 0;
    let same = true;
    unpack.on('data', (piece) => {
      if (same && (at + piece.length > database.length || !piece.equals(database.subarray(at, at + piece.length)))) same = false;
      at += piece.length;
    });
    unpack.on('error', reject);
    unpack.on('end', () => resolve(same && at === database.length));
    unpack.end(packed);
  });
}
const zstd = (fn, input, options) => new Promise((resolve, reject) => fn(input, options, (e, out) => (e ? reject(e) : resolve(out))));
function failure(m) {
  const e = new Error(m.message);
  if (m.code) e.code = m.code;
  if (m.unavailable) e.unavailable = true;
  return e;
}
// The check thread, and the backup waiting for its next answer.
let checker = null;
let answer = null;
function checkThread() {
  if (checker) return checker;
  checker = new Worker(workerData.checkSource, { eval: true, workerData: { sqliteModule: workerData.sqliteModule, columns: workerData.columns } });
  checker.on('message', (m) => { const a = answer; answer = null; if (a) (m.begun || m.ok ? a.resolve(m) : a.reject(failure(m))); });
  const fail = (e) => { const a = answer; answer = null; if (a) a.reject(e); };
  checker.on('error', fail);
  checker.on('exit', (code) => { checker = null; fail(new Error('The backup check stopped (exit code ' + code + ') before it answered.')); });
  return checker;
}
function ask(message) {
  const p = new Promise((resolve, reject) => { answer = { resolve, reject }; });
  p.catch(() => {}); // awaited later; never an unhandled rejection meanwhile
  checkThread().postMessage(message);
  return p;
}
// Both threads' read transactions must see the same commit. \`probe\` watches: its data_version changes when any
// connection commits, and it is read before the check thread begins and after this thread has begun. Equal, nothing
// was committed in between (the main thread writes between two requests; that is rare, and then both begin again).
async function sameSnapshot(job, probe, mine) {
  for (let tries = 0; tries < 20; tries++) {
    const before = probe.pragma('data_version', { simple: true });
    await ask({ step: 'begin', dbFile: job.dbFile });
    mine.exec('BEGIN');
    const schemaVersion = Number(mine.pragma('user_version', { simple: true }));
    if (probe.pragma('data_version', { simple: true }) === before) return { schemaVersion, checked: ask({ step: 'go' }) };
    mine.exec('COMMIT');
    checkThread().postMessage({ step: 'again' });
    await new Promise((resolve) => setTimeout(resolve, 2 * tries)); // let a burst of commits pass
  }
  throw new Error('The campaign kept changing while the backup began.');
}
async function backup(job) {
  if (unavailable) throw Object.assign(new Error(unavailable), { unavailable: true });
  let probe;
  let mine;
  let checked = Promise.resolve();
  try {
    probe = new Database(job.dbFile, { readonly: true, fileMustExist: true });
    mine = new Database(job.dbFile, { readonly: true, fileMustExist: true });
    probe.pragma('busy_timeout = ${5_000}');
    mine.pragma('busy_timeout = ${5_000}');
    const snapshot = await sameSnapshot(job, probe, mine);
    checked = snapshot.checked; // the check thread checks while this one serializes, compresses and reads back
    const database = mine.serialize();
    mine.exec('COMMIT');
    const { schemaVersion } = snapshot;
    if (!job.compressed) {
      const db = { sha256: sha256(database), bytes: database.length };
      writeDurably(job.tmpPath, database);
      await checked;
      return { sha256: db.sha256, bytes: db.bytes, schemaVersion };
    }
    const packing = zstd(zlib.zstdCompress, database, { ...BIG, params: workerData.zstdParams }); // on zlib's own thread
    const db = { sha256: sha256(database), bytes: database.length }; // meanwhile, here
    const packed = await packing;
    writeDurably(job.tmpPath, packed);
    const onDisk = fs.readFileSync(job.tmpPath);
    if (!onDisk.equals(packed)) throw new Error('The backup changed on disk while it was checked.');
    if (!(await decompressesTo(onDisk, database))) throw new Error('The backup does not decompress to the snapshot it was made from.');
    await checked;
    return { sha256: sha256(packed), bytes: packed.length, schemaVersion, compression: 'zstd', databaseSha256: db.sha256, databaseBytes: db.bytes };
  } finally {
    await checked.catch(() => {}); // the check thread has ended its transaction before the next backup begins
    if (mine && mine.inTransaction) mine.exec('COMMIT');
    if (mine) mine.close();
    if (probe) probe.close();
  }
}
checkThread(); // loading SQLite there now, not when the first backup is waiting for it
// One backup at a time: the two threads share one handshake.
let queue = Promise.resolve();
parentPort.on('message', ({ id, job }) => {
  queue = queue.then(() => backup(job)).then(
    (copy) => parentPort.postMessage({ id, ok: true, copy }),
    (e) => parentPort.postMessage({ id, ok: false, message: String((e && e.message) || e), code: e && e.code, unavailable: !!(e && e.unavailable) }),
  );
});
})();
`;

/** The threads could not run here (no better-sqlite3 in a worker): take the backup on the main thread. */
export class WorkerUnavailable extends Error {}

type Answer = { id: number } & ({ ok: true; copy: VerifiedCopy } | { ok: false; message: string; code?: string; unavailable?: boolean });

/** The path of better-sqlite3 as this process resolves it (a worker started from a string resolves nothing itself). */
function sqliteModulePath(): string {
  return require.resolve('better-sqlite3');
}

/** Threads idle this long are ended, giving back what SQLite and V8 hold in them. */
const IDLE_MS = 10 * 60 * 1000;

/**
 * The backup threads, started by the first daily check or the first backup and ended after ten idle minutes (a club
 * evening's backups after each game find them ready). They hold the process open only while a backup is under way; `stop` ends them, and a
 * backup under way then rejects (its caller removes its temporary file).
 */
export class BackupThreads {
  #worker: Worker | null = null;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #next = 1;
  readonly #jobs = new Map<number, { resolve: (copy: VerifiedCopy) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly sqliteModule = sqliteModulePath(),
    private readonly idleMs = IDLE_MS,
  ) {}

  /** Whether the threads are running (tests). */
  get running(): boolean {
    return this.#worker !== null;
  }

  run(job: BackupJob): Promise<VerifiedCopy> {
    return new Promise((resolve, reject) => {
      let worker: Worker;
      try {
        worker = this.#start();
      } catch (e) {
        reject(new WorkerUnavailable(String(e)));
        return;
      }
      const id = this.#next++;
      clearTimeout(this.#idle);
      this.#jobs.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, job });
    });
  }

  /** Start the threads ahead of the first backup (they load SQLite meanwhile); false when they cannot start. */
  warm(): boolean {
    try {
      this.#start();
    } catch {
      return false;
    }
    if (this.#jobs.size === 0) this.#idleFromNow();
    return true;
  }

  /** End the threads (Herald is closing): a backup under way rejects. */
  stop(): Promise<number> | undefined {
    clearTimeout(this.#idle);
    const worker = this.#worker;
    this.#worker = null;
    return worker?.terminate();
  }

  /** Count the idle minutes from now (one timer at a time: an older one must never end a backup under way). */
  #idleFromNow() {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => {
      if (this.#jobs.size === 0) void this.stop();
    }, this.idleMs);
    this.#idle.unref();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(BACKUP_SOURCE, {
      eval: true,
      workerData: { role: 'herald-backup', sqliteModule: this.sqliteModule, columns: jsonColumns(), zstdParams: zstdParams(), checkSource: CHECK_SOURCE },
    });
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const job = this.#jobs.get(answer.id);
      if (!job) return;
      this.#jobs.delete(answer.id);
      if (this.#jobs.size === 0) {
        worker.unref();
        this.#idleFromNow();
      }
      if (answer.ok) job.resolve(answer.copy);
      else if (answer.unavailable) job.reject(new WorkerUnavailable(answer.message));
      else job.reject(Object.assign(new Error(answer.message), answer.code ? { code: answer.code } : {}));
    });
    const failAll = (e: Error) => {
      for (const job of this.#jobs.values()) job.reject(e);
      this.#jobs.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => {
      if (this.#worker === worker) this.#worker = null;
      failAll(new Error(`The backup worker stopped (exit code ${code}) before it answered.`));
    });
    this.#worker = worker;
    return worker;
  }
}

/** One backup on threads of its own, ended afterwards (tests, and callers that take a single backup). */
export async function runBackupWorker(job: BackupJob, sqliteModule?: string): Promise<VerifiedCopy> {
  const threads = new BackupThreads(sqliteModule);
  try {
    return await threads.run(job);
  } finally {
    await threads.stop();
  }
}
