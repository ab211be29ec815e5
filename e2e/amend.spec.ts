/**
 * Issue 20, "Mistakes are cheap", after and before commit: a kill given to the wrong model is amended on the game's
 * page and the EXP moves on the roster, with the reason and the report before it in the game's history; a set-up roll
 * Herald made is changed at the club's ruling before the game is committed, and the plan follows; a set-up die typed
 * wrong is typed again.
 */
import { expect, test } from './fixtures';
import { GamePage } from './pages/GamePage';
import { RosterPage } from './pages/RosterPage';
import { invoke } from './support/invoke';
import { playedCampaign } from './support/played-campaign';

test("amend a committed game's kill and see the EXP move", async ({ herald }) => {
  const app = await herald.launch();
  const { page } = app;
  const pc = await playedCampaign(page, 'Amend League');
  const roster = new RosterPage(page);
  await page.evaluate(`location.hash = ${JSON.stringify(`#/teams/${pc.marines}`)}`);
  await expect(roster.progress('Kaelen')).toContainText('1 EXP');
  await expect(roster.progress('Tarkus')).toContainText('0 EXP');

  await page.evaluate(`location.hash = ${JSON.stringify(`#/games/${pc.gameId}`)}`);
  await page.getByRole('button', { name: 'Amend the result…' }).click();
  const amend = page.getByRole('region', { name: 'Amend this game' });
  await amend.getByLabel('Taken out by').selectOption({ label: 'Tarkus' });
  const changes = amend.getByRole('list', { name: 'What the amendment changes' });
  await expect(changes).toContainText('taken back Iron Wolves: Kaelen: +1 EXP');
  await expect(changes).toContainText('added Iron Wolves: Tarkus: +1 EXP');
  // A reason is required, and said where it is typed.
  await amend.getByRole('button', { name: 'Apply the amendment' }).click();
  await expect(amend.getByRole('alert')).toHaveText('Say why the game is amended (it is kept in the game’s history).');
  await amend.getByLabel('Why is this game amended?').fill('The kill was Tarkus’s, not Kaelen’s');
  await amend.getByRole('button', { name: 'Apply the amendment' }).click();

  // The history keeps the reason and the report as it was; it survives a reload.
  const history = page.getByRole('region', { name: 'Amendments' });
  await expect(history).toContainText('by the organiser: “The kill was Tarkus’s, not Kaelen’s”');
  await page.reload();
  await history.getByText('The report before this amendment').click();
  await expect(history.getByRole('list', { name: 'The report before amendment 1' })).toContainText('Skorcha: taken out of action by Kaelen.');
  await expect(history).toContainText('Score: Iron Wolves 1 – 1 Da Boyz, a draw.');
  // What the game changed is what stands now.
  await expect(page.getByRole('region', { name: 'What this game changed' })).toContainText('Tarkus: +1 EXP');
  await expect(page.getByRole('region', { name: 'What this game changed' })).not.toContainText('Kaelen: +1 EXP');

  await page.evaluate(`location.hash = ${JSON.stringify(`#/teams/${pc.marines}`)}`);
  await expect(roster.progress('Tarkus')).toContainText('1 EXP');
  await expect(roster.progress('Tarkus')).toContainText('1 kill');
  await expect(roster.progress('Kaelen')).toContainText('0 EXP');
});

test("a set-up roll Herald made is changed at the club's ruling before commit, and the plan follows", async ({ herald }) => {
  const app = await herald.launch();
  const { page } = app;
  const pc = await playedCampaign(page, 'Setup League');
  const created = await invoke(page, 'games.create', { campaignId: pc.campaignId, teamA: pc.marines, teamB: pc.orks, mission: 'skirmish' });
  const deployment = created.plan!.rolls.find((r) => r.purpose === 'Deployment')!;
  const face = deployment.faces[0] === 6 ? 1 : deployment.faces[0]! + 1;
  await page.evaluate(`location.hash = ${JSON.stringify(`#/games/${created.game.id}`)}`);
  const game = new GamePage(page);
  await expect(game.plan).toContainText(created.plan!.deployment!.text);
  // The plan's set-up dice are listed open while the result is typed.
  await game.plan.getByRole('button', { name: 'Change the roll for Deployment' }).click();
  const form = game.plan.getByRole('form', { name: 'Change this roll' });
  await form.getByLabel('Die').fill(String(face));
  await form.getByRole('button', { name: 'Change the roll' }).click();
  await expect(form.getByRole('alert')).toHaveText('Say who asked for the change and why (e.g. “club ruling: re-roll”).');
  await form.getByLabel('Who asked').fill('Alice');
  await form.getByLabel('Why').fill('club ruling: the die fell off the table');
  await form.getByRole('button', { name: 'Change the roll' }).click();
  await expect(form).toBeHidden();
  const rolls = game.plan.getByRole('table', { name: 'Set-up rolls' });
  await expect(rolls).toContainText(`Herald rolled ${deployment.faces[0]}; changed at Alice's request: club ruling: the die fell off the table`);
  await expect(game.plan).not.toContainText(created.plan!.deployment!.text);
  // Kept in the game: after a reload, and in the plan the result is scored against.
  await page.reload();
  await expect(game.plan).not.toContainText(created.plan!.deployment!.text);
  const stored = await invoke(page, 'games.get', { id: created.game.id });
  expect(stored.plan!.rolls.find((r) => r.key === deployment.key)!.faces).toEqual([face]);
});

test('real dice: a set-up die typed wrong is typed again while the set-up is being typed, and the plan asks for what follows', async ({ herald }) => {
  const app = await herald.launch();
  const { page } = app;
  const pc = await playedCampaign(page, 'Typed Setup League');
  await invoke(page, 'campaigns.updateSettings', {
    id: pc.campaignId,
    diceMode: 'physical',
    optionalRules: { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false },
  });
  const created = await invoke(page, 'games.create', { campaignId: pc.campaignId, teamA: pc.marines, teamB: pc.orks });
  await page.evaluate(`location.hash = ${JSON.stringify(`#/games/${created.game.id}`)}`);
  const game = new GamePage(page);
  const ask = game.plan.getByRole('form', { name: 'Dice to roll' });
  await expect(ask).toContainText('Mission');
  // 3 is Breakthrough, whose attacker is rolled off next.
  await ask.getByLabel('Die').fill('3');
  await ask.getByRole('button', { name: 'Enter the roll' }).click();
  await expect(ask).toContainText('Breakthrough: attacker roll-off');
  // The die was a 1: typed again, and the set-up asks for what Skirmish needs instead.
  await game.plan.getByRole('button', { name: 'Change the roll for Mission' }).click();
  const form = game.plan.getByRole('form', { name: 'Change this roll' });
  await form.getByLabel('Die').fill('1');
  await form.getByRole('button', { name: 'Change the roll' }).click();
  await expect(ask).toContainText('Deployment');
  await expect(game.plan.getByRole('table', { name: 'Set-up rolls' })).toContainText('Mission');
  await page.reload();
  await expect(ask).toContainText('Deployment');
});
