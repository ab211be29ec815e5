/**
 * Browser mode's launcher (bundled to dist/main/browser.cjs, a few kilobytes): it starts what can run while the app's
 * own code (dist/main/browser-app.cjs, over a megabyte) is compiled and loaded, then hands over (issue 9: start-up).
 * - Node's compile cache: the second start reuses the compiled bundle instead of compiling it again.
 * - SQLite's quick_check of the campaign file, in a worker thread (db/quick-check.ts): on a ten-year file it reads
 *   every page, and on a second core it runs while the bundle loads.
 */
import module from 'node:module';
import { quickCheckInWorker } from '../db/quick-check';
import { dataPaths, defaultDataDir, parseDataDirArg } from '../paths';
import type { Launch, startBrowserMode } from './cli';

module.enableCompileCache?.();
const dataDir = parseDataDirArg(process.argv.slice(2)) ?? defaultDataDir();
const launch: Launch = { quickCheck: quickCheckInWorker(dataPaths(dataDir).databaseFile) };
// Loaded by name at run time (kept out of this bundle by scripts/build-main.mjs), after the cache is on.
// eslint-disable-next-line @typescript-eslint/no-require-imports
(require('./browser-app.cjs') as { startBrowserMode: typeof startBrowserMode }).startBrowserMode(launch);
