/**
 * Tests of issue 28: a zstd "bomb" written by hand, the way a hostile file would be — RLE blocks that each repeat one
 * byte 128 KiB times, four bytes apiece, so a 24 KB file unpacks to 768 MB. Making it costs nothing (no compressor
 * runs over the large output); only a decompressor without a limit would build it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const BLOCK = 128 * 1024; // zstd's largest block (RFC 8878 3.1.1.2.3)

/** A zstd frame (RFC 8878) that unpacks to `bytes` zero bytes (a whole number of 128 KiB blocks). */
export function zstdBomb(bytes: number): Buffer {
  const blocks = Math.ceil(bytes / BLOCK);
  // Magic; frame header: no content size, no checksum, no dictionary; a 128 KiB window (log 17 = 10 + 7).
  const head = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 7 << 3]);
  const body = Buffer.alloc(blocks * 4);
  for (let i = 0; i < blocks; i++) {
    const last = i === blocks - 1 ? 1 : 0;
    body.writeUIntLE(last | (1 << 1) | (BLOCK << 3), i * 4, 3); // an RLE block of BLOCK copies of the next byte
    body[i * 4 + 3] = 0;
  }
  return Buffer.concat([head, body]);
}

/** The 24 KB file of issue 28 that unpacks to 768 MB. */
export const ISSUE_BOMB_BYTES = 768 * 1024 * 1024;

/**
 * The bomb dropped into a backups folder with a manifest whose checksum matches it, as one would be after a restart:
 * `claims` is what its manifest says the database inside holds (`undefined`: an old manifest without `compression`).
 */
export function plantBomb(backupsDir: string, name: string, createdAt: string, schemaVersion: number, claims?: number): string {
  fs.mkdirSync(backupsDir, { recursive: true });
  const bomb = zstdBomb(ISSUE_BOMB_BYTES);
  const file = path.join(backupsDir, name);
  fs.writeFileSync(file, bomb);
  const sha256 = createHash('sha256').update(bomb).digest('hex');
  const manifest = { app: 'Herald', file: name, sha256, bytes: bomb.length, createdAt, reason: 'by-hand', schemaVersion };
  const packed = claims === undefined ? {} : { compression: 'zstd', databaseSha256: '0'.repeat(64), databaseBytes: claims };
  fs.writeFileSync(`${file}.manifest.json`, JSON.stringify({ ...manifest, ...packed }, null, 2));
  return file;
}
