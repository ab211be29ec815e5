/**
 * Issue 20, "Mistakes are cheap", as an organiser meets them in the browser: a mistyped die corrected in the wizard,
 * an injury Herald rolled changed at the club's ruling with a reason.
 */
import type { Page } from '@playwright/test';
import type { ChannelInput } from '../shared/ipc/contract';
import { expect, test } from './fixtures';
import { CampaignPage } from './pages/CampaignPage';
import { HomePage } from './pages/HomePage';
import { invoke } from './support/invoke';

type Model = ChannelInput<'teams.saveDraft'>['roster']['models'][number];
let uid = 0;
const model = (entryId: string, name: string): Model => ({ id: `e2e-${++uid}`, entryId, name, options: {}, armoury: [], grenades: {} });
const NO_OPTIONAL = { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false };

/** A campaign with two founded teams, made through the bridge (the UI for this is covered by game.spec.ts). */
async function campaignWithTeams(page: Page, name: string, diceMode: 'app' | 'physical') {
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign(name);
  await page.getByRole('link', { name }).click();
  const campaign = new CampaignPage(page);
  await expect(campaign.heading(name)).toBeVisible();
  const campaignId = decodeURIComponent((await page.evaluate<string>('location.hash')).replace('#/campaigns/', ''));
  await invoke(page, 'campaigns.updateSettings', { id: campaignId, diceMode, optionalRules: NO_OPTIONAL });
  const lists = await invoke(page, 'teamLists.list', {});
  const team = async (player: string, faction: string, teamName: string, models: Model[]) => {
    const p = await invoke(page, 'players.create', { campaignId, name: player });
    const t = await invoke(page, 'teams.create', {
      campaignId,
      playerId: p.id,
      teamListId: lists.find((l) => l.faction === faction && l.sample)!.id,
      name: teamName,
    });
    await invoke(page, 'teams.saveDraft', { id: t.team.id, roster: { models } });
    await invoke(page, 'teams.found', { id: t.team.id });
    return t.team.id;
  };
  const a = await team('Alice', 'Space Marines', 'Iron Wolves', [
    model('sergeant', 'Sergeant Tarkus'),
    ...['Cato', 'Varro', 'Lucan'].map((n) => model('tactical-marine', `Brother ${n}`)),
  ]);
  const b = await team('Bob', 'Orks', 'Da Krumpas', [model('boss-nob', 'Grukk'), ...['Snag', 'Ruk', 'Gob'].map((n) => model('boy', n))]);
  return { campaignId, a, b };
}

