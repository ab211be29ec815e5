/**
 * Issue 31: a newcomer learns Herald inside the app. First start on an empty data folder → "Explore a sample
 * campaign" → the guide → following its campaign night, a game played and committed in the sample campaign — with
 * nothing but what the screens say. Then the sample goes like any campaign.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CampaignPage } from './pages/CampaignPage';
import { GamePage } from './pages/GamePage';
import { GuidePage } from './pages/GuidePage';
import { HomePage } from './pages/HomePage';
import { NewGamePage } from './pages/NewGamePage';

const SAMPLE = 'Sample: the Ashfall Crusade';

/** axe-core on this spec's own parts of a screen: no critical, serious or moderate violation. */
async function expectAccessible(page: Page, selector: string, label: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  const blocking = violations.filter((v) => ['critical', 'serious', 'moderate'].includes(v.impact ?? ''));
  expect(
    blocking.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${label}`,
  ).toEqual([]);
}

test('first start: explore the sample campaign, read the guide, and play and commit a game by following it', async ({ herald }) => {
  test.setTimeout(180_000);
  const app = await herald.launch();
  const page = app.page;
  const home = new HomePage(page);
  await home.waitUntilReady();

  // An empty laptop says what to do next.
  await expect(page.getByText('No campaigns yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'read how a campaign night goes' })).toBeVisible();
  await expectAccessible(page, '.first-steps', 'the home screen’s first steps');

  // The sample: a played campaign, marked as one.
  await page.getByRole('button', { name: 'Explore a sample campaign' }).click();
  const campaign = new CampaignPage(page);
  await expect(campaign.heading(SAMPLE)).toBeVisible();
  await expect(page.getByText('Made by Herald to look around')).toBeVisible();
  await expectAccessible(page, '.sample-line', 'the sample’s mark');
  await expect(page.getByRole('list', { name: 'Teams' })).toContainText('Storm Hawks');
  await expect(page.getByRole('table').filter({ hasText: 'Iron Wolves' }).first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(home.campaign(SAMPLE)).toContainText('Sample');

  // The guide, from the app bar: its contents, then a campaign night.
  const guide = new GuidePage(page);
  await guide.open();
  await expectAccessible(page, 'article.guide', 'the guide’s contents');
  await guide.openPage('A campaign night');
  await expectAccessible(page, 'article.guide', 'a campaign night');
  for (const step of ['1. The players', '2. Their teams', '3. Founding a team', '4. A game', '5. The result']) await expect(guide.step(step)).toBeVisible();

  // "Try it on the sample campaign" → New game → the two teams and the mission → Set up the game.
  await page.getByRole('link', { name: `open ${SAMPLE}` }).click();
  await expect(campaign.heading(SAMPLE)).toBeVisible();
  await page.getByRole('link', { name: 'New game' }).click();
  const setup = new NewGamePage(page);
  await setup.setUp({ teamA: 'Iron Wolves', teamB: 'Da Krumpas', mission: 'Skirmish' });
  const game = new GamePage(page);
  await expect(game.heading).toHaveText('Game 4: Iron Wolves vs Da Krumpas');
  await expect(game.plan).toContainText('Skirmish');

  // The result, as the guide's fifth step says: who went out of action, then Injuries, Experience, Requisition, Review.
  await expect(game.currentStep).toContainText('Result');
  await game.takenOut('Da Krumpas', 'Zog', 'Brother Kaelen', 'Shooting');
  await game.award('Iron Wolves', 'First Blood');
  await game.waitUntilSaved();
  await expect(game.problems).toHaveCount(0);
  await game.next('Injuries');
  await expect(game.changes('Da Krumpas', 'injuries')).toContainText('Zog');
  await game.next('Experience');
  await game.next('Requisition');
  await game.next('Review');
  await game.commit();

  // The campaign shows it: four games, the new one committed.
  await page.getByRole('link', { name: SAMPLE, exact: true }).first().click();
  await expect(campaign.heading(SAMPLE)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Games' })).toContainText('Game 4');
});

test('the sample is made once, and is deleted like any campaign', async ({ herald }) => {
  test.setTimeout(120_000);
  const app = await herald.launch();
  const page = app.page;
  const home = new HomePage(page);
  await home.waitUntilReady();
  await page.getByRole('button', { name: 'Explore a sample campaign' }).click();
  const campaign = new CampaignPage(page);
  await expect(campaign.heading(SAMPLE)).toBeVisible();
  await page.goBack();
  await home.waitUntilReady();
  // Asked again, it opens the same sample rather than making a second.
  await page.getByRole('button', { name: 'Explore a sample campaign' }).click();
  await expect(campaign.heading(SAMPLE)).toBeVisible();
  await page.goBack();
  await expect(home.activeList.getByRole('listitem')).toHaveCount(1);

  await home.campaign(SAMPLE).getByRole('button', { name: 'Delete…' }).click();
  await page.getByLabel('Type the campaign’s name to confirm').fill(SAMPLE);
  await page.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(page.getByText('No campaigns yet')).toBeVisible();
});
