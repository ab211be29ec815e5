/**
 * The renderer's typed client. It picks its transport once at start: the preload's `window.herald` in Electron,
 * or the loopback HTTP bridge in browser mode. Views call `api.call('campaigns.create', {...})` and get the
 * channel's typed output, or an ApiError with a code and a message to show.
 */
import type { Bridge } from '../shared/ipc/bridge';
import type { ChannelInput, ChannelName, ChannelOutput, EventName, EventPayload } from '../shared/ipc/contract';
import type { AppErrorData, ErrorCode, FieldIssue, Result } from '../shared/ipc/result';

declare global {
  interface Window {
    herald?: Bridge;
  }
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly issues: FieldIssue[];
  constructor(data: AppErrorData) {
    super(data.message);
    this.name = 'ApiError';
    this.code = data.code;
    this.issues = data.issues ?? [];
  }
  /** The message for one form field, if the error names it. */
  field(path: string): string | undefined {
    return this.issues.find((i) => i.path === path)?.message;
  }
}

const TOKEN_KEY = 'herald.token';

/** Browser mode: the launch token arrives in the URL fragment once; keep it for reloads of this tab. */
function takeToken(): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', location.pathname + location.search);
    return match[1];
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

const unreachable = (message: string): Result<never> => ({ ok: false, error: { code: 'INTERNAL', message } });

function httpBridge(token: string): Bridge {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let streaming = false;

  async function stream() {
    streaming = true;
    let delay = 500;
    for (;;) {
      try {
        const res = await fetch('/api/events', { headers: { 'x-herald-token': token }, cache: 'no-store' });
        if (!res.ok || !res.body) throw new Error(String(res.status));
        delay = 500;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const chunk = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!chunk.startsWith('data: ')) continue;
            const { event, payload } = JSON.parse(chunk.slice(6)) as { event: string; payload: unknown };
            for (const cb of listeners.get(event) ?? []) cb(payload);
          }
        }
      } catch {
        // The server went away (restart, sleep): try again, slowly.
      }
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  }

  return {
    async invoke(channel, input) {
      try {
        const res = await fetch('/api/invoke', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-herald-token': token },
          body: JSON.stringify({ channel, input }),
          cache: 'no-store',
        });
        return (await res.json()) as Result<unknown>;
      } catch {
        return unreachable('Herald is not answering. Is browser mode still running? Start it again and reload this page.');
      }
    },
    on(event, callback) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const cb = callback as (payload: unknown) => void;
      set.add(cb);
      if (!streaming) void stream();
      return () => set.delete(cb);
    },
  };
}

function pickBridge(): { bridge: Bridge | null; problem: string | null } {
  if (window.herald) return { bridge: window.herald, problem: null };
  const token = takeToken();
  if (token) return { bridge: httpBridge(token), problem: null };
  return {
    bridge: null,
    problem: 'This page needs the link Herald printed when browser mode started (it ends with #token=…). Open that link.',
  };
}

const picked = pickBridge();

/** Why the app cannot talk to Herald, if it cannot (shown instead of the app). */
export const transportProblem = picked.problem;

export const api = {
  async call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
    if (!picked.bridge) throw new ApiError({ code: 'INTERNAL', message: transportProblem ?? 'No bridge.' });
    const result = await picked.bridge.invoke(channel, input);
    if (!result.ok) throw new ApiError(result.error);
    return result.value as ChannelOutput<C>;
  },
  on<E extends EventName>(event: E, callback: (payload: EventPayload<E>) => void): () => void {
    return picked.bridge ? picked.bridge.on(event, callback) : () => {};
  },
};

/** A message to show for any thrown value. */
export const messageOf = (e: unknown): string => (e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e));
