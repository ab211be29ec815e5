/**
 * Telling failures apart (docs/reliability.md rule 4): corruption is not busy is not read-only is not disk-full.
 * A damaged file must never be "repaired" by writing to it; a busy one just needs a retry.
 */
import Database from 'better-sqlite3';
import { AppError } from '../../shared/ipc/result';

export type DbOpenErrorKind = 'NEWER_VERSION' | 'FOREIGN_FILE' | 'NOT_SQLITE' | 'CORRUPT' | 'BUSY' | 'PRAGMA_MISMATCH' | 'MIGRATION_FAILED' | 'READ_ONLY';

/** A file from a newer Herald: the schema version it has and the newest this Herald knows. */
export interface NewerVersionDetail {
  fileSchemaVersion: number;
  knownSchemaVersion: number;
}

/** Why a campaign file could not be opened. The message is written for the organiser. */
export class DbOpenError extends Error {
  readonly kind: DbOpenErrorKind;
  readonly file: string;
  /** Set for NEWER_VERSION: which schema version the file has (so the organiser can be told what to install). */
  readonly newer: NewerVersionDetail | undefined;
  constructor(kind: DbOpenErrorKind, file: string, message: string, options?: { cause?: unknown; newer?: NewerVersionDetail }) {
    super(message, options);
    this.name = 'DbOpenError';
    this.kind = kind;
    this.file = file;
    this.newer = options?.newer;
  }
}

/** The kinds of file start-up moves aside (never modifying them) before starting on a fresh campaign file. */
export const SET_ASIDE_KINDS = ['CORRUPT', 'NOT_SQLITE', 'FOREIGN_FILE', 'NEWER_VERSION'] as const satisfies readonly DbOpenErrorKind[];
export type SetAsideKind = (typeof SET_ASIDE_KINDS)[number];
export const isSetAsideKind = (kind: DbOpenErrorKind): kind is SetAsideKind => (SET_ASIDE_KINDS as readonly string[]).includes(kind);

export function sqliteCode(e: unknown): string | undefined {
  return e instanceof Database.SqliteError ? e.code : undefined;
}

export const isCorruption = (code: string | undefined) => !!code && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
export const isBusy = (code: string | undefined) => !!code && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
export const isReadOnly = (code: string | undefined) => !!code && code.startsWith('SQLITE_READONLY');
export const isDiskFull = (code: string | undefined) => code === 'SQLITE_FULL';
/**
 * At start-up, what the file holds cannot be read although SQLite's quick check passed: a stored JSON document that no
 * longer parses, a table whose definition no longer matches Herald's (SQLITE_ERROR: "no such column"), rows that
 * contradict their own indexes, or a page SQLite finds damaged. Busy, read-only and full disks are not the file's fault.
 */
export function isUnreadableContent(e: unknown): boolean {
  if (e instanceof SyntaxError) return true;
  const code = sqliteCode(e);
  return isCorruption(code) || code === 'SQLITE_ERROR' || code === 'SQLITE_MISMATCH' || !!code?.startsWith('SQLITE_CONSTRAINT');
}

/** dispatch()'s classifyError: SQLite failures become typed, readable errors; anything else stays a bug. */
export function classifySqliteError(e: unknown): AppError | undefined {
  const code = sqliteCode(e) ?? (e as { code?: string } | null)?.code;
  if (isBusy(code)) return new AppError('BUSY', 'The campaign file is busy (another Herald may have it open). Nothing was saved; try again.');
  if (isReadOnly(code)) return new AppError('READ_ONLY', 'The campaign file is read-only here, so nothing can be saved.');
  if (isDiskFull(code) || code === 'ENOSPC')
    return new AppError('DISK_FULL', 'The disk is full. Nothing was saved and the campaign file is intact; free some space and try again.');
  if (isCorruption(code)) return new AppError('CORRUPT', 'The campaign file is damaged. Herald will not write to it; restore a backup.');
  // A stored JSON document that no longer parses (issue 16): the file is damaged, not Herald (core.ts checks it fully).
  if (e instanceof SyntaxError && /JSON/i.test(e.message))
    return new AppError(
      'CORRUPT',
      'Part of the campaign file is damaged: a stored record cannot be read. Herald is checking the whole file; if it is damaged, Herald will offer your newest backup.',
    );
  if (code?.startsWith('SQLITE_CONSTRAINT')) return new AppError('VALIDATION', 'That change breaks a rule of the campaign file and was not saved.');
  return undefined;
}
