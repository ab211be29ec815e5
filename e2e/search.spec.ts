/**
 * Issue 31: the search palette in a played campaign. Ctrl+K (and the header's Search button) open a native <dialog>;
 * hits come grouped by kind, each with its campaign; ↑/↓ and Enter open the hit's page (a model's and a player's
 * team, a game, a campaign); Escape closes it and focus goes back to what had it.
 */
import { expect, test } from './fixtures';
import { playedCampaign } from './support/played-campaign';

const CAMPAIGN = 'Vraks, Zoë’s league';

test('search finds a model, a player, a game and a campaign, and opens each with the keyboard', async ({ herald }, testInfo) => {
  const app = await herald.launch();
  const { page } = app;
  const played = await playedCampaign(page, CAMPAIGN);

  const palette = page.getByRole('dialog', { name: 'Search' });
  const field = palette.getByRole('combobox');
  const hits = palette.getByRole('listbox', { name: 'What was found' });

  // Ctrl+K, even from the page's own text field.
  await page.getByLabel('Player name').focus();
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await expect(field).toBeFocused();
  await field.fill('kael');
  const kaelen = hits.getByRole('option', { name: /^Kaelen/ });
  await expect(kaelen).toContainText('Iron Wolves');
  await expect(kaelen).toContainText(`in ${CAMPAIGN}`);
  await expect(hits.getByRole('group', { name: 'Models' })).toBeVisible();
  await expect(kaelen).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: testInfo.outputPath('search-palette.png') });
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`#/teams/${played.marines}$`));
  await expect(page.getByRole('heading', { name: 'Iron Wolves', level: 1 })).toBeVisible();

  // The header's button; a team and a player both match "bo" (Da Boyz, Bob): ↓ walks from the first to the next.
  await page.getByRole('button', { name: /^Search/ }).click();
  await expect(field).toBeFocused();
  await field.fill('bo');
  await expect(hits.getByRole('group', { name: 'Teams' }).getByRole('option')).toHaveText([/^Da Boyz/]);
  await expect(hits.getByRole('group', { name: 'Players' }).getByRole('option')).toHaveText([/^Bob\s*Da Boyz/]);
  await page.keyboard.press('ArrowDown');
  await expect(hits.getByRole('option', { name: /^Bob/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/teams/${played.orks}$`));

  // A game by its number.
  await page.keyboard.press('Control+k');
  await field.fill('game 1');
  await expect(hits.getByRole('option')).toHaveText([/^Game 1: Iron Wolves vs Da Boyz/]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/games/${played.gameId}$`));

  // Nothing found says so; Escape closes and focus goes back to the Search button that opened it.
  const button = page.getByRole('button', { name: /^Search/ });
  await button.click();
  await field.fill('Ultramarines');
  await expect(palette.getByText('Nothing here is called “Ultramarines”.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(button).toBeFocused();

  // The campaign itself.
  await page.keyboard.press('Control+k');
  await field.fill('zoë');
  await expect(hits.getByRole('option')).toHaveText([new RegExp(`^${CAMPAIGN}`)]);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: CAMPAIGN, level: 1 })).toBeVisible();
});
