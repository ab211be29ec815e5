/**
 * Start-up recovery (issue 8, docs/reliability.md rule 4): a damaged, non-SQLite, foreign or newer-Herald campaign file is
 * moved aside unchanged and Herald starts on a fresh empty file. Nothing is restored by itself: app.info's `recovery`
 * offers the newest verified backup; restoring it or dismissing ends the recovery, and until then no automatic backup
 * runs (an empty file must never become the newest verified backup).
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../shared/ipc/schemas/app';
import type { BackupRestoreResult, BackupView } from '../shared/ipc/schemas/backups';
import type { Campaign } from '../shared/ipc/schemas/campaigns';
import type { z } from 'zod';
import type { Core } from './core';
import { sha256File } from './db/backup';
import { DbOpenError } from './db/errors';
import { decompressFileSync } from './db/zstd';
import { plainBackup } from './test-support/plain-backup';
import { knownMigrations } from './db/migrate';
import { RECOVERY_NOTE } from './recovery';
import { MIGRATIONS, call, tempDir, testCore } from './test-support';

const tick = () => new Promise((r) => setImmediate(r));
const campaignNames = async (core: Core) => (await call<Campaign[]>(core, 'campaigns.list', {})).map((c) => c.name);
const KNOWN = knownMigrations(MIGRATIONS).length;

/** A data folder with a campaign "Vraks" in a verified backup, and "After the backup" only in the file. */
async function withBackup(dir = tempDir()) {
  const first = testCore(dir);
  await call<Campaign>(first, 'campaigns.create', { name: 'Vraks' });
  const backup = await call<BackupView>(first, 'backups.create', {});
  await call<Campaign>(first, 'campaigns.create', { name: 'After the backup' });
  first.opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  first.close();
  return { dir, file: path.join(dir, 'herald.sqlite'), backup };
}

/** Make the file look saved by a later Herald: its migrations table has a migration this Herald does not know. */
function makeNewer(file: string) {
  const db = new Database(file);
  db.prepare(`INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('a-later-herald', 9999999999999)`).run();
  db.pragma(`user_version = ${KNOWN + 1}`);
  db.close();
}

const setAsideNames = (dir: string, label: string) => fs.readdirSync(dir).filter((f) => new RegExp(`^herald\\.sqlite\\.${label}-[0-9Z-]+$`).test(f));

