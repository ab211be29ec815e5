/** Integration (issue 8): automatic verified backups after a committed game and before a void; restore and undo. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackupView } from '../../shared/ipc/schemas/backups';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { Core } from '../core';
import { tempDir, testCore } from '../test-support';

async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const r = await core.invoke(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`);
  return r.value as T;
}
const tick = () => new Promise((r) => setImmediate(r));

describe('backups', () => {
  it('a daily backup at start; back up by hand; restore puts the old state back and can itself be undone', async () => {
    const dir = tempDir();
    const core = testCore(dir, { automaticBackups: true });
    await tick();
    expect((await call<BackupView[]>(core, 'backups.list', {})).map((b) => b.reason)).toEqual(['daily']);
    await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
    const withVraks = await call<BackupView>(core, 'backups.create', {});
    await call<Campaign>(core, 'campaigns.create', { name: 'Armageddon' });
    expect((await call<Campaign[]>(core, 'campaigns.list', {})).map((c) => c.name).sort()).toEqual(['Armageddon', 'Vraks']);

    const restored = await call<{ restored: BackupView; undo: BackupView | null }>(core, 'backups.restore', { file: withVraks.file });
    expect((await call<Campaign[]>(core, 'campaigns.list', {})).map((c) => c.name)).toEqual(['Vraks']);
    expect(restored.undo?.reason).toBe('before-restore');
    // The file that was replaced is kept beside the campaign file, never deleted.
    expect(fs.readdirSync(dir).some((f) => f.startsWith('herald.sqlite.replaced-'))).toBe(true);

    await call(core, 'backups.restore', { file: restored.undo!.file });
    expect((await call<Campaign[]>(core, 'campaigns.list', {})).map((c) => c.name).sort()).toEqual(['Armageddon', 'Vraks']);
    // Every backup on disk is verified: a manifest with its SHA-256, no temporary files left.
    const files = fs.readdirSync(path.join(dir, 'backups'));
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.sqlite')).length).toBe(files.filter((f) => f.endsWith('.manifest.json')).length);
    core.close();
  });

  it('a backup name that is not in the list is refused; nothing is restored', async () => {
    const core = testCore();
    expect((await core.invoke('backups.restore', { file: '../herald.sqlite' })).ok).toBe(false);
    const r = await core.invoke('backups.restore', { file: 'herald-19990101-000000Z-daily.sqlite' });
    expect(r.ok ? null : r.error.code).toBe('NOT_FOUND');
    core.close();
  });
});

describe('a damaged campaign file at start-up (RELIABILITY.md rule 4)', () => {
  it('is moved aside unchanged, the newest verified backup is restored, and the organiser is told', async () => {
    const dir = tempDir();
    const first = testCore(dir);
    await call<Campaign>(first, 'campaigns.create', { name: 'Vraks' });
    await call<BackupView>(first, 'backups.create', {});
    await call<Campaign>(first, 'campaigns.create', { name: 'After the backup' });
    first.opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    first.close();
    // Damage it: zero a page in the middle of the file.
    const file = path.join(dir, 'herald.sqlite');
    const bytes = fs.readFileSync(file);
    bytes.fill(0, 4096 * 3, 4096 * 4);
    fs.writeFileSync(file, bytes);
    const damagedHash = (await import('../db/backup')).sha256File(file);

    const core = testCore(dir);
    const notice = core.info.notice ?? '';
    expect(notice).toMatch(/^The campaign file was damaged\. Herald moved it aside, unchanged, to herald\.sqlite\.damaged-/);
    expect(notice).toMatch(/restored the verified backup of .* \(by-hand\)/);
    const aside = fs.readdirSync(dir).find((f) => /^herald\.sqlite\.damaged-[^.]+$/.test(f))!;
    expect((await import('../db/backup')).sha256File(path.join(dir, aside))).toBe(damagedHash);
    expect((await call<Campaign[]>(core, 'campaigns.list', {})).map((c) => c.name)).toEqual(['Vraks']);
    core.close();
  });
});
