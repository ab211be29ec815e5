/**
 * Herald's real main bundle under a recording stand-in for Electron (issue 15), one child process per app.
 *
 *   const herald = await startHerald({ dataDir });           // loads dist/main/index.cjs, app ready, window opened
 *   const [win] = await herald.windows();                   // BrowserWindow options, loaded URL, visible …
 *   await herald.invoke(TOP, 'campaigns.create', { name }); // from the window's own top frame ({ url, subframe } too)
 *   await herald.request('app://herald/index.html');       // the app:// protocol handler's Response
 *   await herald.navigate('https://example.org');           // will-navigate → { prevented }
 *   await herald.answer('showSaveDialog', { canceled: false, filePath });  // the next dialog's answer
 *   await herald.click('File', 'Open data folder');         // a menu item, by labels; herald.menu() gives the template
 *   (await herald.records()).filter((r) => r.kind === 'shell.openPath');   // everything Electron was asked to do
 *   const { code } = await herald.quit();                  // app.quit(); resolves once the process has exited
 *
 * It proves Herald's wiring of Electron (what main registers and how it answers), never Electron itself.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { buildSync } from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IPC_INVOKE } from '../../../shared/ipc/bridge';
import type { Result } from '../../../shared/ipc/result';
import type { ChildConfig, FrameSpec } from './child';
import type { Display, Record_ } from './electron-standin';

export type { FrameSpec } from './child';
export type HeraldRecord = Record_;
export { loadPreload } from './preload';

/** The built bundles the edge test runs (npm test builds them first). */
export const BUILT_MAIN = path.resolve('dist/main/index.cjs');
export const BUILT_PRELOAD = path.resolve('dist/main/preload.cjs');
/** The window's own top frame. */
export const TOP: FrameSpec = {};

export interface StartOptions {
  dataDir?: string;
  /** Extra command-line arguments (after `--data-dir DIR` when dataDir is given). */
  argv?: string[];
  /** false plays a second launch: Electron refuses the single-instance lock. */
  singleInstanceLock?: boolean;
  holdBackups?: boolean;
  displays?: Display[];
  /** app.getVersion() (default 0.0.0-edge). */
  version?: string;
  /** What net.fetch answers for https URLs (the update check); any other URL is offline. */
  net?: Record<string, { status: number; body: unknown }>;
  /** Notification.isSupported() (default true). */
  notifications?: boolean;
  /** Fire app ready at once and wait for the window (default); false leaves it to `herald.ready()`. */
  ready?: boolean;
}

export interface WindowInfo {
  id: number;
  options: Record<string, unknown> & { webPreferences?: Record<string, unknown> };
  url: string;
  loads: { url: string; status: number }[];
  visible: boolean;
  destroyed: boolean;
  bounds: { x: number; y: number; width: number; height: number };
  /** The window's title bar as it stands (Electron's getTitle()). */
  title: string;
}

let childScript: string | undefined;
/** child.ts, bundled once per test process into a temporary .cjs (plain Node runs it). */
function childEntry(): string {
  if (childScript) return childScript;
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'herald-edge-')), 'child.cjs');
  buildSync({
    entryPoints: [path.join(import.meta.dirname, 'child.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    outfile: out,
    logLevel: 'warning',
  });
  return (childScript = out);
}

const DEFAULT_DISPLAYS: Display[] = [
  { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 }, scaleFactor: 1 },
];

