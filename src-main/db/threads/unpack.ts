/**
 * A restore's check of the chosen backup, in the backup thread (issue 31): so the main thread stays free to tell the
 * windows each step while a large backup is hashed and unpacked, before the swap (start/restore.ts) begins. The file
 * must still match its manifest's SHA-256; a compressed one is unpacked piece by piece into `dest` (flushed), never
 * past `limit` (issue 28: stopped there, nothing the size of the database is held), and must give the database its
 * manifest names. A plain backup (before issue 21, or a set-aside file put back) is copied. Writes nothing but `dest`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { sha256File } from './hash';

export interface UnpackJob {
  /** The backup file, its name (for messages) and what its manifest records. */
  path: string;
  file: string;
  sha256: string;
  databaseSha256?: string;
  databaseBytes?: number;
  /** The most it may unpack to (db/zstd.ts unpackLimit, worked out by main). */
  limit: number;
  dest: string;
}

export type UnpackStepName = 'checking-backup' | 'unpacking';
export type TellUnpack = (step: UnpackStepName, bytes?: number) => void;

function isZstd(file: string): boolean {
  const head = Buffer.alloc(4);
  const fd = fs.openSync(file, 'r');
  try {
    return fs.readSync(fd, head, 0, 4, 0) === 4 && head.equals(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]));
  } finally {
    fs.closeSync(fd);
  }
}

/** A backup that would unpack past its limit: main says so in words (db/backup.ts tooLargeWords). */
const tooLarge = (limit: number) => Object.assign(new Error('too large'), { code: 'UNPACK_TOO_LARGE', limit });
const damaged = (message: string) => Object.assign(new Error(message), { code: 'DAMAGED_BACKUP' });

/** Unpacks `src` into the open `fd` piece by piece, hashing as it goes; rejects past `limit`. */
function unpackInto(src: string, fd: number, limit: number): Promise<{ sha256: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let bytes = 0;
    const input = fs.createReadStream(src, { highWaterMark: 1 << 20 });
    const unpack = zlib.createZstdDecompress({ chunkSize: 1 << 22 });
    const fail = (e: Error) => {
      input.destroy();
      unpack.destroy();
      reject(e);
    };
    unpack.on('data', (piece: Buffer) => {
      bytes += piece.length;
      if (bytes > limit) return fail(tooLarge(limit));
      hash.update(piece);
      for (let off = 0; off < piece.length;) off += fs.writeSync(fd, piece, off, piece.length - off);
    });
    unpack.on('error', fail);
    input.on('error', fail);
    unpack.on('end', () => resolve({ sha256: hash.digest('hex'), bytes }));
    input.pipe(unpack);
  });
}

/** Check the chosen backup and write the database it holds to `job.dest`; throws in words (or with a code main words). */
export async function unpackForRestore(job: UnpackJob, tell: TellUnpack): Promise<{ sha256: string; bytes: number }> {
  tell('checking-backup', fs.statSync(job.path).size);
  if (sha256File(job.path) !== job.sha256) throw damaged(`The backup ${job.file} no longer matches its manifest.`);
  if (!isZstd(job.path)) {
    tell('unpacking', fs.statSync(job.path).size);
    fs.copyFileSync(job.path, job.dest);
    const fd = fs.openSync(job.dest, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return { sha256: job.sha256, bytes: fs.statSync(job.dest).size };
  }
  tell('unpacking', job.databaseBytes);
  const fd = fs.openSync(job.dest, 'w');
  let out: { sha256: string; bytes: number };
  try {
    out = await unpackInto(job.path, fd, job.limit);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  if (job.databaseSha256 && out.sha256 !== job.databaseSha256) throw damaged(`The backup ${job.file} does not decompress to the database its manifest names.`);
  return out;
}
