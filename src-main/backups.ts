/**
 * Automatic verified backups (issue 8, RELIABILITY.md rule 3): before every void, import and restore (taken at once,
 * inside the request, before anything changes), after every committed game (soon after the answer is sent, so a
 * commit stays fast; several commits in a row make one backup), and daily. Each backup is verified before it gets
 * its final name (db/backup.ts), then the history is thinned (db/thinning.ts). A failed automatic backup is logged and
 * never fails the user's action: the action's own transaction already made the data durable.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { createVerifiedBackup, listVerifiedBackups, type BackupInfo } from './db/backup';
import { backupsToThin } from './db/thinning';

const DAY = 24 * 60 * 60 * 1000;

/** Rows this connection has inserted, updated or deleted since it opened. */
const totalChanges = (connection: Database.Database) => connection.prepare('SELECT total_changes()').pluck().get() as number;

export class Backups {
  #pending: string | null = null;
  #timer: ReturnType<typeof setInterval> | undefined;
  #first: ReturnType<typeof setTimeout> | undefined;
  /** The last backup this process took, and the connection's change count when it was taken. */
  #last: { connection: Database.Database; changes: number; info: BackupInfo } | null = null;

  constructor(
    private readonly sqlite: () => Database.Database,
    readonly dir: string,
    private readonly now: () => Date,
    private readonly log: (message: string) => void,
  ) {}

  list(): BackupInfo[] {
    return listVerifiedBackups(this.dir);
  }

  /** Take a verified backup now (throws when it cannot: the caller decides whether to go on). */
  take(reason: string): BackupInfo {
    const connection = this.sqlite();
    const info = createVerifiedBackup(connection, this.dir, reason, this.now());
    this.#last = { connection, changes: totalChanges(connection), info };
    this.thin();
    return info;
  }

  /**
   * A verified backup of the campaign as it is now: the newest one when nothing has been written since this process
   * took it (issue 9: voiding the game just committed reuses the after-commit backup instead of copying a ten-year
   * file again), otherwise a new one. Every change goes through this one connection (the main process owns the
   * file), so an unchanged change count means the backup holds exactly the current data.
   */
  takeUnlessCurrent(reason: string): BackupInfo {
    const connection = this.sqlite();
    const last = this.#last;
    if (last && last.connection === connection && last.changes === totalChanges(connection) && fs.existsSync(last.info.path)) return last.info;
    return this.take(reason);
  }

  /** Take a backup after the current request has answered; several requests in a row make one backup. */
  soon(reason: string) {
    if (this.#pending !== null) return;
    this.#pending = reason;
    setImmediate(() => {
      const why = this.#pending ?? reason;
      this.#pending = null;
      try {
        if (this.sqlite().open) this.take(why);
      } catch (e) {
        this.log(`Automatic backup (${why}) failed: ${String(e)}`);
      }
    });
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
    if (firstCheckAfterMs <= 0) check();
    else {
      this.#first = setTimeout(check, firstCheckAfterMs);
      this.#first.unref();
    }
    this.#timer = setInterval(check, 60 * 60 * 1000);
    this.#timer.unref();
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer);
    if (this.#first) clearTimeout(this.#first);
    this.#timer = undefined;
    this.#first = undefined;
    this.#pending = null;
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
