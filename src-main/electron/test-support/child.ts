/**
 * The child process of the edge test (bundled by ./index.ts, run with plain Node): puts the electron stand-in where
 * `require('electron')` finds it, loads the real built main bundle (dist/main/index.cjs) with this process's argv,
 * and answers the test's requests over the IPC channel (one op per message; see `ops` below).
 */
import Module from 'node:module';
import workerThreads from 'node:worker_threads';
import { createRequire } from 'node:module';
import { createElectronStandIn, electronEvent, type StandInConfig, type StandInWindow } from './electron-standin';

export interface ChildConfig extends StandInConfig {
  bundle: string;
  /** Hold every automatic or by-hand backup's answer from its worker until `releaseBackups` (see holdBackups()). */
  holdBackups: boolean;
}

/** Which frame a call comes from: a window's own top frame, or a frame showing `url` (a subframe when asked). */
export interface FrameSpec {
  window?: number;
  url?: string;
  subframe?: boolean;
  /** The frame is gone (navigated away or destroyed): Electron gives senderFrame null. */
  gone?: boolean;
}

const config = JSON.parse(process.env.HERALD_EDGE_CONFIG ?? 'null') as ChildConfig | null;
if (!config) throw new Error('HERALD_EDGE_CONFIG is not set: start this through startHerald() (src-main/electron/test-support).');
const standIn = createElectronStandIn(config);
const { record, BrowserWindow } = standIn;
const send = (message: unknown, then?: () => void) => process.send?.(message, undefined, {}, then);

// require('electron') anywhere in this process gets the stand-in.
const STAND_IN_ID = '\0electron-stand-in';
const moduleInternals = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string; _cache: Record<string, unknown> };
const resolve = moduleInternals._resolveFilename;
moduleInternals._resolveFilename = function (request: string, ...rest: unknown[]) {
  return request === 'electron' ? STAND_IN_ID : resolve.call(this, request, ...rest);
};
moduleInternals._cache[STAND_IN_ID] = { id: STAND_IN_ID, filename: STAND_IN_ID, loaded: true, exports: standIn.electron, children: [], paths: [] };

const bundleRequire = createRequire(config.bundle);
// Record when the campaign file (or any SQLite connection) closes, to check the order of quit.
const Database = bundleRequire('better-sqlite3') as { prototype: { close: () => unknown; name: string } };
const close = Database.prototype.close;
Database.prototype.close = function (this: { name: string }) {
  record('database.closed', this.name);
  return close.call(this);
};

let held: (() => void)[] | null = config.holdBackups ? [] : null;
if (config.holdBackups) holdBackups();
/**
 * Backups run in worker threads (db/backup-worker.ts: the one whose workerData says `role: 'herald-backup'`): keep its
 * answer (and its exit) until the test releases them. Other workers (the launcher's quick_check) run as usual.
 */
function holdBackups() {
  const Real = workerThreads.Worker;
  // A set, not a field: Node's Worker emits events from inside its own constructor, before a subclass's fields exist.
  const backupWorkers = new WeakSet<object>();
  class HeldWorker extends Real {
    constructor(...args: ConstructorParameters<typeof Real>) {
      super(...args);
      if ((args[1]?.workerData as { role?: unknown } | undefined)?.role === 'herald-backup') backupWorkers.add(this);
    }
    override emit(name: string | symbol, ...args: unknown[]): boolean {
      // A step the thread tells as it begins one (`{ progress }`, issue 31) is not its answer: let it through.
      const isStep = name === 'message' && typeof args[0] === 'object' && args[0] !== null && 'progress' in args[0];
      if (held && backupWorkers.has(this) && !isStep && (name === 'message' || name === 'exit')) {
        if (name === 'message') record('backup.held');
        // Node drops a worker's listeners once it has exited: keep the ones there are now.
        const listeners = this.listeners(name) as ((...a: unknown[]) => void)[];
        held.push(() => listeners.forEach((listener) => listener.apply(this, args)));
        return true;
      }
      return super.emit(name, ...args);
    }
  }
  (workerThreads as { Worker: typeof Real }).Worker = HeldWorker;
}

