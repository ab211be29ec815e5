/**
 * Issue 33, "Done when" 1: a game night as the club organiser runs it. Tonight, Alice, Bob and Cara are here and Dan is
 * not: Herald pairs the three (Dan's team nowhere, never last night's rematch), the organiser swaps the team sitting
 * out so Cara's Hydra Platoon meets the Iron Wolves, and sets that game up from its pairing; Dan arrives late and the
 * team sitting out gets a game against his, set up too. The Hydra game is played at the table screen opened from its
 * plan — Lenz held in reserve and arriving, two of Third Squad's five members taken out, three Iron Wolves down and
 * their Run Away! test failed — and "Game over" fills the result wizard; the players confirm, roll the post-game dice
 * (real dice, typed in) and commit.
 * Then a second campaign, built the same way, types the same game into the wizard alone through the screens (same
 * plan dice, same casualties, same post-game dice), and both committed games must be equal, field by field.
 */
import type { Page, TestInfo } from '@playwright/test';
import type { GameDetail } from '../shared/ipc/schemas/games';
import { expect, test } from './fixtures';
import { CampaignPage } from './pages/CampaignPage';
import { GamePage } from './pages/GamePage';
import { NewGamePage } from './pages/NewGamePage';
import { TablePage } from './pages/TablePage';
import { TonightPage } from './pages/TonightPage';
import { TypedDice, replay, scripted } from './support/dice';
import { gameNightCampaign } from './support/game-night';
import { invoke } from './support/invoke';

const HYDRA = 'Hydra Platoon';
const WOLVES = 'Iron Wolves';
const squad = (n: number) => `Third Squad (${n} of 5)`;

/** The game as the players saw it: who took out whom (null: no one), in the order it happened. */
const CASUALTIES: { team: string; name: string; by: { team: string; name: string } | null }[] = [
  { team: HYDRA, name: squad(1), by: { team: WOLVES, name: 'Tarkus' } },
  { team: WOLVES, name: 'Cato', by: { team: HYDRA, name: 'Harker' } },
  { team: HYDRA, name: squad(2), by: { team: WOLVES, name: 'Kaelen' } },
  { team: WOLVES, name: 'Varro', by: { team: HYDRA, name: squad(3) } },
  { team: WOLVES, name: 'Lucan', by: null },
];

