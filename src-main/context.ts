/**
 * What every handler and repo receives instead of globals, so tests can pin the clock and the ids.
 */
import type { EventName, EventPayload } from '../shared/ipc/contract';
import type { AppInfo } from '../shared/ipc/schemas/app';
import type { Db } from './db/open';
import type { FileDialogs, Printer } from './files';
import type { Backups } from './backups';
import type { BackupInfo } from './db/backup';
import type { LanControl } from './lan/control';
import type { TellRestore } from './backup-progress';

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface HandlerContext {
  db: Db;
  /** Verified backups of the campaign file (issue 8). */
  backups: Backups;
  /** A game was committed (or similar): take an automatic backup soon after the answer is sent. */
  afterCommit: (reason: string) => void;
  /**
   * Put a verified backup in place of the campaign file (after backing up the current one, which `undo` restores) and
   * reopen it. `undo` is null when there was nothing to keep: the empty file started during a start-up recovery.
   */
  restore: (file: string, tell?: TellRestore) => Promise<{ restored: BackupInfo; undo: BackupInfo | null }>;
  /** Keep the fresh campaign file started after a file was set aside at start-up (ends the recovery, if any). */
  endRecovery: () => void;
  now: () => Date;
  newId: () => string;
  emit: Emit;
  info: AppInfo;
  /** Main-process file dialogs (Electron); undefined in browser mode. */
  files: FileDialogs | undefined;
  /** Electron's PDF printer (a hidden window on the renderer's print route); undefined in browser mode. */
  printer?: Printer | undefined;
  /** Herald's log file (main's errors; a renderer's errors through app.logError, issue 31). */
  log?: (message: string) => void;
  /** The Club Wi-Fi view's switch (issue 22); undefined where the core serves no phone pages. */
  lan?: LanControl | undefined;
}