function windowOf(spec: FrameSpec): StandInWindow {
  const win = spec.window === undefined ? BrowserWindow.getAllWindows()[0] : BrowserWindow.fromId(spec.window);
  if (!win) throw new Error(`There is no window ${spec.window ?? ''} (windows: ${BrowserWindow.all.map((w) => w.id).join(', ') || 'none'}).`);
  return win;
}

function frameOf(spec: FrameSpec) {
  const win = windowOf(spec);
  const top = win.webContents.mainFrame;
  const url = spec.url ?? top.url;
  if (spec.gone) return { win, frame: null };
  return { win, frame: spec.subframe ? { url, parent: top, top } : spec.url === undefined ? top : { url, parent: null, top: null } };
}

/** Call an ipcMain.handle handler as Electron does for ipcRenderer.invoke from that frame. */
async function ipcInvoke(spec: FrameSpec, channel: string, args: unknown[]) {
  const handler = standIn.ipcHandlers.get(channel);
  if (!handler) return { noHandler: true };
  const { win, frame } = frameOf(spec);
  record('ipc.invoke', { channel, frame: frame && { url: frame.url, subframe: !!spec.subframe } });
  try {
    return { value: await handler({ sender: win.webContents, senderFrame: frame, frameId: 1, processId: 1 }, ...args) };
  } catch (e) {
    return { threw: String(e) };
  }
}

const listWindows = () =>
  BrowserWindow.all.map((w) => ({
    id: w.id,
    options: w.options,
    url: w.webContents.url,
    loads: w.loads,
    visible: w.isVisible(),
    destroyed: w.destroyed,
    bounds: w.getBounds(),
    title: w.getTitle(),
  }));

const settle = () => new Promise((r) => setImmediate(r));

const ops: Record<string, (...args: never[]) => unknown> = {
  async ready() {
    standIn.emitReady();
    // start() continues after whenReady(): let it open the file and the window (or give up) before answering.
    for (let i = 0; i < 2000 && !BrowserWindow.all.some((w) => w.loads.length) && !standIn.app.quitting; i++) await new Promise((r) => setTimeout(r, 5));
    await settle();
    return listWindows();
  },
  windows: () => listWindows(),
  ipcInvoke: (spec: FrameSpec, channel: string, args: unknown[]) => ipcInvoke(spec, channel, args),
  ipcSend(spec: FrameSpec, channel: string, args: unknown[]) {
    const { win, frame } = frameOf(spec);
    standIn.ipcListeners.emit(channel, { sender: win.webContents, senderFrame: frame }, ...args);
  },
  async request(url: string) {
    const scheme = url.slice(0, url.indexOf(':'));
    const handler = standIn.protocolHandlers.get(scheme);
    if (!handler) return { noHandler: true };
    const response = await handler(new Request(url));
    return { status: response.status, headers: Object.fromEntries(response.headers), body: new Uint8Array(await response.arrayBuffer()) };
  },
  /** A navigation event on a window's web contents ('will-navigate', 'will-redirect', 'will-attach-webview' …). */
  navigate(windowId: number | undefined, url: string, eventName = 'will-navigate') {
    const event = electronEvent({ url });
    windowOf({ window: windowId }).webContents.emit(eventName, event, url, false, true);
    return { prevented: event.defaultPrevented };
  },
  windowOpen(windowId: number | undefined, url: string) {
    const handler = windowOf({ window: windowId }).webContents.windowOpenHandler;
    return handler
      ? handler({ url, frameName: '', features: '', disposition: 'new-window', referrer: { url: '', policy: 'default' } })
      : { action: 'allow', noHandler: true };
  },
  async permission(windowId: number | undefined, permission: string) {
    const wc = windowOf({ window: windowId }).webContents;
    const request = standIn.permissionRequest();
    const check = standIn.permissionCheck();
    const granted = request ? await new Promise<boolean>((r) => request(wc, permission, r, { requestingUrl: wc.url })) : true;
    return { granted, checked: check ? check(wc, permission, 'app://herald', {}) : true };
  },
  windowEvent(windowId: number | undefined, name: string, args: unknown[] = []) {
    const event = electronEvent();
    windowOf({ window: windowId }).emit(name, event, ...args);
    return { prevented: event.defaultPrevented };
  },
  webContentsEvent(windowId: number | undefined, name: string, args: unknown[] = []) {
    const event = electronEvent();
    windowOf({ window: windowId }).webContents.emit(name, event, ...args);
    return { prevented: event.defaultPrevented };
  },
  closeWindow: (windowId: number | undefined) => windowOf({ window: windowId }).close(),
  menu: () => (standIn.applicationMenu ? standIn.serializeMenu(standIn.applicationMenu.items) : null),
  popups: () => standIn.menus.map((m) => standIn.serializeMenu(m.items)),
  click: (labels: string[], popup?: number) => standIn.clickMenu(popup === undefined ? standIn.applicationMenu : (standIn.menus[popup] ?? null), labels),
  answer: (kind: 'showOpenDialog' | 'showSaveDialog' | 'showMessageBox' | 'print', answers: unknown[]) => standIn.answer(kind, answers),
  /** macOS's open-file (a file double-clicked in the Finder); answers whether Herald prevented the default. */
  openFile(file: string) {
    const event = electronEvent();
    standIn.app.emit('open-file', event, file);
    return { prevented: event.defaultPrevented };
  },
  clickNotification: (index: number) => standIn.clickNotification(index),
  nativeTheme: () => ({ themeSource: standIn.nativeTheme.themeSource }),
  secondInstance(argv: string[], cwd: string) {
    standIn.app.emit('second-instance', electronEvent(), argv, cwd, {});
  },
  records: () => standIn.log,
  /** Answers once something of this kind is on record (the test's own timeout bounds the wait). */
  async waitFor(kind: string) {
    while (!standIn.log.some((r) => r.kind === kind)) await new Promise((r) => setTimeout(r, 10));
  },
  releaseBackups() {
    const queue = held ?? [];
    held = null;
    for (const run of queue) run();
    return queue.length;
  },
  /** app.quit(); answers whether the app is still running (a quit waiting for something) — an exit is sent apart. */
  async quit() {
    standIn.app.quit();
    await settle();
    return { running: true };
  },
  activate() {
    standIn.app.emit('activate', electronEvent(), BrowserWindow.getAllWindows().length > 0);
  },
};

