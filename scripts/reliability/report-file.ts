/**
 * reports/reliability.json is written by several test files of this folder, which vitest runs side by side: each
 * merges its own keys into the file (read, merge, write under a lock file), so no file's counts overwrite another's.
 */
import fs from 'node:fs';
import path from 'node:path';

export const RELIABILITY_REPORT = path.join('reports', 'reliability.json');

function withLock<T>(fn: () => T): T {
  const lock = `${RELIABILITY_REPORT}.lock`;
  fs.mkdirSync(path.dirname(RELIABILITY_REPORT), { recursive: true });
  for (let tries = 0; ; tries++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // A lock older than a minute was left by a killed run.
      const held = fs.statSync(lock, { throwIfNoEntry: false });
      if (tries > 400 || (held && Date.now() - held.mtimeMs > 60_000)) fs.rmSync(lock, { force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** Merge `section` into reports/reliability.json: its top-level keys replaced, every other key kept. */
export function mergeReliabilityReport(section: Record<string, unknown>): void {
  withLock(() => {
    let current: Record<string, unknown> = {};
    try {
      current = JSON.parse(fs.readFileSync(RELIABILITY_REPORT, 'utf8')) as Record<string, unknown>;
    } catch {
      current = {};
    }
    const next = { ...current, ...section };
    const tmp = `${RELIABILITY_REPORT}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`);
    fs.renameSync(tmp, RELIABILITY_REPORT);
  });
}
