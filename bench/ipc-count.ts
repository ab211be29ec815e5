/**
 * counts.ipcCallsPerCommit (issue 18): what one committed game costs a window showing the campaign page. Counted
 * through the real renderer in browser mode: one Chromium page shows the campaign page while another commits a game
 * through the bridge; every /api/invoke request the first page makes until it has been quiet for a second is one
 * call. Budget: at most 4.
 */
import type { Browser, Page } from '@playwright/test';
import type { GameDetail } from '../shared/ipc/schemas/games';
import { result } from './scenario';

export const IPC_CALLS_PER_COMMIT_BUDGET = 4;

/** One call through browser mode's bridge, with the page's own launch token. */
async function invoke<T>(page: Page, channel: string, input: unknown): Promise<T> {
  const r = (await page.evaluate(
    async ({ channel, input }) => {
      const res = await fetch('/api/invoke', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-herald-token': sessionStorage.getItem('herald.token') ?? '' },
        body: JSON.stringify({ channel, input }),
      });
      return res.json();
    },
    { channel, input },
  )) as { ok: true; value: T } | { ok: false; error: { message: string } };
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value;
}

async function open(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url);
  await page.getByRole('list', { name: 'Active campaigns' }).waitFor();
  return page;
}

/** Wait until the page has made a request, then until it has made none for `quietMs`. */
export async function settled(page: Page, seen: () => number, quietMs = 1000) {
  for (let waited = 0; seen() === 0 && waited < 30_000; waited += 100) await page.waitForTimeout(100);
  let last = -1;
  while (last !== seen()) {
    last = seen();
    await page.waitForTimeout(quietMs);
  }
}

export async function ipcCallsPerCommit(browser: Browser, url: string, campaignId: string, teams: readonly [string, string], rng: () => number) {
  const watcher = await open(browser, url);
  await watcher.evaluate(`location.hash = '#/campaigns/${campaignId}'`);
  await watcher.getByRole('table', { name: 'Standings' }).waitFor();
  const committer = await open(browser, url);
  const created = await invoke<GameDetail>(committer, 'games.create', { campaignId, teamA: teams[0], teamB: teams[1], mission: 'skirmish' });
  await invoke(committer, 'games.saveDraft', { id: created.game.id, draft: result(created, rng, 0.1) });
  await watcher.waitForTimeout(2000); // the draft's own events answered before counting starts

  const channels: string[] = [];
  watcher.on('request', (r) => {
    if (r.url().endsWith('/api/invoke')) channels.push((JSON.parse(r.postData() ?? '{}') as { channel?: string }).channel ?? '?');
  });
  await invoke(committer, 'games.commit', { id: created.game.id });
  await settled(watcher, () => channels.length);
  await watcher.close();
  await committer.close();
  return { calls: channels.length, channels };
}
