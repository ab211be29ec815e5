/**
 * Browser mode (bundled to dist/main/browser-app.cjs, started by bridge/launch.ts as dist/main/browser.cjs; run it
 * with `npm run start:browser`).
 *   node dist/main/browser.cjs [--data-dir DIR] [--port N]
 * Prints exactly one line with the URL to open, then serves until Ctrl+C.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createCore } from '../core';
import { DbOpenError } from '../db/errors';
import type { QuickCheck } from '../db/quick-check';
import { captureProcessErrors, createFileLog } from '../log';
import { defaultDataDir, parseDataDirArg } from '../paths';
import { startBridgeServer } from './server';

function parsePort(argv: readonly string[]): number {
  const i = argv.findIndex((a) => a === '--port' || a.startsWith('--port='));
  if (i < 0) return 0;
  const a = argv[i]!;
  const raw = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[i + 1];
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port needs a number from 0 to 65535, not ${raw ?? 'nothing'}`);
  return port;
}

async function main(launch: Launch) {
  const argv = process.argv.slice(2);
  const root = path.resolve(__dirname, '..', '..');
  const dataDir = parseDataDirArg(argv) ?? defaultDataDir();
  // As in the desktop app: every error reported (the core's log, console.error, uncaught exceptions) also goes to
  // logs/herald.log in the data folder.
  captureProcessErrors(createFileLog(dataDir));
  const port = parsePort(argv);
  const version = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const staticDir = path.join(root, 'dist', 'renderer');
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('The renderer is not built: run `npm run build` (npm run start:browser does it for you).');
  }
  // End-to-end tests start many short-lived servers and want the start-of-day backup at once (as it used to be);
  // everyone else gets the production delay (core.ts dailyBackupDelayMs).
  const delay = Number(process.env.HERALD_DAILY_BACKUP_DELAY_MS);
  const core = createCore({
    dataDir,
    migrationsFolder: path.join(root, 'migrations'),
    mode: 'browser',
    version,
    ...(Number.isFinite(delay) && delay >= 0 ? { dailyBackupDelayMs: delay } : {}),
    // The launcher started SQLite's quick_check of this file in a worker while this code loaded.
    quickCheck: await launch.quickCheck,
    // The Club Wi-Fi view's phone page (issue 22); Ctrl+C closes the core, which switches it off.
    lanStaticDir: staticDir,
  });
  const server = await startBridgeServer({ core, staticDir, token: randomBytes(24).toString('base64url'), port });
  console.log(`Herald (browser mode) is running at ${server.url} — campaign file: ${core.paths.databaseFile}`);

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    void server.close().finally(() => {
      core.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** What bridge/launch.ts started before loading this bundle. */
export interface Launch {
  quickCheck: Promise<QuickCheck | null>;
}

export function startBrowserMode(launch: Launch) {
  main(launch).catch(fail);
}

function fail(e: unknown) {
  if (e instanceof DbOpenError) {
    console.error(`Herald cannot open the campaign file: ${e.message}`);
    process.exit(2);
  }
  console.error(`Herald could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
