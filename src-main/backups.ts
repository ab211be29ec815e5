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

export class Backups {
  #pending: string | null = null;
  #timer: ReturnType<typeof setInterval> | undefined;

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
    const info = createVerifiedBackup(this.sqlite(), this.dir, reason, this.now());
    this.thin();
    return info;
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

  /** A daily backup when the newest is more than a day old; checked at start and every hour while Herald runs. */
  startDaily() {
    const check = () => {
      const newest = this.list()[0];
      if (!newest || this.now().getTime() - Date.parse(newest.createdAt) > DAY) this.soon('daily');
    };
    check();
    this.#timer = setInterval(check, 60 * 60 * 1000);
    this.#timer.unref();
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer);
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
