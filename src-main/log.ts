/**
 * Herald's log file (issue 15): every error main reports — the core's `log` messages, console.error and uncaught
 * exceptions — appended with a time to `logs/herald.log` in the data folder, so an organiser can send it when
 * something went wrong. Rotated at about 1 MB, keeping 3 files (herald.log, herald.log.1, herald.log.2): a few MB
 * at most. Used by the desktop app and by browser mode. Writing the log never throws.
 *
 * Errors also go to `logs/herald-errors.log`, rotated on its own (issue 28): routine lines — refused requests, however
 * many a hostile client sends — fill herald.log only, so they can never rotate an error out of the log.
 */
import fs from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';

export const LOG_DIR = 'logs';
export const LOG_FILE = 'herald.log';
export const LOG_MAX_BYTES = 1024 * 1024;
export const LOG_KEEP = 3;
export const ERRORS_FILE = 'herald-errors.log';

/**
 * Routine lines: refused requests (the Club Wi-Fi view's summaries, browser mode's own refusals below 500). Every
 * other message — errors, uncaught exceptions, a 500 — is kept in the errors file as well.
 */
const ROUTINE = [/^[\d,]+ refused phone requests? /, /^Browser mode refused a request (\(4\d\d,|its parser could not read)/];
export const isRoutine = (message: string) => ROUTINE.some((r) => r.test(message));

export interface FileLog {
  /** The current log file (Help → Show log). */
  readonly file: string;
  /** The errors alone (no routine line), which a flood of refusals cannot rotate away. */
  readonly errorsFile: string;
  /** Append one message (several lines are fine), rotating first when the file is full. */
  write(message: string): void;
}

export interface FileLogOptions {
  maxBytes?: number;
  /** How many files in all, the current one included. */
  keep?: number;
  now?: () => Date;
}

/** herald.log → herald.log.1 → herald.log.2 …; the oldest beyond `keep` is dropped. */
export function rotate(file: string, keep: number): void {
  if (keep <= 1) {
    fs.rmSync(file, { force: true });
    return;
  }
  fs.rmSync(`${file}.${keep - 1}`, { force: true });
  for (let i = keep - 2; i >= 1; i--) {
    if (fs.existsSync(`${file}.${i}`)) fs.renameSync(`${file}.${i}`, `${file}.${i + 1}`);
  }
  if (fs.existsSync(file)) fs.renameSync(file, `${file}.1`);
}

/** One rotated file: appends lines, rotating first when it is full. Throws when the disk refuses. */
function rotatedFile(file: string, maxBytes: number, keep: number) {
  let size: number | null = null;
  return {
    append(line: string) {
      const bytes = Buffer.byteLength(line);
      try {
        if (size === null) {
          fs.mkdirSync(path.dirname(file), { recursive: true });
          size = fs.existsSync(file) ? fs.statSync(file).size : 0;
        }
        if (size > 0 && size + bytes > maxBytes) {
          rotate(file, keep);
          size = 0;
        }
        fs.appendFileSync(file, line);
        size += bytes;
      } catch (e) {
        size = null;
        throw e;
      }
    },
  };
}

export function createFileLog(dataDir: string, options: FileLogOptions = {}): FileLog {
  const maxBytes = options.maxBytes ?? LOG_MAX_BYTES;
  const keep = options.keep ?? LOG_KEEP;
  const now = options.now ?? (() => new Date());
  const dir = path.join(dataDir, LOG_DIR);
  const file = path.join(dir, LOG_FILE);
  const errorsFile = path.join(dir, ERRORS_FILE);
  const all = rotatedFile(file, maxBytes, keep);
  const errors = rotatedFile(errorsFile, maxBytes, keep);
  let failed = false;
  return {
    file,
    errorsFile,
    write(message) {
      try {
        const line = `${now().toISOString()} ${message.replace(/\r?\n/g, '\n    ')}\n`;
        all.append(line);
        if (!isRoutine(message)) errors.append(line);
        failed = false;
      } catch (e) {
        // A read-only or full disk: say so once on the terminal; the app goes on without its log.
        if (!failed) process.stderr.write(`Herald could not write its log file ${file}: ${(e as Error).message}\n`);
        failed = true;
      }
    },
  };
}

/**
 * Send console.error and uncaught exceptions to the log as well (they still reach the terminal, and an uncaught
 * exception still does what it did before: the monitor only watches). Returns the function that undoes it.
 */
export function captureProcessErrors(log: FileLog): () => void {
  const original = console.error;
  console.error = (...args: unknown[]) => {
    original.apply(console, args);
    log.write(format(...args));
  };
  const monitor = (error: Error, origin: string) =>
    log.write(`${origin === 'unhandledRejection' ? 'Unhandled rejection' : 'Uncaught exception'}: ${error?.stack ?? String(error)}`);
  process.on('uncaughtExceptionMonitor', monitor);
  return () => {
    console.error = original;
    process.off('uncaughtExceptionMonitor', monitor);
  };
}
