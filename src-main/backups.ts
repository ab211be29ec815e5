/**
 * Automatic verified backups (issue 8, docs/reliability.md rule 3): before every void, import and restore (inside the
 * request, before anything changes), after every committed game (in a worker thread once the answer is sent, so a
 * commit stays fast and the app keeps answering while a large file is copied; several commits in a row make one
 * backup), and daily. Each backup is verified before it gets its final name (db/backup.ts), then the history is
 * thinned (db/thinning.ts). A failed automatic backup is logged and never fails the user's action: the action's own
 * transaction already made the data durable.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import {
  backupUnpackLimit,
  createVerifiedBackup,
  createVerifiedBackupWith,
  DamagedBackup,
  listVerifiedBackups,
  sha256File,
  sweepTemporaryFiles,
  tooLarge,
  unpackBackup,
  type BackupInfo,
} from './db/backup';
import { BackupThreads, WorkerUnavailable, type OnThreadStep, type UnpackStep } from './db/backup-worker';
import { backupsToThin } from './db/thinning';

const DAY = 24 * 60 * 60 * 1000;

/** A restore asked for while another is under way. */
export class RestoreUnderWay extends Error {
  constructor() {
    super('Another restore is under way: wait until it has ended, then try again. Nothing was changed.');
  }
}

/** Rows this connection has inserted, updated or deleted since it opened. */
const totalChanges = (connection: Database.Database) => connection.prepare('SELECT total_changes()').pluck().get() as number;

interface Job {
  promise: Promise<BackupInfo>;
  connection: Database.Database;
  changes: number;
}

export class Backups {
  #pending: string | null = null;
  #scheduled = false;
  #stopped = false;
  #timer: ReturnType<typeof setInterval> | undefined;
  #first: ReturnType<typeof setTimeout> | undefined;
  /** The last backup this process took, and the connection's change count when it was taken. */
  #last: { connection: Database.Database; changes: number; info: BackupInfo } | null = null;
  /** The backup being taken in a worker thread, if any (one at a time). */
  #job: Job | null = null;
  /** Set when a worker thread cannot run here: backups are then taken on the main thread, as before issue 9. */
  #workerOff = false;
  /** While a restore prepares its swap, automatic backups wait (they would read the file it replaces). */
  #held = false;
  /** A restore (whole file or one campaign) is under way: one at a time (they share the file being restored). */
  #restoring = false;

  constructor(
    private readonly sqlite: () => Database.Database,
    readonly dir: string,
    private readonly now: () => Date,
    private readonly log: (message: string) => void,
    /** Run a backup's heavy part off the main thread (tests pass threads that cannot load SQLite, to check the fallback). */
    private readonly threads: Pick<BackupThreads, 'run' | 'stop' | 'warm' | 'unpack'> = new BackupThreads(),
  ) {
    // What a backup killed mid-write left behind (issue 21): never listed, but it takes disk space until removed.
    try {
      const swept = sweepTemporaryFiles(dir, sqlite().name);
      if (swept.length > 0) log(`Removed ${swept.length} temporary file(s) an interrupted backup left: ${swept.join(', ')}`);
    } catch (e) {
      log(`Could not remove an interrupted backup's temporary files: ${String(e)}`);
    }
  }

  list(): BackupInfo[] {
    return listVerifiedBackups(this.dir);
  }

  /** Take a verified backup now, on this thread (throws when it cannot: the caller decides whether to go on). */
  take(reason: string): BackupInfo {
    const connection = this.sqlite();
    const changes = totalChanges(connection);
    const info = createVerifiedBackup(connection, this.dir, reason, this.now());
    this.#remember(connection, changes, info);
    this.thin();
    return info;
  }

