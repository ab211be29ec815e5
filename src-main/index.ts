/**
 * The Electron main process: a thin edge. It owns the window, the menu, the dialogs and the IPC wiring; all the
 * work happens in createCore(), which runs the same under plain Node (browser mode and tests).
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, net, Notification, protocol, screen, session, shell } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { IPC_EVENT, IPC_INVOKE } from '../shared/ipc/bridge';
import type { Result } from '../shared/ipc/result';
import { createCore, type Core } from './core';
import { DbOpenError } from './db/errors';
import type { QuickCheck } from './db/quick-check';
import { readAppSettings, writeAppSettings } from './electron/app-settings';
import { attachContextMenu } from './electron/context-menu';
import { watchWindow } from './electron/crash';
import { APP_INDEX_URL, APP_ORIGIN, APP_SCHEME, isTrustedSender } from './electron/app-url';
import { devToolsAllowed } from './electron/dev-tools';
import { installGuards } from './electron/guards';
import { menuTemplate } from './electron/menu';
import { campaignFilesInArgv, openedCampaignFiles } from './electron/open-file';
import { closeOnQuit } from './electron/quit';
import { serveRenderer } from './electron/renderer-files';
import { checkForUpdate, githubRepository, showUpdateNotice } from './electron/update-check';
import { initialWindowState, keepOnScreen, rememberWindowState } from './electron/window-state';
import { electronFiles, electronPrinter } from './electron-files';
import { captureProcessErrors, createFileLog } from './log';
import { dataPaths, parseDataDirArg, type DataPaths } from './paths';

// --data-dir DIR puts the campaign file (and Electron's own profile, hence the single-instance lock) elsewhere.
const dataDirArg = (() => {
  try {
    return parseDataDirArg(process.argv);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
})();
app.setName('Herald');
if (dataDirArg) app.setPath('userData', dataDirArg);
// Every error main reports (the core's log, console.error, uncaught exceptions) also goes to logs/herald.log.
const fileLog = createFileLog(app.getPath('userData'));
captureProcessErrors(fileLog);

/** What the launcher (electron/launch.ts, dist/main/index.cjs) started before it loaded this bundle. */
export interface ElectronLaunch {
  quickCheck: Promise<QuickCheck | null>;
}
let launch: ElectronLaunch | undefined;
/** Called by the launcher right after loading this bundle (before app ready, so start() sees it). */
export function useLaunch(l: ElectronLaunch) {
  launch = l;
}

// Serve the renderer from app://herald/ rather than file://, so the CSP's 'self' means exactly our files.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

let core: Core | undefined;
let mainWindow: BrowserWindow | undefined;
let quitting = false;
/** Campaign files opened from the system (a double-click): imported once the campaign file is open (issue 31). */
const openedFiles = openedCampaignFiles();

const rendererDir = () => path.join(app.getAppPath(), 'dist', 'renderer');
const migrationsFolder = () => (app.isPackaged ? path.join(process.resourcesPath, 'migrations') : path.join(app.getAppPath(), 'migrations'));

function broadcast(event: string, payload: unknown) {
  for (const w of BrowserWindow.getAllWindows()) {
    if (!w.isDestroyed()) w.webContents.send(IPC_EVENT, event, payload);
  }
}

const messageBox = (options: Electron.MessageBoxOptions) => (mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options));

