/** FileDialogs for Electron: main's own open/save dialogs; paths never come from the renderer. */
import { BrowserWindow, dialog } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../shared/ipc/result';
import type { FileDialogs } from './files';

const parent = () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];

export const electronFiles: FileDialogs = {
  async openText({ title, extensions, maxBytes }) {
    const options = { title, properties: ['openFile' as const], filters: [{ name: 'JSON', extensions }] };
    const win = parent();
    const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    const file = result.filePaths[0];
    if (result.canceled || !file) return null;
    const size = fs.statSync(file).size;
    if (size > maxBytes) throw new AppError('VALIDATION', `${path.basename(file)} is too large (${Math.round(size / 1024)} KB; at most ${maxBytes / 1024} KB).`);
    return { fileName: path.basename(file), text: fs.readFileSync(file, 'utf8') };
  },
  async saveText({ title, defaultName, extensions, text }) {
    const options = { title, defaultPath: defaultName, filters: [{ name: 'JSON', extensions }] };
    const win = parent();
    const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    if (result.canceled || !result.filePath) return null;
    // Write beside the target, then rename: a failed write never leaves half a file under the chosen name.
    const tmp = `${result.filePath}.herald-tmp`;
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, result.filePath);
    return result.filePath;
  },
};
