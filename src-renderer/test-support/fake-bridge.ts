/**
 * The renderer's tests talk to main through this Bridge (issue 32): the typed `Bridge` the preload and the HTTP
 * bridge implement, answered either by the real handlers on a temporary SQLite file (`useCore`) or by answers a
 * test gives per channel (`answer`). A channel can be held (`hold`) to answer late, out of order, or fail — what
 * autosave and sequencing must survive. Every call is recorded.
 */
import type { Bridge } from '../../shared/ipc/bridge';
import type { ChannelInput, ChannelName, ChannelOutput, EventName, EventPayload } from '../../shared/ipc/contract';
import type { ErrorCode, Result } from '../../shared/ipc/result';

type Core = { invoke(channel: unknown, input: unknown): Promise<Result<unknown>>; onEvent(l: (e: string, p: unknown) => void): () => void };
type Answer = (input: unknown) => unknown;

/** A call a test holds back: answer it (or fail it) when the test says. */
export interface HeldCall {
  channel: string;
  input: unknown;
  answer(value: unknown): void;
  fail(code: ErrorCode, message: string): void;
  /** Let the held call through to the core or the channel's answer. */
  pass(): void;
}

export class FakeBridge implements Bridge {
  readonly calls: { channel: string; input: unknown }[] = [];
  private readonly answers = new Map<string, Answer>();
  private readonly held = new Map<string, HeldCall[]>();
  private readonly holding = new Set<string>();
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  private core: Core | null = null;
  private offCore: (() => void) | null = null;

  /** Forget every answer, hold, call and listener (between tests). */
  reset(): void {
    this.calls.length = 0;
    this.answers.clear();
    this.held.clear();
    this.holding.clear();
    this.listeners.clear();
    this.offCore?.();
    this.core = null;
    this.offCore = null;
  }

  /** Answer every channel with the real handlers of this core; its events reach the renderer's listeners. */
  useCore(core: Core): void {
    this.offCore?.();
    this.core = core;
    this.offCore = core.onEvent((event, payload) => this.emit(event as EventName, payload as never));
  }

  /** Answer a channel with this function (its value, or an ApiError when it throws `{ code, message }`). */
  answer<C extends ChannelName>(channel: C, fn: (input: ChannelInput<C>) => ChannelOutput<C> | Promise<ChannelOutput<C>>): void {
    this.answers.set(channel, fn as Answer);
  }

  /** From now on, calls of this channel wait until the test answers them (see `heldCalls`). */
  hold(channel: ChannelName): void {
    this.holding.add(channel);
  }

  release(channel: ChannelName): void {
    this.holding.delete(channel);
  }

  /** The calls of a channel waiting for an answer, oldest first. */
  heldCalls(channel: ChannelName): HeldCall[] {
    return this.held.get(channel) ?? [];
  }

  /** The inputs this channel was called with, in order. */
  inputsOf<C extends ChannelName>(channel: C): ChannelInput<C>[] {
    return this.calls.filter((c) => c.channel === channel).map((c) => c.input as ChannelInput<C>);
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const cb of [...(this.listeners.get(event) ?? [])]) cb(payload);
  }

  invoke(channel: string, input: unknown): Promise<Result<unknown>> {
    this.calls.push({ channel, input });
    if (!this.holding.has(channel)) return this.run(channel, input);
    return new Promise((resolve) => {
      const list = this.held.get(channel) ?? [];
      this.held.set(channel, list);
      const done = (r: Result<unknown>) => {
        list.splice(list.indexOf(call), 1);
        resolve(r);
      };
      const call: HeldCall = {
        channel,
        input,
        answer: (value) => done({ ok: true, value }),
        fail: (code, message) => done({ ok: false, error: { code, message } }),
        pass: () => {
          list.splice(list.indexOf(call), 1);
          void this.run(channel, input).then(resolve);
        },
      };
      list.push(call);
    });
  }

  on<E extends EventName>(event: E, callback: (payload: EventPayload<E>) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    const cb = callback as (payload: unknown) => void;
    set.add(cb);
    return () => set.delete(cb);
  }

  private async run(channel: string, input: unknown): Promise<Result<unknown>> {
    const fn = this.answers.get(channel);
    if (fn) {
      try {
        return { ok: true, value: await fn(input) };
      } catch (e) {
        const err = e as { code?: ErrorCode; message?: string };
        return { ok: false, error: { code: err.code ?? 'INTERNAL', message: err.message ?? String(e) } };
      }
    }
    if (this.core) return this.core.invoke(channel, input);
    return { ok: false, error: { code: 'INTERNAL', message: `The test gave no answer for ${channel}.` } };
  }
}

/** The one FakeBridge the renderer's api.ts picks up in tests (setup.ts puts it on window.herald). */
export const bridge = new FakeBridge();
