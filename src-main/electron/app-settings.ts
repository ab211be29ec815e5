/**
 * The desktop app's own settings (issue 31), in `app-settings.json` in the data folder beside `window-state.json`:
 * for now only whether Herald checks for a newer release when it starts (Help ▸ Check for updates when Herald starts,
 * on unless switched off). A missing or damaged file means the defaults; writing never throws (a read-only folder
 * keeps the setting for this session only).
 */
import fs from 'node:fs';
import path from 'node:path';

export const APP_SETTINGS_FILE = 'app-settings.json';

export interface AppSettings {
  checkForUpdates: boolean;
}
export const DEFAULT_APP_SETTINGS: AppSettings = { checkForUpdates: true };

export function readAppSettings(dataDir: string): AppSettings {
  try {
    const data = JSON.parse(fs.readFileSync(path.join(dataDir, APP_SETTINGS_FILE), 'utf8')) as Partial<AppSettings> | null;
    return { checkForUpdates: typeof data?.checkForUpdates === 'boolean' ? data.checkForUpdates : DEFAULT_APP_SETTINGS.checkForUpdates };
  } catch {
    return { ...DEFAULT_APP_SETTINGS };
  }
}

/** Save the settings (beside the file, then renamed: never half a file); the error's words when it could not. */
export function writeAppSettings(dataDir: string, settings: AppSettings): string | null {
  const file = path.join(dataDir, APP_SETTINGS_FILE);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(settings, null, 2)}\n`);
    fs.renameSync(`${file}.tmp`, file);
    return null;
  } catch (e) {
    return `Herald could not save its settings in ${file}: ${(e as Error).message}`;
  }
}
