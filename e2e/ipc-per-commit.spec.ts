/**
 * Issue 18: events carry what changed, so an open campaign page answers a committed game with a few requests, not a
 * full reload per event (a commit sends games.changed and teams.changed for both teams: 20 requests before). The
 * game is committed from another window; this window's own requests to main are counted.
 */
import { expect, test } from './fixtures';
import { CampaignPage } from './pages/CampaignPage';
import { HomePage } from './pages/HomePage';
import { invoke } from './support/invoke';
import { playedCampaign } from './support/played-campaign';

const CAMPAIGN = 'Counting requests';

test('a window showing the campaign page asks main at most 4 times for one committed game', async ({ herald }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'Herald opens one window in Electron; the browser project counts the same renderer code.');
  const app = await herald.launch();
  const c = await playedCampaign(app.page, CAMPAIGN);

  const watcher = await app.openSecondWindow();
  await new HomePage(watcher).waitUntilReady();
  await watcher.getByRole('link', { name: CAMPAIGN }).click();
  const campaign = new CampaignPage(watcher);
  await expect(campaign.game(1)).toBeVisible();
  await expect(campaign.standingsRow('Iron Wolves')).toBeVisible();

  // Game 2 is set up in the first window; this window lists the draft.
  const g = await invoke(app.page, 'games.create', { campaignId: c.campaignId, teamA: c.marines, teamB: c.orks, mission: 'skirmish' });
  await invoke(app.page, 'games.saveDraft', { id: g.game.id, draft: g.draft });
  await expect(campaign.game(2)).toBeVisible();
  await watcher.waitForTimeout(500);

  const channels: string[] = [];
  watcher.on('request', (r) => {
    if (r.url().endsWith('/api/invoke')) channels.push((JSON.parse(r.postData() ?? '{}') as { channel?: string }).channel ?? '?');
  });
  // ... and committed there.
  await invoke(app.page, 'games.commit', { id: g.game.id });

  // The page shows the new game and the new standings without being asked ...
  await expect(campaign.game(2)).toBeVisible();
  await expect(campaign.standingsRow('Iron Wolves').getByRole('cell').nth(2)).toHaveText('2');
  // ... and asks nothing more once it has (a burst of events is answered once).
  await watcher.waitForTimeout(500);
  expect(channels.length, channels.join(', ')).toBeLessThanOrEqual(4);
  expect(new Set(channels).size, `each asked once: ${channels.join(', ')}`).toBe(channels.length);
});
