/**
 * Issue 33: a game played through the at-the-table screen — a Squad losing members, a Reserves arrival, a Run Away!
 * prompt — then "Game over" fills the result wizard, and the committed result equals the one the same game gives when
 * it is entered through the wizard alone (a second game of the same two teams, set up beside it).
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { GamePage } from './pages/GamePage';
import { HomePage } from './pages/HomePage';
import { invoke } from './support/invoke';
import type { ChannelInput } from '../shared/ipc/contract';
import type { GameDraft } from '../shared/ipc/schemas/games';

type Model = ChannelInput<'teams.saveDraft'>['roster']['models'][number];
const model = (entryId: string, name: string, squadSize?: number): Model => ({
  id: randomUUID(),
  entryId,
  name,
  options: {},
  armoury: [],
  grenades: {},
  ...(squadSize ? { squadSize } : {}),
});

/** The outcome fields of a report, to compare two games of the same teams. */
const outcome = (d: GameDraft) => ({
  models: d.report.models.map((m) => ({
    id: m.id,
    tookPart: m.tookPart,
    aliveAtEnd: m.aliveAtEnd,
    outOfAction: m.outOfAction ?? null,
    notArrived: m.notArrived ?? false,
  })),
  ending: d.report.ending,
  firstBlood: [d.report.sides.a.firstBlood, d.report.sides.b.firstBlood],
  gameTurns: d.report.gameTurns,
});

