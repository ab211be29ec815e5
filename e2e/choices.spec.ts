/**
 * Issue 19: the choices that belong to the players or the club. The New game screen asks what the roll-off winner
 * chooses (004 Step 3 "the winner may choose to deploy first or second"), lets the players decide Last Stand's
 * Attacker ("either by deciding yourselves, or by rolling a d6") and leave the Weather out ("If both players agree");
 * a reading changed on the House rules page (Night Fighting only when a rule says so, Random Game Length) changes
 * the next game's plan.
 */
import { expect, test } from './fixtures';
import { CampaignPage } from './pages/CampaignPage';
import { GamePage } from './pages/GamePage';
import { HomePage } from './pages/HomePage';
import { NewGamePage } from './pages/NewGamePage';
import { RulesetPage } from './pages/RulesetPage';
import { DA_KRUMPAS, IRON_WOLVES, foundTeam } from './support/teams';

const CAMPAIGN = 'Choices League';

test("the set-up screen asks the winners' choices; a reading changed in House rules changes the plan", async ({ herald }) => {
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
  await foundTeam(page, CAMPAIGN, 'Alice', 'Space Marines', 'Iron Wolves', IRON_WOLVES);
  await foundTeam(page, CAMPAIGN, 'Bob', 'Orks', 'Da Krumpas', DA_KRUMPAS);
  await campaign.setOptionalRule('Weather', true);
  await campaign.setOptionalRule('Dusk & Dawn', true);

  // ----- a game with the defaults: Night Fighting every turn, so Dusk & Dawn is not rolled -----
  await page.getByRole('link', { name: 'New game' }).click();
  const setup = new NewGamePage(page);
  await expect(setup.heading).toBeVisible();
  const deployChoice = page.getByLabel('The winner of the roll-off to deploy chooses');
  await expect(deployChoice).toHaveValue('first');
  await setup.setUp({ teamA: 'Iron Wolves', teamB: 'Da Krumpas', mission: 'Skirmish' });
  const game = new GamePage(page);
  await expect(game.plan).toContainText('won the roll-off and chose to deploy first');
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
  await deployChoice.selectOption('second');
  await page.getByLabel('Both players agree to roll for the Weather').uncheck();
  await setup.setUp({ teamA: 'Iron Wolves', teamB: 'Da Krumpas', mission: 'Skirmish' });
  await expect(game.plan).toContainText('won the roll-off and chose to deploy second');
  await expect(game.plan).toContainText('The players did not agree to roll for the Weather');
  await expect(game.plan).toContainText('Dusk & Dawn');
  await expect(game.plan).not.toContainText('Not rolled: the club plays Night Fighting on every turn');
  await expect(game.plan).toContainText('10 to 13 turns each');
  await expect(game.plan.getByRole('list', { name: "The club's readings" })).toContainText('Random Game Length after turn 10');
  const rolls = game.plan.getByRole('table', { name: 'Set-up rolls' });
  await expect(rolls).toContainText('Roll-off to deploy');
  await expect(rolls).not.toContainText('Weather');

  // ----- Last Stand: the players decide the Attacker -----
  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await page.getByRole('link', { name: 'New game' }).click();
  await expect(setup.heading).toBeVisible();
  await page.getByLabel('Team A').selectOption({ label: 'Iron Wolves (Alice, Space Marines)' });
  await page.getByLabel('Team B').selectOption({ label: 'Da Krumpas (Bob, Orks)' });
  await page.getByLabel('Mission').selectOption({ label: 'Last Stand' });
  await expect(page.getByLabel('The winner of the roll-off to deploy chooses')).toHaveCount(0); // Last Stand has its own deployment
  await page.getByLabel('The Attacker').selectOption({ label: 'Decided: Da Krumpas attacks' });
  await page.getByRole('button', { name: 'Set up the game' }).click();
  await expect(game.plan).toContainText(/The players decided that (Da Krumpas|Player B) attacks/);
  await expect(game.plan.getByRole('table', { name: 'Set-up rolls' })).not.toContainText('attacker roll-off');
});
