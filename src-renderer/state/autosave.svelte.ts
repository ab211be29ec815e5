/**
 * Saving what the organiser types, in the background (issue 32): the one piece every editing state uses (a game's
 * draft, an amendment's preview, a team's roster). Edits are debounced; the latest save wins — an answer to an older
 * save, or one that arrives while a newer edit is still waiting, is dropped; `flush()` waits until every edit has
 * reached main; the changed-event that echoes this window's own save is recognised, so it does not reload over typing.
 */
import { messageOf } from '../api';

export type SaveStatus = 'saved' | 'saving' | 'error';

/** Sends the edits as they are now; resolves to what to do with main's answer, if it is still the latest. */
export type SendEdits = () => Promise<() => void>;

export interface AutosaveOptions {
  /** The debounce after an edit, in milliseconds. */
  delayMs: number;
  /** A save failed: its message (the state shows it where its other errors go). */
  failed?: (message: string) => void;
  /** For how long after a save main's changed-event is taken as its echo. */
  echoMs?: number;
  now?: () => number;
}

export class Autosave {
  status = $state<SaveStatus>('saved');
  error = $state<string | null>(null);

  #saves = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #inFlight: Promise<void> | null = null;
  #savedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly send: SendEdits,
    private readonly options: AutosaveOptions,
  ) {}

  /** An edit waits for its debounce. */
  get waiting(): boolean {
    return this.#timer !== undefined;
  }

  /** An edit waits or a save is under way: main's copy must not replace the local one now. */
  get busy(): boolean {
    return this.status === 'saving' || this.waiting;
  }

  /** How many saves have started: a load that began before a save must not apply its older answer. */
  get saves(): number {
    return this.#saves;
  }

  /** Main's changed-event now is (most likely) this window's own save coming back, or would reload over an edit. */
  isEcho(): boolean {
    const now = this.options.now ?? Date.now;
    return this.busy || now() - this.#savedAt < (this.options.echoMs ?? 0);
  }

  /** Save after the debounce (or `delayMs`); a further edit meanwhile starts the wait again. */
  soon(delayMs = this.options.delayMs): void {
    this.status = 'saving';
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.now();
    }, delayMs);
  }

  /** Save at once (before a step change, a roll, an action). */
  now(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.status = 'saving';
    const seq = ++this.#saves;
    const run = (async () => {
      try {
        const take = await this.send();
        if (seq !== this.#saves || this.waiting) return;
        this.#savedAt = (this.options.now ?? Date.now)();
        this.status = 'saved';
        this.error = null;
        take();
      } catch (e) {
        if (seq !== this.#saves) return;
        this.status = 'error';
        this.error = messageOf(e);
        this.options.failed?.(this.error);
      }
    })();
    this.#inFlight = run;
    return run;
  }

  /** Wait until every edit has reached main: a waiting edit is saved now, a save under way is waited for. */
  async flush(): Promise<void> {
    if (this.waiting) await this.now();
    else if (this.#inFlight) await this.#inFlight;
  }

  /** Forget a waiting edit (the draft is discarded, the team deleted). */
  cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#saves++;
    this.status = 'saved';
  }
}
