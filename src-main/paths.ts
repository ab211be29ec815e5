/**
 * Where things live. The data folder is Electron's userData folder for an app named "Herald" (so browser mode and
 * the desktop app share one campaign file), unless `--data-dir DIR` says otherwise on any entry point.
 */
import os from 'node:os';
import path from 'node:path';

export const APP_NAME = 'Herald';
export const DATABASE_FILE_NAME = 'herald.sqlite';

/** The same folder Electron's app.getPath('userData') gives for productName "Herald". */
export function defaultDataDir(platform: NodeJS.Platform = process.platform, env = process.env): string {
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_NAME);
}

/** Reads `--data-dir DIR` or `--data-dir=DIR`; undefined when absent. Throws when the flag has no value. */
export function parseDataDirArg(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--data-dir') {
      const v = argv[i + 1];
      if (!v || v.startsWith('--')) throw new Error('--data-dir needs a folder: --data-dir DIR');
      return path.resolve(v);
    }
    if (a.startsWith('--data-dir=')) {
      const v = a.slice('--data-dir='.length);
      if (!v) throw new Error('--data-dir needs a folder: --data-dir DIR');
      return path.resolve(v);
    }
  }
  return undefined;
}

export interface DataPaths {
  dataDir: string;
  databaseFile: string;
  backupsDir: string;
  logFile: string;
}

export function dataPaths(dataDir: string): DataPaths {
  return {
    dataDir,
    databaseFile: path.join(dataDir, DATABASE_FILE_NAME),
    backupsDir: path.join(dataDir, 'backups'),
    logFile: path.join(dataDir, 'herald.log'),
  };
}
