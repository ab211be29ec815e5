/**
 * The application menu (issue 15). File's commands that the window's own buttons also offer (import, export, print)
 * are sent to the renderer as events, so it runs the same flow with the same checks and messages, on the campaign,
 * team or game on screen. Back up now and Open data folder need no page and run here. Electron-free at run time
 * (types only), so the template is unit-tested; src-main/index.ts builds it with Electron's Menu.
 */
import fs from 'node:fs';
import type { MenuItemConstructorOptions, MessageBoxOptions } from 'electron';
import type { EventPayload } from '../../shared/ipc/contract';
import type { Result } from '../../shared/ipc/result';
import { formatSize } from '../../shared/format';

export type MenuCommand = EventPayload<'menu.command'>['command'];

export interface MenuDeps {
  platform: NodeJS.Platform;
  /** A packaged build: no DevTools in the View menu. */
  packaged: boolean;
  version: string;
  dataDir: string;
  databaseFile: string;
  logFile: string;
  /** Show the window and send it one of the menu's events. */
  send(event: 'menu.newCampaign' | 'menu.command', payload: object): void;
  /** The core's dispatch (the same as an IPC call from the page). */
  invoke(channel: string, input: unknown): Promise<Result<unknown>>;
  openPath(path: string): Promise<string>;
  showItemInFolder(path: string): void;
  showMessage(options: MessageBoxOptions): void;
  /** Help ▸ Check for updates when Herald starts (issue 31): its state, and saving a change of it. */
  updateCheck: { enabled: boolean; set(on: boolean): void };
}

const size = (bytes: number) => formatSize(bytes, { binary: true });

/** File → Back up now: the Backups screen's button, from the menu. */
export async function backUpNow(deps: Pick<MenuDeps, 'invoke' | 'showMessage' | 'databaseFile'>): Promise<void> {
  const result = await deps.invoke('backups.create', {});
  if (result.ok) {
    const made = result.value as { bytes: number; file: string };
    deps.showMessage({
      type: 'info',
      title: 'Back up now',
      message: `Backed up (${size(made.bytes)}, checked before it was kept).`,
      detail: `${made.file}, in the backups folder beside ${deps.databaseFile}.`,
    });
  } else {
    deps.showMessage({ type: 'error', title: 'Back up now', message: 'The campaign file was not backed up.', detail: result.error.message });
  }
}

/** Help → Show log: the log file in the system's text viewer (or its folder), or word that nothing is logged. */
export async function showLog(deps: Pick<MenuDeps, 'logFile' | 'openPath' | 'showItemInFolder' | 'showMessage'>): Promise<void> {
  if (!fs.existsSync(deps.logFile)) {
    deps.showMessage({ type: 'info', title: 'Herald’s log', message: 'Herald has logged no errors.', detail: `When it does, they go in ${deps.logFile}.` });
    return;
  }
  const problem = await deps.openPath(deps.logFile);
  if (problem) deps.showItemInFolder(deps.logFile);
}

export function menuTemplate(deps: MenuDeps): MenuItemConstructorOptions[] {
  const isMac = deps.platform === 'darwin';
  const command = (c: MenuCommand) => () => deps.send('menu.command', { command: c });
  const about = () =>
    deps.showMessage({
      type: 'info',
      title: 'About Herald',
      message: `Herald ${deps.version}`,
      detail: `Campaign manager for Heralds of Ruin Kill Team.\n\nCampaign file: ${deps.databaseFile}\nLog: ${deps.logFile}`,
    });
  const view: MenuItemConstructorOptions = deps.packaged
    ? {
        label: 'View',
        submenu: [
          { role: 'reload' },
          { type: 'separator' },
          { role: 'resetZoom' },
          { role: 'zoomIn' },
          { role: 'zoomOut' },
          { type: 'separator' },
          { role: 'togglefullscreen' },
        ],
      }
    : { role: 'viewMenu' };
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New campaign…', accelerator: 'CmdOrCtrl+N', click: () => deps.send('menu.newCampaign', {}) },
        { type: 'separator' },
        { label: 'Import campaign…', click: command('importCampaign') },
        { label: 'Export campaign…', click: command('exportCampaign') },
        { label: 'Hand over…', click: command('handOver') },
        { label: 'Import team list…', click: command('importTeamList') },
        { type: 'separator' },
        { label: 'Print…', accelerator: 'CmdOrCtrl+P', click: command('print') },
        { type: 'separator' },
        { label: 'Back up now', click: () => void backUpNow(deps) },
        { label: 'Open data folder', click: () => void deps.openPath(deps.dataDir) },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit', label: 'Quit' },
      ],
    },
    { role: 'editMenu' },
    view,
    {
      label: 'Help',
      role: 'help',
      submenu: [
        // Issue 31: the in-app guide (#/guide), the same pages as browser mode's Guide link.
        { label: 'Guide', accelerator: 'F1', click: command('guide') },
        { type: 'separator' },
        { label: 'Show log', click: () => void showLog(deps) },
        { type: 'separator' },
        // Electron flips a checkbox item's `checked` before calling its click.
        {
          label: 'Check for updates when Herald starts',
          type: 'checkbox',
          checked: deps.updateCheck.enabled,
          click: (item) => deps.updateCheck.set(item.checked),
        },
        { type: 'separator' },
        { label: 'About Herald', click: about },
      ],
    },
  ];
}
