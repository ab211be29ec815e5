/**
 * Issue 19 and issue 30 item 8: the choices that belong to the players or the club. The New game screen lets the
 * players leave the Weather out ("If both players agree"); what a roll-off winner chooses (004 Step 3 "the winner may
 * choose to deploy first or second"; Last Stand's Attacker "either by deciding yourselves, or by rolling a d6") is
 * asked on the game's page once the mission is shown — only the choices that mission has — and can be changed until
 * commit, the plan following. A reading changed on the House rules page (Night Fighting only when a rule says so,
 * Random Game Length) changes the next game's plan.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CampaignPage } from './pages/CampaignPage';
import { GamePage } from './pages/GamePage';
import { HomePage } from './pages/HomePage';
import { NewGamePage } from './pages/NewGamePage';
import { RulesetPage } from './pages/RulesetPage';
import { DA_KRUMPAS, IRON_WOLVES, foundTeamsByApi } from './support/teams';

const CAMPAIGN = 'Choices League';

/** The plan's "Deploys first" / "First turn" team. */
const planned = (plan: Locator, what: 'Deploys first' | 'First turn') => plan.locator(`dt:text-is("${what}") + dd > strong`).first();
/** The players' choices on the game's page. */
const choices = (page: Page) => page.getByRole('region', { name: 'The players’ choices' });

async function answer(page: Page, question: RegExp, label: RegExp, button: 'Record the choice' | 'Change the choice') {
  const group = choices(page).getByRole('group', { name: question });
  await group.getByRole('radio', { name: label }).check();
  await group.getByRole('button', { name: button }).click();
}

