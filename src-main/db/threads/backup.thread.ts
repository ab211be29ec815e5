/**
 * The backup thread (db/backup-worker.ts explains the two threads): serializes one consistent snapshot, hashes it,
 * compresses it with zstd, writes and flushes it, reads it back and decompresses it, which must give the snapshot
 * byte for byte — while the check thread checks the same snapshot. It answers with what it proved and writes nothing else;
 * as it begins each step it tells main which (`{ id, progress }`: issue 31's "step 2 of 4: compressing 68 MB").
 */
import type Database from 'better-sqlite3';
import fs from 'node:fs';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import { sha256Of } from './hash';
import { loadSqlite, type JsonColumn } from './json-check';
import { unpackForRestore, type UnpackJob } from './unpack';

interface Job {
  dbFile: string;
  tmpPath: string;
  compressed: boolean;
}
const data = workerData as { sqliteModule: string; columns: JsonColumn[]; zstdParams: Record<number, number>; checkSource: string };
let Sqlite: typeof Database | undefined;
let unavailable: string | undefined;
try {
  Sqlite = loadSqlite(data.sqliteModule);
} catch (e) {
  unavailable = String((e as Error)?.message ?? e);
}
const BIG = { chunkSize: 1 << 22 }; // zlib's 16 KiB default pieces cost more than the work on a 70 MB file

function writeDurably(file: string, bytes: Buffer) {
  const fd = fs.openSync(file, 'w');
  try {
    for (let off = 0; off < bytes.length;) off += fs.writeSync(fd, bytes, off, bytes.length - off);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Decompressed piece by piece and compared as it comes: nothing the size of the database is built a second time. */
function decompressesTo(packed: Buffer, database: Buffer): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const unpack = zlib.createZstdDecompress(BIG);
    let at = 0;
    let same = true;
    unpack.on('data', (piece: Buffer) => {
      if (same && (at + piece.length > database.length || !piece.equals(database.subarray(at, at + piece.length)))) same = false;
      at += piece.length;
    });
    unpack.on('error', reject);
    unpack.on('end', () => resolve(same && at === database.length));
    unpack.end(packed);
  });
}

const compress = (input: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) => zlib.zstdCompress(input, { ...BIG, params: data.zstdParams }, (e, out) => (e ? reject(e) : resolve(out))));

type CheckAnswer = { id?: number; begun?: boolean; ok?: boolean; message?: string; code?: string; unavailable?: boolean };
function failure(m: CheckAnswer) {
  return Object.assign(new Error(m.message), m.code ? { code: m.code } : {}, m.unavailable ? { unavailable: true } : {});
}

// The check thread, and the backup waiting for its next answer.
let checker: Worker | null = null;
let answer: { resolve: (m: CheckAnswer) => void; reject: (e: Error) => void } | null = null;
function checkThread(): Worker {
  if (checker) return checker;
  const started = new Worker(data.checkSource, { eval: true, workerData: { sqliteModule: data.sqliteModule, columns: data.columns } });
  checker = started;
  started.on('message', (m: CheckAnswer) => {
    const a = answer;
    answer = null;
    if (!a) return;
    if (m.begun || m.ok) a.resolve(m);
    else a.reject(failure(m));
  });
  const fail = (e: Error) => {
    const a = answer;
    answer = null;
    if (a) a.reject(e);
  };
  started.on('error', fail);
  started.on('exit', (code) => {
    checker = null;
    fail(new Error(`The backup check stopped (exit code ${code}) before it answered.`));
  });
  return started;
}

function ask(message: { step: 'begin' | 'go'; dbFile?: string }): Promise<CheckAnswer> {
  const p = new Promise<CheckAnswer>((resolve, reject) => (answer = { resolve, reject }));
  p.catch(() => {}); // awaited later; never an unhandled rejection meanwhile
  checkThread().postMessage(message);
  return p;
}

/**
 * Both threads' read transactions must see the same commit. `probe` watches: its data_version changes when any
 * connection commits, and it is read before the check thread begins and after this thread has begun. Equal, nothing
 * was committed in between (the main thread writes between two requests; that is rare, and then both begin again).
 */
async function sameSnapshot(job: Job, probe: Database.Database, mine: Database.Database) {
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

/** Tells main a step has begun (issue 31); a message that cannot be sent never fails the backup. */
type Tell = (step: 'copying' | 'compressing' | 'writing' | 'checking', bytes?: number) => void;

async function backup(job: Job, tell: Tell) {
  if (unavailable || !Sqlite) throw Object.assign(new Error(unavailable), { unavailable: true });
  let probe: Database.Database | undefined;
  let mine: Database.Database | undefined;
  let checked: Promise<unknown> = Promise.resolve();
  try {
    probe = new Sqlite(job.dbFile, { readonly: true, fileMustExist: true });
    mine = new Sqlite(job.dbFile, { readonly: true, fileMustExist: true });
    probe.pragma('busy_timeout = 5000');
    mine.pragma('busy_timeout = 5000');
    const snapshot = await sameSnapshot(job, probe, mine);
    checked = snapshot.checked; // the check thread checks while this one serializes, compresses and reads back
    tell('copying', Number(mine.pragma('page_count', { simple: true })) * Number(mine.pragma('page_size', { simple: true })));
    const database = mine.serialize();
    mine.exec('COMMIT');
    const { schemaVersion } = snapshot;
    if (!job.compressed) {
      const db = { sha256: sha256Of(database), bytes: database.length };
      tell('writing', database.length);
      writeDurably(job.tmpPath, database);
      tell('checking', database.length);
      await checked;
      return { sha256: db.sha256, bytes: db.bytes, schemaVersion };
    }
    tell('compressing', database.length);
    const packing = compress(database); // on zlib's own thread
    const db = { sha256: sha256Of(database), bytes: database.length }; // meanwhile, here
    const packed = await packing;
    tell('writing', packed.length);
    writeDurably(job.tmpPath, packed);
    tell('checking', packed.length);
    const onDisk = fs.readFileSync(job.tmpPath);
    if (!onDisk.equals(packed)) throw new Error('The backup changed on disk while it was checked.');
    if (!(await decompressesTo(onDisk, database))) throw new Error('The backup does not decompress to the snapshot it was made from.');
    await checked;
    return { sha256: sha256Of(packed), bytes: packed.length, schemaVersion, compression: 'zstd', databaseSha256: db.sha256, databaseBytes: db.bytes };
  } finally {
    await checked.catch(() => {}); // the check thread has ended its transaction before the next backup begins
    if (mine?.inTransaction) mine.exec('COMMIT');
    mine?.close();
    probe?.close();
  }
}

checkThread(); // loading SQLite there now, not when the first backup is waiting for it
// One job at a time: the two threads share one handshake. A restore's check of its chosen backup (`unpack`, issue 31)
// waits its turn like a backup.
let queue: Promise<unknown> = Promise.resolve();
parentPort!.on('message', ({ id, job, unpack }: { id: number; job?: Job; unpack?: UnpackJob }) => {
  const tell = (step: string, bytes?: number) => {
    try {
      parentPort!.postMessage({ id, progress: { step, bytes } });
    } catch {
      // a progress message is never worth a failed backup
    }
  };
  queue = queue
    .then(() => (unpack ? unpackForRestore(unpack, tell) : backup(job!, tell)))
    .then(
      (copy) => parentPort!.postMessage({ id, ok: true, copy }),
      (e: Error & { code?: string; unavailable?: boolean; limit?: number }) =>
        parentPort!.postMessage({ id, ok: false, message: String(e?.message ?? e), code: e?.code, unavailable: !!e?.unavailable, limit: e?.limit }),
    );
});
