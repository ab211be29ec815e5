/** The bridge API from a spec (browser mode: /api/invoke with the launch token; Electron: the preload's bridge). */
import type { Page } from '@playwright/test';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc/contract';

type Result = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };

export async function invoke<C extends ChannelName>(page: Page, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const result = await page.evaluate(
    async ({ channel, input }) => {
      const w = globalThis as unknown as {
        herald?: { invoke(channel: string, input: unknown): Promise<unknown> };
        sessionStorage: { getItem(key: string): string | null };
      };
      if (w.herald) return w.herald.invoke(channel, input);
      const res = await fetch('/api/invoke', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-herald-token': w.sessionStorage.getItem('herald.token') ?? '' },
        body: JSON.stringify({ channel, input }),
      });
      return res.json();
    },
    { channel, input: input as unknown },
  );
  const r = result as Result;
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}
