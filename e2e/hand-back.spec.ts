/**
 * Issue 27: the hand-back is a hand-over too, and a read-only campaign shows what it would refuse. The club laptop
 * hands Vraks to Marta: on the club laptop New game, Add player and the team's and game's buttons are disabled, each
 * saying why. Marta imports it, plays game 2 and sends it back: her copy turns read-only the same way. The club laptop
 * imports her file and has game 2, writable again.
 */
import fs from 'node:fs';
import { expect, type Download, type Page } from '@playwright/test';
import { test } from './fixtures';
import { BackupsPage } from './pages/BackupsPage';
import { HomePage } from './pages/HomePage';
import { invoke } from './support/invoke';
import { playedCampaign } from './support/played-campaign';

const shot = async (page: Page, name: string, testInfo: { outputPath(name: string): string }) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

/** The campaign page's "Hand over or send back…": whom it goes to, then the file (downloaded in browser mode). */
async function handOver(page: Page, to: string): Promise<Download> {
  await page.getByRole('button', { name: 'Hand over or send back to another laptop…' }).click();
  await page.getByLabel('Hand over to').fill(to);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Hand over and save the file' }).click();
  return download;
}

async function importOn(page: Page, download: Download, savedAs: string) {
  await download.saveAs(savedAs);
  const backups = new BackupsPage(page);
  await backups.open();
  await backups.importCampaign(download.suggestedFilename(), fs.readFileSync(savedAs));
}

/** The campaign page's write controls: disabled, described by the banner that says to whom it went. */
async function expectReadOnly(page: Page, to: string) {
  const reason = new RegExp(`Handed over to ${to} on .*; read-only until the newer copy comes back`);
  await expect(page.locator('.handed-over')).toContainText(reason);
  const newGame = page.getByRole('link', { name: 'New game', exact: true });
  await expect(newGame).toHaveAttribute('aria-disabled', 'true');
  await expect(newGame).toHaveAccessibleDescription(reason);
  const addPlayer = page.getByRole('button', { name: 'Add player' });
  await expect(addPlayer).toBeDisabled();
  await expect(addPlayer).toHaveAccessibleDescription(reason);
  await expect(addPlayer).toHaveAttribute('title', `Read-only: handed over to ${to}. Import the newer copy, or take the campaign back on its page.`);
  await expect(page.getByLabel('Player name')).toBeDisabled();
  await expect(page.getByText(`Read-only on this laptop while it is handed over to ${to}.`)).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Rename' }).first()).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create team' })).toBeDisabled();
  // Reading stays open: the games filter, the take-home exports and taking the campaign back.
  await expect(page.getByLabel('Status')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Take it back' })).toBeEnabled();
}

