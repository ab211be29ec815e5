/** FileDialogs for Electron: main's own open/save dialogs; paths never come from the renderer. */
import { BrowserWindow, dialog, shell } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../shared/ipc/result';
import type { FileDialogs, Printer, PrintStep } from './files';

const parent = () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];

/** The open dialog; the chosen file's path once its size is allowed, or null when cancelled. */
async function pick(title: string, filters: { name: string; extensions: string[] }[], maxBytes: number): Promise<string | null> {
  const options = { title, properties: ['openFile' as const], filters };
  const win = parent();
  const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
  const file = result.filePaths[0];
  if (result.canceled || !file) return null;
  const size = fs.statSync(file).size;
  if (size > maxBytes) throw new AppError('VALIDATION', `${path.basename(file)} is too large (${Math.round(size / 1024)} KB; at most ${maxBytes / 1024} KB).`);
  return file;
}

export const electronFiles: FileDialogs = {
  async openText({ title, extensions, maxBytes }) {
    const file = await pick(title, [{ name: 'JSON', extensions }], maxBytes);
    return file === null ? null : { fileName: path.basename(file), text: fs.readFileSync(file, 'utf8') };
  },
  async openBytes({ title, extensions, maxBytes }) {
    // A campaign file (issue 29): Herald's packed files, and the JSON ones older versions wrote.
    const file = await pick(title, [{ name: 'Herald campaign', extensions }], maxBytes);
    return file === null ? null : { fileName: path.basename(file), bytes: new Uint8Array(fs.readFileSync(file)) };
  },
  async saveText({ title, defaultName, extensions, text }) {
    // The filter is named after the file's kind: a CSV export (issue 22) is not offered as "JSON".
    const options = { title, defaultPath: defaultName, filters: [{ name: extensions.includes('csv') ? 'CSV' : 'JSON', extensions }] };
    const win = parent();
    const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    if (result.canceled || !result.filePath) return null;
    // Write beside the target, then rename: a failed write never leaves half a file under the chosen name.
    const tmp = `${result.filePath}.herald-tmp`;
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, result.filePath);
    return result.filePath;
  },
  async saveBytes({ title, defaultName, extensions, bytes }) {
    const options = { title, defaultPath: defaultName, filters: [{ name: extensions.includes('pdf') ? 'PDF' : 'Herald campaign', extensions }] };
    const win = parent();
    const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    if (result.canceled || !result.filePath) return null;
    const tmp = `${result.filePath}.herald-tmp`;
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, result.filePath);
    return result.filePath;
  },
};

/** How long a print page may take to say it is ready; then it prints as it is. */
const READY_WAIT_MS = 10_000;

/**
 * Asked of the print page: resolves with its state as soon as it is ready or its progress differs from `seen` (views/
 * PrintView.svelte sets `data-print-progress`: "gathering 7 40", "laying-out"), or after two seconds regardless.
 */
const pageState = (seen: string) =>
  `new Promise((resolve) => { const root = document.documentElement; const from = Date.now(); const t = setInterval(() => { const d = root.dataset; const progress = d.printProgress || ''; if (d.printReady || progress !== ${JSON.stringify(seen)} || Date.now() - from > 2000) { clearInterval(t); resolve({ ready: !!d.printReady, progress }); } }, 50); })`;

/** "gathering 7 40" → the step and its count; anything else the page says is not a step. */
function printStepOf(progress: string): PrintStep | null {
  const [step, done, total] = progress.split(' ');
  if (step === 'laying-out') return { step };
  if (step !== 'gathering') return null;
  const count = Number(done) >= 0 && Number(total) >= 0 ? { done: Number(done), total: Number(total) } : {};
  return { step, ...count };
}

/**
 * A hidden window on the renderer's print route, once its page says its data is on it (data-print-ready); meanwhile
 * `onStep` hears what the page says it is doing (issue 31: the campaign pack counts its teams as it gathers them).
 */
async function printPage(origin: string, preload: string, hash: string, onStep?: (step: PrintStep) => void): Promise<BrowserWindow> {
  const win = new BrowserWindow({
    show: false,
    webPreferences: { preload, contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true },
  });
  try {
    await win.loadURL(`${origin}/index.html${hash}`);
    const from = Date.now();
    let seen = '';
    while (Date.now() - from < READY_WAIT_MS) {
      const state: unknown = await win.webContents.executeJavaScript(pageState(seen));
      // A page that only says whether it is ready (true / false) has nothing more to tell.
      if (typeof state !== 'object' || state === null) break;
      const { ready, progress } = state as { ready: boolean; progress: string };
      if (ready) break;
      if (progress === seen) continue;
      seen = progress;
      const step = printStepOf(progress);
      if (step) onStep?.(step);
    }
    return win;
  } catch (e) {
    win.destroy();
    throw e;
  }
}

/** What Chromium's print callback says when the organiser closed the dialog without printing. */
const CANCELLED = /cancel/i;

/**
 * printToPDF, and the system print dialog (issue 31), in a hidden window that loads the renderer's print route: the
 * same pages the in-app preview shows, laid out by Chromium's print engine with the route's @page size. `origin` is
 * the app:// origin of the renderer. Opening a saved PDF goes through the shell (the system's PDF viewer).
 */
export function electronPrinter(origin: string, preload: string): Printer {
  return {
    async toPdf(hash, paper, onStep) {
      const win = await printPage(origin, preload, hash, onStep);
      try {
        onStep?.({ step: 'making-pdf' });
        const pdf = await win.webContents.printToPDF({ pageSize: paper === 'a4' ? 'A4' : 'Letter', printBackground: true, preferCSSPageSize: true });
        return new Uint8Array(pdf);
      } finally {
        win.destroy();
      }
    },
    async print(hash, paper) {
      const win = await printPage(origin, preload, hash);
      try {
        const { success, failureReason } = await new Promise<{ success: boolean; failureReason: string }>((resolve) =>
          win.webContents.print({ silent: false, printBackground: true, pageSize: paper === 'a4' ? 'A4' : 'Letter' }, (ok, reason) =>
            resolve({ success: ok, failureReason: reason }),
          ),
        );
        if (success) return 'printed';
        if (CANCELLED.test(failureReason)) return 'cancelled';
        throw new AppError('VALIDATION', `The page was not printed (the printer said: ${failureReason || 'no reason given'}). Try Save as PDF instead.`);
      } finally {
        win.destroy();
      }
    },
    async reveal(file, how) {
      if (how === 'folder') {
        shell.showItemInFolder(file);
        return;
      }
      const problem = await shell.openPath(file);
      if (problem) throw new AppError('VALIDATION', `The PDF could not be opened (${problem}): use Show in folder instead.`);
    },
  };
}