test('a game night: paired on Tonight, played at the table, and the committed game equals the same game typed into the wizard', async ({
  herald,
}, testInfo) => {
  // A hang guard: two campaigns are built and two games played on a machine that may be busy.
  test.setTimeout(360_000);
  const { page } = await herald.launch();
  await page.setViewportSize({ width: 1366, height: 900 });

  // ----- the evening -----
  const night = await gameNightCampaign(page, 'Friday Night League');
  const nightBefore = await teamsNow(page, night.campaignId);
  await page.getByRole('link', { name: 'Tonight', exact: true }).click();
  const tonight = new TonightPage(page);
  await expect(tonight.heading).toBeVisible();
  await tonight.tick(WOLVES, 'Da Boyz', HYDRA);
  await expect(tonight.here('Waaagh Riders')).not.toBeChecked();
  await expect(tonight.pairings.getByRole('listitem').filter({ hasText: /^Table/ })).toHaveCount(1);
  await expect(tonight.pairings).not.toContainText('Waaagh Riders');
  await expect(tonight.pairing(HYDRA)).toContainText('First meeting.');
  // Cara's team plays the Iron Wolves tonight: the organiser swaps them in if Herald sat them out.
  if ((await tonight.sitOut.textContent())!.includes(WOLVES)) {
    await tonight.pick(WOLVES);
    await tonight.pick('Da Boyz');
  }
  await expect(tonight.pairing(HYDRA)).toContainText(WOLVES);
  await expect(tonight.sitOut).toContainText('Da Boyz');
  await shot(page, testInfo, '1-tonight.png');
  await tonight.setUp(HYDRA);
  // Dan arrives: Da Boyz play his Waaagh Riders.
  await tonight.tick('Waaagh Riders');
  await expect(tonight.sitOut).toHaveCount(0);
  await expect(tonight.pairing('Waaagh Riders')).toContainText('Da Boyz');
  await tonight.setUp('Waaagh Riders');
  const games = await invoke(page, 'games.list', { campaignId: night.campaignId, status: ['draft'] });
  expect(games.map((g) => [g.teams.a.name, g.teams.b.name].sort().join(' vs ')).sort()).toEqual(['Da Boyz vs Waaagh Riders', `${HYDRA} vs ${WOLVES}`]);
  await shot(page, testInfo, '2-tonight-set-up.png');

  // ----- the plan: the set-up rolled with real dice (Skirmish) -----
  const dice = new TypedDice(
    scripted([
      [/Mission/i, [1]],
      [/Reserves/, [5]],
      [/Run Away!/, [6, 5]],
    ]),
  );
  await tonight
    .pairing(HYDRA)
    .getByRole('link', { name: /^Game \d+$/ })
    .click();
  const game = new GamePage(page);
  await expect(game.plan).toBeVisible();
  await dice.typeAll(game.plan);
  await expect(game.plan).toContainText('Skirmish');
  const played = await invoke(page, 'games.get', { id: gameIdOf(await page.evaluate<string>('location.hash')) });
  await shot(page, testInfo, '3-plan.png');

  // ----- at the table -----
  await game.plan.getByRole('link', { name: 'Play at the table' }).click();
  const table = new TablePage(page);
  await table.waitUntilReady();
  await table.setState(HYDRA, 'Lenz', 'In reserve');
  await expect(table.undo).toHaveText('Undo: Lenz in reserve');
  await table.beginTurn(1);
  await answerPrompts(table, dice);
  for (const c of CASUALTIES.slice(0, 4)) await table.casualty(c.team, c.name, c.by);
  // One tap too many (a member taken out by no one), taken back.
  await table.casualty(HYDRA, squad(4), null);
  await expect(table.undo).toHaveText(`Undo: ${squad(4)} out of action`);
  await table.undo.click();
  await expect(table.model(HYDRA, squad(4))).toHaveAccessibleName(`${squad(4)}: In play`);
  await table.casualty(WOLVES, 'Lucan', null);
  await expect(table.counts(WOLVES)).toContainText('Out 3');
  await expect(table.counts(HYDRA)).toContainText('Out 2');

  // Turn 2: Lenz arrives from reserve, the Iron Wolves (three of five out) take their Run Away! test and fail it.
  await table.beginTurn(2);
  await expect(table.prompt(`Reserves: ${HYDRA}`)).toBeVisible();
  await expect(table.prompt(`Run Away! test: ${WOLVES}`)).toBeVisible();
  await shot(page, testInfo, '4-table-turn-2.png');
  await answerPrompts(table, dice);
  await expect(table.prompt(`Reserves: ${HYDRA}`).getByRole('status')).toContainText('Lenz');
  await expect(table.model(HYDRA, 'Lenz')).toHaveAccessibleName('Lenz: In play');
  await expect(table.prompt(`Run Away! test: ${WOLVES}`).getByRole('status')).toContainText(/fail|ends/i);
  await shot(page, testInfo, '5-table-mid-game.png');

  // Game over: the failed test makes it the next step (the main button), the ending offered is the failed test, and
  // the wizard opens filled in from the table, at the wizard rather than the plan above it.
  await expect(page.getByRole('button', { name: 'Game over…' })).toHaveClass(/primary/);
  await expect(page.getByRole('button', { name: 'Begin turn 3' })).not.toHaveClass(/primary/);
  const over = await table.gameOver();
  await expect(over.getByRole('radio', { name: 'A team failed a Run Away! test' })).toBeChecked();
  await expect(over.getByRole('radio', { name: WOLVES })).toBeChecked();
  await shot(page, testInfo, '6-game-over.png');
  await over.getByRole('button', { name: 'Open the result' }).click();
  await expect(game.currentStep).toContainText('Result');
  await expect(page.getByRole('heading', { name: 'After the game' })).toBeFocused();
  await expect(page.getByLabel('Ending', { exact: true })).toHaveValue('run-away');
  for (const c of CASUALTIES) await expect(game.model(c.team, c.name).getByRole('checkbox', { name: `${c.name} out of action` })).toBeChecked();
  await expect(page.getByLabel('Third Squad losses')).toContainText('2 of 5 members out of action');
  await shot(page, testInfo, '7-wizard-prefilled.png');
  await confirmAndCommit(page, game, dice);
  await shot(page, testInfo, '8-committed.png');
  const atTable = await invoke(page, 'games.get', { id: played.game.id });

  // ----- the same game, typed into the wizard alone, in an identical campaign -----
  await page.evaluate(`location.hash = '#/'`);
  const again = await gameNightCampaign(page, 'Friday Night League, by hand');
  // The two teams meet the game as they were in the first campaign (Da Boyz's injury from last night was rolled by Herald).
  expect(await teamsNow(page, again.campaignId)).toEqual(nightBefore);
  const byHandDice = new TypedDice(replay(dice.typed));
  await new CampaignPage(page).newGame();
  await new NewGamePage(page).setUp({ teamA: played.game.teams.a.name, teamB: played.game.teams.b.name, playedOn: played.game.playedOn });
  await expect(game.plan).toBeVisible();
  await byHandDice.typeAll(game.plan);
  await expect(game.plan).toContainText('Skirmish');
  const byHandId = gameIdOf(await page.evaluate<string>('location.hash'));
  for (const c of CASUALTIES) await game.takenOut(c.team, c.name, c.by?.name ?? 'nobody');
  await game.award(WOLVES, 'First Blood');
  await game.ending('A team failed a Run Away! test', WOLVES);
  await game.waitUntilSaved();
  await shot(page, testInfo, '9-wizard-by-hand.png');
  await confirmAndCommit(page, game, byHandDice);
  const byHand = await invoke(page, 'games.get', { id: byHandId });

  // ----- the two doors give the same game -----
  expect(outcome(byHand)).toEqual(outcome(atTable));
  const after = await Promise.all([night, again].map((c) => teamsNow(page, c.campaignId)));
  expect(after[1]).toEqual(after[0]);
});