/**
 * The print view: when the hidden window waits for data-print-ready, its page asks main for its data first. A campaign
 * pack's page says what it is doing while it gathers (issue 31: data-print-progress), as PrintView.svelte does: two
 * teams gathered one after the other, then laying out, each answer one poll of main's (electron-files.ts).
 */
const packSays = new Map<number, string[]>();
standIn.setPageScript(async (win) => {
  if (win.webContents.url.includes('#/print/pack/')) {
    if (!packSays.has(win.id)) packSays.set(win.id, ['gathering 0 2', 'gathering 1 2', 'gathering 2 2', 'laying-out']);
    const progress = packSays.get(win.id)!.shift();
    if (progress !== undefined) return { ready: false, progress };
  }
  const answer = await ipcInvoke({ window: win.id }, 'herald:invoke', ['app.info', {}]);
  const ok = (answer as { value?: { ok?: boolean } }).value?.ok === true;
  record('print.page', { window: win.id, url: win.webContents.url, answered: ok });
  return ok;
});

standIn.setOnExit((code) => {
  send({ type: 'exit', code, records: standIn.log }, () => process.exit(code));
});

process.on('message', (message: { id: number; op: string; args: unknown[] }) => {
  void (async () => {
    try {
      const op = ops[message.op];
      if (!op) throw new Error(`Unknown op ${message.op}`);
      send({ type: 'reply', id: message.id, ok: true, value: await (op as (...a: unknown[]) => unknown)(...message.args) });
    } catch (e) {
      send({ type: 'reply', id: message.id, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
// Electron's main process prints an unhandled rejection and goes on; so does this one, and keeps it on record.
process.on('unhandledRejection', (reason) => {
  record('unhandledRejection', String(reason));
  console.error('Unhandled rejection in main:', reason);
});

try {
  bundleRequire(config.bundle);
  send({ type: 'loaded' });
} catch (e) {
  send({ type: 'load-failed', error: e instanceof Error ? (e.stack ?? e.message) : String(e) }, () => process.exit(1));
}
