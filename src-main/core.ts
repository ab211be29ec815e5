/**
 * The application core, Electron-free: opens the campaign file, owns the handler context, and exposes
 * dispatch() and events to whichever shell runs it (Electron's ipcMain, or the browser-mode HTTP bridge, or tests).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { EventName, EventPayload } from '../shared/ipc/contract';
import { dispatch } from '../shared/ipc/dispatch';
import type { Result } from '../shared/ipc/result';
import { RecoveryKind, type AppInfo, type Recovery } from '../shared/ipc/schemas/app';
import type { HandlerContext } from './context';
import { classifySqliteError } from './db/errors';
import { isWritableDir, openCampaignFile, openReadOnlySnapshot, type OpenedDatabase } from './db/open';
import os from 'node:os';
import type { FileDialogs, Printer } from './files';
import type { QuickCheck } from './db/quick-check';
import { Backups } from './backups';
import { listVerifiedBackups, restoreBackup, setAsideFile, setAsideLabel, sha256File } from './db/backup';
import { DbOpenError, isSetAsideKind, isUnreadableContent } from './db/errors';
import path from 'node:path';
import { AppError } from '../shared/ipc/result';
import { handlers } from './handlers';
import { rebuild as rebuildTeams } from './ledger';
import { ensureSampleTeamLists } from './repos/team-lists';
import { carryOverClubOptionalRules, pinRuleset, unpinnedCampaigns } from './repos/rulesets';
import { battleHonoursPreset } from '../shared/rules';
import { dataPaths, type DataPaths } from './paths';
import { clearRecoveryNote, loadRecoveryNote, saveRecoveryNote } from './recovery';
import { integrityCheckInWorker, type IntegrityResult } from './db/integrity-check';
import { createLanControl } from './lan/control';

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
  /**
   * Move a damaged, non-SQLite, foreign or newer-Herald file aside (unchanged) and start on a fresh empty file, offering
   * the newest verified backup in `info.recovery` (default on; off, such a file makes createCore throw).
   */
  recoverDamagedFile?: boolean;
  /** Daily and after-commit backups (default on; tests switch them off unless they test them). */
  automaticBackups?: boolean;
  /**
   * How long after start the daily backup is first checked (default 5 s): copying a large campaign file must not
   * delay the first screen (issue 9). Tests use 0.
   */
  dailyBackupDelayMs?: number;
  /** quick_check of the campaign file, already made in a worker at launch (browser mode: bridge/launch.ts). */
  quickCheck?: QuickCheck | null;
  /**
   * The full check after start (issue 16: integrity_check and every stored JSON document, in a worker; default on).
   * A file that fails it is set aside and the recovery screen offered, as at start-up.
   */
  fullCheck?: boolean;
  /**
   * The built renderer (dist/renderer), whose phone page the Club Wi-Fi view serves (issue 22). Without it lan.start
   * says the view is not available here.
   */
  lanStaticDir?: string;
}

export interface Core {
  readonly paths: DataPaths;
  readonly info: AppInfo;
  readonly opened: OpenedDatabase;
  /** Parse, run, answer: never throws. */
  invoke(channel: unknown, input: unknown): Promise<Result<unknown>>;
  /** Listen to every event (the shells forward them to their windows); returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void;
  /** Resolves once no automatic backup is under way or waiting (a backup runs in a worker after each commit). */
  backupsIdle(): Promise<void>;
  /**
   * The latest full check of the campaign file (started after start-up, and again when a request finds damage):
   * null when none ran (read-only, recovery pending, switched off, or no worker could run).
   */
  fullCheck(): Promise<IntegrityResult | null>;
  close(): void;
}

