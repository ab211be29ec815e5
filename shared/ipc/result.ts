/**
 * The one shape every IPC call returns. Errors carry a typed code so the renderer can react (show a field message,
 * offer a backup, say "busy") without parsing text, and a message a club organiser can read.
 */
export const ERROR_CODES = [
  /** The input did not match the channel's schema (bad or hostile renderer input). Nothing was changed. */
  'INVALID_INPUT',
  /** No such channel. Nothing was changed. */
  'UNKNOWN_CHANNEL',
  /** The thing asked for does not exist. */
  'NOT_FOUND',
  /** The input is well-formed but breaks a rule (an empty or duplicate name, say). Nothing was changed. */
  'VALIDATION',
  /** The campaign file is held by another process; try again. */
  'BUSY',
  /** The campaign file opened read-only; no change can be saved. */
  'READ_ONLY',
  /** The disk is full; nothing was saved, the file is intact. */
  'DISK_FULL',
  /** The campaign file is damaged. */
  'CORRUPT',
  /** A bug: the message says what to report. */
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldIssue {
  /** Dotted path into the input, '' for the whole input. */
  path: string;
  message: string;
}

export interface AppErrorData {
  code: ErrorCode;
  message: string;
  /** Per-field problems, for forms. */
  issues?: FieldIssue[];
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: FieldIssue[] | undefined;
  constructor(code: ErrorCode, message: string, issues?: FieldIssue[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.issues = issues;
  }
  toData(): AppErrorData {
    return this.issues ? { code: this.code, message: this.message, issues: this.issues } : { code: this.code, message: this.message };
  }
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorData };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = (error: AppErrorData): Result<never> => ({ ok: false, error });
