/**
 * A campaign file opened from the system (issue 31): a double-click on `Vraks.herald-campaign` (electron-builder.yml's
 * fileAssociations), or "Open with Herald". macOS sends `open-file`; Windows and Linux start Herald with the file's
 * path on the command line — on the first start (process.argv) or, while Herald runs, through the single-instance
 * lock's `second-instance`. Each runs File ▸ Import's path for that file: the organiser is asked first (nothing is
 * imported without "Import"), then campaigns.importFile checks the whole file and imports it, or says why not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MessageBoxOptions } from 'electron';
import type { Result } from '../../shared/ipc/result';

export const CAMPAIGN_FILE_SUFFIXES = ['.herald-campaign', '.herald-campaign.json'];
/** The largest file main reads for an import (as campaign-file/schema.ts's CAMPAIGN_FILE_MAX_BYTES). */
const MAX_BYTES = 24 * 1024 * 1024;

const isCampaignFile = (file: string) => CAMPAIGN_FILE_SUFFIXES.some((s) => file.toLowerCase().endsWith(s));

/** The campaign files named on a command line (Herald's own flags and their values left out); `file://` URLs too. */
export function campaignFilesInArgv(argv: readonly string[], cwd: string): string[] {
  const files: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data-dir') {
      i++;
      continue;
    }
    if (arg.startsWith('-')) continue;
    let file = arg;
    if (arg.startsWith('file://')) {
      try {
        file = fileURLToPath(arg);
      } catch {
        continue;
      }
    }
    if (isCampaignFile(file)) files.push(path.resolve(cwd, file));
  }
  return files;
}

export interface OpenFileDeps {
  /** The core's dispatch, once the campaign file is open (the same as the page's IPC call). */
  invoke(channel: string, input: unknown): Promise<Result<unknown>>;
  showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
  /** Bring the window forward (the file was opened from elsewhere). */
  focus(): void;
}

type ImportAnswer = { outcome: 'imported' | 'updated' | 'unchanged'; campaign: { name: string }; message?: string } | { outcome: 'cancelled' };

/**
 * Files opened before Herald could import them wait (macOS sends `open-file` before the app is ready); `start` runs
 * them and every later one, one at a time.
 */
export function openedCampaignFiles() {
  const waiting: string[] = [];
  let deps: OpenFileDeps | null = null;
  let running = Promise.resolve();
  const run = (file: string) => {
    running = running.then(() => importOpened(file, deps!)).catch(() => {});
  };
  return {
    open(file: string) {
      if (deps) run(file);
      else waiting.push(file);
    },
    start(d: OpenFileDeps) {
      deps = d;
      for (const file of waiting.splice(0)) run(file);
    },
    /** Resolves when every file opened so far has been answered (for the edge test). */
    idle: () => running,
  };
}

async function importOpened(file: string, deps: OpenFileDeps): Promise<void> {
  deps.focus();
  const name = path.basename(file);
  const title = 'Import a campaign file';
  const tell = (type: 'info' | 'error', message: string, detail?: string) =>
    deps.showMessageBox({ type, title, message, ...(detail ? { detail } : {}), buttons: ['OK'] });
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    await tell('error', `Herald cannot read ${name}.`, `${file} is not there any more, or cannot be opened. Nothing was imported.`);
    return;
  }
  if (size > MAX_BYTES) {
    await tell('error', `${name} is too large to be a campaign file (over ${MAX_BYTES / 1024 / 1024} MB).`, 'Nothing was imported.');
    return;
  }
  const { response } = await deps.showMessageBox({
    type: 'question',
    title,
    message: `Import ${name}?`,
    detail: `${file}\n\nHerald checks the whole file and backs up the campaign file before it imports anything. A campaign already here is updated only from a newer copy of it.`,
    buttons: ['Import', 'Cancel'],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  });
  if (response !== 0) return;
  const base64 = fs.readFileSync(file).toString('base64');
  const result = await deps.invoke('campaigns.importFile', { source: 'upload', fileName: name, base64 });
  if (!result.ok) {
    await tell('error', `${name} was not imported.`, result.error.message);
    return;
  }
  const answer = result.value as ImportAnswer;
  if (answer.outcome === 'cancelled') return;
  await tell('info', answer.outcome === 'imported' ? `Imported ${answer.campaign.name}.` : (answer.message ?? `${answer.campaign.name}: done.`));
}
