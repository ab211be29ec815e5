/**
 * SQLite's `quick_check` of the campaign file in a worker thread, started before the app's own code is loaded (issue
 * 9: on a ten-year file it reads 170 MB and took a fifth of the start-up). The check is the same one
 * inspectCampaignFile makes before anything writes to the file (docs/reliability.md rule 4); its answer is used only when
 * the file is provably the one checked: the same inode, size and modification time, and the same -wal, before the
 * check, after it and when it is used. Otherwise, or when the worker cannot run, inspectCampaignFile checks the file
 * itself, as it always did.
 */
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { QUICK_CHECK_SOURCE } from './threads/sources.generated';

export interface FileIdentity {
  ino: number;
  size: number;
  mtimeMs: number;
  walSize: number;
  walMtimeMs: number;
}

export interface QuickCheck {
  file: string;
  before: FileIdentity;
  after: FileIdentity;
  /** quick_check's answer: 'ok', or what it found. */
  result: string;
}

export function fileIdentity(file: string): FileIdentity | null {
  try {
    const st = fs.statSync(file);
    const wal = fs.statSync(`${file}-wal`, { throwIfNoEntry: false });
    // No -wal and an empty one hold the same data (opening the file, even read-only, may leave an empty one).
    const walSize = wal?.size ?? 0;
    return { ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, walSize, walMtimeMs: walSize > 0 ? wal!.mtimeMs : 0 };
  } catch {
    return null;
  }
}

const same = (a: FileIdentity | null, b: FileIdentity | null) =>
  a !== null && b !== null && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.walSize === b.walSize && a.walMtimeMs === b.walMtimeMs;

/** True when `check` found `file` sound and the file has not changed since. */
export function checkedSound(check: QuickCheck | null | undefined, file: string): boolean {
  return !!check && check.file === file && check.result === 'ok' && same(check.before, check.after) && same(check.after, fileIdentity(file));
}

/** Start the check; resolves to null when there is nothing to check or the worker could not (the caller checks). */
export function quickCheckInWorker(file: string): Promise<QuickCheck | null> {
  const before = fileIdentity(file);
  if (before === null || before.size === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const worker = new Worker(QUICK_CHECK_SOURCE, { eval: true, workerData: { file, sqliteModule: require.resolve('better-sqlite3') } });
      worker.once('message', (m: { result?: string }) => {
        const after = fileIdentity(file);
        resolve(m.result !== undefined && after !== null ? { file, before, after, result: m.result } : null);
      });
      worker.once('error', () => resolve(null));
      worker.once('exit', () => resolve(null));
    } catch {
      resolve(null);
    }
  });
}