test('a game at the table: a squad loses members, reserves arrive, Run Away! is asked; Game over fills the wizard like typing it', async ({ herald }) => {
  test.setTimeout(300_000);
  const app = await herald.launch();
  const page = app.page;
  await page.setViewportSize({ width: 1366, height: 900 });
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign('Table League');
  const campaignId = (await invoke(page, 'campaigns.list', {})).find((c) => c.name === 'Table League')!.id;

  const lists = await invoke(page, 'teamLists.list', {});
  const team = async (player: string, key: string, name: string, models: Model[]) => {
    const p = await invoke(page, 'players.create', { campaignId, name: player });
    const t = await invoke(page, 'teams.create', { campaignId, playerId: p.id, teamListId: lists.find((l) => l.listKey === key)!.id, name });
    const draft = await invoke(page, 'teams.saveDraft', { id: t.team.id, roster: { models } });
    expect(draft.report.issues.map((i) => i.message)).toEqual([]);
    await invoke(page, 'teams.found', { id: t.team.id });
    return t.team.id;
  };
  const hydra = await team('Alice', 'imperial-guard-sample', 'Hydra Platoon', [
    model('veteran-sergeant', 'Harker'),
    model('guardsman-squad', 'Third Squad', 5),
    model('guardsman', 'Lenz'),
  ]);
  const orks = await team('Bob', 'orks-sample', 'Da Krumpas', [model('boss-nob', 'Grukk'), model('boy', 'Snag'), model('boy', 'Ruk'), model('boy', 'Gob')]);
  const atTable = await invoke(page, 'games.create', { campaignId, teamA: hydra, teamB: orks, mission: 'skirmish' });
  const byHand = await invoke(page, 'games.create', { campaignId, teamA: hydra, teamB: orks, mission: 'skirmish' });

  // ----- opened from the game's plan -----
  await page.evaluate(`location.hash = ${JSON.stringify(`#/games/${atTable.game.id}`)}`);
  const game = new GamePage(page);
  await game.plan.getByRole('link', { name: 'Play at the table' }).click();
  await expect(page.getByRole('button', { name: 'Begin turn 1' })).toBeVisible();
  const side = (name: string) => page.getByRole('region', { name });
  const modelButton = (team: string, name: string | RegExp) => side(team).getByRole('button', { name });
  const lastTap = page.getByRole('button', { name: /^Undo/ });

  // Lenz waits in reserve; the table starts.
  await modelButton('Hydra Platoon', /^Lenz/).click();
  await page.getByRole('group', { name: 'What happened to Lenz' }).getByRole('button', { name: 'In reserve' }).click();
  await expect(lastTap).toHaveText('Undo: Lenz in reserve');
  await page.getByRole('button', { name: 'Begin turn 1' }).click();

  // A casualty in two taps: the model, then who took it out. Two members of Third Squad go down this way.
  await modelButton('Hydra Platoon', /^Third Squad \(1 of 5\)/).click();
  await modelButton('Da Krumpas', /^Grukk/).click();
  await expect(lastTap).toHaveText('Undo: Third Squad (1 of 5) out of action (by Grukk)');
  await modelButton('Hydra Platoon', /^Third Squad \(2 of 5\)/).click();
  await modelButton('Da Krumpas', /^Snag/).click();
  // One tap too many, taken back.
  await modelButton('Hydra Platoon', /^Third Squad \(3 of 5\)/).click();
  await page.getByRole('button', { name: 'Out of action: no one' }).click();
  await expect(lastTap).toHaveText('Undo: Third Squad (3 of 5) out of action');
  await lastTap.click();
  await expect(modelButton('Hydra Platoon', /^Third Squad \(3 of 5\)/)).toContainText('In play');
  // Three Orks fall: more than half of Da Krumpas.
  for (const ork of ['Snag', 'Ruk', 'Gob']) {
    await modelButton('Da Krumpas', new RegExp(`^${ork}`)).click();
    await modelButton('Hydra Platoon', /^Harker/).click();
  }
  await expect(side('Da Krumpas')).toContainText('Out 3');

  // Turn 2 on: the Reserves roll until Lenz arrives; Da Krumpas take their Run Away! test.
  const prompts = page.getByRole('region', { name: /what comes up/ });
  let runAwayAsked = false;
  for (let turn = 2; turn <= 10; turn++) {
    await page.getByRole('button', { name: `Begin turn ${turn}` }).click();
    await expect(prompts).toBeVisible();
    for (const title of ['Run Away! test: Da Krumpas', 'Reserves: Hydra Platoon']) {
      const prompt = prompts.getByRole('listitem').filter({ hasText: title });
      if ((await prompt.count()) === 0) continue;
      if (title.startsWith('Run Away')) runAwayAsked = true;
      await prompt.getByRole('button', { name: 'Roll' }).click();
      await expect(prompt.getByRole('status')).toContainText(/Herald rolled/);
    }
    if (runAwayAsked && !(await modelButton('Hydra Platoon', /^Lenz/).textContent())?.includes('In reserve')) break;
    if ((await page.getByRole('button', { name: 'Game over…' }).count()) === 0) break;
  }
  expect(runAwayAsked).toBe(true);
  await expect(modelButton('Hydra Platoon', /^Lenz/)).toContainText('In play');
  await page.screenshot({ path: 'test-results/table-screen.png', fullPage: true });

  // ----- a phone on the Club Wi-Fi view follows the game (read-only) -----
  const lan = await invoke(page, 'lan.start', { address: '127.0.0.1', port: 0 });
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(lan.url!);
  await phone.evaluate(`location.hash = ${JSON.stringify(`#/g/${atTable.game.id}`)}`);
  const live = phone.getByRole('region', { name: 'At the table now' });
  await expect(live).toContainText(/Turn \d+ of 10/);
  await expect(live).toContainText('Lenz: in play');
  await modelButton('Hydra Platoon', /^Harker/).click();
  await page.getByRole('group', { name: 'What happened to Harker' }).getByRole('button', { name: 'Down' }).click();
  await expect(live).toContainText('Harker: down'); // read again within the phone's 5 s
  await expect(phone.getByRole('button', { name: /Begin turn|Undo|Game over/ })).toHaveCount(0);
  await phone.screenshot({ path: 'test-results/table-phone.png', fullPage: true });
  await phone.close();

  // ----- Game over: the wizard opens filled in from the table -----
  await page.getByRole('button', { name: 'Game over…' }).click();
  await page.getByRole('button', { name: 'Open the result' }).click();
  await expect(game.currentStep).toContainText('Result');
  const filled = await invoke(page, 'games.get', { id: atTable.game.id });
  expect(filled.preview.problems).toEqual([]);

  // The same game typed into the wizard alone gives the same result.
  const draft = structuredClone(byHand.draft);
  const table = filled.draft.report;
  draft.report.models = draft.report.models.map((m) => {
    const t = table.models.find((x) => x.id === m.id)!;
    return { ...m, aliveAtEnd: t.aliveAtEnd, outOfAction: t.outOfAction ?? null, ...(t.notArrived ? { notArrived: true } : {}) };
  });
  draft.report.ending = table.ending;
  draft.report.sides.b.firstBlood = true; // Grukk took out the first casualty
  if (table.gameTurns !== undefined) draft.report.gameTurns = table.gameTurns;
  const typed = await invoke(page, 'games.saveDraft', { id: byHand.game.id, draft });
  expect(outcome(filled.draft)).toEqual(outcome(typed.draft));
  expect(filled.preview.score).toEqual(typed.preview.score);
  expect(table.models.filter((m) => m.id.includes('#') && !m.aliveAtEnd)).toHaveLength(2);

  // The players confirm, and the game is committed from the wizard as any other.
  await game.next('Injuries');
  await game.next('Experience');
  await game.next('Requisition');
  await game.next('Review');
  await game.commit();
  const committed = await invoke(page, 'games.get', { id: atTable.game.id });
  expect(committed.game.vp).toEqual(typed.preview.score?.vp);
  expect(committed.game.winner).toBe(typed.preview.score?.winner);
});