describe('start-up recovery', () => {
  it('a damaged file is moved aside unchanged; Herald starts empty and offers the newest verified backup without restoring it', async () => {
    const { dir, file, backup } = await withBackup();
    const bytes = fs.readFileSync(file);
    bytes.fill(0x5a, 100, 4096); // wreck the schema page after the header
    fs.writeFileSync(file, bytes);
    const damagedHash = sha256File(file);

    const events: string[] = [];
    const core = testCore(dir);
    core.onEvent((e) => events.push(e));
    const recovery = core.info.recovery!;
    expect(backup.file).toMatch(/\.sqlite\.zst$/); // compressed (issue 21)
    expect(recovery).toMatchObject({
      kind: 'damaged',
      folder: dir,
      versionNeeded: null,
      newestBackup: { file: backup.file, reason: 'by-hand', createdAt: backup.createdAt, bytes: backup.bytes },
    });
    expect(recovery.detail).toMatch(/damaged/);
    expect(core.info.notice).toBeNull();
    expect(setAsideNames(dir, 'damaged')).toEqual([recovery.setAsideFile]);
    expect(sha256File(path.join(dir, recovery.setAsideFile))).toBe(damagedHash);
    // Nothing restored by itself: the file at the normal path is a fresh, empty campaign file.
    expect(await campaignNames(core)).toEqual([]);
    expect((await call<AppInfo>(core, 'app.info', {})).recovery?.setAsideFile).toBe(recovery.setAsideFile);

    // The organiser restores the offered backup: the campaign is back and the recovery is over.
    const restored = await call<z.infer<typeof BackupRestoreResult>>(core, 'backups.restore', { file: backup.file });
    expect(await campaignNames(core)).toEqual(['Vraks']);
    expect(core.info.recovery).toBeNull();
    expect(events).toContain('app.recoveryEnded');
    // The empty file it replaced is set aside like any restore, but not backed up (it would become the newest backup).
    expect(restored.undo).toBeNull();
    expect((await call<BackupView[]>(core, 'backups.list', {})).map((b) => b.reason)).toEqual(['by-hand']);
    expect(fs.readdirSync(dir).some((f) => f.startsWith('herald.sqlite.replaced-'))).toBe(true);
    // The damaged file is still there, unchanged.
    expect(sha256File(path.join(dir, recovery.setAsideFile))).toBe(damagedHash);
    core.close();
  });

  it('a plain backup from before compressed backups (issue 21) is offered and restored the same way', async () => {
    const { dir, file } = await withBackup();
    // Newer than the compressed one (the test clock is in November 2026), so it is the one offered.
    const plain = plainBackup(file, path.join(dir, 'backups'), '2026-12-01T19:00:00.000Z');
    fs.writeFileSync(file, 'not a campaign file');
    const core = testCore(dir);
    expect(core.info.recovery?.newestBackup?.file).toBe(plain);
    await call(core, 'backups.restore', { file: plain });
    expect(await campaignNames(core)).toEqual(['After the backup', 'Vraks']);
    expect(core.info.recovery).toBeNull();
    core.close();
  });

  it('a file from a newer Herald is moved aside too, naming the campaign-file version it needs; a newer backup is not offered', async () => {
    const { dir, file, backup } = await withBackup();
    makeNewer(file);
    // A backup that newer Herald made: this Herald cannot restore it, so it must not be the one offered.
    const newerBackupHash = sha256File(file);
    {
      const db = new Database(file);
      const { createVerifiedBackup } = await import('./db/backup');
      createVerifiedBackup(db, path.join(dir, 'backups'), 'daily', new Date(Date.UTC(2027, 0, 1)));
      db.close();
    }
    expect(sha256File(file)).toBe(newerBackupHash);

    const core = testCore(dir);
    const recovery = core.info.recovery!;
    expect(recovery.kind).toBe('newer');
    expect(recovery.versionNeeded).toBe(KNOWN + 1);
    expect(core.info.schemaVersion).toBe(KNOWN);
    expect(recovery.detail).toMatch(/newer version of Herald/);
    expect(setAsideNames(dir, 'newer')).toEqual([recovery.setAsideFile]);
    expect(sha256File(path.join(dir, recovery.setAsideFile))).toBe(newerBackupHash);
    expect(recovery.newestBackup?.file).toBe(backup.file);
    expect(await campaignNames(core)).toEqual([]);

    // Restoring the newer Herald's backup is refused in words, and the file in use still works.
    const newerBackup = (await call<BackupView[]>(core, 'backups.list', {})).find((b) => b.schemaVersion > KNOWN)!;
    const refused = await core.invoke('backups.restore', { file: newerBackup.file });
    expect(refused.ok ? null : refused.error).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/cannot be restored.*newer version of Herald/),
    });
    expect(await campaignNames(core)).toEqual([]);
    expect(core.info.recovery).not.toBeNull();
    core.close();
  });

  it('a file SQLite finds sound but whose content cannot be read at start-up is set aside as damaged, unchanged', async () => {
    const { dir, file, backup } = await withBackup();
    const db = new Database(file);
    db.prepare(`UPDATE team_lists SET content = '{"id": "orks-sample", broken' WHERE list_key = 'orks-sample'`).run();
    db.close();
    const before = sha256File(file);
    const core = testCore(dir);
    expect(core.info.recovery).toMatchObject({ kind: 'damaged', newestBackup: { file: backup.file } });
    expect(core.info.recovery?.detail).toMatch(/cannot be read/);
    expect(sha256File(path.join(dir, core.info.recovery!.setAsideFile))).toBe(before);
    expect(await campaignNames(core)).toEqual([]);
    core.close();
  });

  it('a file that is not SQLite, and another program’s database, are named as such; with no backup none is offered', async () => {
    for (const [label, make] of [
      ['not-sqlite', (f: string) => fs.writeFileSync(f, 'name,points\nVraks,250\n'.repeat(20))],
      [
        'foreign',
        (f: string) => {
          const other = new Database(f);
          other.pragma('application_id = 1234');
          other.exec('CREATE TABLE accounts (id integer PRIMARY KEY)');
          other.close();
        },
      ],
    ] as const) {
      const dir = tempDir();
      const file = path.join(dir, 'herald.sqlite');
      make(file);
      const before = sha256File(file);
      const core = testCore(dir);
      expect(core.info.recovery).toMatchObject({ kind: label, newestBackup: null, versionNeeded: null });
      expect(setAsideNames(dir, label)).toHaveLength(1);
      expect(sha256File(path.join(dir, setAsideNames(dir, label)[0]!))).toBe(before);
      core.close();
    }
  });

  it('no automatic backup while the recovery is pending; "start with an empty campaign file" ends it and they resume', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'herald.sqlite'), 'not a campaign file');
    const core = testCore(dir, { automaticBackups: true });
    const events: string[] = [];
    core.onEvent((e) => events.push(e));
    await tick();
    await core.backupsIdle(); // a backup wrongly started would be finished (and listed) by now
    expect(await call<BackupView[]>(core, 'backups.list', {})).toEqual([]);
    // Reading the empty file changes nothing and keeps the recovery pending.
    await campaignNames(core);
    expect(core.info.recovery).not.toBeNull();

    const info = await call<AppInfo>(core, 'app.dismissRecovery', {});
    expect(info.recovery).toBeNull();
    expect(events).toEqual(['app.recoveryEnded']);
    await tick();
    await core.backupsIdle(); // automatic backups are taken in a worker thread
    expect((await call<BackupView[]>(core, 'backups.list', {})).map((b) => b.reason)).toEqual(['daily']);
    // Dismissing again is harmless.
    expect((await call<AppInfo>(core, 'app.dismissRecovery', {})).recovery).toBeNull();
    expect(events).toEqual(['app.recoveryEnded']);
    core.close();
  });

  it('an explicit backup still works while pending; using the empty file (creating a campaign) ends the recovery', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'herald.sqlite'), 'not a campaign file');
    const core = testCore(dir, { automaticBackups: true });
    await tick();
    expect((await call<BackupView>(core, 'backups.create', {})).reason).toBe('by-hand');
    expect(core.info.recovery).not.toBeNull();
    await call<Campaign>(core, 'campaigns.create', { name: 'Fresh start' });
    expect(core.info.recovery).toBeNull();
    core.close();
  });

  it('a pending recovery outlives closing Herald, until the organiser chooses; another file put in place drops it', async () => {
    const { dir, file, backup } = await withBackup();
    fs.writeFileSync(file, 'not a campaign file');
    const first = testCore(dir, { automaticBackups: true });
    const setAside = first.info.recovery!.setAsideFile;
    first.close();

    // Closed without choosing: the next start shows the same choice, and still takes no automatic backup.
    const second = testCore(dir, { automaticBackups: true });
    expect(second.info.recovery).toMatchObject({ kind: 'not-sqlite', setAsideFile: setAside, newestBackup: { file: backup.file } });
    await tick();
    await second.backupsIdle(); // a backup wrongly started would be finished (and listed) by now
    expect((await call<BackupView[]>(second, 'backups.list', {})).map((b) => b.file)).toEqual([backup.file]);
    await call(second, 'app.dismissRecovery', {});
    second.close();
    expect(fs.existsSync(path.join(dir, RECOVERY_NOTE))).toBe(false);
    const third = testCore(dir);
    expect(third.info.recovery).toBeNull();
    third.close();

    // A note left for a file that is no longer the one in place (the organiser moved another file there) is dropped.
    fs.writeFileSync(path.join(dir, 'herald.sqlite'), 'not a campaign file either');
    const fourth = testCore(dir);
    fourth.close();
    fs.rmSync(path.join(dir, 'herald.sqlite'));
    for (const side of ['-wal', '-shm']) fs.rmSync(path.join(dir, `herald.sqlite${side}`), { force: true });
    // A backup is zstd-compressed (issue 21): put back by hand, it is decompressed first (as `zstd -d` would).
    decompressFileSync(path.join(dir, 'backups', backup.file), path.join(dir, 'herald.sqlite'));
    const fifth = testCore(dir);
    expect(fifth.info.recovery).toBeNull();
    expect(await campaignNames(fifth)).toEqual(['Vraks']);
    expect(fs.existsSync(path.join(dir, RECOVERY_NOTE))).toBe(false);
    fifth.close();
  });

  it('a restore killed while unpacking leaves herald.sqlite.restore.tmp: the next start removes it, on a sound file and on a recovery', async () => {
    const { dir, file, backup } = await withBackup();
    const half = (target: string) => {
      decompressFileSync(path.join(dir, 'backups', backup.file), target);
      fs.truncateSync(target, Math.floor(fs.statSync(target).size / 2)); // killed half-way through writing it
    };
    const leftover = `${file}.restore.tmp`;
    half(leftover);
    const core = testCore(dir);
    expect(fs.existsSync(leftover)).toBe(false);
    expect((await campaignNames(core)).sort()).toEqual(['After the backup', 'Vraks']); // the campaign file as it was
    core.close();

    // Killed with the campaign file damaged too: the start that moves it aside removes the half-written one as well.
    half(leftover);
    fs.writeFileSync(file, 'not a campaign file');
    const recovering = testCore(dir);
    expect(recovering.info.recovery).not.toBeNull();
    expect(fs.existsSync(leftover)).toBe(false);
    recovering.close();
  });

  it('refuses to start on such a file when recovery is switched off, leaving it where it is', () => {
    const dir = tempDir();
    const file = path.join(dir, 'herald.sqlite');
    fs.writeFileSync(file, 'not a campaign file');
    expect(() => testCore(dir, { recoverDamagedFile: false })).toThrow(DbOpenError);
    expect(fs.readFileSync(file, 'utf8')).toBe('not a campaign file');
  });
});
