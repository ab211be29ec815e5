/**
 * Issue 6: house rules. A campaign on the "Experience & Levels" preset cannot record a game until the club enters its
 * tables; the organiser follows the message to House rules, fills in what the system needs (validated as typed),
 * applies it with a reason, and the game commits with a level-up on the roster. Also: export → import round trip is
 * "no changes", and a broken file is refused with its reason; and the optional rules are switched in one place, House
 * rules — with the 8th-edition supplement (seed 003) on, a whole game on one of its missions is played and committed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CampaignPage } from './pages/CampaignPage';
import { GamePage } from './pages/GamePage';
import { HomePage } from './pages/HomePage';
import { NewGamePage } from './pages/NewGamePage';
import { RosterPage } from './pages/RosterPage';
import { DA_KRUMPAS, foundTeamsByApi, IRON_WOLVES, type Models } from './support/teams';
import { RulesetPage } from './pages/RulesetPage';

const CAMPAIGN = 'Ironhold League';

// The teams only need to exist: founded through the bridge (roster.spec builds one on the screen).
const buildTeam = (page: Page, player: string, list: string, team: string, models: Models) => foundTeamsByApi(page, CAMPAIGN, [[player, list, team, models]]);

async function newCampaign(page: Page, preset: 'battle-honours' | 'experience-levels') {
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign(CAMPAIGN, undefined, preset);
  await page.getByRole('link', { name: CAMPAIGN }).click();
  await expect(new CampaignPage(page).heading(CAMPAIGN)).toBeVisible();
}

test('Experience & Levels: a game waits for the club’s tables, which the organiser enters and applies; the game then commits with a level-up', async ({
  herald,
}) => {
  test.setTimeout(180_000);
  const app = await herald.launch();
  const page = app.page;
  await newCampaign(page, 'experience-levels');
  const campaign = new CampaignPage(page);

  // The campaign page says the rules still lack tables.
  const houseRules = page.getByRole('region', { name: 'House rules' });
  await expect(houseRules).toContainText('HoR campaign, Experience & Levels');
  await expect(houseRules).toContainText('Not entered yet: EXP awards');

  await campaign.addPlayer('Alice');
  await campaign.addPlayer('Bob');
  await buildTeam(page, 'Alice', 'Space Marines', 'Iron Wolves', IRON_WOLVES);
  await buildTeam(page, 'Bob', 'Orks', 'Da Krumpas', DA_KRUMPAS);
  const wolvesHref = await campaign.team('Iron Wolves').getByRole('link', { name: 'Iron Wolves' }).getAttribute('href');

  // ----- a Relic Hunt where a Special model carries a relic: +1 EXP (seed 004) -----
  await campaign.newGame();
  await new NewGamePage(page).setUp({ teamA: 'Iron Wolves', teamB: 'Da Krumpas', mission: 'Relic Hunt' });
  const game = new GamePage(page);
  await expect(game.heading).toHaveText('Game 1: Iron Wolves vs Da Krumpas');
  const gameHash = await page.evaluate<string>('location.hash');
  await game.relics('Iron Wolves', 'Brother Kaelen', 1);
  await game.waitUntilSaved();
  await expect(game.problems).toHaveCount(0);
  for (const step of ['Injuries', 'Experience', 'Requisition', 'Review'] as const) {
    await page.getByRole('button', { name: `Next: ${step} →` }).click();
    await expect(game.currentStep).toContainText(step);
  }

  // Review: the commit is impossible, and the message names the missing table and where to enter it.
  const blocked = page.locator('.blocked-box');
  await expect(blocked).toContainText('has no EXP awards yet: enter them in House rules → Progression → EXP awards');
  await expect(page.getByRole('button', { name: 'Commit game…' })).toBeDisabled();

  // ----- House rules -----
  await blocked.getByRole('link', { name: 'Open House rules' }).click();
  const rules = new RulesetPage(page);
  await rules.waitUntilReady();
  await expect(rules.pinned).toContainText('HoR campaign, Experience & Levels');
  await expect(rules.pinned).toContainText('Games already recorded (0) keep their entries exactly as they were');
  for (const name of ['EXP awards', 'Level thresholds', 'Advance table', 'Skill lists', 'Injury table for Core models', 'Requisition chart']) {
    await expect(rules.missing).toContainText(name);
  }
  await expect(rules.section('EXP awards')).toContainText('Not entered yet');
  await expect(rules.reviewButton).toBeDisabled();

  await rules.expAwardsNone();
  await expect(rules.section('EXP awards')).toContainText('None: models earn only the missions’ bonus EXP');

  // Validation as you type: thresholds out of order, then fixed.
  await rules.levelThresholds([3, 2]);
  await expect(rules.problems('Level thresholds')).toContainText('level 2 needs 2 EXP, not more than level 1 (3 EXP)');
  await expect(rules.reviewButton).toBeDisabled();
  await rules.section('Level thresholds').getByRole('button', { name: 'Remove level 2' }).click();
  await rules.section('Level thresholds').getByLabel('EXP for level 1').fill('1');
  await expect(rules.problems('Level thresholds')).toHaveCount(0);

  // The advance table: a row that leaves 6 uncovered is reported in words, then fixed.
  await rules.advanceTable('D6', [[1, 5, '+1 Weapon Skill']]);
  await expect(rules.problems('Advance table')).toContainText('D6 result 6 is not covered.');
  await expect(rules.reviewButton).toBeDisabled();
  await rules.advanceRow(1, 1, 6, '+1 Weapon Skill');
  await expect(rules.problems('Advance table')).toHaveCount(0);

  await rules.skillsNone();
  await rules.copyBattleHonoursInjuries();
  await expect(rules.section('Injuries')).toContainText('Uses “Injury (Team Leader and Special)”');
  await expect(rules.section('Follow-up tables')).toContainText('Permanent injury');
  await rules.useRequisitionChart(false);
  await expect(rules.section('Requisition')).toContainText('No chart: teams get the awards above');

  await expect(rules.applyBar).toContainText('Edits not applied yet');
  await expect(rules.applyBar).not.toContainText('Not entered yet');
  // The diff before applying: grouped by area, with a reason asked for.
  await rules.reviewButton.click();
  await expect(rules.dialog.getByRole('list', { name: 'Changes: Level thresholds' })).toContainText('Level thresholds entered.');
  await expect(rules.dialog.getByRole('list', { name: 'Changes: Dice tables' })).toContainText('Advance table added.');
  await expect(rules.dialog.getByRole('button', { name: 'Apply the house rules' })).toBeDisabled();
  await rules.dialog.getByRole('button', { name: 'Keep editing' }).click();
  await rules.apply('Entered our club’s tables');
  await expect(rules.pinned).toContainText('Entered our club’s tables');
  await expect(rules.pinned).toContainText('Every table these rules need is entered.');
  await expect(rules.pinned.getByText('Earlier rulesets of this campaign (1)')).toBeVisible();

  // ----- back to the game: it commits, and the Special model levels up -----
  await page.evaluate(`location.hash = ${JSON.stringify(gameHash)}`);
  await expect(game.heading).toHaveText('Game 1: Iron Wolves vs Da Krumpas');
  await expect(page.locator('.blocked-box')).toHaveCount(0);
  await expect(game.currentStep).toContainText('Review');
  await expect(game.changes('Iron Wolves', 'experience')).toContainText('Brother Kaelen reaches level 1');
  await expect(game.changes('Iron Wolves', 'experience')).toContainText('+1 Weapon Skill');
  await game.commit();

  await page.evaluate(`location.hash = ${JSON.stringify(wolvesHref)}`);
  const roster = new RosterPage(page);
  await expect(roster.progress('Brother Kaelen')).toContainText('1 EXP');
  await expect(roster.progress('Brother Kaelen')).toContainText('Level 1');
  await expect(roster.progress('Brother Kaelen')).toContainText('Advances: Level 1: +1 Weapon Skill');
});

test('export then import the ruleset is a round trip with no changes; a broken file is refused with its reason', async ({ herald }) => {
  const app = await herald.launch();
  const page = app.page;
  await newCampaign(page, 'battle-honours');
  await page.getByRole('region', { name: 'House rules' }).getByRole('link', { name: 'Open house rules' }).click();
  const rules = new RulesetPage(page);
  await rules.waitUntilReady();
  await expect(rules.pinned).toContainText('HoR campaign, Battle Honours');
  await expect(rules.pinned).toContainText('Every table these rules need is entered.');

  const download = await rules.export();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-ruleset-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  expect(download.suggestedFilename()).toBe('hor-battle-honours-1.0.0.ruleset.json');
  await expect(rules.filesCard.getByRole('status')).toContainText('Downloaded hor-battle-honours-1.0.0.ruleset.json');

  // Round trip: the file holds exactly the campaign's rules.
  await rules.import(file);
  await expect(rules.sourceBanner).toContainText(`The editor holds the file ${download.suggestedFilename()}`);
  await expect(rules.sourceBanner).toContainText('No changes: this file holds exactly the rules the campaign already plays.');
  await expect(rules.reviewButton).toBeDisabled();

  // A broken file: main's reason is shown and nothing changes.
  await page.getByRole('button', { name: 'Discard edits' }).click();
  await rules.import({ name: 'broken.ruleset.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "herald-ruleset", ') });
  await expect(rules.filesCard.getByRole('alert')).toContainText('broken.ruleset.json is not valid JSON');
  await expect(rules.filesCard.getByRole('alert')).toContainText('Nothing was changed.');
  await rules.import({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "world"}') });
  await expect(rules.filesCard.getByRole('alert')).toContainText('other.json is not a Herald ruleset file');
  await expect(rules.sourceBanner).toHaveCount(0);
  await expect(rules.reviewButton).toBeDisabled();

  // An edited file says so, and its differences are shown before anything is applied.
  const edited = JSON.parse(fs.readFileSync(file, 'utf8')) as { ruleset: { progression: { requisition: { awards: { id: string; req: number }[] } } } };
  edited.ruleset.progression.requisition.awards.find((a) => a.id === 'took-part')!.req = 25;
  await rules.import({ name: 'edited.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(edited)) });
  await expect(rules.sourceBanner).toContainText('was changed after it was exported');
  await rules.reviewButton.click();
  await expect(rules.dialog.getByRole('list', { name: 'Changes: Requisition awards' })).toContainText('Took part: 20 → 25 Req.');
  await rules.dialog.getByLabel(/What changed, in a few words/).fill('Took part is worth 25 in our club');
  await rules.dialog.getByRole('button', { name: 'Apply the house rules' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Applied\./ })).toBeVisible();
  await expect(rules.pinned).toContainText('Took part is worth 25 in our club');
  // The campaign no longer plays the shipped preset unchanged: it can go back to it.
  await expect(
    page
      .getByRole('list', { name: 'Presets' })
      .getByRole('listitem')
      .filter({ hasText: 'HoR campaign, Battle Honours' })
      .getByRole('button', { name: 'Use this preset…' }),
  ).toBeVisible();
});

test('optional rules are house rules: the 8th-edition supplement switched on, a game on Vital Intelligence (seed 003) is planned, scored and committed', async ({
  herald,
}) => {
  test.setTimeout(180_000);
  const app = await herald.launch();
  const page = app.page;
  await newCampaign(page, 'battle-honours');
  const campaign = new CampaignPage(page);
  await campaign.addPlayer('Alice');
  await campaign.addPlayer('Bob');
  await buildTeam(page, 'Alice', 'Space Marines', 'Iron Wolves', IRON_WOLVES);
  await buildTeam(page, 'Bob', 'Orks', 'Da Krumpas', DA_KRUMPAS);

  // Club settings show the optional rules read-only, and send the organiser to House rules for them.
  await expect(campaign.optionalRule('8th-edition supplement missions')).not.toBeChecked();
  await expect(campaign.optionalRule('Weather')).toBeDisabled();
  await campaign.settings.getByRole('link', { name: 'Change them in House rules →' }).click();
  const rules = new RulesetPage(page);
  await rules.waitUntilReady();
  await expect(rules.section('Optional rules')).toBeVisible();
  await rules.setOptionalRule('8th-edition supplement missions', true);
  await rules.setOptionalRule('Twist', true);
  await expect(rules.section('Optional rules')).toContainText('On the New game screen: Vital Intelligence (Eternal War)');
  await rules.reviewButton.click();
  const changes = rules.dialog.getByRole('list', { name: 'Changes: Optional rules' });
  await expect(changes).toContainText('8th-edition supplement missions added, switched on.');
  await expect(changes).toContainText('Twist added, switched on.');
  await rules.dialog.getByRole('button', { name: 'Keep editing' }).click();
  await rules.apply('We play the 8th-edition supplement, with Twists');
  await expect(rules.optionalRule('8th-edition supplement missions')).toBeChecked();

  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await expect(campaign.optionalRule('8th-edition supplement missions')).toBeChecked();
  await expect(campaign.optionalRule('Twist')).toBeChecked();
  await expect(campaign.optionalRule('Weather')).not.toBeChecked();

  // ----- set up a game on one of the supplement's missions -----
  await campaign.newGame();
  const setup = new NewGamePage(page);
  await expect(setup.clubRules).toContainText('Twist, 8th-edition supplement missions');
  await setup.setUp({ teamA: 'Iron Wolves', teamB: 'Da Krumpas', mission: 'Vital Intelligence', zonePicker: 'Roll off' });
  const game = new GamePage(page);
  await expect(game.heading).toHaveText('Game 1: Iron Wolves vs Da Krumpas');
  await expect(game.plan).toContainText('Vital Intelligence');
  await expect(game.plan).toContainText('Deployment map and zone');
  await expect(game.plan).toContainText('5 to 7 battle rounds');
  await expect(game.plan.getByRole('list', { name: 'Victory conditions' })).toContainText('Capture the Data');
  await expect(game.plan).toContainText('Twist');
  await expect(game.plan).toContainText('Sudden Death is not in use');

  // ----- the result: the VP counted at the table, and the rest from the models -----
  await game.clubVp('Iron Wolves', 'Capture the Data VP', 6);
  await game.clubVp('Da Krumpas', 'Capture the Data VP', 3);
  await game.firstStrike('Iron Wolves');
  await game.takenOut('Da Krumpas', 'Grukk', 'Sergeant Tarkus', 'Melee');
  await game.award('Iron Wolves', 'First Blood');
  await game.waitUntilSaved();
  await expect(game.problems).toHaveCount(0);
  await expect(game.victoryPoints('Iron Wolves', game.liveScore)).toHaveText('8 VP');
  await expect(game.victoryPoints('Da Krumpas', game.liveScore)).toHaveText('3 VP');
  await expect(game.liveScore).toContainText('Slay the Warlord: the enemy Warlord (its Team Leader) was slain.');
  await expect(game.liveScore).toContainText('Iron Wolves wins');

  for (const step of ['Injuries', 'Experience', 'Requisition', 'Review'] as const) await game.next(step);
  await expect(game.changes('Iron Wolves', 'requisition')).toContainText('Victory +10');
  await game.commit();

  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await expect(campaign.game(1)).toContainText('Vital Intelligence');
  await expect(campaign.standingsRow('Iron Wolves').getByRole('cell').nth(3)).toHaveText('1');
});