export async function startHerald(options: StartOptions = {}) {
  for (const file of [BUILT_MAIN, BUILT_PRELOAD]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(process.cwd(), file)} is missing: run \`npm run build\` first (npm test does).`);
  }
  const config: ChildConfig = {
    bundle: BUILT_MAIN,
    appPath: process.cwd(),
    home: fs.mkdtempSync(path.join(os.tmpdir(), 'herald-edge-home-')),
    version: options.version ?? '0.0.0-edge',
    singleInstanceLock: options.singleInstanceLock ?? true,
    displays: options.displays ?? DEFAULT_DISPLAYS,
    holdBackups: options.holdBackups ?? false,
    ...(options.net ? { net: options.net } : {}),
    ...(options.notifications === undefined ? {} : { notifications: options.notifications }),
  };
  const argv = [...(options.dataDir ? ['--data-dir', options.dataDir] : []), ...(options.argv ?? [])];
  const child: ChildProcess = fork(childEntry(), argv, {
    env: { ...process.env, HERALD_EDGE_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
    execArgv: [],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let exitRecords: Record_[] | null = null;
  let loadError: string | null = null;
  let markLoaded: () => void = () => {};
  const loaded = new Promise<void>((r) => (markLoaded = r));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; records: Record_[] | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      for (const p of pending.values()) p.reject(new Error(`Herald's process exited (code ${code}) before it answered.\n${output}`));
      pending.clear();
      markLoaded();
      resolve({ code, signal, records: exitRecords });
    });
  });
  child.on('message', (m: { type: string; id?: number; ok?: boolean; value?: unknown; error?: string; records?: Record_[] }) => {
    if (m.type === 'reply' && m.id !== undefined) {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.ok) p?.resolve(m.value);
      else p?.reject(new Error(m.error));
    } else if (m.type === 'exit') exitRecords = m.records ?? null;
    else if (m.type === 'loaded') markLoaded();
    else if (m.type === 'load-failed') loadError = m.error ?? 'unknown';
  });

  const op = <T>(name: string, ...args: unknown[]): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (child.exitCode !== null || child.signalCode !== null) return reject(new Error(`Herald's process has exited.\n${output}`));
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, op: name, args });
    });

  await loaded;
  if (loadError) throw new Error(`dist/main/index.cjs failed to load under the stand-in:\n${loadError}`);

  const herald = {
    dataDir: options.dataDir,
    pid: child.pid,
    /** Everything the process printed (Herald logs its errors to stderr). */
    output: () => output,
    /** Resolves when the process has exited, with the stand-in's records up to then. */
    exited,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    ready: () => op<WindowInfo[]>('ready'),
    windows: () => op<WindowInfo[]>('windows'),
    /** Herald's IPC entry (ipcRenderer.invoke('herald:invoke', channel, input)) from a frame. */
    async invoke(frame: FrameSpec, channel: string, input: unknown): Promise<Result<unknown>> {
      const answer = await op<{ value?: Result<unknown>; threw?: string; noHandler?: boolean }>('ipcInvoke', frame, IPC_INVOKE, [channel, input]);
      if (answer.noHandler) throw new Error(`Nothing handles ${IPC_INVOKE}.\n${output}`);
      if (answer.threw) throw new Error(`The ${IPC_INVOKE} handler threw: ${answer.threw}`);
      return answer.value as Result<unknown>;
    },
    ipcInvoke: (frame: FrameSpec, channel: string, ...args: unknown[]) =>
      op<{ value?: unknown; threw?: string; noHandler?: boolean }>('ipcInvoke', frame, channel, args),
    ipcSend: (frame: FrameSpec, channel: string, ...args: unknown[]) => op<void>('ipcSend', frame, channel, args),
    request: (url: string) => op<{ status: number; headers: Record<string, string>; body: Uint8Array; noHandler?: boolean }>('request', url),
    navigate: (url: string, windowId?: number, eventName?: string) => op<{ prevented: boolean }>('navigate', windowId, url, eventName),
    windowOpen: (url: string, windowId?: number) => op<{ action: string }>('windowOpen', windowId, url),
    permission: (permission: string, windowId?: number) => op<{ granted: boolean; checked: boolean }>('permission', windowId, permission),
    windowEvent: (name: string, args: unknown[] = [], windowId?: number) => op<{ prevented: boolean }>('windowEvent', windowId, name, args),
    webContentsEvent: (name: string, args: unknown[] = [], windowId?: number) => op<{ prevented: boolean }>('webContentsEvent', windowId, name, args),
    closeWindow: (windowId?: number) => op<void>('closeWindow', windowId),
    activate: () => op<void>('activate'),
    /** The application menu's template (labels, roles, accelerators; `click: true` where Herald gave one). */
    menu: () => op<MenuItemInfo[] | null>('menu'),
    /** Every menu Herald built (the application menu and any context menu), in order. */
    menus: () => op<MenuItemInfo[][]>('popups'),
    click: (...labels: string[]) => op<void>('click', labels),
    clickInMenu: (menuIndex: number, ...labels: string[]) => op<void>('click', labels, menuIndex),
    /** The answers the next dialogs of that kind give (afterwards: cancelled); 'print' answers webContents.print. */
    answer: (kind: 'showOpenDialog' | 'showSaveDialog' | 'showMessageBox' | 'print', ...answers: unknown[]) => op<void>('answer', kind, answers),
    /** macOS's open-file for `file` (a double-click in the Finder). */
    openFile: (file: string) => op<{ prevented: boolean }>('openFile', file),
    clickNotification: (index = 0) => op<void>('clickNotification', index),
    nativeTheme: () => op<{ themeSource: string }>('nativeTheme'),
    secondInstance: (argv: string[] = [], cwd = process.cwd()) => op<void>('secondInstance', argv, cwd),
    records: () => op<Record_[]>('records'),
    /** Resolves once a record of this kind exists (e.g. 'backup.held'). */
    waitFor: (kind: string) => op<void>('waitFor', kind),
    /** Let the held backups (startHerald({ holdBackups: true })) finish; answers how many answers were held. */
    releaseBackups: () => op<number>('releaseBackups'),
    /** app.quit(), answered at once: `exited` false while quit waits for something (a backup under way). */
    async requestQuit(): Promise<{ exited: boolean }> {
      const answer = await Promise.race([op<{ running: true }>('quit').catch(() => null), exited.then(() => null)]);
      return { exited: answer === null || !herald.isRunning() };
    },
    /** app.quit(); resolves with the exit code and the stand-in's records once the process has gone. */
    async quit(): Promise<{ code: number | null; signal: NodeJS.Signals | null; records: Record_[] | null }> {
      await herald.requestQuit();
      return exited;
    },
    kill: () => {
      if (herald.isRunning()) child.kill();
      return exited;
    },
  };
  if (options.ready !== false) await herald.ready().catch((e: unknown) => (herald.isRunning() ? Promise.reject(e) : undefined));
  return herald;
}

export type Herald = Awaited<ReturnType<typeof startHerald>>;

export interface MenuItemInfo {
  label?: string;
  role?: string;
  type?: string;
  accelerator?: string;
  enabled?: boolean;
  click?: true;
  submenu?: MenuItemInfo[];
}
