/**
 * A recording stand-in for the `electron` module, for the edge test (runs in the child process of ./child.ts, where
 * the real built main bundle requires it instead of Electron). It keeps what Herald registers (app events, windows,
 * IPC handlers, the app:// handler, guards, menus, dialogs) and lets the test drive it the way Electron would. Only
 * what Herald uses is here: anything else throws "The electron stand-in has no …", so a new API shows up at once.
 * It proves Herald's wiring of Electron, not Electron itself (see the README's "The Electron edge" section).
 */
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { electronEvent, overlaps, STAND_IN_PDF, type Rect, type Record_, type StandInConfig } from './standin-basics';
import { createMenus } from './standin-menus';
import { createDesktopModules } from './standin-desktop';

export { electronEvent, STAND_IN_PDF, type Display, type Rect, type Record_, type StandInConfig } from './standin-basics';

/** The native dialogs, and the system print dialog (webContents.print's callback: { success, failureReason }). */
type DialogKind = 'showOpenDialog' | 'showSaveDialog' | 'showMessageBox' | 'print';
const CANCELLED: Record<DialogKind, unknown> = {
  showOpenDialog: { canceled: true, filePaths: [] },
  showSaveDialog: { canceled: true, filePaths: undefined },
  showMessageBox: { response: 0, checkboxChecked: false },
  print: { success: false, failureReason: 'Print job canceled' },
};

