/**
 * Issue 5: two founded teams play a Relic Hunt through the UI — set-up (mission chosen, the rest rolled), the result
 * with kills, relics and an out-of-action Special model, injuries, EXP and requisition, commit — and the rosters and
 * the standings show it; voiding the game puts both rosters back exactly as they were.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CampaignPage } from './pages/CampaignPage';
import { GamePage } from './pages/GamePage';
import { HomePage } from './pages/HomePage';
import { NewGamePage } from './pages/NewGamePage';
import { RosterPage } from './pages/RosterPage';
import { DA_KRUMPAS, foundTeamsByApi, type Models } from './support/teams';

const CAMPAIGN = 'Autumn League';

// The teams only need to exist: founded through the bridge (roster.spec builds one on the screen).
const buildTeam = (page: Page, player: string, list: string, team: string, models: Models) => foundTeamsByApi(page, CAMPAIGN, [[player, list, team, models]]);

/** What a roster screen shows of a team: Req, points, and every model card's text (EXP, injuries…). */
async function rosterSnapshot(page: Page, teamId: string) {
  await page.evaluate(`location.hash = ${JSON.stringify(`#/teams/${teamId}`)}`);
  const roster = new RosterPage(page);
  await expect(roster.total).toBeVisible();
  await expect(page.getByLabel('Requisition')).toBeVisible();
  return {
    req: (await page.getByLabel('Requisition').textContent())?.trim(),
    total: (await roster.total.textContent())?.trim(),
    names: await roster.names(),
    cards: (await roster.cards.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()),
  };
}

async function teamIdOf(page: Page, team: string): Promise<string> {
  const href = await new CampaignPage(page).team(team).getByRole('link', { name: team }).getAttribute('href');
  return decodeURIComponent(href!.replace('#/teams/', ''));
}

test('two teams play a Relic Hunt: set-up, result, injuries, EXP, Req, commit, standings, then void restores both rosters', async ({ herald }) => {
  test.setTimeout(180_000);
  const app = await herald.launch();
  const page = app.page;
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign(CAMPAIGN);
  await page.getByRole('link', { name: CAMPAIGN }).click();
  const campaign = new CampaignPage(page);
  await expect(campaign.heading(CAMPAIGN)).toBeVisible();
  await campaign.addPlayer('Alice');
  await campaign.addPlayer('Bob');

  await buildTeam(page, 'Alice', 'Space Marines', 'Iron Wolves', [
    ['Space Marine Sergeant', 'Sergeant Tarkus'],
    ['Veteran Space Marine', 'Brother Kaelen'],
    ['Tactical Marine', 'Brother Cato'],
    ['Tactical Marine', 'Brother Varro'],
    ['Tactical Marine', 'Brother Lucan'],
  ]);
  await buildTeam(page, 'Bob', 'Orks', 'Da Krumpas', [
    ['Boss Nob', 'Grukk'],
    ['Burna Boy', 'Zogga'],
    ['Ork Boy', 'Snag'],
    ['Ork Boy', 'Ruk'],
    ['Ork Boy', 'Gob'],
  ]);
  const wolves = await teamIdOf(page, 'Iron Wolves');
  const krumpas = await teamIdOf(page, 'Da Krumpas');
  const before = { wolves: await rosterSnapshot(page, wolves), krumpas: await rosterSnapshot(page, krumpas) };

  // ----- set up -----
  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await page.getByRole('link', { name: 'New game' }).click();
  const setup = new NewGamePage(page);
  await expect(setup.clubRules).toContainText('Herald rolls the dice');
  await setup.setUp({ teamA: 'Iron Wolves', teamB: 'Da Krumpas', mission: 'Relic Hunt' });

  const game = new GamePage(page);
  await expect(game.heading).toHaveText('Game 1: Iron Wolves vs Da Krumpas');
  await expect(game.status).toHaveText('Being recorded');
  await expect(game.plan).toContainText('Relic Hunt');
  await expect(game.plan).toContainText('(chosen)');
  await expect(game.plan).toContainText(/Deploys first/);
  await expect(game.plan).toContainText(/First turn/);
  await expect(game.plan.getByRole('table', { name: 'Set-up rolls' })).toContainText('Relic');
  const relics = await game.relicCount();
  expect(relics).toBeGreaterThanOrEqual(3);
  const gameHash = await page.evaluate<string>('location.hash');

  // ----- result -----
  await expect(game.currentStep).toContainText('Result');
  await expect(page.getByLabel('Relic counters placed')).toHaveValue(String(relics));
  await game.takenOut('Da Krumpas', 'Zogga', 'Sergeant Tarkus', 'Melee'); // a Special model out of action
  await game.takenOut('Iron Wolves', 'Brother Cato', 'Grukk', 'Shooting');
  await game.takenOut('Da Krumpas', 'Snag', 'Brother Kaelen', 'Shooting');
  await game.relics('Iron Wolves', 'Brother Kaelen', 2);
  await game.relics('Iron Wolves', 'Sergeant Tarkus', 1);
  await game.relics('Da Krumpas', 'Grukk', relics - 3 > 0 ? relics - 3 : 0);
  await game.inEnemyZone('Iron Wolves', 'Brother Varro');
  await game.award('Iron Wolves', 'First Blood');
  await game.award('Da Krumpas', 'Kayfabe');
  await game.waitUntilSaved();
  await expect(game.problems).toHaveCount(0);
  await expect(game.victoryPoints('Iron Wolves', game.liveScore)).toHaveText(/\d+ VP/);
  await expect(game.liveScore.getByLabel('Outcome')).toContainText(/wins|Draw/);
  // 000 Margin of Victory is "only applicable … where Victory Points are used" (its points-value VP): not for 004's missions (issue 19).
  await expect(game.liveScore).not.toContainText('Margin of Victory');

  // A mistake shows as a problem and blocks the next step until fixed.
  await game.relics('Iron Wolves', 'Brother Kaelen', relics + 5);
  await expect(game.problems).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next: Injuries →' })).toBeDisabled();
  await game.relics('Iron Wolves', 'Brother Kaelen', 2);
  await expect(game.problems).toHaveCount(0);
  await game.waitUntilSaved();
  // Issue 16: a huge typed count is held to the report's cap and bounded by the plan, in words.
  await page.getByLabel('Relic counters placed').fill('100000');
  await expect(page.getByLabel('Relic counters placed')).toHaveValue('20');
  await expect(game.problems).toContainText(`Relic Hunt: 20 Relic counters recorded, but the game plan placed ${relics}`);
  await expect(page.getByRole('button', { name: 'Next: Injuries →' })).toBeDisabled();
  await page.getByLabel('Relic counters placed').fill(String(relics));
  await expect(game.problems).toHaveCount(0);
  await game.waitUntilSaved();

  // ----- injuries, experience, requisition -----
  await game.next('Injuries');
  await expect(game.changes('Da Krumpas', 'injuries')).toContainText('Zogga');
  await expect(game.changes('Iron Wolves', 'injuries')).toContainText('Brother Cato');
  await expect(game.changes('Da Krumpas', 'injuries')).toContainText(/Rolled D6/);

  await game.next('Experience');
  await expect(game.changes('Iron Wolves', 'experience')).toContainText('Sergeant Tarkus');
  await expect(game.changes('Iron Wolves', 'experience')).toContainText('EXP');

  await game.next('Requisition');
  await expect(game.changes('Iron Wolves', 'requisition')).toContainText('Req');
  await expect(game.changes('Iron Wolves', 'requisition')).toContainText(/relic/i);
  await expect(game.balances).toBeVisible();
  const reqAfter = { wolves: await game.reqAfter('Iron Wolves'), krumpas: await game.reqAfter('Da Krumpas') };
  expect(reqAfter.wolves).toBeGreaterThan(0);

  await game.next('Review');
  await expect(page.getByRole('heading', { name: 'What changes for Iron Wolves' })).toBeVisible();
  await game.commit();

  // ----- the recorded game -----
  await expect(page.getByRole('heading', { name: 'What this game changed' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Stored rolls' })).toContainText('Relic');
  const vpText = await game.victoryPoints('Iron Wolves').textContent();

  // ----- the rosters and the standings show it -----
  await page.evaluate(`location.hash = ${JSON.stringify(`#/teams/${wolves}`)}`);
  await expect(page.getByLabel('Requisition')).toContainText(String(reqAfter.wolves));
  await expect(page.getByRole('list', { name: 'Ledger' })).toContainText(/EXP|Req/);
  const wolvesAfter = await rosterSnapshot(page, wolves);
  expect(wolvesAfter.cards.join(' ')).toMatch(/EXP/);
  expect(wolvesAfter).not.toEqual(before.wolves);
  await page.evaluate(`location.hash = ${JSON.stringify(`#/teams/${krumpas}`)}`);
  await expect(page.getByLabel('Requisition')).toContainText(String(reqAfter.krumpas));
  const krumpasAfter = await rosterSnapshot(page, krumpas);
  expect(krumpasAfter).not.toEqual(before.krumpas);

  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  const standings = page.getByRole('table', { name: 'Standings', exact: true });
  await expect(standings.getByRole('row', { name: /Iron Wolves/ })).toContainText(String(reqAfter.wolves));
  await expect(standings.getByRole('row', { name: /Da Krumpas/ })).toContainText(String(reqAfter.krumpas));

  // ----- void: both rosters exactly as before -----
  await page.evaluate(`location.hash = ${JSON.stringify(gameHash)}`);
  await expect(game.status).toHaveText('Recorded');
  expect(vpText).toMatch(/VP/);
  await game.void('Entered the wrong relic count');
  await expect(page.getByRole('region', { name: 'Voided' })).toContainText('Entered the wrong relic count');
  await expect(page.getByRole('button', { name: 'Void this game…' })).toHaveCount(0);

  expect(await rosterSnapshot(page, wolves)).toEqual(before.wolves);
  expect(await rosterSnapshot(page, krumpas)).toEqual(before.krumpas);
});

test('set-up needs two founded teams; a rolled set-up can be discarded', async ({ herald }) => {
  const app = await herald.launch();
  const page = app.page;
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign(CAMPAIGN);
  await page.getByRole('link', { name: CAMPAIGN }).click();
  const campaign = new CampaignPage(page);
  await campaign.addPlayer('Alice');
  await campaign.addPlayer('Bob');
  await buildTeam(page, 'Alice', 'Imperial Guard', 'Cadian 88th', [
    ['Veteran Sergeant', 'Sergeant Harker'],
    ['Guard Specialist', 'Vox Oper'],
    ['Guardsman', 'Trooper Lenz'],
    ['Guardsman', 'Trooper Mott'],
  ]);
  // With one founded team the set-up screen says what is missing.
  const campaignHash = await page.evaluate<string>('location.hash');
  await page.evaluate(`location.hash = ${JSON.stringify(`${campaignHash}/new-game`)}`);
  const setup = new NewGamePage(page);
  await expect(setup.heading).toBeVisible();
  await expect(page.getByText('A game needs two founded teams')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up the game' })).toBeDisabled();

  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await buildTeam(page, 'Bob', 'Orks', 'Da Krumpas', DA_KRUMPAS);
  await page.getByRole('link', { name: 'New game' }).click();
  await setup.setUp({ teamA: 'Cadian 88th', teamB: 'Da Krumpas' });
  const game = new GamePage(page);
  await expect(game.heading).toHaveText('Game 1: Cadian 88th vs Da Krumpas');
  await expect(game.plan).toContainText('(rolled)');
  await game.discard();
  await expect(campaign.heading(CAMPAIGN)).toBeVisible();
});

test('voiding a game whose Req was already spent offers to void the purchase too', async ({ herald }) => {
  test.setTimeout(120_000);
  const app = await herald.launch();
  const page = app.page;
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign(CAMPAIGN);
  await page.getByRole('link', { name: CAMPAIGN }).click();
  const campaign = new CampaignPage(page);
  await campaign.addPlayer('Alice');
  await campaign.addPlayer('Bob');
  await buildTeam(page, 'Alice', 'Space Marines', 'Iron Wolves', [
    ['Space Marine Sergeant', 'Sergeant Tarkus'],
    ['Tactical Marine', 'Brother Cato'],
    ['Tactical Marine', 'Brother Varro'],
  ]);
  await buildTeam(page, 'Bob', 'Orks', 'Da Krumpas', DA_KRUMPAS);
  const wolves = await teamIdOf(page, 'Iron Wolves');
  const before = await rosterSnapshot(page, wolves);

  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await page.getByRole('link', { name: 'New game' }).click();
  await new NewGamePage(page).setUp({ teamA: 'Iron Wolves', teamB: 'Da Krumpas', mission: 'Skirmish' });
  const game = new GamePage(page);
  await expect(game.heading).toHaveText('Game 1: Iron Wolves vs Da Krumpas');
  const gameHash = await page.evaluate<string>('location.hash');
  await game.waitUntilSaved();
  await expect(game.liveScore.getByLabel('Outcome')).toBeVisible();
  for (const step of ['Injuries', 'Experience', 'Requisition', 'Review'] as const) await game.next(step);
  await game.commit();

  // Spend the Req the game gave on a recruit.
  await page.evaluate(`location.hash = ${JSON.stringify(`#/teams/${wolves}`)}`);
  const roster = new RosterPage(page);
  await expect(page.getByLabel('Requisition')).toBeVisible();
  // The recruit's card opens above the roster (RosterPage.addModel names the last card, so not used here).
  const recruit = page.getByLabel('Recruit', { exact: true });
  const option = (await recruit.locator('option').allTextContents()).find((t) => t.startsWith('Tactical Marine'));
  await recruit.selectOption({ label: option! });
  await page.getByRole('button', { name: 'Recruit…' }).click();
  await roster.cards.first().getByLabel('Name').fill('Brother Titus');
  await page.getByRole('button', { name: /^Recruit for \d+ Req$/ }).click();
  await expect(page.getByRole('list', { name: 'Ledger' })).toContainText('Brother Titus');

  await page.evaluate(`location.hash = ${JSON.stringify(gameHash)}`);
  await page.getByRole('button', { name: 'Void this game…' }).click();
  await expect(game.voidForm).toContainText('Later changes depend on this game');
  await expect(game.voidForm.getByRole('list', { name: 'Depends on this game' })).toContainText('Brother Titus');
  await game.voidForm.getByLabel('Why is this game voided?').fill('Played with the wrong lists');
  await expect(game.voidForm.getByRole('button', { name: 'Void the game' })).toBeDisabled();
  await game.voidForm.getByRole('checkbox', { name: 'Also void these' }).check();
  await game.voidForm.getByRole('button', { name: 'Void the game' }).click();
  await expect(game.status).toHaveText('Voided');

  expect(await rosterSnapshot(page, wolves)).toEqual(before);
});
