/**
 * Backups in a worker thread (issue 9, db/backup-worker.ts): the copy is verified like any backup, a damaged copy is
 * never kept, backups in a row are one backup, and where a worker cannot load SQLite the backup is taken here instead.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Backups } from './backups';
import { createVerifiedBackupWith, listVerifiedBackups, sha256File } from './db/backup';
import { BackupThreads, IDLE_MS, runBackupWorker, WorkerUnavailable } from './db/backup-worker';
import { decompressFileSync } from './db/zstd';
import { tempDir } from './test-support';

function campaignFile(dir: string) {
  const db = new Database(path.join(dir, 'herald.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE games (n INTEGER)');
  db.pragma('user_version = 7');
  const insert = db.prepare('INSERT INTO games VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < 1000; i++) insert.run(i);
  })();
  return db;
}

const clock = () => {
  let t = Date.UTC(2026, 10, 22, 19, 0, 0);
  return () => new Date((t += 1000));
};

describe('backups in a worker thread', () => {
  it('the worker copies a consistent snapshot, checks it and hashes it; the main thread keeps writing meanwhile', async () => {
    const dir = tempDir();
    const db = campaignFile(dir);
    const logs: string[] = [];
    const backups = new Backups(
      () => db,
      path.join(dir, 'backups'),
      clock(),
      (m) => logs.push(m),
    );
    const taking = backups.takeInBackground('by-hand');
    db.prepare('INSERT INTO games VALUES (?)').run(1000); // written while the backup is under way
    const info = await taking;
    expect(info).toMatchObject({ reason: 'by-hand', schemaVersion: 7 });
    expect(sha256File(info.path)).toBe(info.sha256);
    expect(listVerifiedBackups(backups.dir).map((b) => b.file)).toEqual([info.file]);
    // Compressed (issue 21): what it holds is read from a decompressed copy.
    expect(info.compression).toBe('zstd');
    const out = decompressFileSync(info.path, path.join(dir, 'out.sqlite'));
    expect(out.sha256).toBe(info.databaseSha256);
    const copy = new Database(path.join(dir, 'out.sqlite'), { readonly: true });
    expect([1000, 1001]).toContain(copy.prepare('SELECT count(*) FROM games').pluck().get());
    copy.close();
    expect(fs.readdirSync(backups.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(logs).toEqual([]);
    db.close();
  });

  it('several requests in a row make one backup, and one more when something was written after it started', async () => {
    const dir = tempDir();
    const db = campaignFile(dir);
    const backups = new Backups(
      () => db,
      path.join(dir, 'backups'),
      clock(),
      () => {},
    );
    backups.soon('after-game-1');
    backups.soon('after-game-2');
    await new Promise((resolve) => setImmediate(resolve));
    backups.soon('after-game-3'); // while the first is being copied, with nothing new written
    await backups.idle();
    expect(backups.list().map((b) => b.reason)).toEqual(['after-game-1']);
    backups.soon('after-game-4');
    await new Promise((resolve) => setImmediate(resolve));
    db.prepare('INSERT INTO games VALUES (?)').run(2000);
    backups.soon('after-game-5');
    await backups.idle();
    expect(
      backups
        .list()
        .map((b) => b.reason)
        .sort(),
    ).toEqual(['after-game-1', 'after-game-4', 'after-game-5']);
    db.close();
  });

  it('a copy that fails its check is never kept under a backup name', async () => {
    const dir = tempDir();
    const garbage = path.join(dir, 'garbage.sqlite');
    fs.writeFileSync(garbage, Buffer.alloc(8192, 7));
    const backupsDir = path.join(dir, 'backups');
    await expect(createVerifiedBackupWith((job) => runBackupWorker(job), garbage, backupsDir, 'by-hand', new Date())).rejects.toThrow();
    expect(fs.readdirSync(backupsDir)).toEqual([]);
  });

  it('the threads stay for the next backup (a file grown past their buffer is copied whole), and start again once stopped', async () => {
    const dir = tempDir();
    const db = campaignFile(dir);
    const threads = new BackupThreads();
    const backupsDir = path.join(dir, 'backups');
    const take = (reason: string) => createVerifiedBackupWith((job) => threads.run(job), db.name, backupsDir, reason, new Date());
    const rowsIn = (info: { path: string }, name: string) => {
      const out = path.join(dir, name);
      decompressFileSync(info.path, out);
      const copy = new Database(out, { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        return copy.prepare('SELECT count(*) FROM games').pluck().get();
      } finally {
        copy.close();
      }
    };
    expect(threads.warm()).toBe(true);
    const small = await take('first');
    const insert = db.prepare('INSERT INTO games VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 20_000; i++) insert.run(i);
    })();
    const grown = await take('grown');
    expect(grown.databaseBytes!).toBeGreaterThan(small.databaseBytes! * 1.25);
    expect([rowsIn(small, 'small.sqlite'), rowsIn(grown, 'grown.sqlite')]).toEqual([1000, 21_000]);
    await threads.stop();
    const again = await take('after-stop');
    expect(rowsIn(again, 'again.sqlite')).toBe(21_000);
    await threads.stop();
    db.close();
  });

  it('the threads end once idle for their time, never during a backup, and start again for the next one', async () => {
    const dir = tempDir();
    const db = campaignFile(dir);
    const threads = new BackupThreads(undefined, 150);
    const take = (reason: string) => createVerifiedBackupWith((job) => threads.run(job), db.name, path.join(dir, 'backups'), reason, new Date());
    expect(threads.warm()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await take('while-warm'); // asked for before the idle time ran out: the same threads take it
    expect(threads.running).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(threads.running).toBe(false);
    await take('after-idle');
    expect(listVerifiedBackups(path.join(dir, 'backups')).map((b) => b.reason)).toEqual(['after-idle', 'while-warm']);
    await threads.stop();
    db.close();
  });

  it('by default the threads end two idle seconds after their last backup, not minutes later (issue 29: their memory)', async () => {
    const dir = tempDir();
    const db = campaignFile(dir);
    const threads = new BackupThreads();
    // The idle count starts as the backup answers; its clock is moved on by hand (no real waiting).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await createVerifiedBackupWith((job) => threads.run(job), db.name, path.join(dir, 'backups'), 'evening', new Date());
      expect(IDLE_MS).toBeLessThanOrEqual(2_000);
      vi.advanceTimersByTime(IDLE_MS - 100);
      expect(threads.running).toBe(true);
      vi.advanceTimersByTime(100);
      expect(threads.running).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    await threads.stop();
    db.close();
  });

  it('while the main thread keeps committing, each backup still holds one whole commit, checked', async () => {
    const dir = tempDir();
    const db = campaignFile(dir);
    db.exec('CREATE TABLE tally (total INTEGER NOT NULL); INSERT INTO tally VALUES (1000)');
    const add = db.transaction((n: number) => {
      db.prepare('INSERT INTO games VALUES (?)').run(n);
      db.prepare('UPDATE tally SET total = total + 1').run();
    });
    const threads = new BackupThreads();
    let writing = true;
    let n = 5000;
    const writer = (async () => {
      while (writing) {
        add(n++);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createVerifiedBackupWith((job) => threads.run(job), db.name, path.join(dir, 'backups'), `b${i}`, new Date()));
    writing = false;
    await writer;
    await threads.stop();
    expect(n).toBeGreaterThan(5000);
    for (const info of made) {
      const out = path.join(dir, `${info.reason}.sqlite`);
      decompressFileSync(info.path, out);
      const copy = new Database(out, { readonly: true });
      // The two tables agree: the copy is one commit, never half of one or two.
      expect(copy.prepare('SELECT (SELECT count(*) FROM games) = (SELECT total FROM tally)').pluck().get()).toBe(1);
      copy.close();
    }
    db.close();
  });

  it('where a worker cannot load SQLite, the backup is taken on the main thread instead, and said so in the log', async () => {
    const dir = tempDir();
    const db = campaignFile(dir);
    const logs: string[] = [];
    const unavailable = new BackupThreads(path.join(dir, 'no-such-module.js'));
    const backups = new Backups(
      () => db,
      path.join(dir, 'backups'),
      clock(),
      (m) => logs.push(m),
      unavailable,
    );
    await expect(
      runBackupWorker({ dbFile: db.name, tmpPath: path.join(dir, 'y.tmp'), compressed: true }, path.join(dir, 'no-such-module.js')),
    ).rejects.toBeInstanceOf(WorkerUnavailable);
    const info = await backups.takeInBackground('by-hand');
    expect(sha256File(info.path)).toBe(info.sha256);
    expect(logs.join(' ')).toMatch(/main thread/);
    // Later backups go straight to the main thread.
    await backups.takeInBackground('by-hand');
    expect(logs.filter((m) => /main thread/.test(m))).toHaveLength(1);
    db.close();
  });

  it('a restore’s check of its chosen backup, in the backup thread or here where no worker can run: the database it holds, or refused in words', async () => {
    const cases = [
      { threads: new BackupThreads(), told: ['checking-backup', 'unpacking'] },
      { threads: new BackupThreads(path.join(tempDir(), 'no-such-module.js')), told: [] },
    ];
    for (const { threads, told } of cases) {
      const dir = tempDir();
      const db = campaignFile(dir);
      const backups = new Backups(
        () => db,
        path.join(dir, 'backups'),
        clock(),
        () => {},
        threads,
      );
      const info = await backups.takeInBackground('by-hand');
      const steps: string[] = [];
      const dest = path.join(dir, 'restored.sqlite');
      await backups.unpackForRestore(info, dest, ({ step }) => steps.push(step));
      const back = new Database(dest, { readonly: true });
      expect(back.prepare('SELECT count(*) FROM games').pluck().get()).toBe(1000);
      back.close();
      // Told from the thread; none where the check ran here.
      expect(steps).toEqual(told);
      // One byte changed since it was listed: refused before anything is unpacked.
      const bytes = fs.readFileSync(info.path);
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
      fs.writeFileSync(info.path, bytes);
      fs.rmSync(dest);
      await expect(backups.unpackForRestore(info, dest)).rejects.toThrow(`The backup ${info.file} no longer matches its manifest.`);
      expect(fs.existsSync(dest)).toBe(false);
      backups.stop();
      db.close();
    }
  });
});