function buildMenu(paths: DataPaths, invoke: (channel: string, input: unknown) => Promise<Result<unknown>>) {
  const template = menuTemplate({
    platform: process.platform,
    packaged: app.isPackaged,
    version: app.getVersion(),
    dataDir: paths.dataDir,
    databaseFile: paths.databaseFile,
    logFile: fileLog.file,
    send: (event, payload) => {
      mainWindow?.show();
      broadcast(event, payload);
    },
    invoke,
    openPath: (p) => shell.openPath(p),
    showItemInFolder: (p) => shell.showItemInFolder(p),
    showMessage: (options) => void messageBox(options),
    updateCheck: {
      enabled: readAppSettings(app.getPath('userData')).checkForUpdates,
      set: (on) => {
        const problem = writeAppSettings(app.getPath('userData'), { ...readAppSettings(app.getPath('userData')), checkForUpdates: on });
        if (problem) console.error(problem);
      },
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

function createWindow() {
  // Where it was last time, or back on screen when that monitor is gone (electron/window-state.ts).
  const placed = initialWindowState(app.getPath('userData'), screen);
  mainWindow = new BrowserWindow({
    title: 'Herald',
    ...placed.bounds,
    minWidth: 800,
    minHeight: 600,
    show: false,
    webPreferences: {
      preload: path.join(__dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: devToolsAllowed(app),
      // Notes and battle reports ask for it (spellcheck="true"); names and numbers turn it off (issue 31).
      spellcheck: true,
    },
  });
  if (placed.maximized) mainWindow.maximize();
  rememberWindowState(mainWindow, app.getPath('userData'), (m) => console.error(m));
  keepOnScreen(mainWindow, screen);
  attachContextMenu(mainWindow.webContents, Menu, () => mainWindow);
  watchWindow(mainWindow, {
    log: (m) => console.error(m),
    showMessageBox: (options) => messageBox(options),
    quit: () => app.quit(),
    quitting: () => quitting,
  });
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  mainWindow.on('closed', () => (mainWindow = undefined));
  void mainWindow.loadURL(APP_INDEX_URL);
}

async function start() {
  await app.whenReady();
  // Light or dark as the system is (styles.css's prefers-color-scheme tokens; the print pages stay light).
  nativeTheme.themeSource = 'system';
  installGuards(app, session.defaultSession);
  serveRenderer(protocol, net, rendererDir);

  // The window loads while the campaign file is checked and opened (issue 15: it paints as soon as browser mode):
  // the page's calls wait for the core, made once the launcher's quick_check (a worker, since launch) is in.
  let coreMade: (c: Core | null) => void = () => {};
  const ready = new Promise<Core | null>((resolve) => (coreMade = resolve));
  const notStarted = { ok: false as const, error: { code: 'INTERNAL' as const, message: 'Herald could not open the campaign file.' } };
  const invoke = async (channel: unknown, input: unknown) => {
    const c = await ready;
    return c ? c.invoke(channel, input) : notStarted;
  };
  ipcMain.handle(IPC_INVOKE, (event, channel: unknown, input: unknown) => {
    // Only our own page, in a top-level frame (the window's or the hidden print window's), may call main.
    if (!isTrustedSender(event.senderFrame)) {
      return { ok: false, error: { code: 'INVALID_INPUT', message: 'Refused: not Herald’s own page.' } };
    }
    return invoke(channel, input);
  });
  buildMenu(dataPaths(app.getPath('userData')), invoke);
  createWindow();

  const quickCheck = launch ? await launch.quickCheck : null;
  try {
    core = createCore({
      dataDir: app.getPath('userData'),
      quickCheck,
      migrationsFolder: migrationsFolder(),
      mode: 'electron',
      version: app.getVersion(),
      files: electronFiles,
      printer: electronPrinter(APP_ORIGIN, path.join(__dirname, 'preload.cjs')),
      // The Club Wi-Fi view's phone page (issue 22); it is switched off when quitting closes the core (closeOnQuit).
      lanStaticDir: rendererDir(),
    });
  } catch (e) {
    coreMade(null);
    const message = e instanceof DbOpenError ? e.message : `Herald could not start: ${(e as Error).message}`;
    dialog.showErrorBox('Herald cannot open the campaign file', message);
    app.exit(2);
    return;
  }
  core.onEvent((event, payload) => broadcast(event, payload));
  coreMade(core);
  openedFiles.start({
    invoke,
    showMessageBox: (options) => messageBox(options),
    focus: () => {
      if (mainWindow?.isMinimized()) mainWindow.restore();
      mainWindow?.show();
      mainWindow?.focus();
    },
  });
  if (readAppSettings(app.getPath('userData')).checkForUpdates) void updateCheck();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
}

/** Help ▸ Check for updates when Herald starts (issue 31): a quiet notice when GitHub has a newer release; nothing else. */
async function updateCheck() {
  let repository: unknown;
  try {
    repository = (JSON.parse(fs.readFileSync(path.join(app.getAppPath(), 'package.json'), 'utf8')) as { repository?: unknown }).repository;
  } catch {
    return;
  }
  const repo = githubRepository(repository);
  if (!repo) return;
  const found = await checkForUpdate({ fetch: (url, init) => net.fetch(url, init), version: app.getVersion(), repo });
  if (found.kind === 'unreadable') console.error(`The update check could not read GitHub's answer (${found.why}).`);
  if (found.kind !== 'newer') return;
  await showUpdateNotice(found.release, {
    notify: Notification.isSupported()
      ? (title, body, onClick) => {
          const notice = new Notification({ title, body, silent: true });
          notice.on('click', onClick);
          notice.show();
        }
      : null,
    showMessageBox: (options) => messageBox(options),
    openExternal: (url) => void shell.openExternal(url),
  });
}

if (!app.requestSingleInstanceLock()) {
  // A second launch: the first instance focuses its window (below); this one leaves without touching the file.
  app.quit();
} else {
  // A campaign file double-clicked: macOS says so with open-file (even before ready), Windows and Linux on the command
  // line, of this start or of a second launch (issue 31).
  app.on('open-file', (event, file) => {
    event.preventDefault();
    openedFiles.open(file);
  });
  for (const file of campaignFilesInArgv(process.argv, process.cwd())) openedFiles.open(file);
  app.on('before-quit', () => (quitting = true));
  app.on('second-instance', (_event, argv, cwd) => {
    for (const file of campaignFilesInArgv(argv, cwd)) openedFiles.open(file);
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.show();
      mainWindow.focus();
    }
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  closeOnQuit(
    app,
    () => core,
    (m) => console.error(m),
  );
  void start();
}
