/**
 * The preload: the only door between the sandboxed renderer and main. It exposes exactly two functions,
 * invoke(channel, input) and on(event, cb), and only for channels and events named in the contract.
 * Everything else (schemas, sender checks) is enforced again in main: the renderer is never trusted.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_EVENT, IPC_INVOKE } from '../../shared/ipc/bridge';
import { isChannelName, isEventName } from '../../shared/ipc/contract';

contextBridge.exposeInMainWorld('herald', {
  invoke(channel: unknown, input: unknown): Promise<unknown> {
    if (!isChannelName(channel)) {
      return Promise.resolve({ ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `There is no channel named ${String(channel)}.` } });
    }
    return ipcRenderer.invoke(IPC_INVOKE, channel, input);
  },
  on(event: unknown, callback: (payload: unknown) => void): () => void {
    if (!isEventName(event) || typeof callback !== 'function') throw new Error(`There is no event named ${String(event)}.`);
    const listener = (_e: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (name === event) callback(payload);
    };
    ipcRenderer.on(IPC_EVENT, listener);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT, listener);
    };
  },
});
