/**
 * A screen in its own chunk, loaded the first time its route is shown (docs/renderer-startup.md): the home screen
 * stays in the entry chunk, so first paint does not wait for the code of every other screen.
 *
 *   const campaign = lazyScreen(() => import('./views/CampaignView.svelte'));
 *   {@const View = campaign.component}      <!-- reading it starts the load -->
 *   {#if View}<View id={…} />{:else}<ScreenPending screen={campaign} />{/if}
 *
 * Once loaded the component is kept, so later visits render at once (no await, no flash).
 */
export class LazyScreen<C> {
  #load: () => Promise<{ default: C }>;
  #loading: Promise<void> | null = null;
  /** The screen was asked for (not only prefetched): a failed load is then shown. */
  #wanted = false;
  #component = $state.raw<C | null>(null);
  #failed = $state<string | null>(null);

  constructor(load: () => Promise<{ default: C }>) {
    this.#load = load;
  }

  /** The component once its chunk is in, else null. Reading it starts the load (state changes only when it ends). */
  get component(): C | null {
    this.#wanted = true;
    if (!this.#loading) void this.load();
    return this.#component;
  }

  /** Why the chunk could not be loaded (e.g. browser mode was restarted with a new build), else null. */
  get failed(): string | null {
    return this.#failed;
  }

  /** Starts (or joins) the load; a failed load can be started again, and is reported once the screen is wanted. */
  load(): Promise<void> {
    this.#loading ??= this.#load().then(
      (m) => {
        this.#component = m.default;
        this.#failed = null;
      },
      (e: unknown) => {
        this.#loading = null;
        if (this.#wanted) this.#failed = e instanceof Error ? e.message : String(e);
      },
    );
    return this.#loading;
  }
}

export const lazyScreen = <C>(load: () => Promise<{ default: C }>) => new LazyScreen(load);

/**
 * Loads these screens' chunks `delayMs` from now, once the browser is idle: the first screen gets the machine to itself,
 * and a later first visit to another screen does not wait for its code. Returns a function that cancels it.
 */
export function prefetchWhenIdle(screens: readonly { load(): Promise<void> }[], delayMs: number): () => void {
  let idle: number | undefined;
  const start = () => {
    for (const screen of screens) void screen.load();
  };
  const timer = setTimeout(() => {
    if ('requestIdleCallback' in window) idle = requestIdleCallback(start, { timeout: 2_000 });
    else start();
  }, delayMs);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
