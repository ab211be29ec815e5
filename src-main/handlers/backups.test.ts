/**
 * Integration (issue 8): automatic verified backups after a committed game and before a void; restore and undo; a
 * whole-file restore keeps today's hand-over marks (issue 27).
 * A campaign file set aside at start-up is tested in src-main/startup-recovery.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackupView } from '../../shared/ipc/schemas/backups';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import { call, failure, tempDir, testCore } from '../test-support';

const tick = () => new Promise((r) => setImmediate(r));

describe('backups', () => {
  it('a daily backup at start; back up by hand; restore puts the old state back and can itself be undone', async () => {
    const dir = tempDir();
    const core = testCore(dir, { automaticBackups: true });
    await tick();
    await core.backupsIdle(); // automatic backups are taken in a worker thread
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
    expect(files.filter((f) => f.endsWith('.sqlite.zst')).length).toBe(files.filter((f) => f.endsWith('.manifest.json')).length);
    expect(files.filter((f) => f.endsWith('.sqlite'))).toEqual([]); // every backup is compressed (issue 21)
    core.close();
  });

  it('a whole-file restore keeps today’s hand-overs: a campaign handed over now stays handed over, one taken back since stays writable', async () => {
    const core = testCore();
    const vraks = await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
    const armageddon = await call<Campaign>(core, 'campaigns.create', { name: 'Armageddon' });
    await call(core, 'campaigns.handOver', { id: armageddon.id, to: 'Marta’s laptop', destination: 'download' });
    const backup = await call<BackupView>(core, 'backups.create', {});
    // Since the backup: Armageddon taken back, Vraks handed to Jon.
    await call(core, 'campaigns.takeBack', { id: armageddon.id });
    await call(core, 'campaigns.handOver', { id: vraks.id, to: 'Jon’s laptop', destination: 'download' });

    await call(core, 'backups.restore', { file: backup.file });
    const handedOver = Object.fromEntries((await call<Campaign[]>(core, 'campaigns.list', {})).map((c) => [c.name, c.handedOver?.to ?? null]));
    expect(handedOver).toEqual({ Vraks: 'Jon’s laptop', Armageddon: null });
    expect((await failure(core, 'campaigns.rename', { id: vraks.id, name: 'Vraks II' })).code).toBe('READ_ONLY');
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
