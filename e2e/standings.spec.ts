/**
 * Issue 5, the campaign page before any game: the club settings persist, founded teams appear in the standings with
 * no games, "New game" opens only with two founded teams, and a founded team's page shows its Req, record and the
 * campaign progress of each model. (Playing and committing games is covered by game.spec.ts.)
 */
import { expect, test } from './fixtures';
import { CampaignPage } from './pages/CampaignPage';
import { HomePage } from './pages/HomePage';
import { RosterPage } from './pages/RosterPage';

/** Builds and founds a small legal Space Marine team (a Sergeant and two Tactical Marines), then goes back. */
async function foundSmallTeam(campaign: CampaignPage, player: string, team: string, names: [string, string, string]) {
  const { page } = campaign;
  await campaign.createTeam(player, 'Space Marines', team);
  const roster = new RosterPage(page);
  await expect(page.getByRole('heading', { name: new RegExp(team), level: 1 })).toBeVisible();
  await roster.addModel('Space Marine Sergeant', names[0]);
  await roster.addModel('Tactical Marine', names[1]);
  await roster.addModel('Tactical Marine', names[2]);
  await expect(roster.problems).toHaveText('No problems: this roster is legal.');
  await roster.waitUntilSaved();
  await page.getByRole('button', { name: 'Found the team…' }).click();
  await page.getByRole('button', { name: 'Found the team', exact: true }).click();
  await expect(roster.requisition).toBeVisible();
}

test('club settings are kept after a restart and say they apply to games set up afterwards', async ({ herald }) => {
  const app = await herald.launch();
  const home = new HomePage(app.page);
  await home.waitUntilReady();
  await home.createCampaign('Siege of Vraks');
  await app.page.getByRole('link', { name: 'Siege of Vraks' }).click();

  const campaign = new CampaignPage(app.page);
  await expect(campaign.settings).toContainText('These settings apply to games set up from now on');
  await expect(campaign.settings.getByRole('radio', { name: /^Herald rolls the dice/ })).toBeChecked();
  await campaign.setDiceMode('physical');
  await campaign.setOptionalRule('Twist', true);
  await campaign.setOptionalRule('Dusk & Dawn', true);
  await campaign.setOptionalRule('Dusk & Dawn', false);

  await app.restart();
  await home.waitUntilReady();
  await app.page.getByRole('link', { name: 'Siege of Vraks' }).click();
  await expect(campaign.settings.getByRole('radio', { name: /^Players roll real dice/ })).toBeChecked();
  await expect(campaign.optionalRule('Twist')).toBeChecked();
  await expect(campaign.optionalRule('Dusk & Dawn')).not.toBeChecked();
  await expect(campaign.optionalRule('Weather')).not.toBeChecked();
});

test('founded teams are in the standings with no games, and "New game" opens once two teams are founded', async ({ herald }) => {
  const app = await herald.launch();
  const { page } = app;
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign('Siege of Vraks');
  await page.getByRole('link', { name: 'Siege of Vraks' }).click();

  const campaign = new CampaignPage(page);
  await expect(campaign.newGameLink).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('A game needs two founded teams.')).toBeVisible();
  await expect(page.getByText(/^No founded teams yet: add the players, build their teams and found them/)).toBeVisible();
  await expect(page.getByText('No games yet.')).toBeVisible();

  await campaign.addPlayer('Alice');
  await campaign.addPlayer('Bob');
  await foundSmallTeam(campaign, 'Alice', 'Iron Wolves', ['Sergeant Tarkus', 'Brother Cato', 'Brother Varro']);

  // The founded team's page: Req, record, and each model's (empty) campaign progress.
  const roster = new RosterPage(page);
  await expect(roster.requisition).toHaveText('0 Req available');
  await expect(roster.record).toHaveText('No games yet');
  await expect(roster.progress('Brother Cato')).toContainText('0 EXP');
  await expect(roster.progress('Brother Cato')).toContainText('No games yet');
  await roster.showHistory();
  await expect(page.getByRole('tabpanel')).toContainText('No games yet.');
  await expect(roster.modelHistory('Sergeant Tarkus')).toContainText('0 EXP');
  await roster.showRoster();

  await page.getByRole('link', { name: 'Siege of Vraks', exact: true }).click();
  await expect(campaign.standingsRow('Iron Wolves')).toBeVisible();
  await expect(campaign.standings.getByRole('row')).toHaveCount(2); // the header and Iron Wolves
  await expect(campaign.newGameLink).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('A game needs one more founded team.')).toBeVisible();

  // A team still being built is not in the standings and does not open "New game".
  await campaign.createTeam('Bob', 'Space Marines', 'Blood Ravens');
  await expect(page.getByRole('heading', { name: /Blood Ravens/, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Siege of Vraks', exact: true }).click();
  await expect(page.getByText(/not founded yet: Blood Ravens/)).toBeVisible();
  await expect(campaign.standingsRow('Blood Ravens')).toHaveCount(0);

  await campaign.team('Blood Ravens').getByRole('link', { name: 'Blood Ravens' }).click();
  const ravens = new RosterPage(page);
  await ravens.addModel('Space Marine Sergeant', 'Sergeant Kyras');
  await ravens.addModel('Tactical Marine', 'Brother Tarkin');
  await ravens.addModel('Tactical Marine', 'Brother Avitus');
  await ravens.waitUntilSaved();
  await page.getByRole('button', { name: 'Found the team…' }).click();
  await page.getByRole('button', { name: 'Found the team', exact: true }).click();
  await expect(ravens.requisition).toBeVisible();
  await page.getByRole('link', { name: 'Siege of Vraks', exact: true }).click();

  for (const team of ['Iron Wolves', 'Blood Ravens']) {
    const cells = campaign.standingsRow(team).getByRole('cell');
    // Player, faction, games, W, D, L, VP for/against, Req, Threat, models lost
    await expect(cells).toHaveText([team === 'Iron Wolves' ? 'Alice' : 'Bob', 'Space Marines', '0', '0', '0', '0', '0 / 0', '0', '1', '0']);
  }
  await expect(campaign.team('Iron Wolves')).toContainText('Threat 1');
  await expect(page.getByText('A game needs')).toHaveCount(0);
  await campaign.newGame();
  await expect(page).toHaveURL(/#\/campaigns\/[^/]+\/new-game$/);
});
