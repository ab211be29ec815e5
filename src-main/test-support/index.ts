/** Helpers for tests that run the real core on a real temporary SQLite file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core, type CoreOptions } from '../core';

export const MIGRATIONS = path.resolve('migrations');

export function tempDir(prefix = 'herald-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A fixed clock that advances one second per call, and sequential UUIDs: deterministic rows. */
export function deterministic(start = Date.UTC(2026, 10, 1, 19, 0, 0)) {
  let t = start;
  let n = 0;
  return {
    now: () => new Date((t += 1000)),
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  };
}

export function testCore(dataDir = tempDir(), overrides: Partial<CoreOptions> = {}): Core {
  return createCore({
    dataDir,
    migrationsFolder: MIGRATIONS,
    mode: 'browser',
    version: '0.0.0-test',
    log: () => {},
    automaticBackups: false,
    dailyBackupDelayMs: 0,
    ...deterministic(),
    ...overrides,
  });
}

/** Everything in the user tables, in a stable order: compare before/after to prove nothing changed. */
export function snapshotTables(core: Core): Record<string, unknown[]> {
  const sqlite = core.opened.sqlite;
  const tables = sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
  return Object.fromEntries(tables.map((t) => [t, sqlite.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all()]));
}

/** Invoke a channel through the real dispatch and return its value; a failed call throws with its code and message. */
export async function call<T = unknown>(core: Core, channel: string, input: unknown): Promise<T> {
  const r = await core.invoke(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`);
  return r.value as T;
}

/** Invoke a channel that must fail, and return its typed error. */
export async function failure(core: Core, channel: string, input: unknown) {
  const r = await core.invoke(channel, input);
  if (r.ok) throw new Error(`${channel} unexpectedly succeeded`);
  return r.error;
}
