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
import { openCampaignFile, type OpenedDatabase } from './db/open';
import type { FileDialogs, Printer } from './files';
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
  const opened = openCampaignFile({
    file: paths.databaseFile,
    migrationsFolder: options.migrationsFolder,
    backupsDir: paths.backupsDir,
    now,
  });
  if (opened.backup) log(`Backed up the campaign file before updating it: ${opened.backup.path}`);

  const listeners = new Set<EventListener>();
  const info: AppInfo = {
    name: 'Herald',
    version: options.version,
    mode: options.mode,
    dataDir: paths.dataDir,
    databaseFile: paths.databaseFile,
    schemaVersion: opened.schemaVersion,
    readOnly: false,
  };
  const ctx: HandlerContext = {
    db: opened.db,
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

  // Sample team lists ship with the app; add any this file does not have yet (never overwrite a club's edits).
  ensureSampleTeamLists(ctx.db, now, ctx.newId);
  // Campaigns from before rulesets were pinned (issue 6) played the Battle Honours preset: pin it once, now.
  ctx.db.transaction((tx) => {
    for (const id of unpinnedCampaigns(tx)) pinRuleset(tx, id, battleHonoursPreset(), 'Pinned when Herald started keeping a ruleset per campaign', now().toISOString());
  });

  return {
    paths,
    info,
    opened,
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
      listeners.clear();
      if (opened.sqlite.open) opened.sqlite.close();
    },
  };
}
