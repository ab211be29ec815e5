/**
 * The desktop app's launcher (bundled to dist/main/index.cjs, package.json's "main"; a few kilobytes), as browser
 * mode's bridge/launch.ts (issue 9, issue 15): it starts what can run while the app's own code
 * (dist/main/electron-app.cjs, over a megabyte) is compiled and loaded, then hands over.
 * - Node's compile cache: the second start reuses the compiled bundle instead of compiling it again.
 * - SQLite's quick_check of the campaign file in a worker thread (db/quick-check.ts), on a second core while the
 *   bundle loads and Electron gets ready. Whatever goes wrong here (a bad --data-dir, a worker that cannot start,
 *   better-sqlite3 unreachable from a worker inside app.asar) only means the app checks the file itself, as before.
 */
import module from 'node:module';
import { quickCheckInWorker, type QuickCheck } from '../db/quick-check';
import { dataPaths, defaultDataDir, parseDataDirArg } from '../paths';
import type { useLaunch } from '../index';

module.enableCompileCache?.();
const quickCheck: Promise<QuickCheck | null> = (() => {
  try {
    // Electron's userData for "Herald" is defaultDataDir(); --data-dir replaces it (src-main/index.ts).
    return quickCheckInWorker(dataPaths(parseDataDirArg(process.argv) ?? defaultDataDir()).databaseFile);
  } catch {
    return Promise.resolve(null);
  }
})();
// Loaded by name at run time (kept out of this bundle by scripts/build-main.mjs), after the cache is on.
// eslint-disable-next-line @typescript-eslint/no-require-imports
(require('./electron-app.cjs') as { useLaunch: typeof useLaunch }).useLaunch({ quickCheck });
