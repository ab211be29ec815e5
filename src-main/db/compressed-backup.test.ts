/**
 * Issue 21: compressed backups (zstd, `….sqlite.zst`) on real files. A backup is kept only after its compressed file
 * has been decompressed again to a temporary file that hashes to the snapshot and passes integrity_check and the JSON
 * check; a damaged one is never kept; restore works from compressed backups and from the plain backups of before
 * (old manifests); what a killed backup left behind is removed at the next start.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackupView } from '../../shared/ipc/schemas/backups';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import { Backups } from '../backups';
import { call, tempDir, testCore } from '../test-support';
import { plainBackup } from '../test-support/plain-backup';
import { createVerifiedBackup, createVerifiedBackupWith, listVerifiedBackups, sha256File, type BackupManifest } from './backup';
import { runBackupWorker } from './backup-worker';
import { decompressFileSync, isZstdFile } from './zstd';

/** A campaign file with one campaign, closed. */
async function campaignFile(name = 'Vraks') {
  const dir = tempDir('herald-zstd-');
  const core = testCore(dir, { fullCheck: false });
  await call<Campaign>(core, 'campaigns.create', { name });
  core.close();
  return { dir, file: path.join(dir, 'herald.sqlite'), backupsDir: path.join(dir, 'backups') };
}

const names = async (core: ReturnType<typeof testCore>) => (await call<Campaign[]>(core, 'campaigns.list', {})).map((c) => c.name).sort();
const leftovers = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.tmp(-wal|-shm)?$/.test(f)) : []);

