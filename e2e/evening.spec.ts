/**
 * Issue 33: the evening's pairings. A campaign with an earlier game night (Iron Wolves beat Da Boyz); tonight Alice,
 * Bob and Cara are here and Dan is not. Herald pairs the three (Dan's team nowhere, one team sitting out, never the
 * rematch of last time), the organiser swaps two teams and the swap survives "Propose again"; one game is set up from
 * its pairing, Dan arrives late and the team sitting out gets a game against his, set up too; then the evening's sheet
 * prints both tables with their missions and the Underdog notes (its PDF read back with pdftotext).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import type { ChannelInput } from '../shared/ipc/contract';
import { expect, test } from './fixtures';
import { invoke } from './support/invoke';
import { playedCampaign } from './support/played-campaign';
import { CampaignPage } from './pages/CampaignPage';
import { PrintPage } from './pages/PrintPage';
import { TonightPage } from './pages/TonightPage';

const CAMPAIGN = 'Friday Night League';
const LAST_NIGHT = '2026-01-09';

const hasPdfText = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v pdftotext'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

type Model = ChannelInput<'teams.saveDraft'>['roster']['models'][number];
const model = (entryId: string, name: string): Model => ({ id: randomUUID(), entryId, name, options: {}, armoury: [], grenades: {} });

/** A player and a founded team, through the bridge (they only need to exist). */
async function foundTeam(page: Page, campaignId: string, player: string, listKey: string, name: string, models: Model[]) {
  const p = await invoke(page, 'players.create', { campaignId, name: player });
  const lists = await invoke(page, 'teamLists.list', {});
  const team = await invoke(page, 'teams.create', { campaignId, playerId: p.id, teamListId: lists.find((l) => l.listKey === listKey)!.id, name });
  const draft = await invoke(page, 'teams.saveDraft', { id: team.team.id, roster: { models } });
  expect(draft.report.issues.map((i) => i.message)).toEqual([]);
  await invoke(page, 'teams.found', { id: team.team.id });
  return team.team.id;
}

