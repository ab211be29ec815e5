/**
 * The built preload (dist/main/preload.cjs) as a sandboxed renderer runs it: in a fresh context whose `require` knows
 * only `electron` (a sandboxed preload gets no Node modules), with a recording contextBridge and ipcRenderer. What
 * it passes to exposeInMainWorld is all the page can ever see of main.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import vm from 'node:vm';

export interface LoadedPreload {
  /** exposeInMainWorld's calls: key → the object the page gets. */
  exposed: Map<string, unknown>;
  /** Every ipcRenderer method the preload called, with its arguments. */
  calls: { method: string; args: unknown[] }[];
  /** Modules the preload asked `require` for. */
  required: string[];
  /** Names the preload left on its own global object (a contextIsolation world: still, nothing should be there). */
  globalsAdded: string[];
  /** Main sending an event to this page (webContents.send(channel, ...args)). */
  emit(channel: string, ...args: unknown[]): void;
}

/** `invoke` answers ipcRenderer.invoke(channel, ...args) (e.g. the edge test's Herald, from the window's top frame). */
export function loadPreload(file: string, invoke: (channel: string, ...args: unknown[]) => Promise<unknown> = async () => undefined): LoadedPreload {
  const exposed = new Map<string, unknown>();
  const calls: LoadedPreload['calls'] = [];
  const required: string[] = [];
  const events = new EventEmitter();
  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]) => (calls.push({ method: 'invoke', args: [channel, ...args] }), invoke(channel, ...args)),
    send: (...args: unknown[]) => calls.push({ method: 'send', args }),
    sendSync: (...args: unknown[]) => (calls.push({ method: 'sendSync', args }), undefined),
    on: (channel: string, listener: (...a: unknown[]) => void) => (calls.push({ method: 'on', args: [channel] }), events.on(channel, listener), ipcRenderer),
    once: (channel: string, listener: (...a: unknown[]) => void) => (
      calls.push({ method: 'once', args: [channel] }),
      events.once(channel, listener),
      ipcRenderer
    ),
    removeListener: (channel: string, listener: (...a: unknown[]) => void) => (
      calls.push({ method: 'removeListener', args: [channel] }),
      events.removeListener(channel, listener),
      ipcRenderer
    ),
    removeAllListeners: (channel: string) => (calls.push({ method: 'removeAllListeners', args: [channel] }), events.removeAllListeners(channel), ipcRenderer),
  };
  const contextBridge = {
    exposeInMainWorld(key: string, api: unknown) {
      if (exposed.has(key)) throw new Error(`Cannot bind an API on top of an existing property on the window object: ${key}`);
      exposed.set(key, api);
    },
  };
  const electron = { contextBridge, ipcRenderer };
  const sandboxRequire = (name: string) => {
    required.push(name);
    if (name === 'electron') return electron;
    throw new Error(`module not found: ${name} (a sandboxed preload can require only electron, events, timers and url)`);
  };
  const context = vm.createContext({ console, setTimeout, clearTimeout, Promise });
  const before = new Set(Object.getOwnPropertyNames(context));
  const module = { exports: {} };
  const wrapped = vm.runInContext(`(function (exports, require, module, __filename, __dirname) {${fs.readFileSync(file, 'utf8')}\n})`, context, {
    filename: file,
  }) as (...a: unknown[]) => void;
  wrapped(module.exports, sandboxRequire, module, file, '.');
  const globalsAdded = Object.getOwnPropertyNames(context).filter((n) => !before.has(n));
  // The page's side of an event: Electron calls the listener with (IpcRendererEvent, ...args).
  const emit = (channel: string, ...args: unknown[]) => events.emit(channel, { sender: ipcRenderer, senderId: 0, ports: [] }, ...args);
  return { exposed, calls, required, globalsAdded, emit };
}
