/**
 * The application core, Electron-free: opens the campaign file, owns the handler context, and exposes
 * dispatch() and events to whichever shell runs it (Electron's ipcMain, or the browser-mode HTTP bridge, or tests).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { EventName, EventPayload } from '../shared/ipc/contract';
import { dispatch } from '../shared/ipc/dispatch';
import type { Result } from '../shared/ipc/result';
import type { AppInfo } from '../shared/ipc/schemas/app';
import type { HandlerContext } from './context';
import { classifySqliteError } from './db/errors';
import { isWritableDir, openCampaignFile, openReadOnlySnapshot, type OpenedDatabase } from './db/open';
import os from 'node:os';
import type { FileDialogs, Printer } from './files';
import { Backups } from './backups';
import { listVerifiedBackups, restoreBackup, sha256File, setAsideFile } from './db/backup';
import { DbOpenError } from './db/errors';
import path from 'node:path';
import { AppError } from '../shared/ipc/result';
import { handlers } from './handlers';
import { ensureSampleTeamLists } from './repos/team-lists';
import { pinRuleset, unpinnedCampaigns } from './repos/rulesets';
import { battleHonoursPreset } from '../shared/rules';
import { dataPaths, type DataPaths } from './paths';

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface CoreOptions {
  dataDir: string;
  migrationsFolder: string;
  mode: AppInfo['mode'];
  version: string;
  now?: () => Date;
  newId?: () => string;
  log?: (message: string) => void;
  files?: FileDialogs;
  printer?: Printer;
  /** Move a damaged, foreign or non-SQLite file aside and restore the newest verified backup (default on). */
  recoverDamagedFile?: boolean;
  /** Daily and after-commit backups (default on; tests switch them off unless they test them). */
  automaticBackups?: boolean;
}

export interface Core {
  readonly paths: DataPaths;
  readonly info: AppInfo;
  readonly opened: OpenedDatabase;
  /** Parse, run, answer: never throws. */
  invoke(channel: unknown, input: unknown): Promise<Result<unknown>>;
  /** Listen to every event (the shells forward them to their windows); returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void;
  close(): void;
}

/** Throws DbOpenError (with a message for the organiser) when the campaign file cannot be opened. */
export function createCore(options: CoreOptions): Core {
  const paths = dataPaths(options.dataDir);
  fs.mkdirSync(paths.dataDir, { recursive: true });
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((m: string) => console.error(m));
  const open = () =>
    openCampaignFile({
      file: paths.databaseFile,
      migrationsFolder: options.migrationsFolder,
      backupsDir: paths.backupsDir,
      now,
    });
  let notice: string | null = null;
  let opened: OpenedDatabase;
  // A read-only disk: open a private copy read-only, with a notice; nothing is ever written to the original.
  const readOnly = fs.existsSync(paths.dataDir) && !isWritableDir(paths.dataDir);
  try {
    opened = readOnly ? openReadOnlySnapshot(paths.databaseFile, options.migrationsFolder, os.tmpdir()) : open();
    if (readOnly) {
      notice = `The campaign file is on a read-only disk, so Herald opened it read-only: you can look at everything, but nothing can be saved until the file is on a writable disk.`;
      log(notice);
    }
  } catch (e) {
    if (readOnly) throw e;
    // RELIABILITY.md rule 4: a damaged, foreign or non-SQLite file is never modified or deleted: it is moved aside,
    // kept, and the newest verified backup is put in its place (or an empty file when there is none). A file from a
    // newer Herald is not damaged: it is refused and left where it is (the message names the version needed).
    if (!(e instanceof DbOpenError) || !['CORRUPT', 'NOT_SQLITE', 'FOREIGN_FILE'].includes(e.kind) || options.recoverDamagedFile === false) throw e;
    const setAside = setAsideFile(paths.databaseFile, e.kind, now());
    const newest = listVerifiedBackups(paths.backupsDir)[0];
    if (newest) restoreBackup(newest, paths.databaseFile, now());
    opened = open();
    const what = e.kind === 'CORRUPT' ? 'was damaged' : e.kind === 'FOREIGN_FILE' ? 'belongs to another application' : 'is not a SQLite database';
    notice =
      `The campaign file ${what}. Herald moved it aside, unchanged, to ${path.basename(setAside)} (in ${paths.dataDir}) ` +
      (newest
        ? `and restored the verified backup of ${newest.createdAt.slice(0, 16).replace('T', ' ')} UTC (${newest.reason}). Anything saved after that backup is only in the file set aside.`
        : 'and started an empty campaign file: there was no verified backup to restore.');
    log(notice);
  }
  if (opened.backup) log(`Backed up the campaign file before updating it: ${opened.backup.path}`);

  const listeners = new Set<EventListener>();
  const info: AppInfo = {
    name: 'Herald',
    version: options.version,
    mode: options.mode,
    dataDir: paths.dataDir,
    databaseFile: paths.databaseFile,
    schemaVersion: opened.schemaVersion,
    readOnly,
    notice,
  };
  const backups = new Backups(() => opened.sqlite, paths.backupsDir, now, log);
  const automatic = (options.automaticBackups ?? true) && !readOnly;
  const ctx: HandlerContext = {
    db: opened.db,
    backups,
    afterCommit: (reason) => {
      if (automatic) backups.soon(reason);
    },
    restore: (file) => {
      const chosen = backups.list().find((b) => b.file === file);
      if (!chosen) throw new AppError('NOT_FOUND', 'That backup is no longer there (or no longer matches its checksum).');
      // A restore can itself be undone: the current state is backed up first (and the file itself is set aside).
      backups.take('before-restore');
      opened.sqlite.close();
      const { setAside } = restoreBackup(chosen, paths.databaseFile, now());
      try {
        opened = open();
      } catch (e) {
        if (setAside) restoreBackup({ ...chosen, path: setAside, sha256: sha256File(setAside) }, paths.databaseFile, now());
        opened = open();
        throw e;
      }
      ctx.db = opened.db;
      info.schemaVersion = opened.schemaVersion;
      return chosen;
    },
    now,
    newId: options.newId ?? randomUUID,
    info,
    files: options.files,
    printer: options.printer,
    emit: (event, payload) => {
      for (const l of listeners) {
        try {
          l(event, payload);
        } catch (e) {
          log(`Event listener failed on ${event}: ${String(e)}`);
        }
      }
    },
  };

  if (!readOnly) {
    // Sample team lists ship with the app; add any this file does not have yet (never overwrite a club's edits).
    ensureSampleTeamLists(ctx.db, now, ctx.newId);
    // Campaigns from before rulesets were pinned (issue 6) played the Battle Honours preset: pin it once, now.
    ctx.db.transaction((tx) => {
      for (const id of unpinnedCampaigns(tx)) pinRuleset(tx, id, battleHonoursPreset(), 'Pinned when Herald started keeping a ruleset per campaign', now().toISOString());
    });
  }

  if (automatic && !readOnly) backups.startDaily();

  return {
    paths,
    info,
    get opened() {
      return opened;
    },
    invoke: (channel, input) =>
      dispatch(handlers, ctx, channel, input, {
        classifyError: classifySqliteError,
        logError: (c, e) => log(`Error on ${c}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
      }),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      backups.stop();
      listeners.clear();
      if (opened.sqlite.open) opened.sqlite.close();
    },
  };
}