test('an evening: three here and one away are paired, two games set up from the pairings, and the evening’s sheet prints', async ({ herald }, testInfo) => {
  test.setTimeout(180_000);
  const { page } = await herald.launch();
  const c = await playedCampaign(page, CAMPAIGN, 'Da Boyz', LAST_NIGHT);
  // Cara's Grey Ghosts: three marines, the lowest Threat in the campaign. Dan's Waaagh Riders stay at home at first.
  const ghosts = await foundTeam(page, c.campaignId, 'Cara', 'space-marines-sample', 'Grey Ghosts', [
    model('sergeant', 'Lysander'),
    model('tactical-marine', 'Oren'),
    model('tactical-marine', 'Pell'),
  ]);
  // Dan's mob is big: a higher Threat, so his game has an underdog.
  const boys = ['Nazbag', 'Grizzit', 'Mogg', 'Snotrag', 'Bonk', 'Ruzgob', 'Drekk', 'Gulp', 'Skab', 'Wurr', 'Zagnut', 'Krog', 'Mukka', 'Nurg', 'Gitza'];
  const riders = await foundTeam(page, c.campaignId, 'Dan', 'orks-sample', 'Waaagh Riders', [model('boss-nob', 'Urgok'), ...boys.map((b) => model('boy', b))]);
  const teams = await invoke(page, 'teams.list', { campaignId: c.campaignId });
  const threat = new Map(teams.map((t) => [t.name, t.threat]));

  // Tonight, from the campaign page.
  await page.reload();
  const campaign = new CampaignPage(page);
  await expect(campaign.heading(CAMPAIGN)).toBeVisible();
  await page.getByRole('link', { name: 'Tonight', exact: true }).click();
  const tonight = new TonightPage(page);
  await expect(tonight.heading).toBeVisible();
  await tonight.tick('Iron Wolves', 'Da Boyz', 'Grey Ghosts');
  await expect(tonight.here('Waaagh Riders')).not.toBeChecked();

  // One pairing and one team sitting out; Dan's team is in neither; last night's game is not replayed.
  await expect(tonight.pairings.getByRole('listitem').filter({ hasText: /^Table/ })).toHaveCount(1);
  await expect(tonight.sitOut).toBeVisible();
  await expect(tonight.pairings).not.toContainText('Waaagh Riders');
  await expect(tonight.sitOut).not.toContainText('Waaagh Riders');
  await expect(tonight.pairing('Grey Ghosts')).toBeVisible();
  const sittingOut = (await tonight.sitOut.textContent())!.includes('Iron Wolves') ? 'Iron Wolves' : 'Da Boyz';
  const playing = sittingOut === 'Iron Wolves' ? 'Da Boyz' : 'Iron Wolves';
  await expect(tonight.sitOut).toContainText(sittingOut);
  await expect(tonight.pairing('Grey Ghosts')).toContainText(playing);
  await expect(tonight.pairing('Grey Ghosts')).toContainText('First meeting.');
  // The Underdog in view: which side and by how much.
  const gap = Math.abs(threat.get('Grey Ghosts')! - threat.get(playing)!);
  await expect(tonight.pairing('Grey Ghosts')).toContainText(gap === 0 ? 'Even: both Threat' : `the underdog by ${gap} Threat`);
  await keepShot(page, testInfo, 'tonight-proposed.png');

  // Swap the team sitting out with the one playing: the swapped pairing is locked, and stays on "Propose again".
  await tonight.pick(sittingOut);
  await tonight.pick(playing);
  await expect(tonight.sitOut).toContainText(playing);
  const swapped = tonight.pairing('Grey Ghosts');
  await expect(swapped).toContainText(sittingOut);
  await expect(swapped.getByRole('button', { name: 'Locked' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Propose again' }).click();
  await expect(tonight.pairing('Grey Ghosts')).toContainText(sittingOut);
  await expect(tonight.sitOut).toContainText(playing);
  // Swap back, so the evening avoids the rematch again.
  await tonight.pick(playing);
  await tonight.pick(sittingOut);
  await expect(tonight.sitOut).toContainText(sittingOut);

  // The first game, set up from its pairing.
  await tonight.setUp('Grey Ghosts');

  // Dan arrives: the team sitting out plays his.
  await tonight.tick('Waaagh Riders');
  await expect(tonight.sitOut).toHaveCount(0);
  await expect(tonight.pairing('Waaagh Riders')).toContainText(sittingOut);
  expect(threat.get('Waaagh Riders')).toBeGreaterThan(threat.get(sittingOut)!);
  const riderGap = threat.get('Waaagh Riders')! - threat.get(sittingOut)!;
  await expect(tonight.pairing('Waaagh Riders')).toContainText(`${sittingOut}: the underdog by ${riderGap} Threat`);
  await tonight.setUp('Waaagh Riders');
  await keepShot(page, testInfo, 'tonight-set-up.png');

  // Two games set up, with the pairings' teams.
  const drafts = await invoke(page, 'games.list', { campaignId: c.campaignId, status: ['draft'] });
  const ids = new Map(teams.map((t) => [t.name, t.id]));
  const pairsOf = (gs: typeof drafts) => gs.map((g) => [g.teams.a.id, g.teams.b.id].sort().join('|')).sort();
  expect(pairsOf(drafts)).toEqual([[ghosts, ids.get(playing)!].sort().join('|'), [riders, ids.get(sittingOut)!].sort().join('|')].sort());
  const missions = drafts.map((g) => g.missionName);
  expect(missions.every((m) => m !== null)).toBe(true);

  // The evening's sheet.
  await tonight.printLink.click();
  const print = new PrintPage(page);
  await print.waitUntilReady();
  const sheet = print.sheet("The evening's sheet");
  await expect(sheet).toContainText('Table 1');
  await expect(sheet).toContainText('Table 2');
  for (const m of missions) await expect(sheet).toContainText(m!);
  await expect(sheet).toContainText('Waaagh Riders');
  await expect(sheet).toContainText(`${sittingOut}: the underdog by ${riderGap} Threat`);
  // The tables keep the order they were set up in.
  await expect(sheet.getByRole('row').nth(1)).toContainText('Grey Ghosts');
  await expect(sheet.getByRole('row').nth(2)).toContainText('Waaagh Riders');
  await keepShot(page, testInfo, 'evening-sheet.png');

  test.skip(testInfo.project.name === 'electron', 'page.pdf() is headless Chromium only; the browser project checks the PDF.');
  test.skip(!hasPdfText, 'poppler-utils is not installed (pdftotext): the PDF cannot be read back.');
  const file = testInfo.outputPath('evening-a4.pdf');
  await print.pdf(file);
  await testInfo.attach('evening-a4.pdf', { path: file, contentType: 'application/pdf' });
  // Read in reading order (not laid out): a table's cells wrap their words over several lines.
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  const words = (t: string) => new RegExp(t.split(/\s+/).join('\\s+'));
  expect(text).toMatch(words(CAMPAIGN));
  expect(text).toMatch(/Table 1/);
  expect(text).toMatch(/Table 2/);
  for (const name of ['Iron Wolves', 'Da Boyz', 'Grey Ghosts', 'Waaagh Riders']) expect(text).toMatch(words(name));
  // A mission's name may wrap in its cell, and pdftotext then reads the next cell's line between its words.
  const wrapped = (t: string) => new RegExp(t.split(/\s+/).join('[\\s\\S]{1,120}?'));
  for (const m of missions) expect(text).toMatch(wrapped(m!));
  expect(text).toMatch(words(`${sittingOut}: the underdog by ${riderGap} Threat`));
});

async function keepShot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(name);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}
