/**
 * The Bridge: what the renderer sees of main, whatever the transport (the preload's window.herald in Electron, the
 * HTTP bridge in browser mode). Kept tiny on purpose: one call, one subscription.
 */
import type { EventName, EventPayload } from './contract';
import type { Result } from './result';

export interface Bridge {
  invoke(channel: string, input: unknown): Promise<Result<unknown>>;
  /** Subscribe to an event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, callback: (payload: EventPayload<E>) => void): () => void;
}

/** Names used on Electron's IPC wire (one invoke channel, one event channel). */
export const IPC_INVOKE = 'herald:invoke';
export const IPC_EVENT = 'herald:event';