/** Throws DbOpenError (with a message for the organiser) when the campaign file cannot be opened. */
export function createCore(options: CoreOptions): Core {
  let first: OpenedDatabase | undefined;
  try {
    return startCore(options, undefined, (o) => (first = o));
  } catch (e) {
    if (first?.sqlite.open) first.sqlite.close();
    // The file passed SQLite's checks, but what it holds cannot be read at start-up (a damaged page inside a stored
    // document, say): it is damaged all the same, and is set aside like any damaged file. The failing step's
    // transaction rolled back; a step that committed before it wrote only what a sound file would get too.
    if (options.recoverDamagedFile === false || !isUnreadableContent(e)) throw e;
    const file = dataPaths(options.dataDir).databaseFile;
    const reason = e instanceof Error ? e.message : String(e);
    return startCore(
      options,
      new DbOpenError(
        'CORRUPT',
        file,
        `The campaign file ${file} is damaged: some of what it holds cannot be read (${reason.slice(0, 120)}). Herald has not changed it.`,
        { cause: e },
      ),
    );
  }
}

/** createCore's work; `damaged` makes it treat the file as damaged without opening it (see createCore). */
function startCore(options: CoreOptions, damaged?: DbOpenError, onOpened?: (opened: OpenedDatabase) => void): Core {
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
      quickCheck: options.quickCheck,
    });
  let notice: string | null = null;
  let recovery: Recovery | null = null;
  let opened!: OpenedDatabase; // assigned by open() or setAsideAndStartFresh() below
  // A read-only disk: open a private copy read-only, with a notice; nothing is ever written to the original.
  const readOnly = fs.existsSync(paths.dataDir) && !isWritableDir(paths.dataDir);
  try {
    if (damaged && !readOnly) throw damaged;
    opened = readOnly ? openReadOnlySnapshot(paths.databaseFile, options.migrationsFolder, os.tmpdir()) : open();
    // A recovery the organiser had not answered before Herald was closed is still pending (src-main/recovery.ts).
    const noted = readOnly ? null : loadRecoveryNote(paths.dataDir, paths.databaseFile, () => !opened.sqlite.prepare('SELECT 1 FROM campaigns LIMIT 1').get());
    if (noted) recovery = { ...noted, newestBackup: newestRestorable(paths.backupsDir, opened.schemaVersion) };
    if (readOnly) {
      notice = `The campaign file is on a read-only disk, so Herald opened it read-only: you can look at everything, but nothing can be saved until the file is on a writable disk.`;
      log(notice);
    }
  } catch (e) {
    if (readOnly) throw e;
    // docs/reliability.md rule 4 and issue 8: a damaged, non-SQLite or foreign file, or one from a newer Herald, is never
    // modified or deleted: it is moved aside unchanged, under a name that says what it is, and Herald starts on a fresh
    // empty campaign file. Nothing is restored by itself: `info.recovery` offers the newest verified backup and the
    // organiser chooses (the renderer's recovery screen). Until then no automatic backup runs (see `automatic` below).
    if (!(e instanceof DbOpenError) || !isSetAsideKind(e.kind) || options.recoverDamagedFile === false) throw e;
    recovery = setAsideAndStartFresh(e);
  }
  /** Move the file aside (with its -wal/-shm) and open a fresh one; the recovery to offer, saved for the next start. */
  function setAsideAndStartFresh(e: DbOpenError): Recovery {
    const setAside = setAsideFile(paths.databaseFile, e.kind, now());
    opened = open();
    const newest = newestRestorable(paths.backupsDir, opened.schemaVersion);
    const recovery: Recovery = {
      kind: RecoveryKind.parse(setAsideLabel(e.kind)),
      setAsideFile: path.basename(setAside),
      folder: path.dirname(setAside),
      versionNeeded: e.newer?.fileSchemaVersion ?? null,
      newestBackup: newest,
      detail: e.message,
    };
    saveRecoveryNote(paths.dataDir, paths.databaseFile, recovery, log);
    log(
      `${e.message} Herald moved it aside, unchanged, to ${setAside} and started an empty campaign file; ` +
        (newest ? `it offers the verified backup ${newest.file} (nothing is restored until the organiser chooses).` : 'there is no verified backup to offer.'),
    );
    return recovery;
  }
  onOpened?.(opened);
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
    recovery,
  };
  const backups = new Backups(() => opened.sqlite, paths.backupsDir, now, log);
  // Daily and after-commit backups. Not while a recovery is pending: the file is then the empty one Herald started,
  // and it must never become the "newest verified backup" offered next time. Explicit actions still back up.
  const automatic = (options.automaticBackups ?? true) && !readOnly;
  const endRecovery = () => {
    if (!info.recovery) return;
    info.recovery = null;
    clearRecoveryNote(paths.dataDir);
    log('The start-up recovery ended: automatic backups are back on.');
    if (automatic) backups.startDaily(options.dailyBackupDelayMs ?? 5_000);
    ctx.emit('app.recoveryEnded', {});
  };
  const ctx: HandlerContext = {
    db: opened.db,
    backups,
    afterCommit: (reason) => {
      if (automatic && !info.recovery) backups.soon(reason);
    },
    restore: (file) => {
      const chosen = backups.list().find((b) => b.file === file);
      if (!chosen) throw new AppError('NOT_FOUND', 'That backup is no longer there (or no longer matches its checksum).');
      // A restore can itself be undone: the current state is backed up first (and the file itself is set aside). While
      // a recovery is pending the current file is the empty one Herald started: it is set aside as usual but not backed
      // up, so an empty file never becomes the newest verified backup.
      const undo = info.recovery ? null : backups.take('before-restore');
      opened.sqlite.close();
      let setAside: string | undefined;
      try {
        ({ setAside } = restoreBackup(chosen, paths.databaseFile, now()));
      } catch (e) {
        // Refused before the file in use was touched (a compressed backup that no longer decompresses to what its
        // manifest names: issue 21): open it again and say why.
        opened = open();
        ctx.db = opened.db;
        throw new AppError('VALIDATION', `That backup cannot be restored: ${e instanceof Error ? e.message : String(e)}`);
      }
      try {
        opened = open();
      } catch (e) {
        if (setAside) restoreBackup({ ...chosen, path: setAside, sha256: sha256File(setAside) }, paths.databaseFile, now());
        opened = open();
        ctx.db = opened.db;
        // e.g. a backup made by a newer Herald: say why, in words (the file in use is back as it was).
        if (e instanceof DbOpenError) throw new AppError('VALIDATION', `That backup cannot be restored: ${e.message}`);
        throw e;
      }
      ctx.db = opened.db;
      info.schemaVersion = opened.schemaVersion;
      // A backup from before issue 9 (or another projection version) gets its teams' projections now.
      ctx.db.transaction((tx) => rebuildTeams(tx, 'stale', now().toISOString()));
      endRecovery();
      return { restored: chosen, undo };
    },
    endRecovery,
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

  /** What every writable file gets at start (the file opened at start-up, or the fresh one after a full check failed). */
  const prepareFile = () => {
    // Sample team lists ship with the app; add any this file does not have yet (never overwrite a club's edits).
    ensureSampleTeamLists(ctx.db, now, ctx.newId);
    // Campaigns from before rulesets were pinned (issue 6) played the Battle Honours preset: pin it once, now.
    ctx.db.transaction((tx) => {
      for (const id of unpinnedCampaigns(tx))
        pinRuleset(tx, id, battleHonoursPreset(), 'Pinned when Herald started keeping a ruleset per campaign', now().toISOString());
      // Optional rules switched on in the old Club settings become house rules (issue 6): a new ruleset row, once.
      carryOverClubOptionalRules(tx, now().toISOString());
    });
    // Teams' stored projections missing (a file from before issue 9) or from another projection version: rebuild.
    ctx.db.transaction((tx) => rebuildTeams(tx, 'stale', now().toISOString()));
  };
  if (!readOnly) prepareFile();

  if (automatic && !info.recovery) backups.startDaily(options.dailyBackupDelayMs ?? 5_000);

  // Issue 16: start-up trusts quick_check so the first screen is quick; the full check (integrity_check, which also
  // finds damaged indexes, and every stored JSON document) follows in a worker. A file that fails it is damaged like
  // any other: set aside (kept as it is now, with what was saved since start) and the recovery screen offered.
  let closed = false;
  const runFullCheck = (): Promise<IntegrityResult | null> => {
    if (readOnly || info.recovery || options.fullCheck === false) return Promise.resolve(null);
    const checked = opened;
    return integrityCheckInWorker(paths.databaseFile)
      .then((result) => {
        if (closed || !result || result.ok || opened !== checked || info.recovery) return result;
        if (options.recoverDamagedFile === false) {
          log(`The full check found the campaign file damaged: ${result.problems.join(' ')}`);
          return result;
        }
        const damage = new DbOpenError(
          'CORRUPT',
          paths.databaseFile,
          `The campaign file ${paths.databaseFile} is damaged: Herald's full check found ${result.problems.slice(0, 2).join(' ')}`,
        );
        backups.stopDaily();
        opened.sqlite.close();
        info.recovery = setAsideAndStartFresh(damage);
        ctx.db = opened.db;
        info.schemaVersion = opened.schemaVersion;
        prepareFile();
        // Every screen is stale: the renderer starts again from app.info, which now holds the recovery.
        ctx.emit('app.restored', { file: info.recovery.setAsideFile });
        return result;
      })
      .catch((e: unknown) => {
        // Setting the file aside failed (a locked folder, say): say so; the next start checks the file again.
        log(`The full check of the campaign file could not finish: ${e instanceof Error ? e.message : String(e)}`);
        return null;
      });
  };
  let fullCheck = runFullCheck();

  const core: Core = {
    paths,
    info,
    get opened() {
      return opened;
    },
    async invoke(channel, input) {
      // Using the fresh file while a recovery is pending (importing a campaign into it, say) is choosing to keep it:
      // that ends the recovery like "Start with an empty campaign file" does, and automatic backups resume.
      const watch = info.recovery !== null && typeof channel === 'string' && !/^(app|backups)\./.test(channel);
      const before = watch ? totalChanges(opened) : 0;
      const result = await dispatch(handlers, ctx, channel, input, {
        classifyError: classifySqliteError,
        logError: (c, e) => log(`Error on ${c}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
      });
      if (watch && result.ok && totalChanges(opened) !== before) endRecovery();
      // A request met damage the start-up checks did not see (or failed unexpectedly, which a damaged page can cause):
      // check the whole file again; damage found leads to the recovery screen.
      if (!result.ok && (result.error.code === 'CORRUPT' || result.error.code === 'INTERNAL')) fullCheck = fullCheck.then(runFullCheck, runFullCheck);
      return result;
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    backupsIdle: () => backups.idle(),
    fullCheck: () => fullCheck,
    close() {
      closed = true;
      // The Club Wi-Fi view is off again at quit (issue 22): never left serving, never remembered as on.
      ctx.lan?.close();
      backups.stop();
      listeners.clear();
      if (opened.sqlite.open) opened.sqlite.close();
    },
  };
  // Phones read through the same invoke as the window (after the LAN listener's allowlist: src-main/lan/).
  if (options.lanStaticDir) ctx.lan = createLanControl({ invoke: (c, i) => core.invoke(c, i), staticDir: options.lanStaticDir, log, now });
  return core;
}

/** The newest verified backup this Herald can open (one made by a newer Herald cannot be restored here), to offer. */
function newestRestorable(backupsDir: string, schemaVersion: number): Recovery['newestBackup'] {
  const b = listVerifiedBackups(backupsDir).find((x) => x.schemaVersion <= schemaVersion);
  return b ? { file: b.file, createdAt: b.createdAt, reason: b.reason, bytes: b.bytes, schemaVersion: b.schemaVersion } : null;
}

/** Rows inserted, changed or deleted on this connection since it opened. */
const totalChanges = (o: OpenedDatabase) => Number(o.sqlite.prepare('SELECT total_changes()').pluck().get());
