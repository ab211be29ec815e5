/**
 * zstd through `node:zlib` for backups (issue 21): the ten-year benchmark's 69 MB campaign file is about 10 MB compressed at
 * level 1, in a tenth of a second. These are the main thread's whole-file versions (a backup before an import,
 * a restore or a migration, and every restore); the worker thread streams the same format (db/backup-worker.ts).
 * Frames carry zstd's own content checksum, so a damaged byte is found when decompressing, before any hash.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * Level 1: on the ten-year benchmark file (issue 21) half the time of level 3, zstd's default, for a backup 6 % larger
 * (10.4 MB instead of 9.8 MB of a 69 MB file: the packed JSON columns leave zstd less to find either way).
 */
export const ZSTD_LEVEL = 1;

/** zstd frames start with these four bytes (RFC 8878). */
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);

/** Node 22.15+ has zstd in zlib; an older runtime (an older Electron) keeps taking uncompressed backups. */
export function zstdAvailable(): boolean {
  return typeof zlib.zstdCompressSync === 'function' && typeof zlib.zstdDecompressSync === 'function';
}

export function zstdParams(): Record<number, number> {
  return { [zlib.constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL, [zlib.constants.ZSTD_c_checksumFlag]: 1 };
}

/** Is this file zstd-compressed (by its first bytes, whatever its name or manifest says)? */
export function isZstdFile(file: string): boolean {
  const head = Buffer.alloc(4);
  const fd = fs.openSync(file, 'r');
  try {
    return fs.readSync(fd, head, 0, 4, 0) === 4 && head.equals(ZSTD_MAGIC);
  } finally {
    fs.closeSync(fd);
  }
}

export interface Written {
  /** SHA-256 and size of the file written. */
  sha256: string;
  bytes: number;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Write `data` to `file` and flush it to disk. */
function writeDurably(file: string, data: Buffer) {
  const fd = fs.openSync(file, 'w');
  try {
    for (let off = 0; off < data.length;) off += fs.writeSync(fd, data, off, data.length - off);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Compress `src` into `dest` (flushed). Returns what was written and what it holds (the source's hash and size). */
export function compressFileSync(src: string, dest: string): { compressed: Written; database: Written } {
  const data = fs.readFileSync(src);
  const packed = zlib.zstdCompressSync(data, { params: zstdParams() });
  writeDurably(dest, packed);
  return { compressed: { sha256: sha256(packed), bytes: packed.length }, database: { sha256: sha256(data), bytes: data.length } };
}

/** What `src` decompresses to: its hash and size, nothing written; throws when the frame is damaged (zstd's checksum). */
export function decompressedDigest(src: string): Written {
  const data = zlib.zstdDecompressSync(fs.readFileSync(src));
  return { sha256: sha256(data), bytes: data.length };
}

/** Decompress `src` into `dest` (flushed); throws when the frame is damaged (zstd's checksum). */
export function decompressFileSync(src: string, dest: string): Written {
  const data = zlib.zstdDecompressSync(fs.readFileSync(src));
  writeDurably(dest, data);
  return { sha256: sha256(data), bytes: data.length };
}
