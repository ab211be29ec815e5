/**
 * What the campaign page asks for when it opens (issue 29): recorded from the real renderer in browser mode, not a
 * hand-kept list. A Chromium page opens the campaign list, then the campaign; every /api/invoke request it makes from
 * the click until it has been quiet for a second is one call, with the input it sent. openCampaign then times that
 * set of calls in-process, together, as the page makes them.
 */
import type { Browser } from '@playwright/test';
import { settled } from './ipc-count';

export interface PageCall {
  channel: string;
  input: unknown;
}

export async function campaignPageCalls(browser: Browser, url: string, campaignId: string): Promise<PageCall[]> {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    await page.getByRole('list', { name: 'Active campaigns' }).waitFor();
    const calls: PageCall[] = [];
    page.on('request', (r) => {
      if (!r.url().endsWith('/api/invoke')) return;
      const body = JSON.parse(r.postData() ?? '{}') as { channel?: string; input?: unknown };
      if (typeof body.channel === 'string') calls.push({ channel: body.channel, input: body.input });
    });
    await page.evaluate(`location.hash = '#/campaigns/${campaignId}'`);
    await page.getByRole('table', { name: 'Standings' }).waitFor();
    await settled(page, () => calls.length);
    if (!calls.some((c) => c.channel === 'campaigns.get')) throw new Error('The campaign page made no campaigns.get call: the recording missed it.');
    return calls;
  } finally {
    await page.close();
  }
}
