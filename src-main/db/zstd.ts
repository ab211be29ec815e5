/**
 * zstd through `node:zlib` for backups (issue 21): the ten-year benchmark's 72 MB campaign file is about 11 MB
 * compressed, in about a seventh of a second. These are the main thread's versions (a backup before an import, a
 * restore or a migration, and every restore); the backup thread makes the same format (db/backup-worker.ts). Frames
 * carry zstd's own content checksum, so a damaged byte is found when decompressing, before any hash.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { formatSize } from '../../shared/format';
import { sha256Of } from './threads/hash';

/**
 * Level 2 with a 4 MiB window and a larger hash table: on the ten-year benchmark file (issue 21) 11.2 MB where level 1
 * gave 12.3 MB, for about 30 ms more on a compression that runs beside the longer check (db/backup-worker.ts); level 3
 * took twice level 1's time. The snapshot is the database's pages as they are (not rebuilt by VACUUM), so half-full
 * index pages leave zstd more to find across pages than a vacuumed copy did.
 */
export const ZSTD_LEVEL = 2;
const ZSTD_WINDOW_LOG = 22;
const ZSTD_HASH_LOG = 18;

/** zstd frames start with these four bytes (RFC 8878). */
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);

/** Node 22.15+ has zstd in zlib; an older runtime (an older Electron) keeps taking uncompressed backups. */
export function zstdAvailable(): boolean {
  return typeof zlib.zstdCompressSync === 'function' && typeof zlib.zstdDecompressSync === 'function';
}

export function zstdParams(): Record<number, number> {
  const c = zlib.constants;
  return { [c.ZSTD_c_compressionLevel]: ZSTD_LEVEL, [c.ZSTD_c_windowLog]: ZSTD_WINDOW_LOG, [c.ZSTD_c_hashLog]: ZSTD_HASH_LOG, [c.ZSTD_c_checksumFlag]: 1 };
}

/** Do these bytes start a zstd frame (a backup, a packed campaign file), whatever their name says? */
export const isZstdBytes = (bytes: Uint8Array) => bytes.length >= 4 && ZSTD_MAGIC.every((b, i) => bytes[i] === b);

/** Is this file zstd-compressed (by its first bytes, whatever its name or manifest says)? */
export function isZstdFile(file: string): boolean {
  const head = Buffer.alloc(4);
  const fd = fs.openSync(file, 'r');
  try {
    return fs.readSync(fd, head, 0, 4, 0) === 4 && isZstdBytes(head);
  } finally {
    fs.closeSync(fd);
  }
}

export interface Written {
  /** SHA-256 and size of the file written. */
  sha256: string;
  bytes: number;
}

/** SHA-256 of bytes in memory, in hex (as manifests record it); one copy with the backup thread's (threads/hash.ts). */
export { sha256Of };

/** Write `data` to `file` and flush it to disk (a backup's file, and a restore's replacement). */
export function writeDurably(file: string, data: Buffer) {
  const fd = fs.openSync(file, 'w');
  try {
    for (let off = 0; off < data.length;) off += fs.writeSync(fd, data, off, data.length - off);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** zlib's one-shot calls work in 16 KiB pieces by default: on a 70 MB database that costs more than the work. */
const PIECES = { chunkSize: 1 << 22 };

/** `data` compressed as backups are (level 1, with zstd's content checksum). */
export function compressSync(data: Buffer): Buffer {
  return zlib.zstdCompressSync(data, { ...PIECES, params: zstdParams() });
}

/**
 * The most any backup may unpack to, whatever its manifest says (issue 28): about fifteen times the benchmark's
 * ten-year campaign file (72 MB); a backup serializes the whole file in memory, so a larger one would strain the
 * laptop long before this.
 */
export const UNPACK_CEILING_BYTES = 1 << 30;
/**
 * How many times its own size a backup may unpack to (issue 28). Herald's backups of real campaign files unpack to 6
 * to 15 times their size, a near-empty file's to about 70; zstd can pack zeros 30,000 to one, which is how a 24 KB
 * file unpacks to 768 MB. A file that claims more than this is a bomb, not a campaign.
 */
export const UNPACK_RATIO_CEILING = 1000;

/** The most `packedBytes` of backup may unpack to: its recorded size when there is one, never over either ceiling. */
export function unpackLimit(packedBytes: number, recordedBytes?: number): number {
  const ceiling = Math.min(UNPACK_CEILING_BYTES, Math.max(packedBytes, 1) * UNPACK_RATIO_CEILING);
  return recordedBytes === undefined ? ceiling : Math.min(recordedBytes, ceiling);
}

/** A compressed file that would unpack to more than its limit: stopped there, before it is unpacked whole. */
export class UnpackTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`it would unpack to more than ${sizeInWords(limit)}`);
  }
}

/** A size as an organiser reads it: "24 KB", "1.5 MB" (shared/format, in the organiser's locale). */
export const sizeInWords = (bytes: number): string => formatSize(bytes);

/**
 * What a backup decompresses to; throws when the frame is damaged (zstd's checksum), and `UnpackTooLarge` as soon as
 * the output would pass `limit` (zlib stops there: at most the limit and one piece are ever held).
 */
export function decompressSync(data: Buffer, limit = unpackLimit(data.length)): Buffer {
  try {
    return zlib.zstdDecompressSync(data, { ...PIECES, maxOutputLength: limit });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new UnpackTooLarge(limit);
    throw e;
  }
}

/**
 * Decompress `src` into `dest` (flushed); throws when the frame is damaged (zstd's checksum) or would unpack to more
 * than `recordedBytes` (what its manifest says the database inside holds) or either ceiling.
 */
export function decompressFileSync(src: string, dest: string, recordedBytes?: number): Written {
  const packed = fs.readFileSync(src);
  const data = decompressSync(packed, unpackLimit(packed.length, recordedBytes));
  writeDurably(dest, data);
  return { sha256: sha256Of(data), bytes: data.length };
}
