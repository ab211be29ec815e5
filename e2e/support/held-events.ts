/**
 * Holding main's events at the window (issue 31's progress e2e): browser mode's event stream (`GET /api/events`,
 * read by src-renderer/api.ts through fetch) is wrapped in the page so that, once `hold()` is called, each event whose
 * name matches is kept back until the test lets it through — one at a time, so the screen can be looked at after each.
 * Main is not held: a restore there runs through its steps at its own pace (src-main/handlers/backup-progress.test.ts
 * proves each step leaves main while its work is still under way); this shows what the window makes of each, in turn.
 */
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __heraldHeld?: { names: RegExp | null; waiting: string[]; let: (() => void) | null };
  }
}

/** Installs the wrapper (before the page loads: call before goto, or it takes effect from the next load). */
export async function wrapEventStream(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const held: NonNullable<Window['__heraldHeld']> = { names: null, waiting: [], let: null };
    window.__heraldHeld = held;
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await realFetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.includes('/api/events') || !res.body) return res;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const encoder = new TextEncoder();
      let buffer = '';
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          for (;;) {
            const end = buffer.indexOf('\n\n');
            if (end >= 0) {
              const message = buffer.slice(0, end + 2);
              buffer = buffer.slice(end + 2);
              const name = /"event":"([^"]+)"/.exec(message)?.[1];
              if (name && held.names?.test(name)) {
                held.waiting.push(name);
                await new Promise<void>((resolve) => (held.let = resolve));
              }
              controller.enqueue(encoder.encode(message));
              return;
            }
            const { value, done } = await reader.read();
            if (done) return controller.close();
            buffer += value;
          }
        },
      });
      return new Response(body, { status: res.status, headers: res.headers });
    };
  });
}

/** From now on, events named by `names` wait at the window until `next()` lets each through. */
export async function holdEvents(page: Page, names: RegExp): Promise<{ next(): Promise<string>; stop(): Promise<void> }> {
  await page.evaluate((source) => (window.__heraldHeld!.names = new RegExp(source)), names.source);
  let seen = 0;
  return {
    /** Waits for the next held event, lets it through, and says which it was. */
    async next() {
      seen++;
      await page.waitForFunction((n) => (window.__heraldHeld?.waiting.length ?? 0) >= n && window.__heraldHeld?.let !== null, seen);
      return page.evaluate(() => {
        const h = window.__heraldHeld!;
        const letIt = h.let!;
        h.let = null;
        letIt();
        return h.waiting[h.waiting.length - 1]!;
      });
    },
    async stop() {
      await page.evaluate(() => {
        const h = window.__heraldHeld!;
        h.names = null;
        h.let?.();
        h.let = null;
      });
    },
  };
}