/** Answers every prompt of the turn, first to last: typed dice where it rolls, else "Done". */
async function answerPrompts(table: TablePage, dice: TypedDice) {
  while ((await table.openPrompts.count()) > 0) {
    const title = (await table.openPrompts.first().getByRole('heading').textContent())!.trim();
    const prompt = table.prompt(title);
    const form = prompt.getByRole('form', { name: 'Dice to roll' });
    if ((await form.count()) > 0) await dice.type(form);
    else await prompt.getByRole('button', { name: 'Done' }).click();
    await expect(prompt.getByRole('status')).toBeVisible();
  }
}

/** The players confirm each step, type the dice it asks for, and commit. */
async function confirmAndCommit(page: Page, game: GamePage, dice: TypedDice) {
  for (const step of ['Injuries', 'Experience', 'Requisition', 'Review'] as const) {
    await game.next(step);
    await dice.typeAll(page.locator('.wizard'));
  }
  await game.commit();
}

const gameIdOf = (hash: string) => decodeURIComponent(/#\/games\/([^/]+)/.exec(hash)![1]!);

/** A committed game with its ids written as names (two campaigns give their models different ids). */
function outcome(d: GameDetail) {
  const names = new Map<string, string>([
    [d.game.id, 'the game'],
    [d.game.teams.a.id, d.game.teams.a.name],
    [d.game.teams.b.id, d.game.teams.b.name],
  ]);
  for (const m of d.models) names.set(m.id, m.name);
  const byName = (v: unknown) =>
    JSON.parse(JSON.stringify(v), (_k, x: unknown) =>
      typeof x === 'string' ? [...names].sort(([a], [b]) => b.length - a.length).reduce((s, [id, name]) => s.split(id).join(name), x) : x,
    ) as unknown;
  return {
    status: d.game.status,
    vp: d.game.vp,
    winner: d.game.winner,
    mission: d.game.missionName,
    plan: byName(d.plan),
    report: byName(d.draft.report),
    rolls: byName(d.storedRolls),
    entries: byName(d.entries.map(({ ...e }) => e)),
  };
}

/** The two teams of the game as the campaign and team pages show them: Threat, Req, record, and each model's progression by name. */
async function teamsNow(page: Page, campaignId: string) {
  const teams = await invoke(page, 'teams.list', { campaignId });
  const out = [];
  for (const t of teams.sort((a, b) => a.name.localeCompare(b.name))) {
    const detail = await invoke(page, 'teams.get', { id: t.id });
    const progress = detail.roster.models.map((m) => ({ name: m.name, ...detail.progress[m.id] }));
    if (t.name !== HYDRA && t.name !== WOLVES) continue;
    out.push({ name: t.name, threat: t.threat, req: t.requisition, points: t.points, models: t.models, record: t.record, progress });
  }
  return out;
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(name);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}
