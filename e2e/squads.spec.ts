/**
 * Issue 19: a team with a 10-model Guardsman Squad plays a Breakthrough and a Last Stand end to end. Each member is a
 * model (seed 004 "Squad"): members are taken out one by one and by whom, the mission's percentages count them, each
 * casualty rolls for injury, and a member who dies takes one model off the squad on the roster.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CampaignPage } from './pages/CampaignPage';
import { GamePage } from './pages/GamePage';
import { HomePage } from './pages/HomePage';
import { NewGamePage } from './pages/NewGamePage';
import { DA_KRUMPAS, foundTeamsByApi } from './support/teams';

const CAMPAIGN = 'Squad League';
const HYDRA = 'Hydra Platoon';
const ORKS = 'Da Krumpas';
const member = (n: number, of: number) => `Third Squad (${n} of ${of})`;

async function newGame(page: Page, campaignHash: string, mission: string) {
  await page.evaluate(`location.hash = ${JSON.stringify(`${campaignHash}/new-game`)}`);
  const setup = new NewGamePage(page);
  await expect(setup.heading).toBeVisible();
  const pick = async (label: string, start: string) => {
    const select = page.getByLabel(label, { exact: true });
    const option = (await select.locator('option').allTextContents()).find((t) => t.startsWith(start));
    await select.selectOption({ label: option! });
  };
  await pick('Team A', HYDRA);
  await pick('Team B', ORKS);
  await pick('Mission', mission);
  await page.getByRole('button', { name: 'Set up the game' }).click();
  const game = new GamePage(page);
  await expect(game.currentStep).toContainText('Result');
  await page.getByLabel('Attacker', { exact: true }).selectOption({ label: ORKS });
  return game;
}

/** The squad members who died in this game (the Injuries step's lines "… died (…)"). */
async function squadDeaths(game: GamePage): Promise<number> {
  const lines = await game.changes(HYDRA, 'injuries').getByRole('listitem').allInnerTexts();
  return lines.filter((t) => /Third Squad \(\d+ of \d+\) died/.test(t)).length;
}

/** The squad's size on the roster now. */
async function squadSize(page: Page, teamHref: string): Promise<number> {
  await page.evaluate(`location.hash = ${JSON.stringify(teamHref)}`);
  const size = page.getByRole('article', { name: 'Third Squad', exact: true }).getByLabel(/^Models in squad/);
  await expect(size).toBeVisible();
  return Number(await size.inputValue());
}