describe('compressed backups (issue 21)', () => {
  it('on the main thread and in the worker: a .sqlite.zst whose manifest names the file and the database inside, both proven', async () => {
    const { file, backupsDir } = await campaignFile();
    const sqlite = new Database(file);
    const here = createVerifiedBackup(sqlite, backupsDir, 'before-import', new Date(Date.UTC(2026, 10, 23, 10)));
    const there = await createVerifiedBackupWith((job) => runBackupWorker(job), file, backupsDir, 'by-hand', new Date(Date.UTC(2026, 10, 23, 11)));
    sqlite.close();
    for (const b of [here, there]) {
      expect(b.file).toMatch(/\.sqlite\.zst$/);
      expect(isZstdFile(b.path)).toBe(true);
      const manifest = JSON.parse(fs.readFileSync(`${b.path}.manifest.json`, 'utf8')) as BackupManifest;
      expect(manifest).toMatchObject({ compression: 'zstd', sha256: sha256File(b.path), bytes: fs.statSync(b.path).size });
      const out = path.join(backupsDir, '..', `${b.reason}.sqlite`);
      expect(decompressFileSync(b.path, out)).toEqual({ sha256: manifest.databaseSha256, bytes: manifest.databaseBytes });
      expect(manifest.databaseBytes!).toBeGreaterThan(manifest.bytes); // compressed
      const copy = new Database(out, { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('SELECT name FROM campaigns').pluck().all()).toEqual(['Vraks']);
      copy.close();
    }
    expect(listVerifiedBackups(backupsDir).map((b) => b.reason)).toEqual(['by-hand', 'before-import']);
    expect(leftovers(backupsDir)).toEqual([]);
  });

  it('a backup whose decompressed copy fails the check is never kept, on either thread, and leaves no temporary file', async () => {
    const { file, backupsDir } = await campaignFile();
    const db = new Database(file);
    db.pragma('ignore_check_constraints = 1');
    db.prepare(`UPDATE campaign_rulesets SET content = '{"id": "hor-battle-honours", "na'`).run();
    expect(() => createVerifiedBackup(db, backupsDir, 'by-hand', new Date())).toThrow(/integrity check/);
    db.close();
    await expect(createVerifiedBackupWith((job) => runBackupWorker(job), file, backupsDir, 'by-hand', new Date())).rejects.toThrow(/stored document/);
    expect(fs.readdirSync(backupsDir)).toEqual([]);
  });

  it('a compressed backup damaged after it was kept is no longer listed; with its manifest forged to match, restoring it is refused and nothing changes', async () => {
    const { dir, backupsDir } = await campaignFile();
    const core = testCore(dir);
    const made = await call<BackupView>(core, 'backups.create', {});
    await call<Campaign>(core, 'campaigns.create', { name: 'Armageddon' });
    const backupFile = path.join(backupsDir, made.file);
    const bytes = fs.readFileSync(backupFile);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(backupFile, bytes);
    expect((await call<BackupView[]>(core, 'backups.list', {})).map((b) => b.file)).toEqual([]);
    // The manifest rewritten to the damaged file's hash: listed again, but zstd's checksum (and the database's SHA-256)
    // refuse it, and the campaign file in use is untouched.
    const manifestFile = `${backupFile}.manifest.json`;
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
    fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, sha256: sha256File(backupFile) }));
    const r = await core.invoke('backups.restore', { file: made.file });
    expect(r.ok).toBe(false);
    expect(await names(core)).toEqual(['Armageddon', 'Vraks']);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.restore.tmp'))).toEqual([]);
    core.close();
  });

  it('restores from a compressed backup and from a plain one of before (an old manifest), each undoable', async () => {
    const { dir, file, backupsDir } = await campaignFile();
    const old = plainBackup(file, backupsDir, '2026-01-05T19:00:00.000Z');
    const core = testCore(dir);
    await call<Campaign>(core, 'campaigns.create', { name: 'Armageddon' });
    const compressed = await call<BackupView>(core, 'backups.create', {});
    await call<Campaign>(core, 'campaigns.create', { name: 'Cadia' });
    const listed = await call<BackupView[]>(core, 'backups.list', {});
    expect(listed.map((b) => b.file)).toEqual([compressed.file, old]);
    expect(listed[1]!.bytes).toBe(fs.statSync(path.join(backupsDir, old)).size);

    await call(core, 'backups.restore', { file: old });
    expect(await names(core)).toEqual(['Vraks']);
    await call(core, 'backups.restore', { file: compressed.file });
    expect(await names(core)).toEqual(['Armageddon', 'Vraks']);
    // The two backups taken before those restores are compressed too; the newest undoes the last restore.
    const undo = (await call<BackupView[]>(core, 'backups.list', {}))[0]!;
    expect(undo).toMatchObject({ reason: 'before-restore' });
    expect(undo.file).toMatch(/\.sqlite\.zst$/);
    await call(core, 'backups.restore', { file: undo.file });
    expect(await names(core)).toEqual(['Vraks']);
    core.close();
  });

  it('what a backup killed mid-write left (temporary names only) is never listed, and is removed at the next start', async () => {
    const { file, backupsDir } = await campaignFile();
    fs.mkdirSync(backupsDir, { recursive: true });
    const stem = path.join(backupsDir, 'herald-20261123-100000Z-by-hand.sqlite.zst');
    for (const suffix of ['.tmp', '.snapshot.tmp', '.verify.tmp', '.verify.tmp-wal', '.manifest.json.tmp']) fs.writeFileSync(stem + suffix, 'half written');
    fs.writeFileSync(path.join(backupsDir, 'notes.txt'), 'the organiser’s own file');
    fs.writeFileSync(`${file}.restore.tmp`, 'half a restore');
    expect(listVerifiedBackups(backupsDir)).toEqual([]);
    const logs: string[] = [];
    const db = new Database(file);
    const backups = new Backups(
      () => db,
      backupsDir,
      () => new Date(),
      (m) => logs.push(m),
    );
    expect(leftovers(backupsDir)).toEqual([]);
    expect(fs.readdirSync(backupsDir)).toEqual(['notes.txt']);
    expect(fs.existsSync(`${file}.restore.tmp`)).toBe(false);
    expect(logs.join(' ')).toMatch(/Removed 6 temporary file/);
    await backups.takeInBackground('by-hand');
    expect(backups.list()).toHaveLength(1);
    db.close();
  });
});
