/**
 * Issue 31: axe-core finds no critical, serious or moderate violation on any screen, print page or phone page.
 *
 * One played campaign (two founded teams, one committed game) is visited screen by screen — every route of
 * src-renderer/router.svelte.ts: home, the campaign, a founded team and a draft one, New game, a game through every
 * step of the result wizard and once committed, the game at the table (a model chosen, a turn's prompts, its Game over
 * dialog), House rules (its Apply and "Replace your edits?" dialogs), Tonight, the guide's pages, the team lists and
 * the editor, Backups (its restore dialog), Club Wi-Fi, each print page (the evening's sheet too), the phone pages over
 * the Club Wi-Fi view (a game followed at the table too), and the recovery screen after a damaged file.
 * Each check is soft: one run lists every screen's violations (e2e/support/axe.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { devices, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { invoke } from './support/invoke';
import { playedCampaign } from './support/played-campaign';
import { BackupsPage } from './pages/BackupsPage';
import { CampaignPage } from './pages/CampaignPage';
import { GamePage, type Step } from './pages/GamePage';
import { HomePage } from './pages/HomePage';
import { NewGamePage } from './pages/NewGamePage';
import { PrintPage } from './pages/PrintPage';
import { RecoveryPage } from './pages/RecoveryPage';
import { RulesetPage } from './pages/RulesetPage';

const CAMPAIGN = 'Autumn League';
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 });

test('the campaign, team, house-rules, team-list, backup and Club Wi-Fi screens pass axe', async ({ herald }, testInfo) => {
  test.setTimeout(480_000);
  const app = await herald.launch();
  const page = app.page;
  const played = await playedCampaign(page, CAMPAIGN);
  const go = (hash: string) => page.evaluate((h) => (location.hash = h), hash);

  // ----- home, campaign, teams -----
  await go('#/');
  await new HomePage(page).waitUntilReady();
  await expectNoAxeViolations(page, 'home');

  await go(`#/campaigns/${played.campaignId}`);
  const campaign = new CampaignPage(page);
  await expect(campaign.standings).toContainText('Iron Wolves');
  await expectNoAxeViolations(page, 'campaign');

  // A draft team beside the founded ones (the roster builder's editable cards).
  await campaign.createTeam('Alice', 'Imperial Guard', 'Cadian 88th');
  await expect(h1(page, /Cadian 88th/)).toBeVisible();
  await page.getByLabel('Add a model').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Add model' }).click();
  await expectNoAxeViolations(page, 'draft team (roster builder)');

  await go(`#/teams/${played.marines}`);
  await expect(h1(page, /Iron Wolves/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ledger' })).toBeVisible();
  await expectNoAxeViolations(page, 'founded team');

  // ----- house rules and its Apply dialog -----
  await go(`#/campaigns/${played.campaignId}/rules`);
  await expect(h1(page, 'House rules')).toBeVisible();
  const rules = new RulesetPage(page);
  await rules.waitUntilReady();
  await expectNoAxeViolations(page, 'house rules');
  // The Apply dialog: a native modal dialog; Escape closes it and focus goes back to the button that opened it.
  await rules.setOptionalRule('Weather', true);
  await rules.reviewButton.click();
  await expect(rules.dialog).toBeVisible();
  await expect(rules.dialog.getByLabel(/What changed, in a few words/)).toBeFocused();
  await expectNoAxeViolations(page, 'house rules: the Apply dialog');
  await page.screenshot({ path: testInfo.outputPath('apply-dialog.png') });
  await page.keyboard.press('Escape');
  await expect(rules.dialog).toHaveCount(0);
  await expect(rules.reviewButton).toBeFocused();
  // "Replace your edits?": the edits (Weather) are not applied, so a preset asks first, in a modal dialog.
  const usePreset = rules.filesCard.getByRole('button', { name: 'Use this preset…' }).first();
  await usePreset.click();
  const replace = page.getByRole('alertdialog', { name: 'Replace your edits?' });
  await expect(replace.getByRole('button', { name: 'Keep my edits' })).toBeFocused();
  await expectNoAxeViolations(page, 'house rules: "Replace your edits?"');
  await page.screenshot({ path: testInfo.outputPath('replace-edits-dialog.png') });
  await page.keyboard.press('Escape');
  await expect(replace).toHaveCount(0);
  await expect(usePreset).toBeFocused();

  // ----- the search palette (Ctrl+K) with what it found -----
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: /^Search campaigns/ });
  await expect(search).toBeFocused();
  await search.fill('Kaelen');
  await expect(page.getByRole('listbox', { name: 'What was found' }).getByRole('option').first()).toBeVisible();
  await expectNoAxeViolations(page, 'search palette');
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();

  // ----- Tonight (the evening's pairings), the guide -----
  await go(`#/campaigns/${played.campaignId}/tonight`);
  await expect(h1(page, 'Tonight')).toBeVisible();
  await expectNoAxeViolations(page, 'tonight');
  await go('#/guide');
  await expect(h1(page, 'Guide')).toBeVisible();
  await expectNoAxeViolations(page, 'guide');
  for (const slug of ['campaign-night', 'house-rules', 'backups', 'phone-view', 'hand-over']) {
    await go(`#/guide/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Guide');
    await expectNoAxeViolations(page, `guide: ${slug}`);
  }

  // ----- team lists, the editor -----
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team lists' }).click();
  await expect(h1(page, 'Team lists')).toBeVisible();
  await expectNoAxeViolations(page, 'team lists');
  await page.getByRole('link', { name: 'Edit' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Team lists');
  await expectNoAxeViolations(page, 'team-list editor');

  // ----- backups, Club Wi-Fi -----
  const backups = new BackupsPage(page);
  await backups.open();
  await backups.backUpNow();
  await expectNoAxeViolations(page, 'backups');
  const restore = backups.rows.first().getByRole('button', { name: /^Restore the backup of/ });
  await restore.click();
  await expect(backups.restoreDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, 'backups: the restore dialog');
  await page.screenshot({ path: testInfo.outputPath('restore-dialog.png') });
  await page.keyboard.press('Escape');
  await expect(backups.restoreDialog).toHaveCount(0);
  await expect(restore).toBeFocused();

  await page.getByRole('link', { name: 'Club Wi-Fi' }).click();
  await expect(h1(page, 'Club Wi-Fi view')).toBeVisible();
  await expectNoAxeViolations(page, 'club wi-fi (off)');
  await page.getByLabel('Network').selectOption({ label: 'This laptop only — 127.0.0.1' });
  await page.getByRole('button', { name: 'Switch on' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the Club Wi-Fi link' })).toBeVisible();
  await expectNoAxeViolations(page, 'club wi-fi (on)');
});

test('a game through every step of the wizard, its commit, and every print page pass axe', async ({ herald }, testInfo) => {
  test.setTimeout(480_000);
  const app = await herald.launch();
  const page = app.page;
  const played = await playedCampaign(page, CAMPAIGN);
  const go = (hash: string) => page.evaluate((h) => (location.hash = h), hash);

  // ----- a game: New game, the plan and every step, the commit, the committed game -----
  await go(`#/campaigns/${played.campaignId}/new-game`);
  const setup = new NewGamePage(page);
  await expect(setup.heading).toBeVisible();
  await expectNoAxeViolations(page, 'new game');
  await setup.setUp({ teamA: 'Iron Wolves', teamB: 'Da Boyz', mission: 'Skirmish' });
  const game = new GamePage(page);
  await expect(game.heading).toHaveText('Game 2: Iron Wolves vs Da Boyz');
  await game.waitUntilSaved();
  await expect(game.liveScore.getByLabel('Outcome')).toBeVisible();
  await expectNoAxeViolations(page, 'game: the plan and the Result step');
  const gameHash = await page.evaluate<string>('location.hash');
  for (const step of ['Injuries', 'Experience', 'Requisition', 'Review'] as Step[]) {
    await game.next(step);
    await expectNoAxeViolations(page, `game: ${step} step`);
  }
  await page.getByRole('button', { name: 'Commit game…' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Commit the game' })).toBeVisible();
  await expectNoAxeViolations(page, 'game: commit confirmation');
  await page.screenshot({ path: testInfo.outputPath('commit-dialog.png') });
  await page.getByRole('alertdialog', { name: 'Commit the game' }).getByRole('button', { name: 'Commit game' }).click();
  await expect(game.status).toHaveText('Recorded');
  await expectNoAxeViolations(page, 'committed game');
  const committedGameId = decodeURIComponent(gameHash.replace('#/games/', ''));

  // ----- the game at the table: a model chosen, a turn with its prompts, the Game over dialog -----
  const tonight = await invoke(page, 'games.create', { campaignId: played.campaignId, teamA: played.marines, teamB: played.orks, mission: 'relic-hunt' });
  await go(`#/games/${encodeURIComponent(tonight.game.id)}/table`);
  await expect(h1(page, /^Game 3: Iron Wolves vs Da Boyz/)).toBeVisible();
  await expectNoAxeViolations(page, 'at the table: deploying');
  await page.getByRole('button', { name: 'Begin turn 1' }).click();
  await expect(page.getByRole('button', { name: 'Begin turn 2' })).toBeVisible();
  await page.getByRole('button', { name: /^Kaelen/ }).click();
  await expect(page.getByRole('group', { name: 'What happened to Kaelen' })).toBeVisible();
  await expectNoAxeViolations(page, 'at the table: turn 1, a model chosen');
  await page.getByRole('group', { name: 'What happened to Kaelen' }).getByRole('button', { name: 'Cancel' }).click();
  const gameOver = page.getByRole('button', { name: 'Game over…' });
  await gameOver.click();
  const gameOverDialog = page.getByRole('dialog', { name: 'Game over' });
  await expect(gameOverDialog).toBeVisible();
  await expectNoAxeViolations(page, 'at the table: the Game over dialog');
  await page.screenshot({ path: testInfo.outputPath('table-game-over.png') });
  await page.keyboard.press('Escape');
  await expect(gameOverDialog).toHaveCount(0);
  await expect(gameOver).toBeFocused();

  // ----- print pages -----
  const print = new PrintPage(page);
  for (const [kind, id, extra] of [
    ['roster', played.marines, ''],
    ['bulletin', played.campaignId, ''],
    ['pack', played.campaignId, ''],
    ['kit', tonight.game.id, ''],
    ['kit', committedGameId, ''],
    // The evening's sheet: tonight's one pairing, its game already set up (print/evening-code.ts).
    ['evening', played.campaignId, `&evening=${played.marines}.${played.orks}.${tonight.game.id}`],
  ] as const) {
    await go(`#/print/${kind}/${encodeURIComponent(id)}?paper=a4${extra}`);
    await print.waitUntilReady();
    await expectNoAxeViolations(page, `print: ${kind} ${id === committedGameId ? '(committed game)' : ''}`);
    if (kind === 'pack') await page.screenshot({ path: testInfo.outputPath('print-pack.png') });
  }
  await go(`#/print/roster/no-such-team?paper=a4`);
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'error');
  await expectNoAxeViolations(page, 'print: nothing to print');
});

test('the phone pages pass axe', async ({ herald, browser }, testInfo) => {
  test.setTimeout(480_000);
  test.skip(testInfo.project.name === 'electron', 'The phone side is Chromium against the same listener; the browser project covers it.');
  const app = await herald.launch();
  const page = app.page;
  await playedCampaign(page, CAMPAIGN);
  const campaignId = (await invoke(page, 'campaigns.list', {})).find((c) => c.name === CAMPAIGN)!.id;
  const teams = await invoke(page, 'teams.list', { campaignId });
  const atTable = await invoke(page, 'games.create', { campaignId, teamA: teams[0]!.id, teamB: teams[1]!.id, mission: 'skirmish' });
  // Begun at the table: the phone's game page follows it (its "At the table now" part).
  await invoke(page, 'table.tap', { gameId: atTable.game.id, event: { kind: 'turn', turn: 1 } });

  await page.getByRole('link', { name: 'Club Wi-Fi' }).click();
  await page.getByLabel('Network').selectOption({ label: 'This laptop only — 127.0.0.1' });
  await page.getByRole('button', { name: 'Switch on' }).click();
  const shortLink = (await page.getByTestId('lan-link').innerText()).trim();

  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await phone.goto(`http://${shortLink}`);
  await expect(h1(phone, CAMPAIGN)).toBeVisible();
  await expectNoAxeViolations(phone, 'phone: campaign');
  await phone.getByRole('link', { name: /v / }).first().click();
  await expect(phone.getByRole('heading', { name: 'The plan' })).toBeVisible();
  await expect(phone.getByRole('region', { name: 'At the table now' })).toContainText('Turn 1');
  await expectNoAxeViolations(phone, 'phone: tonight’s game, followed at the table');
  await phone.getByRole('button', { name: '‹ Back' }).click();
  await phone.getByRole('table', { name: 'Standings', exact: true }).getByRole('link', { name: 'Iron Wolves' }).click();
  await expect(h1(phone, 'Iron Wolves')).toBeVisible();
  await expectNoAxeViolations(phone, 'phone: team');
  await phone.getByRole('link', { name: 'Kaelen' }).click();
  await expect(h1(phone, 'Kaelen')).toBeVisible();
  await expectNoAxeViolations(phone, 'phone: model');
  await phone.getByRole('link', { name: 'Back to the team' }).click();
  await phone.getByRole('link', { name: CAMPAIGN }).click();
  await phone.getByRole('link', { name: 'Games', exact: true }).click();
  await expect(h1(phone, 'Games')).toBeVisible();
  await expectNoAxeViolations(phone, 'phone: games');
  await phone
    .getByRole('link', { name: /won|Draw/ })
    .first()
    .click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(/^Game 1/);
  await expectNoAxeViolations(phone, 'phone: a played game');
  await phone.getByRole('button', { name: '‹ Back' }).click();
  await phone.getByRole('link', { name: CAMPAIGN }).click();
  await phone.getByRole('link', { name: 'Bulletin', exact: true }).click();
  await expect(h1(phone, 'Bulletin')).toBeVisible();
  await expectNoAxeViolations(phone, 'phone: bulletin');
  await context.close();
});

test('the recovery screen passes axe', async ({ herald }) => {
  const first = await herald.launch();
  await new HomePage(first.page).waitUntilReady();
  await first.close();
  const file = path.join(first.dataDir, 'herald.sqlite');
  const bytes = fs.readFileSync(file);
  bytes.fill(0x5a, 100, 4096);
  fs.writeFileSync(file, bytes);
  const app = await herald.launch(first.dataDir);
  await new RecoveryPage(app.page).waitUntilShown();
  await expectNoAxeViolations(app.page, 'recovery');
});
