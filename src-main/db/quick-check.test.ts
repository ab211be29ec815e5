/**
 * The launch-time quick_check in a worker (issue 9, db/quick-check.ts): its answer stands in for inspectCampaignFile's
 * own check only for the very file it checked, unchanged; a damaged file is still refused as CORRUPT, unchanged.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, tempDir } from '../test-support';
import { sha256File } from './backup';
import type { DbOpenError } from './errors';
import { openCampaignFile } from './open';
import { checkedSound, quickCheckInWorker } from './quick-check';

const now = () => new Date(Date.UTC(2026, 10, 22, 19, 0, 0));

function campaignFile(): string {
  const dir = tempDir();
  const file = path.join(dir, 'herald.sqlite');
  const opened = openCampaignFile({ file, migrationsFolder: MIGRATIONS, backupsDir: path.join(dir, 'backups'), now });
  const insert = opened.sqlite.prepare(`INSERT INTO campaigns (id, name, points_limit, created_at, updated_at) VALUES (?, ?, 250, 'x', 'x')`);
  for (let i = 0; i < 200; i++) insert.run(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, `Campaign ${'x'.repeat(i)}`);
  opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  opened.sqlite.close();
  return file;
}

describe('quick_check at launch, in a worker', () => {
  it('a sound file checks ok and the check stands for it only while it is unchanged', async () => {
    const file = campaignFile();
    const check = await quickCheckInWorker(file);
    expect(check?.result).toBe('ok');
    expect(checkedSound(check, file)).toBe(true);
    expect(checkedSound(check, `${file}.other`)).toBe(false);
    // Any write after the check (here: a new mtime and size) and the file must be checked again.
    const db = new Database(file);
    db.pragma('journal_mode = DELETE');
    db.prepare(`UPDATE campaigns SET name = name || ' again'`).run();
    db.close();
    expect(checkedSound(check, file)).toBe(false);
  });

  it('a damaged file is found by the worker, and opening it is refused as CORRUPT without a byte changed', async () => {
    const file = campaignFile();
    const bytes = fs.readFileSync(file);
    bytes.fill(0x5a, 100, 4096); // wreck the schema page after the header
    fs.writeFileSync(file, bytes);
    const before = sha256File(file);
    const check = await quickCheckInWorker(file);
    expect(check === null || check.result !== 'ok').toBe(true);
    expect(checkedSound(check, file)).toBe(false);
    let caught: unknown;
    try {
      openCampaignFile({ file, migrationsFolder: MIGRATIONS, backupsDir: path.join(path.dirname(file), 'backups'), now, quickCheck: check });
    } catch (e) {
      caught = e;
    }
    expect((caught as DbOpenError).kind).toBe('CORRUPT');
    expect(sha256File(file)).toBe(before);
  });

  it('nothing to check: no file, or an empty one', async () => {
    const dir = tempDir();
    expect(await quickCheckInWorker(path.join(dir, 'herald.sqlite'))).toBeNull();
    fs.writeFileSync(path.join(dir, 'empty.sqlite'), '');
    expect(await quickCheckInWorker(path.join(dir, 'empty.sqlite'))).toBeNull();
  });
});
