/**
 * Hand-over between laptops (issue 22), on two data folders — two laptops: the campaign handed over from A (read-only
 * there, with its banner), a game played on B, B's file imported on A as a fast-forward (A shows the new game); and a
 * divergence (both laptops commit) refused with what each side has, the file kept aside in A's data folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { BackupsPage } from './pages/BackupsPage';
import { HomePage } from './pages/HomePage';
import { invoke } from './support/invoke';
import { playedCampaign } from './support/played-campaign';

/** A game between the campaign's two teams, committed through the bridge (it only needs to exist). */
async function playGame(page: Page, campaignId: string) {
  const [a, b] = await invoke(page, 'teams.list', { campaignId });
  const g = await invoke(page, 'games.create', { campaignId, teamA: a!.id, teamB: b!.id, mission: 'skirmish' });
  await invoke(page, 'games.commit', { id: g.game.id });
}

/** Export `name` from the Backups screen; returns the file's name and bytes (packed, issue 29). */
async function exportFrom(page: Page, name: string, saveAs: string) {
  const backups = new BackupsPage(page);
  await backups.open();
  const download = await backups.exportCampaign(name);
  await download.saveAs(saveAs);
  return { fileName: download.suggestedFilename(), bytes: fs.readFileSync(saveAs) };
}

async function importOn(page: Page, file: { fileName: string; bytes: Buffer }) {
  const backups = new BackupsPage(page);
  await backups.open();
  await backups.importCampaign(file.fileName, file.bytes);
}

test('hand over from A, play on B, bring it back: A shows the new game', async ({ herald }, testInfo) => {
  const a = await herald.launch();
  const { campaignId } = await playedCampaign(a.page, 'Vraks');
  await a.page.getByRole('button', { name: 'Hand over or send back to another laptop…' }).click();
  await a.page.getByLabel('Hand over to').fill('Marta’s laptop');
  const download = a.page.waitForEvent('download');
  await a.page.getByRole('button', { name: 'Hand over and save the file' }).click();
  const handed = await download;
  const handedPath = testInfo.outputPath(handed.suggestedFilename());
  await handed.saveAs(handedPath);
  const banner = a.page.locator('.handed-over');
  await expect(banner).toContainText(/Handed over to Marta’s laptop on .*; read-only until the newer copy comes back\./);
  await expect(a.page.getByRole('link', { name: 'New game' })).toHaveAttribute('aria-disabled', 'true');
  // Every write is refused on A, in words.
  const [team] = await invoke(a.page, 'teams.list', { campaignId });
  await expect(invoke(a.page, 'teams.adjustRequisition', { id: team!.id, amount: 5, reason: 'late fee' })).rejects.toThrow(
    /handed over to Marta’s laptop .*read-only on this laptop until the newer copy comes back/,
  );

  const b = await herald.launch();
  await new HomePage(b.page).waitUntilReady();
  await importOn(b.page, { fileName: handed.suggestedFilename(), bytes: fs.readFileSync(handedPath) });
  await expect(b.page.getByRole('status')).toContainText('Imported Vraks.');
  const onB = (await invoke(b.page, 'campaigns.list', { includeArchived: false })).find((c) => c.name === 'Vraks')!;
  await playGame(b.page, onB.id);
  const back = await exportFrom(b.page, 'Vraks', testInfo.outputPath('from-b.json'));

  await importOn(a.page, back);
  await expect(a.page.getByRole('status')).toContainText('“Vraks” was updated from the file (game 2 added). It is back on this laptop');
  await a.page.getByRole('link', { name: 'Open it' }).click();
  await expect(a.page.getByRole('heading', { name: 'Vraks', level: 1 })).toBeVisible();
  await expect(a.page.getByRole('link', { name: 'Game 2', exact: true })).toBeVisible();
  await expect(a.page.locator('.handed-over')).toHaveCount(0);
  await expect(a.page.getByRole('link', { name: 'New game' })).not.toHaveAttribute('aria-disabled', 'true');
});

test('both laptops commit after they part: the file is refused with what each side has and kept aside', async ({ herald }, testInfo) => {
  const a = await herald.launch();
  const { campaignId } = await playedCampaign(a.page, 'Vraks');
  const first = await exportFrom(a.page, 'Vraks', testInfo.outputPath('first.json'));

  const b = await herald.launch();
  await new HomePage(b.page).waitUntilReady();
  await importOn(b.page, first);
  await expect(b.page.getByRole('status')).toContainText('Imported Vraks.');
  const onB = (await invoke(b.page, 'campaigns.list', { includeArchived: false })).find((c) => c.name === 'Vraks')!;
  await playGame(b.page, onB.id);
  await playGame(b.page, onB.id);
  const fromB = await exportFrom(b.page, 'Vraks', testInfo.outputPath('from-b.json'));

  // A was not handed over: it committed games too.
  for (const _ of [1, 2, 3]) await playGame(a.page, campaignId);
  await importOn(a.page, fromB);
  const alert = a.page.getByRole('alert');
  // Each side's games by teams and date (issue 27): the two laptops' game 2 are told apart.
  await expect(alert).toContainText(
    /Both laptops changed “Vraks” after the copies parted: this laptop committed game 2 \(.+ v .+, [^()]+\), game 3 \(.+\) and game 4 \(.+\); the file has game 2 \(.+ v .+, [^()]+\) and game 3 \(.+\)\./,
  );
  await expect(alert).toContainText('Nothing was merged and nothing changed.');
  const kept = /set-aside\/\S+?\.herald-campaign/.exec((await alert.textContent()) ?? '')![0];
  expect(fs.existsSync(path.join(a.dataDir, kept))).toBe(true);
  expect((await invoke(a.page, 'games.list', { campaignId })).filter((g) => g.status === 'committed')).toHaveLength(4);
});
