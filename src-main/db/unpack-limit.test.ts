/**
 * Issue 28: a restore no longer trusts a compressed file's size. A 24 KB file that unpacks to 768 MB, dropped into the
 * backups folder with a manifest whose checksum matches, is never unpacked whole: not listed when its manifest claims
 * more than a backup of its size can hold, and refused in words at restore and at reading one campaign when it unpacks
 * to more than its manifest records or either ceiling — with nothing changed and without its full size in memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { BackupView } from '../../shared/ipc/schemas/backups';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import { call, failure, snapshotTables, tempDir, testCore } from '../test-support';
import { ISSUE_BOMB_BYTES, plantBomb, zstdBomb } from '../test-support/zstd-bomb';
import { DamagedBackup, listVerifiedBackups, restoreBackup } from './backup';
import { compressSync, decompressFileSync, decompressSync, unpackLimit, UNPACK_CEILING_BYTES, UNPACK_RATIO_CEILING, UnpackTooLarge } from './zstd';

const MB = 1024 * 1024;

/** What the process holds now, or held at its peak if more: memory used from here on shows as `grownSince`. */
const memoryMark = () => Math.max(process.resourceUsage().maxRSS * 1024, process.memoryUsage().rss);
/** How far the process's peak memory rose above `mark` (zero when it never passed it). */
const grownSince = (mark: number) => process.resourceUsage().maxRSS * 1024 - mark;

const bombName = 'herald-20261127-060000Z-by-hand.sqlite.zst';

/** A campaign file with one campaign, then Herald started again on it with a bomb planted in its backups folder. */
async function restartedWithBomb(claims: number | undefined) {
  const dir = tempDir('herald-bomb-');
  const first = testCore(dir);
  await call<Campaign>(first, 'campaigns.create', { name: 'Vraks' });
  const schemaVersion = Number(first.opened.sqlite.pragma('user_version', { simple: true }));
  first.close();
  plantBomb(path.join(dir, 'backups'), bombName, '2026-11-27T06:00:00.000Z', schemaVersion, claims);
  return { dir, core: testCore(dir) };
}

describe('a compressed file is never unpacked past its limit (issue 28)', () => {
  it('the hand-made bomb really is one: 24 KB that unpacks to 768 MB', () => {
    const bomb = zstdBomb(ISSUE_BOMB_BYTES);
    expect(bomb.length).toBeLessThan(25_000);
    expect(zlib.zstdDecompressSync(zstdBomb(4 * MB)).equals(Buffer.alloc(4 * MB))).toBe(true);
  });

  it('the limit is the recorded size, never over the ratio or the absolute ceiling', () => {
    expect(unpackLimit(24_582)).toBe(24_582 * UNPACK_RATIO_CEILING);
    expect(unpackLimit(24_582, 100_000)).toBe(100_000);
    expect(unpackLimit(24_582, ISSUE_BOMB_BYTES)).toBe(24_582 * UNPACK_RATIO_CEILING);
    expect(unpackLimit(50 * MB, 10_000 * MB)).toBe(UNPACK_CEILING_BYTES);
  });

  it('decompressing stops at the limit, without ever holding the full size', () => {
    const bomb = zstdBomb(ISSUE_BOMB_BYTES);
    let refused: unknown;
    const mark = memoryMark();
    try {
      decompressSync(bomb);
    } catch (e) {
      refused = e;
    }
    const grown = grownSince(mark);
    expect(refused).toBeInstanceOf(UnpackTooLarge);
    expect((refused as UnpackTooLarge).limit).toBe(bomb.length * UNPACK_RATIO_CEILING);
    expect(grown).toBeLessThan(256 * MB); // unpacked whole it would take 768 MB and more
    // A real backup within its recorded size unpacks as before.
    const data = Buffer.from('Herald '.repeat(10_000));
    expect(decompressSync(compressSync(data), data.length).equals(data)).toBe(true);
    expect(() => decompressSync(compressSync(data), data.length - 1)).toThrow(UnpackTooLarge);
  });

  it('to a file too: nothing is written when it is refused', () => {
    const dir = tempDir('herald-bomb-file-');
    fs.writeFileSync(path.join(dir, 'bomb.zst'), zstdBomb(ISSUE_BOMB_BYTES));
    expect(() => decompressFileSync(path.join(dir, 'bomb.zst'), path.join(dir, 'out.sqlite'), 100_000)).toThrow(UnpackTooLarge);
    expect(fs.existsSync(path.join(dir, 'out.sqlite'))).toBe(false);
  });

  it('a manifest claiming more than a file of its size can hold: not listed, so never offered', async () => {
    const { core } = await restartedWithBomb(ISSUE_BOMB_BYTES);
    expect(listVerifiedBackups(core.paths.backupsDir).map((b) => b.file)).not.toContain(bombName);
    expect((await call<BackupView[]>(core, 'backups.list', {})).map((b) => b.file)).not.toContain(bombName);
    const refused = await failure(core, 'backups.restore', { file: bombName });
    expect(refused.message).toMatch(/no longer there/);
    core.close();
  });

  for (const [kind, claims, words] of [
    ['a modest size', 100_000, /is damaged: it would unpack to more than the 100 KB it says it holds\. Nothing was changed\./],
    ['nothing (an old manifest)', undefined, /is damaged: it would unpack to more than 25 MB\. Nothing was changed\./],
  ] as const) {
    it(`a bomb whose manifest claims ${kind}: listed, and its restore refused in words with nothing changed`, async () => {
      const { dir, core } = await restartedWithBomb(claims);
      expect((await call<BackupView[]>(core, 'backups.list', {})).map((b) => b.file)).toContain(bombName);
      const before = snapshotTables(core);
      const mark = memoryMark();
      const refused = await failure(core, 'backups.restore', { file: bombName });
      expect(grownSince(mark)).toBeLessThan(256 * MB);
      expect(refused.code).toBe('VALIDATION');
      expect(refused.message).toMatch(words);
      expect(refused.message).not.toMatch(/[\\/]/); // a name, never a path
      expect(snapshotTables(core)).toEqual(before);
      expect(fs.readdirSync(dir).filter((f) => /replaced|restore\.tmp/.test(f))).toEqual([]);
      // Reading one campaign out of it is refused the same way.
      const one = await failure(core, 'backups.campaigns', { file: bombName });
      expect(one).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(words) });
      core.close();
    });
  }

  it('restoreBackup itself refuses with DamagedBackup and leaves the campaign file as it was', async () => {
    const { dir, core } = await restartedWithBomb(100_000);
    const bomb = listVerifiedBackups(core.paths.backupsDir).find((b) => b.file === bombName)!;
    core.close();
    const dbFile = path.join(dir, 'herald.sqlite');
    const bytes = fs.readFileSync(dbFile);
    expect(() => restoreBackup(bomb, dbFile, new Date())).toThrow(DamagedBackup);
    expect(() => restoreBackup(bomb, dbFile, new Date())).toThrow(/would unpack to more than the 100 KB it says it holds/);
    expect(fs.readFileSync(dbFile).equals(bytes)).toBe(true);
    expect(fs.existsSync(`${dbFile}.restore.tmp`)).toBe(false);
  });
});