test('the club laptop hands Vraks to Marta, she plays game 2 and sends it back: each copy is read-only while the other has it', async ({
  herald,
}, testInfo) => {
  // Two laptops, three pages each way: more than one spec's usual minute on a loaded machine.
  test.slow();
  // The club laptop hands the campaign over.
  const club = await herald.launch();
  const { campaignId, gameId } = await playedCampaign(club.page, 'Vraks');
  const toMarta = await handOver(club.page, 'Marta’s laptop');
  await expectReadOnly(club.page, 'Marta’s laptop');
  await shot(club.page, '1-club-campaign-handed-over', testInfo);

  // A team's page: the roster's buttons are disabled and the notice says why.
  await club.page.getByRole('list', { name: 'Teams' }).getByRole('link', { name: 'Iron Wolves' }).click();
  await expect(club.page.getByRole('status').filter({ hasText: 'Handed over to Marta’s laptop: read-only on this laptop' })).toBeVisible();
  await expect(club.page.getByRole('button', { name: 'Dismiss…' }).first()).toBeDisabled();
  await expect(club.page.getByRole('button', { name: 'Record' })).toBeDisabled();
  await expect(club.page.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await expect(club.page.getByRole('tab', { name: 'History' })).toBeEnabled();
  await shot(club.page, '2-club-team-handed-over', testInfo);

  // A committed game: void, amend and the battle report are disabled.
  await club.page.goto(club.page.url().replace(/#.*/, `#/games/${gameId}`));
  await expect(club.page.getByText('Handed over to Marta’s laptop: read-only on this laptop')).toBeVisible();
  await expect(club.page.getByRole('button', { name: 'Void this game…' })).toBeDisabled();
  await expect(club.page.getByRole('button', { name: 'Amend the result…' })).toBeDisabled();
  await expect(club.page.getByRole('button', { name: 'Write a battle report' })).toBeDisabled();
  await shot(club.page, '3-club-game-handed-over', testInfo);

  // Marta's laptop: the import says how the campaign goes back; she plays game 2 there.
  const marta = await herald.launch();
  await new HomePage(marta.page).waitUntilReady();
  await importOn(marta.page, toMarta, testInfo.outputPath('to-marta.json'));
  await expect(marta.page.getByRole('status')).toContainText('Imported Vraks. If it came from another laptop, send it back with “Hand over or send back…”');
  await shot(marta.page, '4-marta-imported', testInfo);
  const onMarta = (await invoke(marta.page, 'campaigns.list', { includeArchived: false })).find((c) => c.name === 'Vraks')!;
  const [a, b] = await invoke(marta.page, 'teams.list', { campaignId: onMarta.id });
  const game2 = await invoke(marta.page, 'games.create', { campaignId: onMarta.id, teamA: a!.id, teamB: b!.id, mission: 'skirmish' });
  await invoke(marta.page, 'games.commit', { id: game2.game.id });
  await marta.page.getByRole('link', { name: 'Open it' }).click();
  await expect(marta.page.getByRole('link', { name: 'Game 2', exact: true })).toBeVisible();
  await expect(marta.page.getByRole('button', { name: 'Add player' })).toBeEnabled();

  // She sends it back: her copy is read-only now, the same way.
  const back = await handOver(marta.page, 'the club laptop');
  await expectReadOnly(marta.page, 'the club laptop');
  await shot(marta.page, '5-marta-sent-back', testInfo);
  await expect(invoke(marta.page, 'players.create', { campaignId: onMarta.id, name: 'Carol' })).rejects.toThrow(/handed over to the club laptop/);

  // The club laptop imports her file: game 2 is there and the campaign is writable again.
  await importOn(club.page, back, testInfo.outputPath('back-to-club.json'));
  await expect(club.page.getByRole('status')).toContainText('“Vraks” was updated from the file (game 2 added). It is back on this laptop');
  await club.page.getByRole('link', { name: 'Open it' }).click();
  await expect(club.page.getByRole('link', { name: 'Game 2', exact: true })).toBeVisible();
  await expect(club.page.locator('.handed-over')).toHaveCount(0);
  await expect(club.page.getByRole('link', { name: 'New game', exact: true })).not.toHaveAttribute('aria-disabled', 'true');
  await expect(club.page.getByRole('button', { name: 'Add player' })).toBeEnabled();
  await shot(club.page, '6-club-back', testInfo);
  expect((await invoke(club.page, 'games.list', { campaignId })).filter((g) => g.status === 'committed')).toHaveLength(2);
});

test('an export from Backups says it locks nothing, and offers the hand-over instead', async ({ herald }, testInfo) => {
  const app = await herald.launch();
  await playedCampaign(app.page, 'Vraks');
  const backups = new BackupsPage(app.page);
  await backups.open();
  await expect(app.page.getByRole('button', { name: 'Export campaign file' })).toHaveAccessibleDescription(
    /An exported file is a copy: the campaign stays writable here/,
  );
  const download = await backups.exportCampaign('Vraks');
  expect(download.suggestedFilename()).toMatch(/^Vraks-.*\.herald-campaign$/);
  await expect(app.page.getByRole('status')).toContainText(
    'The campaign stays writable on this laptop: to send it to another laptop, or back to the one it came from',
  );
  await shot(app.page, '7-backups-export', testInfo);
  await app.page.getByRole('button', { name: 'Hand over or send back…' }).click();
  await expect(app.page.getByRole('heading', { name: 'Vraks', level: 1 })).toBeVisible();
  await expect(app.page.getByLabel('Hand over to')).toBeVisible();
});
