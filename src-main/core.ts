/**
 * The application core, Electron-free: opens the campaign file, owns the handler context, and exposes
 * dispatch() and events to whichever shell runs it (Electron's ipcMain, or the browser-mode HTTP bridge, or tests).
 */
import { randomUUID } from 'node:crypto';
import type { EventName, EventPayload } from '../shared/ipc/contract';
import { dispatch } from '../shared/ipc/dispatch';
import { err, type Result } from '../shared/ipc/result';
import type { AppInfo } from '../shared/ipc/schemas/app';
import { Backups } from './backups';
import type { HandlerContext } from './context';
import { DbOpenError, classifySqliteError, isUnreadableContent } from './db/errors';
import type { IntegrityResult } from './db/integrity-check';
import type { OpenedDatabase } from './db/open';
import type { QuickCheck } from './db/quick-check';
import type { FileDialogs, Printer } from './files';
import { handlers } from './handlers';
import { handOverRefusal } from './hand-over';
import { createLanControl } from './lan/control';
import { committedState } from './lan/state-version';
import { dataPaths, type DataPaths } from './paths';
import { clearRecoveryNote } from './recovery';
import { fullChecker } from './start/full-check';
import { Live } from './start/live';
import { openAtStart, type Start } from './start/open-file';
import { prepareFile } from './start/prepare-file';
import { restoreChosen } from './start/restore';

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

/**
 * createCore's work, in the steps of src-main/start/: open the file (open-file.ts), build the handlers' context,
 * prepare the file (prepare-file.ts), start the backups and the full check (full-check.ts), and answer.
 * `damaged` makes it treat the file as damaged without opening it (see createCore).
 */
function startCore(options: CoreOptions, damaged?: DbOpenError, onOpened?: (opened: OpenedDatabase) => void): Core {
  const paths = dataPaths(options.dataDir);
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((m: string) => console.error(m));
  const s: Start = {
    paths,
    migrationsFolder: options.migrationsFolder,
    now,
    log,
    recoverDamagedFile: options.recoverDamagedFile !== false,
    quickCheck: options.quickCheck,
  };
  const { opened, readOnly, notice, recovery } = openAtStart(s, damaged, onOpened);
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
  const live = new Live(opened, info);
  const backups = new Backups(() => live.opened.sqlite, paths.backupsDir, now, log);
  // Daily and after-commit backups. Not while a recovery is pending: the file is then the empty one Herald started,
  // and it must never become the "newest verified backup" offered next time. Explicit actions still back up.
  const automatic = (options.automaticBackups ?? true) && !readOnly;
  const startDaily = () => {
    if (automatic && !info.recovery) backups.startDaily(options.dailyBackupDelayMs ?? 5_000);
  };
  const endRecovery = () => {
    if (!info.recovery) return;
    info.recovery = null;
    clearRecoveryNote(paths.dataDir);
    log('The start-up recovery ended: automatic backups are back on.');
    startDaily();
    ctx.emit('app.recoveryEnded', {});
  };
  const listeners = new Set<EventListener>();
  const ctx: HandlerContext = {
    db: opened.db,
    backups,
    afterCommit: (reason) => {
      if (automatic && !info.recovery) backups.soon(reason);
    },
    restore: (file, tell) => restoreChosen(s, live, backups, endRecovery, file, tell),
    endRecovery,
    now,
    newId: options.newId ?? randomUUID,
    info,
    files: options.files,
    printer: options.printer,
    log,
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
  live.ctx = ctx;

  const prepare = () => prepareFile(ctx.db, now, ctx.newId);
  if (!readOnly) prepare();
  startDaily();
  const runFullCheck = fullChecker(s, live, { enabled: !readOnly && options.fullCheck !== false, backups, prepare });
  let fullCheck = runFullCheck();

  const core: Core = {
    paths,
    info,
    get opened() {
      return live.opened;
    },
    async invoke(channel, input) {
      // Using the fresh file while a recovery is pending (importing a campaign into it, say) is choosing to keep it:
      // that ends the recovery like "Start with an empty campaign file" does, and automatic backups resume.
      const watch = info.recovery !== null && typeof channel === 'string' && !/^(app|backups)\./.test(channel);
      const before = watch ? totalChanges(live.opened) : 0;
      // A campaign handed over to another laptop is read-only here (issue 22): every write to it is refused first.
      const handedOver = handOverRefusalSafe(ctx, channel, input);
      if (handedOver) return err(handedOver.toData());
      const result = await dispatch(handlers, ctx, channel, input, {
        classifyError: classifySqliteError,
        logError: (c, e) => log(`Error on ${c}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
      });
      if (watch && result.ok && totalChanges(live.opened) !== before) endRecovery();
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
      live.closed = true;
      // The Club Wi-Fi view is off again at quit (issue 22): never left serving, never remembered as on.
      ctx.lan?.close();
      backups.stop();
      listeners.clear();
      if (live.opened.sqlite.open) live.opened.sqlite.close();
    },
  };
  // Phones read through the same invoke as the window (after the LAN listener's allowlist: src-main/lan/).
  // Their answers are cached per committed state of the file (issue 28: thirty phones, one build).
  if (options.lanStaticDir)
    ctx.lan = createLanControl({
      invoke: (c, i) => core.invoke(c, i),
      staticDir: options.lanStaticDir,
      log,
      now,
      stateVersion: () => committedState(live.opened.sqlite),
    });
  return core;
}

/** handOverRefusal, where a file that cannot answer (damaged, say) leaves the request to dispatch and its checks. */
function handOverRefusalSafe(ctx: HandlerContext, channel: unknown, input: unknown) {
  try {
    return handOverRefusal(ctx.db, channel, input);
  } catch {
    return null;
  }
}

/** Rows inserted, changed or deleted on this connection since it opened. */
const totalChanges = (o: OpenedDatabase) => Number(o.sqlite.prepare('SELECT total_changes()').pluck().get());
