import { z } from 'zod';
import { BackupView } from './backups';

/**
 * Start-up recovery (issue 8): the campaign file could not be used, so Herald moved it aside unchanged and started on
 * a fresh, empty campaign file. Nothing is restored by itself: the organiser chooses (restore the newest verified
 * backup, choose another, or keep the empty file). Pending until one of those happens.
 */
export const RecoveryKind = z.enum(['damaged', 'not-sqlite', 'foreign', 'newer']);
export type RecoveryKind = z.infer<typeof RecoveryKind>;

export const Recovery = z.object({
  /** What was wrong: damaged, not a SQLite database, another application's file, or saved by a newer Herald. */
  kind: RecoveryKind,
  /** The name the original file now has (unchanged, never deleted), e.g. `herald.sqlite.damaged-20261122-080000Z`. */
  setAsideFile: z.string(),
  /** The folder it is in (the data folder, beside the campaign file). */
  folder: z.string(),
  /** A newer Herald's file: the campaign-file (schema) version it has; this Herald reads up to AppInfo.schemaVersion. */
  versionNeeded: z.number().int().nullable(),
  /** The newest verified backup this Herald can open, to offer; null when there is none. */
  newestBackup: BackupView.nullable(),
  /** The technical reason, for "details" and for support. */
  detail: z.string(),
});
export type Recovery = z.infer<typeof Recovery>;

export const AppInfo = z.object({
  name: z.literal('Herald'),
  version: z.string(),
  /** Which shell the renderer is running in. */
  mode: z.enum(['electron', 'browser']),
  /** Where the campaign file lives, to show the organiser. */
  dataDir: z.string(),
  databaseFile: z.string(),
  /** Number of the newest migration applied (the file's schema version). */
  schemaVersion: z.number().int(),
  readOnly: z.boolean(),
  /** Something the organiser must know about the campaign file since start-up (e.g. it opened read-only). */
  notice: z.string().nullable(),
  /** A campaign file set aside at start-up, waiting for the organiser to restore a backup or start empty. */
  recovery: Recovery.nullable(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const Empty = z.object({}).strict();