test("the game's page asks the winners' choices after the mission is shown; a choice is corrected and the plan follows; a reading changed in House rules changes the plan", async ({
  herald,
}, testInfo) => {
  test.setTimeout(180_000);
  const app = await herald.launch();
  const page = app.page;
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign(CAMPAIGN);
  await page.getByRole('link', { name: CAMPAIGN }).click();
  const campaign = new CampaignPage(page);
  await campaign.addPlayer('Alice');
  await campaign.addPlayer('Bob');
  // The teams only need to exist: through the bridge (roster.spec builds one on the screen).
  await foundTeamsByApi(page, CAMPAIGN, [
    ['Alice', 'Space Marines', 'Iron Wolves', IRON_WOLVES],
    ['Bob', 'Orks', 'Da Krumpas', DA_KRUMPAS],
  ]);
  await campaign.setOptionalRule('Weather', true);
  await campaign.setOptionalRule('Dusk & Dawn', true);

  // ----- a game with the defaults: Night Fighting every turn, so Dusk & Dawn is not rolled -----
  await page.getByRole('link', { name: 'New game' }).click();
  const setup = new NewGamePage(page);
  await expect(setup.heading).toBeVisible();
  // Nothing about the roll-off winners' choices is asked before the mission is rolled.
  await expect(page.getByLabel('The winner of the roll-off to deploy chooses')).toHaveCount(0);
  await expect(page.getByLabel('The Attacker')).toHaveCount(0);
  await expect(page.getByText('the game’s page asks them once the mission and the roll-offs are shown')).toBeVisible();
  await setup.setUp({ teamA: 'Iron Wolves', teamB: 'Da Krumpas', mission: 'Skirmish' });
  const game = new GamePage(page);
  await expect(game.plan).toContainText('has not said yet whether it deploys first or second');
  // Skirmish asks one choice: who deploys first. No Attacker, no first-turn choice.
  const deployQuestion = /won the roll-off to deploy: does it deploy first or second\?/;
  await expect(choices(page).getByRole('group')).toHaveCount(1);
  await expect(choices(page).getByRole('group', { name: deployQuestion })).toContainText('Not chosen yet');
  const winner = (await choices(page).getByRole('group', { name: deployQuestion }).locator('legend').textContent())!.replace(/ won the roll-off.*/, '');
  const other = winner === 'Iron Wolves' ? 'Da Krumpas' : 'Iron Wolves';
  await expect(planned(game.plan, 'Deploys first')).toHaveText(winner);
  const firstTurnBefore = (await planned(game.plan, 'First turn').textContent())!;
  await choices(page).screenshot({ path: testInfo.outputPath('players-choices.png') });
  // The winner chooses to deploy second, after seeing the mission and the map.
  await answer(page, deployQuestion, /deploys second/, 'Record the choice');
  await expect(game.plan).toContainText(`${winner} won the roll-off and chose to deploy second.`);
  await expect(planned(game.plan, 'Deploys first')).toHaveText(other);
  await expect(planned(game.plan, 'First turn')).not.toHaveText(firstTurnBefore);
  await expect(choices(page).getByRole('group', { name: deployQuestion })).toContainText(`Chosen ${winner} deploys second`);
  // Corrected before commit, like a typed die: the plan is worked out again from it.
  await answer(page, deployQuestion, /deploys first/, 'Change the choice');
  await expect(game.plan).toContainText(`${winner} won the roll-off and chose to deploy first.`);
  await expect(planned(game.plan, 'Deploys first')).toHaveText(winner);
  await expect(planned(game.plan, 'First turn')).toHaveText(firstTurnBefore);
  await expect(game.plan).toContainText('Not rolled: the club plays Night Fighting on every turn');
  await expect(game.plan.getByRole('list', { name: 'Special rules in effect' })).toContainText('Night Fighting');
  await expect(game.plan).toContainText('10 turns each');

  // ----- House rules → Readings of the seeds -----
  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await campaign.settings.getByRole('link', { name: 'Change them in House rules →' }).click();
  const rules = new RulesetPage(page);
  await rules.waitUntilReady();
  const readings = page.getByRole('region', { name: 'Readings of the seeds', exact: true });
  await expect(readings.getByRole('radio', { name: /^Every turn of every game default/ })).toBeChecked();
  await expect(readings).toContainText('Why the default: 004 names Night Fighting as in effect in every mission');
  await readings.getByRole('radio', { name: /^Only when a rule says so/ }).check();
  await readings.getByRole('radio', { name: /^Random Game Length after turn 10/ }).check();
  await rules.reviewButton.click();
  await expect(rules.dialog).toContainText('Night Fighting: every turn of every game → only when a rule says so.');
  await rules.dialog.getByRole('button', { name: 'Keep editing' }).click();
  await rules.apply('Night Fighting by the turn, random game length');

  // ----- the next game: the winner deploys second, no Weather, Dusk & Dawn rolled, 10 to 13 turns -----
  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await page.getByRole('link', { name: 'New game' }).click();
  await expect(setup.heading).toBeVisible();
  await page.getByLabel('Both players agree to roll for the Weather').uncheck();
  await setup.setUp({ teamA: 'Iron Wolves', teamB: 'Da Krumpas', mission: 'Skirmish' });
  await answer(page, deployQuestion, /deploys second/, 'Record the choice');
  await expect(game.plan).toContainText('won the roll-off and chose to deploy second');
  await expect(game.plan).toContainText('The players did not agree to roll for the Weather');
  await expect(game.plan).toContainText('Dusk & Dawn');
  await expect(game.plan).not.toContainText('Not rolled: the club plays Night Fighting on every turn');
  await expect(game.plan).toContainText('10 to 13 turns each');
  await expect(game.plan.getByRole('list', { name: "The club's readings" })).toContainText('Random Game Length after turn 10');
  const rolls = game.plan.getByRole('table', { name: 'Set-up rolls' });
  await expect(rolls).toContainText('Roll-off to deploy');
  await expect(rolls).not.toContainText('Weather');

  // ----- Last Stand: the players decide the Attacker on the game's page -----
  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await page.getByRole('link', { name: 'New game' }).click();
  await setup.setUp({ teamA: 'Iron Wolves', teamB: 'Da Krumpas', mission: 'Last Stand' });
  await expect(game.plan).toContainText('has not said yet who attacks');
  await expect(game.plan.getByRole('table', { name: 'Set-up rolls' })).toContainText('attacker roll-off');
  // Last Stand has its own deployment: the Attacker is its only choice.
  const attackerQuestion = /won the roll-off: who is the Attacker\?/;
  await expect(choices(page).getByRole('group')).toHaveCount(1);
  await answer(page, attackerQuestion, /Decided by the players: Da Krumpas attacks/, 'Record the choice');
  await expect(game.plan).toContainText('The players decided that Da Krumpas attacks');
  await expect(planned(game.plan, 'First turn')).toHaveText('Da Krumpas'); // the Attacker always goes first
  await expect(game.plan.getByRole('table', { name: 'Set-up rolls' })).not.toContainText('attacker roll-off');
});