export function createElectronStandIn(config: StandInConfig) {
  const log: Record_[] = [];
  const record = (kind: string, detail?: unknown) => log.push({ kind, detail });
  const dialogAnswers: Record<DialogKind, unknown[]> = { showOpenDialog: [], showSaveDialog: [], showMessageBox: [], print: [] };
  const desktop = createDesktopModules(record, config);
  const ipcHandlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const ipcListeners = new EventEmitter();
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response> | Response>();
  const paths = new Map<string, string>();
  let ready = false;
  let resolveReady: () => void = () => {};
  const whenReady = new Promise<void>((resolve) => (resolveReady = resolve));
  /** Called by app.exit and at the end of a quit that nothing prevented: the child reports and leaves. */
  let onExit: (code: number) => void = (code) => process.exit(code);
  /** What a page's executeJavaScript does (the print view): the child sets it; default: the page says "ready". */
  let pageScript: (win: BrowserWindow, code: string) => Promise<unknown> = async () => true;
  let permissionRequestHandler: ((wc: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void) | null = null;
  let permissionCheckHandler: ((wc: unknown, permission: string, origin: string, details: unknown) => boolean) | null = null;

  class WebContents extends EventEmitter {
    static #next = 1;
    readonly id = WebContents.#next++;
    url = '';
    destroyed = false;
    windowOpenHandler: ((details: unknown) => unknown) | null = null;
    readonly mainFrame: { url: string; parent: null; top: unknown; frames: unknown[] };
    readonly session = session.defaultSession;
    constructor(readonly owner: BrowserWindow) {
      super();
      const url = () => this.url;
      const top = () => this.mainFrame;
      this.mainFrame = {
        get url() {
          return url();
        },
        parent: null,
        get top() {
          return top();
        },
        frames: [],
      };
    }
    getURL = () => this.url;
    isDestroyed = () => this.destroyed;
    isLoading = () => false;
    send(channel: string, ...args: unknown[]) {
      record('webContents.send', { window: this.owner.id, channel, args });
    }
    setWindowOpenHandler(handler: (details: unknown) => unknown) {
      this.windowOpenHandler = handler;
    }
    executeJavaScript(code: string) {
      record('webContents.executeJavaScript', { window: this.owner.id });
      return pageScript(this.owner, code);
    }
    async printToPDF(options: unknown) {
      record('webContents.printToPDF', { window: this.owner.id, url: this.url, options });
      return Buffer.from(STAND_IN_PDF, 'latin1');
    }
    reload() {
      record('webContents.reload', { window: this.owner.id });
    }
    /** The system print dialog: answered (later, as the organiser would) with the test's answer, else cancelled. */
    print(options: unknown, callback?: (success: boolean, failureReason: string) => void) {
      const answer = (dialogAnswers.print.length ? dialogAnswers.print.shift() : CANCELLED.print) as { success: boolean; failureReason: string };
      record('webContents.print', { window: this.owner.id, url: this.url, options, answer });
      setImmediate(() => callback?.(answer.success, answer.failureReason));
    }
    replaceMisspelling(text: string) {
      record('webContents.replaceMisspelling', { window: this.owner.id, text });
    }
    openDevTools() {
      record('webContents.openDevTools', { window: this.owner.id });
    }
    toggleDevTools() {
      record('webContents.toggleDevTools', { window: this.owner.id });
    }
  }

  class BrowserWindow extends EventEmitter {
    static #next = 1;
    static all: BrowserWindow[] = [];
    static focused: BrowserWindow | null = null;
    static getAllWindows = () => BrowserWindow.all.filter((w) => !w.destroyed);
    static getFocusedWindow = () => (BrowserWindow.focused && !BrowserWindow.focused.destroyed ? BrowserWindow.focused : null);
    static fromWebContents = (wc: unknown) => BrowserWindow.all.find((w) => w.webContents === wc) ?? null;
    static fromId = (id: number) => BrowserWindow.all.find((w) => w.id === id) ?? null;
    readonly id = BrowserWindow.#next++;
    readonly webContents: WebContents;
    destroyed = false;
    visible: boolean;
    minimized = false;
    maximized = false;
    bounds: Rect;
    loads: { url: string; status: number }[] = [];
    title: string;
    constructor(readonly options: Record<string, unknown> = {}) {
      super();
      this.visible = options.show !== false;
      const num = (k: string, d: number) => (typeof options[k] === 'number' ? (options[k] as number) : d);
      this.bounds = { x: num('x', 0), y: num('y', 0), width: num('width', 800), height: num('height', 600) };
      this.webContents = new WebContents(this);
      this.title = typeof options.title === 'string' ? options.title : '';
      // Electron's own (lib/browser/api/browser-window.ts): the page's <title> becomes the window's unless prevented.
      this.webContents.on('page-title-updated', (event: { defaultPrevented: boolean }, title: string, ...rest: unknown[]) => {
        this.emit('page-title-updated', event, title, ...rest);
        if (!this.destroyed && !event.defaultPrevented) this.setTitle(title);
      });
      BrowserWindow.all.push(this);
      record('BrowserWindow', { id: this.id, options });
      app.emit('web-contents-created', electronEvent(), this.webContents);
      app.emit('browser-window-created', electronEvent(), this);
    }
    /** Loads through the registered protocol handler, as Chromium would; a refused page rejects like ERR_FAILED. */
    async loadURL(url: string) {
      this.webContents.url = url;
      const scheme = url.slice(0, url.indexOf(':'));
      const handler = protocolHandlers.get(scheme);
      const status = handler ? (await handler(new Request(url))).status : 0;
      this.loads.push({ url, status });
      record('loadURL', { window: this.id, url, status });
      if (status !== 200) throw new Error(`ERR_FAILED (${status}) loading '${url}'`);
      this.webContents.emit('did-finish-load', electronEvent());
      setImmediate(() => !this.destroyed && this.emit('ready-to-show', electronEvent()));
    }
    isDestroyed = () => this.destroyed;
    isVisible = () => this.visible && !this.minimized;
    isMinimized = () => this.minimized;
    isMaximized = () => this.maximized;
    isFullScreen = () => false;
    isNormal = () => !this.minimized && !this.maximized;
    show() {
      this.visible = true;
      this.minimized = false;
      record('window.show', { id: this.id });
    }
    hide() {
      this.visible = false;
    }
    focus() {
      BrowserWindow.focused = this;
      record('window.focus', { id: this.id });
    }
    restore() {
      this.minimized = false;
      record('window.restore', { id: this.id });
    }
    minimize() {
      this.minimized = true;
    }
    maximize() {
      this.maximized = true;
    }
    getBounds = () => ({ ...this.bounds });
    getNormalBounds = () => ({ ...this.bounds });
    getContentBounds = () => ({ ...this.bounds });
    setBounds(bounds: Partial<Rect>) {
      this.bounds = { ...this.bounds, ...bounds };
    }
    setTitle(title: string) {
      this.title = title;
      record('window.setTitle', { id: this.id, title });
    }
    getTitle = () => this.title;
    /** Like a click on the close button: 'close' may be prevented; otherwise the window goes. */
    close() {
      const event = electronEvent();
      this.emit('close', event);
      if (!event.defaultPrevented) this.destroy();
    }
    destroy() {
      if (this.destroyed) return;
      this.destroyed = true;
      this.webContents.destroyed = true;
      if (BrowserWindow.focused === this) BrowserWindow.focused = null;
      record('window.closed', { id: this.id });
      this.emit('closed');
      this.webContents.emit('destroyed');
    }
  }

  const app = Object.assign(new EventEmitter(), {
    name: 'electron',
    isPackaged: false,
    commandLine: { appendSwitch: (...args: unknown[]) => record('app.commandLine.appendSwitch', args), hasSwitch: () => false },
    setName(name: string) {
      app.name = name;
    },
    getName: () => app.name,
    getVersion: () => config.version,
    getLocale: () => 'en-GB',
    getAppPath: () => config.appPath,
    setPath(name: string, value: string) {
      if (ready && name === 'userData') record('app.setPath after ready', { name, value });
      paths.set(name, value);
    },
    getPath(name: string): string {
      const known = paths.get(name);
      if (known) return known;
      if (name === 'userData') return path.join(config.home, 'appData', app.name);
      if (name === 'logs') return path.join(app.getPath('userData'), 'logs');
      return path.join(config.home, name);
    },
    whenReady: () => whenReady,
    isReady: () => ready,
    requestSingleInstanceLock() {
      record('app.requestSingleInstanceLock', { granted: config.singleInstanceLock });
      return config.singleInstanceLock;
    },
    focus: () => record('app.focus'),
    setAppUserModelId: (id: string) => record('app.setAppUserModelId', id),
    addRecentDocument: (file: string) => record('app.addRecentDocument', file),
    quitting: false,
    /** Electron's order: before-quit, every window closed, will-quit, quit, exit. Each may be prevented but quit. */
    quit() {
      record('app.quit');
      if (app.quitting) return;
      app.quitting = true;
      const stop = (why: string) => {
        record('quit prevented', why);
        app.quitting = false;
      };
      const before = electronEvent();
      app.emit('before-quit', before);
      if (before.defaultPrevented) return stop('before-quit');
      for (const w of BrowserWindow.getAllWindows()) {
        w.close();
        if (!w.destroyed) return stop('a window refused to close');
      }
      const will = electronEvent();
      app.emit('will-quit', will);
      if (will.defaultPrevented) return stop('will-quit');
      app.emit('quit', electronEvent(), 0);
      record('app.exited', 0);
      onExit(0);
    },
    exit(code = 0) {
      record('app.exit', code);
      onExit(code);
    },
  });

  const menuKit = createMenus(record, {
    focused: () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0],
    quit: () => app.quit(),
    close: () => BrowserWindow.getFocusedWindow()?.close(),
  });

  const session = {
    defaultSession: {
      setPermissionRequestHandler(handler: typeof permissionRequestHandler) {
        permissionRequestHandler = handler;
      },
      setPermissionCheckHandler(handler: typeof permissionCheckHandler) {
        permissionCheckHandler = handler;
      },
      setSpellCheckerEnabled: (on: boolean) => record('session.setSpellCheckerEnabled', on),
      addWordToSpellCheckerDictionary: (word: string) => (record('session.addWordToSpellCheckerDictionary', word), true),
    },
  };

  const dialogCall =
    (kind: DialogKind) =>
    async (...args: unknown[]) => {
      const parent = args[0] instanceof BrowserWindow ? args[0] : null;
      const options = parent ? args[1] : args[0];
      const answer = dialogAnswers[kind].length ? dialogAnswers[kind].shift() : CANCELLED[kind];
      record(`dialog.${kind}`, { parent: parent?.id ?? null, options, answer });
      return answer;
    };

  const modules: Record<string, unknown> = {
    app,
    BrowserWindow,
    ipcMain: {
      handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) {
        if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        ipcHandlers.set(channel, handler);
        record('ipcMain.handle', channel);
      },
      removeHandler: (channel: string) => ipcHandlers.delete(channel),
      on: (channel: string, listener: (...args: unknown[]) => void) => ipcListeners.on(channel, listener),
      removeListener: (channel: string, listener: (...args: unknown[]) => void) => ipcListeners.removeListener(channel, listener),
    },
    protocol: {
      registerSchemesAsPrivileged(schemes: unknown) {
        record('protocol.registerSchemesAsPrivileged', { schemes, afterReady: ready });
      },
      handle(scheme: string, handler: (request: Request) => Promise<Response>) {
        if (!ready) throw new Error('protocol.handle must be called after the app is ready.');
        protocolHandlers.set(scheme, handler);
        record('protocol.handle', scheme);
      },
      unhandle: (scheme: string) => protocolHandlers.delete(scheme),
      isProtocolHandled: (scheme: string) => protocolHandlers.has(scheme),
    },
    /** Chromium's file loader, played by reading the file (a missing file rejects as it does); https from the config. */
    net: desktop.net,
    nativeTheme: desktop.nativeTheme,
    Notification: desktop.Notification,
    session,
    dialog: {
      showOpenDialog: dialogCall('showOpenDialog'),
      showSaveDialog: dialogCall('showSaveDialog'),
      showMessageBox: dialogCall('showMessageBox'),
      showErrorBox: (title: string, content: string) => record('dialog.showErrorBox', { title, content }),
    },
    Menu: menuKit.Menu,
    shell: {
      openPath: async (p: string) => (record('shell.openPath', p), ''),
      showItemInFolder: (p: string) => record('shell.showItemInFolder', p),
      openExternal: async (url: string) => record('shell.openExternal', url),
      beep: () => record('shell.beep'),
    },
    screen: Object.assign(new EventEmitter(), {
      getAllDisplays: () => config.displays,
      getPrimaryDisplay: () => config.displays[0],
      getDisplayMatching: (rect: Rect) => config.displays.find((d) => overlaps(d.workArea, rect)) ?? config.displays[0],
      getDisplayNearestPoint: (p: { x: number; y: number }) =>
        config.displays.find((d) => overlaps(d.workArea, { ...p, width: 1, height: 1 })) ?? config.displays[0],
    }),
  };

  // Unknown names throw, so a new Electron API in Herald fails loudly here rather than as `undefined is not a function`.
  const electron = new Proxy(modules, {
    get(target, name) {
      if (typeof name === 'symbol' || name === '__esModule' || name === 'then') return undefined;
      if (name === 'default') return electron;
      if (!(name in target)) throw new Error(`The electron stand-in has no ${name} (add it in src-main/electron/test-support/electron-standin.ts).`);
      return target[name];
    },
  });

  return {
    electron,
    log,
    record,
    app,
    BrowserWindow,
    ipcHandlers,
    ipcListeners,
    protocolHandlers,
    serializeMenu: menuKit.serializeMenu,
    clickMenu: menuKit.clickMenu,
    get applicationMenu() {
      return menuKit.applicationMenu;
    },
    menus: menuKit.menus,
    answer(kind: DialogKind, answers: unknown[]) {
      dialogAnswers[kind].push(...answers);
    },
    clickNotification: desktop.clickNotification,
    nativeTheme: desktop.nativeTheme,
    permissionRequest: () => permissionRequestHandler,
    permissionCheck: () => permissionCheckHandler,
    emitReady() {
      ready = true;
      app.emit('will-finish-launching');
      app.emit('ready', electronEvent(), {});
      resolveReady();
    },
    setOnExit(fn: (code: number) => void) {
      onExit = fn;
    },
    setPageScript(fn: typeof pageScript) {
      pageScript = fn;
    },
  };
}

export type ElectronStandIn = ReturnType<typeof createElectronStandIn>;
export type StandInWindow = InstanceType<ElectronStandIn['BrowserWindow']>;