test('a 10-model squad plays a Breakthrough and a Last Stand: per-member casualties, percentages, injuries, the squad shrinks', async ({ herald }) => {
  test.setTimeout(480_000);
  const app = await herald.launch();
  const page = app.page;
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign(CAMPAIGN);
  await page.getByRole('link', { name: CAMPAIGN }).click();
  const campaign = new CampaignPage(page);
  await campaign.addPlayer('Alice');
  await campaign.addPlayer('Bob');
  // The teams only need to exist: through the bridge (roster.spec and no-schema-paths build squads on the screen).
  await foundTeamsByApi(page, CAMPAIGN, [
    [
      'Alice',
      'Imperial Guard',
      HYDRA,
      [
        ['Veteran Sergeant', 'Sergeant Harker'],
        ['Guardsman Squad', 'Third Squad', 10],
        ['Guardsman', 'Trooper Lenz'],
      ],
    ],
    ['Bob', 'Orks', ORKS, DA_KRUMPAS],
  ]);
  const hydraHref = (await new CampaignPage(page).team(HYDRA).getByRole('link', { name: HYDRA }).getAttribute('href'))!;
  const campaignHash = await page.evaluate<string>('location.hash');

  // ----- Breakthrough: the Orks attack 12 Guard models (the Sergeant, Trooper Lenz and ten guardsmen) -----
  const game = await newGame(page, campaignHash, 'Breakthrough');
  await expect(game.models(HYDRA).getByRole('row')).toHaveCount(1 + 12);
  await game.takenOut(HYDRA, member(1, 10), 'Grukk', 'Melee');
  await game.takenOut(HYDRA, member(2, 10), 'Snag', 'Shooting');
  await game.takenOut(ORKS, 'Gob', member(4, 10), 'Shooting'); // a kill by one member
  await game
    .model(ORKS, 'Snag')
    .getByRole('checkbox', { name: /^Snag within 6 inches/ })
    .check();
  await game.ending('A team won the mission outright', ORKS);
  await game.waitUntilSaved();
  // 2 of 12 killed is not 25% of the Defender's team: refused in words.
  await expect(game.problems).toContainText("25% or more of the Defender's team killed");
  await game.takenOut(HYDRA, member(3, 10), 'Grukk', 'Melee');
  await game.waitUntilSaved();
  await expect(game.problems).toHaveCount(0);
  await expect(page.getByLabel('Third Squad losses')).toHaveText(/Third Squad: 3 of 10 members out of action/);
  await expect(game.liveScore.getByLabel('Outcome')).toContainText(`${ORKS}`);
  // Survival counts the members: 9 of 12 Guard alive is exactly 75%, not over (with the squad as one line it was "3 of 3").
  await expect(game.liveScore).not.toContainText('Survival');

  await game.next('Injuries');
  for (const n of [1, 2, 3]) await expect(game.changes(HYDRA, 'injuries')).toContainText(member(n, 10));
  const died1 = await squadDeaths(game);
  await game.next('Experience');
  // An honour is bought for the squad (its roster line), never for one interchangeable member.
  const buyFor = page.getByRole('group', { name: `${HYDRA}: buy an honour` }).getByLabel('For');
  await expect(buyFor.locator('option', { hasText: /^Third Squad$/ })).toHaveCount(1);
  await expect(buyFor.locator('option', { hasText: 'of 10)' })).toHaveCount(0);
  await game.next('Requisition');
  await game.next('Review');
  await game.commit();
  expect(await squadSize(page, hydraHref)).toBe(10 - died1);
  if (died1 > 0) await expect(page.getByRole('article', { name: 'Third Squad', exact: true })).toContainText(`${died1} lost in games`);

  // ----- Last Stand: the Guard defend; the halves by model count, the squad whole on one side (issue 30) -----
  const size = 10 - died1;
  const total = 2 + size;
  const last = await newGame(page, campaignHash, 'Last Stand');
  await expect(last.models(HYDRA).getByRole('row')).toHaveCount(1 + total);
  const hydraNames = ['Sergeant Harker', 'Trooper Lenz', ...Array.from({ length: size }, (_, i) => member(i + 1, size))];
  const role = (name: string, r: 'Defending model (centre)' | 'Reinforcement') =>
    last
      .model(HYDRA, name)
      .getByRole('combobox', { name: `${name} Last Stand role` })
      .selectOption({ label: r });
  // One defending model is not half the team: refused in words.
  await role('Sergeant Harker', 'Defending model (centre)');
  for (const name of hydraNames.slice(1)) await role(name, 'Reinforcement');
  await last.waitUntilSaved();
  await expect(last.problems).toContainText('the defender splits his Kill Team in half by model count');
  // The squad defends, the Sergeant and Lenz are the reinforcements: the squad is one unit, so choosing one member's
  // role chooses the whole squad's; with whole units the halves are 2 models or the squad's.
  await role('Sergeant Harker', 'Reinforcement');
  await role(member(1, size), 'Defending model (centre)');
  await expect(last.model(HYDRA, member(size, size)).getByRole('combobox', { name: `${member(size, size)} Last Stand role` })).toHaveValue('defending');
  // All but a quarter of the squad are killed.
  const left = Math.floor(size / 4);
  const killed = hydraNames.slice(2, 2 + size - left);
  for (const [i, name] of killed.entries()) await last.takenOut(HYDRA, name, i % 2 === 0 ? 'Grukk' : 'Snag', 'Shooting');
  await last.waitUntilSaved();
  await expect(last.problems).toHaveCount(0);
  await expect(last.liveScore.getByLabel('Outcome')).toContainText(ORKS);
  // Last Stand VP count the defending models one by one: a quarter or fewer left gives the attacker 3 VP.
  await expect(last.liveScore).toContainText(`${left} of ${size} defending models left (25% or less)`);

  await last.next('Injuries');
  for (const name of killed) await expect(last.changes(HYDRA, 'injuries')).toContainText(name);
  const died2 = await squadDeaths(last);
  await last.next('Experience');
  await last.next('Requisition');
  await last.next('Review');
  await last.commit();
  expect(await squadSize(page, hydraHref)).toBe(size - died2);
});
