/**
 * Issue 22, the narrative: the organiser writes a battle report on a committed game's page and a note in a model's
 * history; the report shows on the game page and in the bulletin, the note in the model's history, and the campaign
 * page and the bulletin show the records (voided games left out).
 */
import { expect, test } from './fixtures';
import { playedCampaign } from './support/played-campaign';
import { invoke } from './support/invoke';

const CAMPAIGN = 'Vraks Narrative';

test('a battle report and a model note, woven into the game page, the bulletin and the history; records shown', async ({ herald }) => {
  const { page } = await herald.launch();
  const c = await playedCampaign(page, CAMPAIGN);

  // Records on the campaign page, from the committed game.
  const records = page.getByRole('list', { name: 'Campaign records' }).or(page.getByLabel('Campaign records'));
  await expect(records).toContainText('Most kills');
  await expect(records).toContainText('Kaelen (Iron Wolves)');
  await expect(records).toContainText('Most games');
  await expect(records).toContainText('Da Boyz, Iron Wolves · 1 game');

  // The battle report, on the game page.
  await page
    .getByRole('link', { name: /Game 1/ })
    .first()
    .click();
  const report = page.getByRole('region', { name: 'Battle report' });
  await report.getByRole('button', { name: 'Write a battle report' }).click();
  await report.getByLabel('Battle report').fill('Kaelen held the ridge.\n\nSkorcha burned out before turn 3.');
  await report.getByRole('button', { name: 'Save battle report' }).click();
  await expect(report.getByText(/Kaelen held the ridge\.\s+Skorcha burned out/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Battle report' })).toContainText('Skorcha burned out before turn 3.');

  // A note in Kaelen's history.
  await page.goto(page.url().replace(/#.*$/, `#/teams/${c.marines}`));
  await page.getByRole('tab', { name: 'History' }).click();
  const kaelen = page.getByRole('listitem', { name: 'History of Kaelen' });
  await kaelen.getByRole('button', { name: 'Write a note' }).click();
  await kaelen.getByLabel('Note').fill('First blood of the campaign; the Orks call him “Da Shiny One”.');
  await kaelen.getByRole('button', { name: 'Save note' }).click();
  await expect(kaelen).toContainText('First blood of the campaign');
  await page.reload();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('listitem', { name: 'History of Kaelen' })).toContainText('Da Shiny One');

  // The bulletin: the battle report and the records.
  await page.goto(page.url().replace(/#.*$/, `#/print/bulletin/${c.campaignId}?paper=a4`));
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', '1');
  const reports = page.getByRole('region', { name: 'Battle reports' });
  await expect(reports).toContainText('Game 1: Iron Wolves vs Da Boyz');
  await expect(reports).toContainText('Skorcha burned out before turn 3.');
  await expect(page.getByRole('region', { name: 'Records' })).toContainText('Kaelen (Iron Wolves) · 1 kill');

  // Voiding the game takes it out of the records (the note stays with the voided game).
  await invoke(page, 'games.void', { id: c.gameId, reason: 'Entered twice', withDependents: true });
  await page.goto(page.url().replace(/#.*$/, `#/campaigns/${c.campaignId}`));
  await expect(page.getByText('No records yet: they start with the first committed game.')).toBeVisible();
});
