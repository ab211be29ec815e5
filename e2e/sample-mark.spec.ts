/**
 * Issue 31: the sample campaign is marked as one wherever it shows — the home list, its page, its prints — because
 * the mark is the campaign's own (how it was made), not its name: renamed, it still says "Sample". A campaign of the
 * club's own prints no such mark.
 */
import { expect, test } from './fixtures';
import { invoke } from './support/invoke';
import { CampaignPage } from './pages/CampaignPage';
import { HomePage } from './pages/HomePage';
import { PrintPage } from './pages/PrintPage';

const RENAMED = 'The Ashfall Crusade';
const MARK = 'Sample campaign, made by Herald';

test('a renamed sample campaign is still marked on the home list, its page, and its bulletin, pack, roster and kit', async ({ herald }, testInfo) => {
  test.setTimeout(180_000);
  const app = await herald.launch();
  const page = app.page;
  const home = new HomePage(page);
  await home.waitUntilReady();
  await page.getByRole('button', { name: 'Explore a sample campaign' }).click();
  const campaignPage = new CampaignPage(page);
  await expect(page.getByText('Made by Herald to look around')).toBeVisible();
  const sample = (await invoke(page, 'campaigns.list', {})).find((c) => c.sample)!;
  await invoke(page, 'campaigns.rename', { id: sample.id, name: RENAMED });
  const own = await invoke(page, 'campaigns.create', { name: 'Our league' });

  // The home list and the campaign page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(home.campaign(RENAMED)).toContainText('Sample');
  await expect(home.campaign('Our league')).not.toContainText('Sample');
  await page.getByRole('link', { name: RENAMED }).click();
  await expect(campaignPage.heading(RENAMED)).toBeVisible();
  await expect(page.getByText('Made by Herald to look around')).toBeVisible();

  // Its prints: the mark in each sheet's header.
  const team = (await invoke(page, 'teams.list', { campaignId: sample.id })).find((t) => t.founded)!;
  const game = (await invoke(page, 'games.list', { campaignId: sample.id }))[0]!;
  const print = new PrintPage(page);
  const go = (hash: string) => page.evaluate((h) => (location.hash = h), hash);
  for (const [kind, id, sheet] of [
    ['bulletin', sample.id, 'Campaign bulletin'],
    ['pack', sample.id, 'Campaign pack'],
    ['roster', team.id, 'Roster sheet'],
    ['kit', game.id, 'Game plan'],
  ] as const) {
    await go(`#/print/${kind}/${encodeURIComponent(id)}?paper=a4`);
    await print.waitUntilReady();
    await expect(print.sheet(sheet).getByText(MARK), `${kind}: the sample's mark`).toBeVisible();
    if (kind === 'bulletin') {
      await expect(print.sheet(sheet).getByRole('heading', { level: 1 })).toHaveText(RENAMED);
      await page.screenshot({ path: testInfo.outputPath('sample-bulletin.png') });
    }
  }
  // The pack's roster sheets are the sample's too.
  await go(`#/print/pack/${encodeURIComponent(sample.id)}?paper=a4`);
  await print.waitUntilReady();
  await expect(page.getByRole('region', { name: `Roster sheet: ${team.name}` }).getByText(MARK)).toBeVisible();

  // The club's own campaign prints without it.
  await go(`#/print/bulletin/${encodeURIComponent(own.id)}?paper=a4`);
  await print.waitUntilReady();
  await expect(print.sheet('Campaign bulletin').getByRole('heading', { level: 1 })).toHaveText('Our league');
  await expect(page.getByText(MARK)).toHaveCount(0);
});