  /**
   * A verified backup taken in a worker thread: the main thread stays free to answer requests while a ten-year file
   * (hundreds of megabytes) is copied, checked and hashed (issue 9). Rejects when it cannot be taken. `onStep` hears
   * the thread's steps as they begin (issue 31; none when the backup falls back to the main thread).
   */
  async takeInBackground(reason: string, onStep?: OnThreadStep): Promise<BackupInfo> {
    // A backup under way may have started before the latest change: let it finish, then take one of now.
    if (this.#job) await this.#job.promise.catch(() => null);
    return this.#start(reason, onStep).promise;
  }

  /**
   * A verified backup of the campaign as it is now (before a void: issue 8): the newest one when nothing has been
   * written since this process took it (voiding the game just committed reuses the after-commit backup instead of
   * copying a ten-year file again), otherwise a new one, taken in a worker. Every change goes through this one
   * connection (the main process owns the file), so an unchanged change count means the backup holds exactly the
   * current data. The caller must check that nothing was written while it waited (see `changes`).
   */
  async current(reason: string): Promise<BackupInfo> {
    for (;;) {
      const connection = this.sqlite();
      const changes = totalChanges(connection);
      const last = this.#last;
      if (last && last.connection === connection && last.changes === changes && fs.existsSync(last.info.path)) return last.info;
      // A backup under way may be of exactly this state: wait for it rather than copy the file twice at once.
      if (this.#job) {
        await this.#job.promise.catch(() => null);
        continue;
      }
      const info = await this.#start(reason).promise;
      if (this.#last?.info === info && this.#last.changes === totalChanges(this.sqlite())) return info;
    }
  }

  /** Whether a backup is being taken now (in a worker it reads the campaign file: a restore waits for it to end). */
  get busy(): boolean {
    return this.#job !== null;
  }

  /** Rows the campaign connection has changed since it opened: equal counts mean nothing was written in between. */
  changes(): number {
    return totalChanges(this.sqlite());
  }

  /** Take a backup after the current request has answered, in a worker; several requests in a row make one backup. */
  soon(reason: string) {
    if (this.#stopped || this.#held) return;
    if (this.#job) {
      // One more when the running backup ends, if anything was written after it started.
      this.#pending = reason;
      return;
    }
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      if (this.#stopped || this.#held || !this.sqlite().open) return;
      if (this.#job) {
        this.#pending = reason; // started meanwhile (a void's backup): one more after it, if anything changes
        return;
      }
      this.#start(reason).promise.catch(() => {});
    });
  }

  /** Resolves once no backup is being taken or waiting to start (the benchmark and tests wait for it). */
  async idle(): Promise<void> {
    while (this.#job || this.#scheduled) {
      if (this.#job) await this.#job.promise.catch(() => null);
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * One restore at a time (issue 31: a restore now waits on the backup thread between its steps, so a second one could
   * start meanwhile): returns the function that ends it; a second is refused in words, changing nothing.
   */
  beginRestore(): () => void {
    if (this.#restoring) throw new RestoreUnderWay();
    this.#restoring = true;
    return () => {
      this.#restoring = false;
      this.#held = false;
    };
  }

  /**
   * A restore's check of its chosen backup (issue 31): hashed against its manifest and unpacked into `dest` within
   * its limit (issue 28) in the backup thread, so the main thread tells the windows each step meanwhile; on this
   * thread where no worker can run. Throws DamagedBackup in words when the backup cannot give back its database.
   */
  async unpackForRestore(backup: BackupInfo, dest: string, onStep?: (step: UnpackStep) => void): Promise<void> {
    if (!this.#workerOff) {
      try {
        const job = { path: backup.path, file: backup.file, sha256: backup.sha256, limit: backupUnpackLimit(backup), dest };
        await this.threads.unpack({ ...job, databaseSha256: backup.databaseSha256, databaseBytes: backup.databaseBytes }, onStep);
        return;
      } catch (e) {
        const { code, limit } = e as { code?: string; limit?: number };
        if (code === 'UNPACK_TOO_LARGE' && limit !== undefined) throw tooLarge(backup, limit);
        if (code === 'DAMAGED_BACKUP') throw new DamagedBackup((e as Error).message);
        if (!(e instanceof WorkerUnavailable)) throw e;
      }
    }
    if (sha256File(backup.path) !== backup.sha256) throw new DamagedBackup(`The backup ${backup.file} no longer matches its manifest.`);
    unpackBackup(backup, dest);
  }

  /**
   * A verified backup of the file as it is now, taken in a worker while the app keeps answering, to be confirmed in
   * the caller's part that runs without a pause (`confirm`): it is the backup when nothing was written since it began,
   * otherwise it is removed and one is taken there and then, on this thread. So the backup `confirm` returns always
   * holds exactly the state the caller then changes. Automatic backups wait until the restore ends (beginRestore).
   */
  async takeForSwap(reason: string, onStep?: OnThreadStep): Promise<{ confirm(): BackupInfo }> {
    this.#held = true;
    // Another backup under way (a window's Back up now) ends first: the one started below is this restore's own.
    while (this.#job) await this.#job.promise.catch(() => null);
    const connection = this.sqlite();
    const changes = totalChanges(connection);
    const info = await this.#start(reason, onStep).promise;
    return {
      confirm: () => {
        if (this.sqlite() === connection && totalChanges(connection) === changes) return info;
        fs.rmSync(info.path, { force: true });
        fs.rmSync(`${info.path}.manifest.json`, { force: true });
        return this.take(reason);
      },
    };
  }

  #remember(connection: Database.Database, changes: number, info: BackupInfo) {
    // A slower backup of an older state never replaces the record of a newer one.
    if (this.#last && this.#last.connection === connection && this.#last.changes > changes) return;
    this.#last = { connection, changes, info };
  }

  #start(reason: string, onStep?: OnThreadStep): Job {
    if (this.#job) return this.#job;
    const connection = this.sqlite();
    const changes = totalChanges(connection);
    const at = this.now();
    const job: Job = {
      connection,
      changes,
      promise: (async () => {
        try {
          const info = await this.#copy(connection, reason, at, onStep);
          this.#remember(connection, changes, info);
          this.thin();
          return info;
        } catch (e) {
          if (!this.#stopped) this.log(`Backup (${reason}) failed: ${String(e)}`);
          throw e;
        } finally {
          this.#job = null;
          const next = this.#pending;
          this.#pending = null;
          if (next !== null && !this.#stopped && connection.open && totalChanges(connection) !== changes) this.soon(next);
        }
      })(),
    };
    this.#job = job;
    return job;
  }

  async #copy(connection: Database.Database, reason: string, at: Date, onStep?: OnThreadStep): Promise<BackupInfo> {
    if (!this.#workerOff) {
      try {
        return await createVerifiedBackupWith((job) => this.threads.run(job, onStep), connection.name, this.dir, reason, at);
      } catch (e) {
        if (!(e instanceof WorkerUnavailable)) throw e;
        this.#workerOff = true;
        void this.threads.stop();
        this.log(`Backups run on the main thread: a worker thread could not load SQLite (${e.message}).`);
      }
    }
    return createVerifiedBackup(connection, this.dir, reason, at);
  }

  /**
   * A daily backup when the newest is more than a day old; checked shortly after start (so copying a large campaign
   * file never delays the first screen: issue 9) and every hour while Herald runs.
   */
  startDaily(firstCheckAfterMs = 0) {
    if (this.#timer) return;
    const check = () => {
      const newest = this.list()[0];
      if (!newest || this.now().getTime() - Date.parse(newest.createdAt) > DAY) this.soon('daily');
    };
    // The backup threads start with the first check, so the first backup of the day finds them ready.
    const first = () => {
      if (!this.#workerOff && !this.#stopped) this.threads.warm();
      check();
    };
    if (firstCheckAfterMs <= 0) first();
    else {
      this.#first = setTimeout(first, firstCheckAfterMs);
      this.#first.unref();
    }
    this.#timer = setInterval(check, 60 * 60 * 1000);
    this.#timer.unref();
  }

  /** Stop the daily checks only (a recovery began while Herald runs: no automatic backup of the fresh file). */
  stopDaily() {
    if (this.#timer) clearInterval(this.#timer);
    if (this.#first) clearTimeout(this.#first);
    this.#timer = undefined;
    this.#first = undefined;
  }

  /** Stop the timers and end any backup under way (its temporary file is removed; Herald is closing). */
  stop() {
    if (this.#timer) clearInterval(this.#timer);
    if (this.#first) clearTimeout(this.#first);
    this.#timer = undefined;
    this.#first = undefined;
    this.#pending = null;
    this.#stopped = true;
    void this.threads.stop();
  }

  private thin() {
    for (const file of backupsToThin(this.list(), this.now())) {
      const full = path.join(this.dir, file);
      // The backup first, then its manifest: a kill in between leaves a lone manifest (ignored), never a backup
      // without one.
      fs.rmSync(full, { force: true });
      fs.rmSync(`${full}.manifest.json`, { force: true });
    }
  }
}
