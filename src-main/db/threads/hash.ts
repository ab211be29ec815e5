/**
 * SHA-256 of a file and of bytes, shared by main (db/backup.ts) and the backup thread (unpack.ts, backup.thread.ts).
 * It lives beside the threads and imports only node: so the worker bundle (scripts/worker-sources.mjs) takes these
 * few lines and none of the database code that importing db/backup.ts would pull in.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';

/** The file's SHA-256, read in 1 MiB pieces through one buffer: a ten-year campaign file is hundreds of megabytes (issue 9). */
export function sha256File(file: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(1 << 20);
  const fd = fs.openSync(file, 'r');
  try {
    for (let n = fs.readSync(fd, buffer, 0, buffer.length, null); n > 0; n = fs.readSync(fd, buffer, 0, buffer.length, null))
      hash.update(buffer.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** The SHA-256 of bytes held in memory. */
export const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