/** A game set up (set-up rolls typed if needed) with Brother Cato taken out of action, left at the Injuries step. */
async function gameAtInjuries(page: Page, c: { campaignId: string; a: string; b: string }) {
  let d = await invoke(page, 'games.create', { campaignId: c.campaignId, teamA: c.a, teamB: c.b, mission: 'relic-hunt' });
  for (let i = 0; d.planPendingRoll && i < 40; i++) {
    const e = d.planPendingRoll.expression;
    d = await invoke(page, 'games.enterRoll', {
      id: d.game.id,
      key: d.planPendingRoll.key,
      faces: e === 'D66' || e.startsWith('2D6') ? [3, 4] : e.startsWith('D3') ? [2] : [i % 2 ? 5 : 2],
    });
  }
  const draft = structuredClone(d.draft);
  const grukk = d.models.find((m) => m.name === 'Grukk')!.id;
  draft.report.models = draft.report.models.map((m) =>
    m.name === 'Brother Cato' ? { ...m, aliveAtEnd: false, outOfAction: { by: grukk, how: 'melee' as const } } : m,
  );
  draft.step = 'injuries';
  await invoke(page, 'games.saveDraft', { id: d.game.id, draft });
  await page.evaluate(`location.hash = ${JSON.stringify(`#/games/${d.game.id}`)}`);
  await expect(page.getByRole('heading', { name: 'After the game', exact: true })).toBeVisible();
  return d.game.id;
}

test('real dice: a mistyped injury die shows its result at once and is corrected in the wizard before commit', async ({ herald }) => {
  const app = await herald.launch();
  const { page } = app;
  const c = await campaignWithTeams(page, 'Typo League', 'physical');
  await gameAtInjuries(page, c);

  // Typed 2 instead of 5: the result shows at once.
  const ask = page.getByRole('form', { name: 'Dice to roll' });
  await expect(ask).toContainText('Brother Cato');
  await ask.getByLabel('Die').fill('2');
  await ask.getByRole('button', { name: 'Enter the roll' }).click();
  const dice = page.getByRole('table', { name: 'Dice after the game' });
  const row = dice.getByRole('row', { name: /Brother Cato/ });
  await expect(row).toContainText('Dead: removed from the roster.');
  await expect(page.getByRole('list', { name: 'Iron Wolves injuries' })).toContainText('Brother Cato');

  // Corrected to 5.
  await row.getByRole('button', { name: /Change the roll for .*Brother Cato/ }).click();
  const change = page.getByRole('form', { name: 'Change this roll' });
  await change.getByLabel('Die').fill('5');
  await change.getByRole('button', { name: 'Change the roll' }).click();
  await expect(row).toContainText('Full recovery.');
  await expect(page.getByRole('list', { name: 'Iron Wolves injuries' })).not.toContainText(/dies|Dead/);
});

test("Herald's dice: an injury is changed at the club's ruling, with who asked and why kept with the roll", async ({ herald }) => {
  const app = await herald.launch();
  const { page } = app;
  const c = await campaignWithTeams(page, 'Ruling League', 'app');
  const gameId = await gameAtInjuries(page, c);
  const row = page.getByRole('table', { name: 'Dice after the game' }).getByRole('row', { name: /Brother Cato/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Change the roll for .*Brother Cato/ }).click();
  const change = page.getByRole('form', { name: 'Change this roll' });
  await change.getByLabel('Die').fill('6');
  // Without who and why: refused in words, nothing changed.
  await change.getByRole('button', { name: 'Change the roll' }).click();
  await expect(change.getByRole('alert')).toHaveText('Say who asked for the change and why (e.g. “club ruling: re-roll”).');
  await change.getByLabel('Who asked').fill('Alice');
  await change.getByLabel('Why').fill('club ruling: re-roll');
  await change.getByRole('button', { name: 'Change the roll' }).click();
  await expect(row).toContainText("changed at Alice's request: club ruling: re-roll");
  await expect(row).toContainText('Full recovery.');
  const d = await invoke(page, 'games.get', { id: gameId });
  expect(Object.entries(d.draft.overrides)).toEqual([[expect.stringMatching(/^post\|Injury/), { faces: [6], by: 'Alice', reason: 'club ruling: re-roll' }]]);
});

test('founded roster: a rename saves as it is typed and survives leaving; a priced change asks before leaving', async ({ herald }) => {
  const app = await herald.launch();
  const { page } = app;
  const c = await campaignWithTeams(page, 'Rename League', 'app');
  await page.evaluate(`location.hash = ${JSON.stringify(`#/teams/${c.a}`)}`);
  const card = page.getByRole('article', { name: 'Brother Varro' });
  await card.getByLabel('Name').fill('Brother Varro the Elder');
  await expect(page.getByRole('article', { name: 'Brother Varro the Elder' }).getByRole('status')).toHaveText('Name saved');
  // Left at once by the breadcrumb, no "Save change" clicked: the name is kept.
  await page.getByRole('link', { name: 'Rename League', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Rename League', level: 1 })).toBeVisible();
  await page.evaluate(`location.hash = ${JSON.stringify(`#/teams/${c.a}`)}`);
  await expect(page.getByRole('article', { name: 'Brother Varro the Elder' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ledger' })).toContainText('Brother Varro the Elder');

  // A priced change (wargear) is not bought until asked; leaving asks first, and "stay" keeps it on screen.
  const sergeant = page.getByRole('article', { name: 'Sergeant Tarkus' });
  await sergeant.getByRole('checkbox').first().check();
  await expect(sergeant.getByRole('button', { name: /^Save change \(\d+ Req\)$/ })).toBeVisible();
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await page.getByRole('link', { name: 'Rename League', exact: true }).click();
  await expect.poll(() => asked).toContain('Leave this team? the change to Sergeant Tarkus is not bought yet.');
  await expect(sergeant.getByRole('button', { name: /^Save change/ })).toBeVisible();
});

/** A game committed through the bridge (Herald's dice, nobody taken out of action). */
async function commitGame(page: Page, c: { campaignId: string; a: string; b: string }) {
  const d = await invoke(page, 'games.create', { campaignId: c.campaignId, teamA: c.a, teamB: c.b, mission: 'relic-hunt' });
  await invoke(page, 'games.saveDraft', { id: d.game.id, draft: { ...structuredClone(d.draft), step: 'review' } });
  await invoke(page, 'games.commit', { id: d.game.id });
}

test('a campaign is deleted with a confirmation naming what goes, and brought back from the Backups screen', async ({ herald }) => {
  const app = await herald.launch();
  const { page } = app;
  const c = await campaignWithTeams(page, 'Doomed League', 'app');
  await commitGame(page, c);
  await page.evaluate(`location.hash = '#/'`);
  const home = new HomePage(page);
  await home.waitUntilReady();
  const row = home.campaign('Doomed League');
  await row.getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('form', { name: 'Delete Doomed League' });
  await expect(confirm).toContainText('Delete Doomed League and everything in it — 2 players, 2 teams and 1 game?');
  await confirm.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(confirm.getByRole('alert')).toHaveText("Type the campaign's name, “Doomed League”, to delete it.");
  await confirm.getByLabel('Type the campaign’s name to confirm').fill('Doomed League');
  await confirm.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(row).toHaveCount(0);

  // Backups: the backup taken first is named after it; just that campaign comes back.
  await page.evaluate(`location.hash = '#/backups'`);
  const backups = page.getByRole('table', { name: 'Backups' });
  const before = backups.getByRole('row', { name: /Before deleting campaign Doomed League/ });
  await expect(before).toBeVisible();
  await before.getByRole('button', { name: /^Restore one campaign/ }).click();
  await page.getByRole('button', { name: 'Restore only Doomed League…' }).click();
  await expect(page.getByRole('group', { name: /Restore one campaign/ })).toContainText('Put Doomed League back as it was on');
  await page.getByRole('button', { name: 'Restore Doomed League' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Doomed League is back' })).toBeVisible();
  await page.getByRole('link', { name: 'Open it' }).click();
  await expect(page.getByRole('heading', { name: 'Doomed League', level: 1 })).toBeVisible();
  const campaignId = decodeURIComponent((await page.evaluate<string>('location.hash')).replace('#/campaigns/', ''));
  expect(await invoke(page, 'games.list', { campaignId })).toHaveLength(1);
});

test('one campaign is restored from a backup while another keeps its newer game', async ({ herald }) => {
  const app = await herald.launch();
  const { page } = app;
  const first = await campaignWithTeams(page, 'First League', 'app');
  await page.evaluate(`location.hash = '#/'`);
  const second = await campaignWithTeams(page, 'Second League', 'app');
  const backup = await invoke(page, 'backups.create', {});
  // After the backup: a game in each campaign. First League's was a mistake; Second League's must stay.
  await commitGame(page, first);
  await commitGame(page, second);
  await page.evaluate(`location.hash = '#/backups'`);
  await page
    .getByRole('table', { name: 'Backups' })
    .getByRole('row')
    .filter({ has: page.getByText('Backed up by hand') })
    .getByRole('button', { name: /^Restore one campaign/ })
    .click();
  await page.getByRole('button', { name: 'Restore only First League…' }).click();
  await page.getByRole('button', { name: 'Restore First League' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'First League is back' })).toBeVisible();
  const campaigns = await invoke(page, 'campaigns.list', { includeArchived: true });
  const games = async (name: string) => (await invoke(page, 'games.list', { campaignId: campaigns.find((x) => x.name === name)!.id })).length;
  expect(await games('First League')).toBe(0);
  expect(await games('Second League')).toBe(1);
  expect(backup.reason).toBe('by-hand');
});

test('a recruit is undone from the team ledger: the model leaves and its Req comes back', async ({ herald }) => {
  const app = await herald.launch();
  const { page } = app;
  const c = await campaignWithTeams(page, 'Undo League', 'app');
  await invoke(page, 'teams.adjustRequisition', { id: c.a, amount: 30, reason: 'club prize' });
  await invoke(page, 'teams.recruit', { id: c.a, model: model('tactical-marine', 'Brother Novus') });
  await page.evaluate(`location.hash = ${JSON.stringify(`#/teams/${c.a}`)}`);
  await expect(page.getByRole('article', { name: 'Brother Novus' })).toBeVisible();
  await expect(page.getByLabel('Requisition', { exact: true })).toContainText('16 Req');
  await page.getByRole('button', { name: /^Undo: Recruited Brother Novus/ }).click();
  await expect(page.getByRole('article', { name: 'Brother Novus' })).toHaveCount(0);
  await expect(page.getByLabel('Requisition', { exact: true })).toContainText('30 Req');
  const ledger = page.getByRole('list', { name: 'Ledger' });
  await expect(ledger).toContainText('Recruited Brother Novus (Tactical Marine) for 14 Req.');
  await expect(ledger).toContainText('Undone: Recruited Brother Novus (Tactical Marine) for 14 Req.');
  // Undoing the same recruit again is refused in words.
  await expect(page.getByRole('button', { name: /^Undo: Recruited Brother Novus/ })).toHaveCount(1);
  await page.getByRole('button', { name: /^Undo: Recruited Brother Novus/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'was undone already' })).toBeVisible();
});
