/**
 * Issue 31: a game played with the keyboard only — from the campaigns through the campaign page, New game, the plan,
 * every step of the result wizard and the commit's confirmation — and focus lands on each new screen's heading (and
 * on the committed game's heading after the commit, never on the page's body). The window's title names each screen.
 *
 * The campaign with its two founded teams is set up beforehand (support/played-campaign.ts); from the home screen on,
 * the spec only presses keys: Tab, Shift+Tab, Enter, Space, arrows and Escape.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { playedCampaign } from './support/played-campaign';
import { GamePage } from './pages/GamePage';

const CAMPAIGN = 'Autumn League';

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `${String(target)} reached with ${back ? 'Shift+Tab' : 'Tab'}`).toBe(true);
}

/** With focus on a closed <select>, arrows down until the chosen option's text starts with `start`. */
async function arrowTo(page: Page, select: Locator, start: string, max = 40) {
  for (let i = 0; i < max; i++) {
    const chosen = await select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
    if (chosen.trim().startsWith(start)) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`No option starting with ${start} reached with the arrow keys`);
}

/** The heading of the screen now shown has focus (not the body, not a control of the last screen). */
async function expectHeadingFocused(page: Page, name: string | RegExp, level = 1) {
  await expect(page.getByRole('heading', { name, level })).toBeFocused();
}

test('a game is played from the campaign page to the commit with the keyboard only; focus lands on each screen’s heading', async ({ herald }) => {
  test.setTimeout(240_000);
  const app = await herald.launch();
  const page = app.page;
  await playedCampaign(page, CAMPAIGN);
  await page.evaluate(() => (location.hash = '#/'));
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Herald — Campaigns');

  // Home → the campaign.
  await tabTo(page, page.getByRole('link', { name: CAMPAIGN, exact: true }));
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, CAMPAIGN);
  await expect(page).toHaveTitle(`Herald — ${CAMPAIGN}`);

  // The campaign → New game.
  await tabTo(page, page.getByRole('link', { name: 'New game', exact: true }));
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, 'New game');
  await expect(page).toHaveTitle(`Herald — ${CAMPAIGN} — New game`);

  // The set-up form: two teams and a mission with the arrow keys, then Enter on the button.
  const teamA = page.getByLabel('Team A');
  await tabTo(page, teamA);
  await arrowTo(page, teamA, 'Iron Wolves');
  await page.keyboard.press('Tab');
  const teamB = page.getByLabel('Team B');
  await expect(teamB).toBeFocused();
  await arrowTo(page, teamB, 'Da Boyz');
  const mission = page.getByLabel('Mission');
  await tabTo(page, mission);
  await arrowTo(page, mission, 'Skirmish');
  // Shift+Tab back to Team A and forward again: the choices stay as made.
  await tabTo(page, teamA, { back: true });
  await expect(teamA.locator('option:checked')).toHaveText(/^Iron Wolves/);
  await tabTo(page, page.getByRole('button', { name: 'Set up the game' }));
  await page.keyboard.press('Enter');

  // The game's page: the plan, then the result wizard.
  const game = new GamePage(page);
  await expectHeadingFocused(page, 'Game 2: Iron Wolves vs Da Boyz');
  await expect(page).toHaveTitle(`Herald — ${CAMPAIGN} — Game 2: Iron Wolves vs Da Boyz`);
  await expect(game.plan).toContainText('Skirmish');
  await game.waitUntilSaved();
  await expect(game.liveScore.getByLabel('Outcome')).toBeVisible();

  // A tick box with Space: First Blood to the Iron Wolves, then taken back (the result stays a plain one).
  const firstBlood = game.side('Iron Wolves').getByRole('checkbox', { name: /^First Blood/ });
  await tabTo(page, firstBlood);
  await page.keyboard.press('Space');
  await expect(firstBlood).toBeChecked();
  await page.keyboard.press('Space');
  await expect(firstBlood).not.toBeChecked();
  await game.waitUntilSaved();

  for (const step of ['Injuries', 'Experience', 'Requisition', 'Review'] as const) {
    await tabTo(page, page.getByRole('button', { name: `Next: ${step} →` }));
    await page.keyboard.press('Enter');
    await expect(game.currentStep).toContainText(step);
    // A new step is read from the top of the wizard, not from where the last step's button was.
    await expectHeadingFocused(page, 'After the game', 2);
    await game.waitUntilSaved();
  }

  // The commit's confirmation is a modal dialog: focus inside, Escape closes it and gives focus back to its opener.
  const opener = page.getByRole('button', { name: 'Commit game…' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Commit the game' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Commit game', exact: true })).toBeFocused();
  // Tab stays inside the dialog.
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Not yet' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(confirm.getByRole('button', { name: 'Commit game', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: 'Commit game', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(game.status).toHaveText('Recorded');
  await expectHeadingFocused(page, 'Game 2: Iron Wolves vs Da Boyz');
  await expect(page.locator('body')).not.toBeFocused();

  // Back to the campaign by its breadcrumb: the game is in its list, and focus is on the campaign's heading.
  await tabTo(page, page.getByRole('link', { name: CAMPAIGN, exact: true }), { back: true });
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, CAMPAIGN);
  await expect(page.getByRole('table', { name: 'Standings', exact: true })).toContainText('Iron Wolves');
});
