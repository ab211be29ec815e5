/**
 * Telling failures apart (RELIABILITY.md rule 4): corruption is not busy is not read-only is not disk-full.
 * A damaged file must never be "repaired" by writing to it; a busy one just needs a retry.
 */
import Database from 'better-sqlite3';
import { AppError } from '../../shared/ipc/result';

export type DbOpenErrorKind =
  | 'NEWER_VERSION'
  | 'FOREIGN_FILE'
  | 'NOT_SQLITE'
  | 'CORRUPT'
  | 'BUSY'
  | 'PRAGMA_MISMATCH'
  | 'MIGRATION_FAILED'
  | 'READ_ONLY';

/** Why a campaign file could not be opened. The message is written for the organiser. */
export class DbOpenError extends Error {
  readonly kind: DbOpenErrorKind;
  readonly file: string;
  constructor(kind: DbOpenErrorKind, file: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DbOpenError';
    this.kind = kind;
    this.file = file;
  }
}

export function sqliteCode(e: unknown): string | undefined {
  return e instanceof Database.SqliteError ? e.code : undefined;
}

export const isCorruption = (code: string | undefined) =>
  !!code && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
export const isBusy = (code: string | undefined) =>
  !!code && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
export const isReadOnly = (code: string | undefined) => !!code && code.startsWith('SQLITE_READONLY');
export const isDiskFull = (code: string | undefined) => code === 'SQLITE_FULL';

/** dispatch()'s classifyError: SQLite failures become typed, readable errors; anything else stays a bug. */
export function classifySqliteError(e: unknown): AppError | undefined {
  const code = sqliteCode(e) ?? (e as { code?: string } | null)?.code;
  if (isBusy(code)) return new AppError('BUSY', 'The campaign file is busy (another Herald may have it open). Nothing was saved; try again.');
  if (isReadOnly(code)) return new AppError('READ_ONLY', 'The campaign file is read-only here, so nothing can be saved.');
  if (isDiskFull(code) || code === 'ENOSPC') return new AppError('DISK_FULL', 'The disk is full. Nothing was saved and the campaign file is intact; free some space and try again.');
  if (isCorruption(code)) return new AppError('CORRUPT', 'The campaign file is damaged. Herald will not write to it; restore a backup.');
  if (code?.startsWith('SQLITE_CONSTRAINT')) return new AppError('VALIDATION', 'That change breaks a rule of the campaign file and was not saved.');
  return undefined;
}
