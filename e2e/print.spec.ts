/**
 * Over 400 lines: one played team printed every way; the specs share its slow set-up.
 * Issue 7: printed rosters and game-night paperwork, as PDF through Chromium's own engine.
 *
 * A 20-model Ork team is founded and plays one game (real dice typed in, so the injuries are known: a permanent
 * -1 WS, a mauled Boss Nob, a dead Boy); then its roster sheet is exported for A4 and US Letter with page.pdf() on the
 * print route, and a game-night kit is exported for a game that is only set up (on a seed-004 mission, and on seed 003's
 * missions once House rules switch the 8th-edition supplement on). The PDFs are read back with poppler
 * (pdftotext, pdfinfo) and rendered to PNG with pdftoppm; PDFs and PNGs are kept as test artefacts.
 *
 * Data is set up through the page objects where the UI is the point (campaign, players, the print links and
 * toolbar) and through the bridge API where it only needs to exist (rosters, a played game).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { ChannelInput } from '../shared/ipc/contract';
import { modelProfile } from '../shared/rules';
import { expect, test } from './fixtures';
import { invoke } from './support/invoke';
import { CampaignPage } from './pages/CampaignPage';
import { GamePage } from './pages/GamePage';
import { HomePage } from './pages/HomePage';
import { NewGamePage } from './pages/NewGamePage';
import { PrintPage } from './pages/PrintPage';
import { RulesetPage } from './pages/RulesetPage';

const CAMPAIGN = 'Autumn League';
const BOX = '☐';

// ----- poppler -----

const POPPLER = ['pdftotext', 'pdftoppm', 'pdfinfo'] as const;
const missingTools = POPPLER.filter((tool) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
});
const NO_POPPLER = `poppler-utils is not installed (missing: ${missingTools.join(', ')}); the PDFs cannot be read back. Debian/Ubuntu: apt-get install poppler-utils.`;
if (missingTools.length > 0) console.log(`[e2e] print.spec.ts: PDF checks SKIPPED — ${NO_POPPLER}`);

const NO_PDF_IN_ELECTRON =
  'page.pdf() is headless Chromium only. In Electron, print.pdf renders the same print route with printToPDF and opens a save dialog, which is not automated here; the browser project checks the PDFs.';

function pdfText(file: string, pages?: { first: number; last: number }): string {
  const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : [];
  return execFileSync('pdftotext', ['-layout', ...range, file, '-'], { encoding: 'utf8' });
}

function pdfInfo(file: string): { pages: number; width: number; height: number } {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const size = /^Page size:\s+([\d.]+) x ([\d.]+)/m.exec(info);
  return { pages, width: Number(size?.[1]), height: Number(size?.[2]) };
}

/** Writes the PDF, renders each page to PNG at 60 dpi, and attaches both to the test's report. */
async function keepArtefacts(testInfo: TestInfo, file: string): Promise<string[]> {
  await testInfo.attach(path.basename(file), { path: file, contentType: 'application/pdf' });
  const prefix = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-png', '-r', '60', file, prefix]);
  const dir = path.dirname(file);
  const pngs = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`${path.basename(prefix)}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => path.join(dir, f));
  for (const png of pngs) await testInfo.attach(path.basename(png), { path: png, contentType: 'image/png' });
  return pngs;
}

const PAPER_SIZES = { a4: { width: 595.28, height: 841.89 }, letter: { width: 612, height: 792 } } as const;

// ----- the teams -----

type Model = ChannelInput<'teams.saveDraft'>['roster']['models'][number];
const model = (entryId: string, name: string, extra: Partial<Model> = {}): Model => ({
  id: randomUUID(),
  entryId,
  name,
  options: {},
  armoury: [],
  grenades: {},
  ...extra,
});

const BOYS = [
  'Snag',
  'Ruk',
  'Gob',
  'Dakka',
  'Uzgob',
  'Narg',
  'Zagbad',
  'Mogrok',
  'Grimsnag',
  'Bonesnappa',
  'Nazkar',
  'Rotgut',
  'Wazzock',
  'Krumpa',
  'Gitbasha',
  'Skraga',
  'Mukbrak',
];

/**
 * 1 Boss Nob + 3 Specials + 17 Boys = 21 models, 213 pts (Orks allowance: 1 leader, ≤ 3 specials, 3–20 core; the
 * campaign's 250 pts). Snag dies in game 1, so the roster sheet has 20.
 */
function orkRoster() {
  return [
    model('boss-nob', 'Grukk', {
      options: { 'power-klaw': 1, 'eavy-armour': 1, 'tankbusta-bombs': 1 },
      armoury: ['ammo-runt'],
      grenades: { 'frag-assault': 2 },
    }),
    model('burna-boy', 'Zogga', { armoury: ['cybork-body'] }),
    model('tankbusta', 'Rokka'),
    model('tankbusta', 'Skumdrekk'),
    ...BOYS.map((name, i) => model('boy', name, i < 2 ? { options: { 'big-shoota': 1 } } : {})),
  ];
}
function guardRoster() {
  return [
    model('veteran-sergeant', 'Sergeant Harker'),
    model('specialist', 'Vox Oper'),
    model('guardsman', 'Trooper Lenz'),
    model('guardsman', 'Trooper Mott'),
    model('guardsman', 'Trooper Vance'),
  ];
}

interface Campaign {
  campaignId: string;
  orks: string;
  guard: string;
  ids: Map<string, string>;
}

/** The campaign and its players through the UI; two founded teams through the bridge. */
async function setUpCampaign(page: Page): Promise<Campaign> {
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign(CAMPAIGN);
  await page.getByRole('link', { name: CAMPAIGN }).click();
  const campaign = new CampaignPage(page);
  await expect(campaign.heading(CAMPAIGN)).toBeVisible();
  await campaign.addPlayer('Alice');
  await campaign.addPlayer('Bob');
  const campaignId = decodeURIComponent((await page.evaluate<string>('location.hash')).replace('#/campaigns/', ''));

  const lists = await invoke(page, 'teamLists.list', {});
  const players = await invoke(page, 'players.list', { campaignId });
  const listOf = (faction: string) => lists.find((l) => l.faction === faction && l.sample)!.id;
  const playerOf = (name: string) => players.find((p) => p.name === name)!.id;
  const ids = new Map<string, string>();
  const found = async (player: string, faction: string, name: string, models: Model[]) => {
    const team = await invoke(page, 'teams.create', { campaignId, playerId: playerOf(player), teamListId: listOf(faction), name });
    const draft = await invoke(page, 'teams.saveDraft', { id: team.team.id, roster: { models } });
    expect(draft.report.issues.map((i) => i.message)).toEqual([]);
    await invoke(page, 'teams.found', { id: team.team.id });
    for (const m of models) ids.set(m.name, m.id);
    return team.team.id;
  };
  const orks = await found('Alice', 'Orks', 'Da Krumpas', orkRoster());
  const guard = await found('Bob', 'Imperial Guard', 'Cadian 88th', guardRoster());
  return { campaignId, orks, guard, ids };
}

/** Dice faces for a roll the organiser types in: n dice of `sides`, cycling so roll-offs never tie forever. */
let cycle = 0;
function facesOf(expression: string): number[] {
  const m = /^(\d*)D(66|\d+)/i.exec(expression.trim());
  const count = m?.[2] === '66' ? 2 : Number(m?.[1] || 1);
  const sides = m?.[2] === '66' ? 6 : Number(m?.[2] ?? 6);
  return Array.from({ length: count }, () => (cycle++ % sides) + 1);
}

/**
 * Game 1 (Skirmish, real dice typed in): Zogga takes a permanent -1 WS (D66 15, then 2), Grukk is mauled (21, then
 * 5: Wounded pride), Snag dies (1); everyone else recovers. Then commit.
 */
async function playGameOne(page: Page, c: Campaign) {
  const noOptional = { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false };
  await invoke(page, 'campaigns.updateSettings', { id: c.campaignId, diceMode: 'physical', optionalRules: noOptional });
  let detail = await invoke(page, 'games.create', { campaignId: c.campaignId, teamA: c.orks, teamB: c.guard, mission: 'skirmish' });
  const gameId = detail.game.id;
  for (let i = 0; detail.planPendingRoll && i < 40; i++) {
    detail = await invoke(page, 'games.enterRoll', { id: gameId, key: detail.planPendingRoll.key, faces: facesOf(detail.planPendingRoll.expression) });
  }
  expect(detail.plan).not.toBeNull();

  const draft = structuredClone(detail.draft);
  const id = (name: string) => c.ids.get(name)!;
  const out = (victim: string, by: string, how: 'shooting' | 'melee') => {
    const m = draft.report.models.find((x) => x.id === id(victim))!;
    m.aliveAtEnd = false;
    m.outOfAction = { by: id(by), how };
  };
  out('Zogga', 'Sergeant Harker', 'melee');
  out('Grukk', 'Trooper Lenz', 'shooting');
  out('Snag', 'Trooper Lenz', 'shooting');
  out('Trooper Mott', 'Grukk', 'melee');
  draft.report.sides.b.firstBlood = true;
  // Issue 30: Rokka (a Tankbusta, W 1) buys Iron Jaw ("+1 W, max 3", docs/progression.md): the sheet prints W 2.
  draft.honours = [{ side: 'a', model: id('Rokka'), honour: 'iron-jaw', elite: false }];
  draft.step = 'review';
  detail = await invoke(page, 'games.saveDraft', { id: gameId, draft });

  const wanted = (purpose: string, expression: string): number[] => {
    const injury = /^Injury/i.test(purpose);
    if (injury && purpose.includes('Zogga')) return /permanent/i.test(purpose) ? [2] : [1, 5];
    if (injury && purpose.includes('Grukk')) return /maul/i.test(purpose) ? [5] : [2, 1];
    if (injury && purpose.includes('Snag')) return [1];
    if (injury) return expression.toUpperCase().startsWith('D66') ? [6, 6] : [6];
    return facesOf(expression);
  };
  for (let i = 0; detail.preview.pendingRoll && i < 40; i++) {
    const pending = detail.preview.pendingRoll;
    detail = await invoke(page, 'games.enterRoll', { id: gameId, key: pending.key, faces: wanted(pending.purpose, pending.expression) });
  }
  expect(detail.preview.problems).toEqual([]);
  expect(detail.preview.ready).toBe(true);
  await invoke(page, 'games.commit', { id: gameId });
  await invoke(page, 'campaigns.updateSettings', { id: c.campaignId, diceMode: 'app', optionalRules: noOptional });
}

/** Uncaught errors of the page (a print view that throws while rendering would print a blank sheet). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a 20-model roster sheet prints on at most two pages of A4 and of US Letter, with every model, profile and grenade box', async ({ herald }, testInfo) => {
  // A hang guard: 2.2 min on a 2-core machine with a load of 24, every step waiting on an event (docs/decisions.md).
  test.setTimeout(300_000);
  const app = await herald.launch();
  const { page } = app;
  const pageErrors = watchErrors(page);
  const c = await setUpCampaign(page);
  await playGameOne(page, c);
  const team = await invoke(page, 'teams.get', { id: c.orks });
  expect(team.report.models).toHaveLength(20); // 21 founded, Snag died in game 1
  expect(team.progress[c.ids.get('Zogga')!]!.statChanges).toEqual([expect.objectContaining({ stat: 'WS', delta: -1 })]);

  // ----- the entry point and the preview -----
  await page.evaluate(`location.hash = ${JSON.stringify(`#/teams/${c.orks}`)}`);
  await expect(page.getByRole('heading', { name: /Da Krumpas/, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Print roster sheet' }).click();
  const print = new PrintPage(page);
  await print.waitUntilReady();
  await expect(print.toolbar).toBeVisible();
  await expect(print.paperLink('A4')).toHaveAttribute('aria-current', 'page');
  const sheet = print.sheet('Roster sheet');
  await expect(sheet.getByRole('heading', { name: 'Da Krumpas', level: 1 })).toBeVisible();
  await expect(sheet).toContainText('Alice');
  await expect(sheet.getByRole('table', { name: 'Models' }).locator('tbody')).toHaveCount(20);
  expect(await page.title()).toBe('Da Krumpas - roster sheet - A4');
  // The in-app preview (white sheets on screen), kept with the PDFs.
  const preview = testInfo.outputPath('roster-preview-screen.png');
  await page.screenshot({ path: preview, fullPage: true });
  await testInfo.attach('roster-preview-screen.png', { path: preview, contentType: 'image/png' });

  // "Print / Save as PDF" in browser mode: print.pdf answers 'browser' and the page opens the print dialog.
  if (testInfo.project.name === 'browser') {
    await page.evaluate(`window.print = () => { document.documentElement.dataset.printed = 'yes'; }`);
    await print.printButton.click();
    await expect(page.locator('html')).toHaveAttribute('data-printed', 'yes');
  }

  test.skip(testInfo.project.name === 'electron', NO_PDF_IN_ELECTRON);
  test.skip(missingTools.length > 0, NO_POPPLER);

  // The team as the sheet must show it: profiles as they play (gear, injuries, honours: shared/rules modelProfile) and
  // one box per grenade.
  const expected = team.report.models.map((card) => {
    const changes = team.progress[card.modelId]?.statChanges ?? [];
    const profile = modelProfile(
      team.list,
      team.roster.models.find((m) => m.id === card.modelId)!,
      changes,
    );
    const stats = ['WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'Ld', 'Sv'].map((k) => profile.cells.find((c) => c.key === k)!.value);
    return { name: card.name, stats, boxes: card.grenades.reduce((n, g) => n + g.count * (card.squadSize ?? 1), 0) };
  });
  // Grukk's 'Eavy armour (4+) and Rokka's Iron Jaw, as the sheet must print them.
  expect(expected.find((m) => m.name === 'Grukk')!.stats[8]).toBe('4+');
  expect(expected.find((m) => m.name === 'Rokka')!.stats[4]).toBe(2);
  const totalBoxes = expected.reduce((n, m) => n + m.boxes, 0);
  expect(totalBoxes).toBeGreaterThanOrEqual(21);

  for (const paper of ['a4', 'letter'] as const) {
    if (paper === 'letter') await print.choosePaper('US Letter');
    expect(await page.title()).toBe(`Da Krumpas - roster sheet - ${paper === 'a4' ? 'A4' : 'US Letter'}`);
    const file = testInfo.outputPath(`roster-${paper}.pdf`);
    await print.pdf(file);
    const pngs = await keepArtefacts(testInfo, file);
    const info = pdfInfo(file);
    expect(pngs).toHaveLength(info.pages);
    expect(info.pages, `${paper}: pages`).toBeLessThanOrEqual(2);
    expect(info.width).toBeCloseTo(PAPER_SIZES[paper].width, 0);
    expect(info.height).toBeCloseTo(PAPER_SIZES[paper].height, 0);
    const text = pdfText(file);
    for (const m of expected) {
      // The model's line: its name, then its current profile in the column order.
      expect(text, `${paper}: profile line of ${m.name}`).toMatch(
        new RegExp(`${escape(m.name)}\\s+${m.stats.map((s) => escape(String(s))).join('\\s+')}(\\s|$)`, 'm'),
      );
    }
    expect(text).toContain('was 4'); // Zogga's WS, boxed, with the list's value under it
    expect(text).toMatch(/WS −1 \(permanent injury\)/);
    expect(text).toMatch(/W \+1 \(Honour: Iron Jaw\)/); // Rokka's W 2, boxed, and why
    expect(text).toMatch(/Sv 4\+ \('Eavy armour\)/); // Grukk's save
    expect(text).toMatch(/Mauled/);
    expect(text).toMatch(/Fallen:.*Snag/);
    expect(text).toMatch(/Mob Rule/);
    expect(text.split(BOX).length - 1, `${paper}: grenade boxes`).toBe(totalBoxes + 1); // + the legend's box
    expect(text).toMatch(new RegExp(`Frag/Assault\\s+${BOX} ${BOX} ${BOX}\\s+Krak\\s+${BOX}`)); // Grukk: 1 + 2 bought, and tankbusta bombs
    expect(text).toMatch(/Page 1 of \d/);
  }

  // Back to the team.
  await print.toolbar.getByRole('link', { name: /Back to the team/ }).click();
  await expect(page.getByRole('heading', { name: /Da Krumpas/, level: 1 })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-print-ready', /.*/);
  expect(pageErrors).toEqual([]);
});

test('a game-night kit for a set-up game: the plan, then a post-game slip in the wizard’s order; and the campaign bulletin', async ({ herald }, testInfo) => {
  test.setTimeout(300_000);
  const app = await herald.launch();
  const { page } = app;
  const pageErrors = watchErrors(page);
  const c = await setUpCampaign(page);
  await playGameOne(page, c);
  // Game 2 is only set up (a draft): the kit is for the evening it is played.
  const game = await invoke(page, 'games.create', { campaignId: c.campaignId, teamA: c.orks, teamB: c.guard, mission: 'relic-hunt' });
  expect(game.plan).not.toBeNull();
  const plan = game.plan!;

  await page.evaluate(`location.hash = ${JSON.stringify(`#/games/${game.game.id}`)}`);
  await expect(page.getByRole('heading', { name: 'Game 2: Da Krumpas vs Cadian 88th', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Game-night kit' }).click();
  const print = new PrintPage(page);
  await print.waitUntilReady();
  await expect(print.sheet('Game plan')).toContainText('Relic Hunt');
  await expect(print.sheet('Post-game slip')).toContainText('Grukk');
  await expect(print.sheet('Post-game slip').getByRole('table', { name: 'Da Krumpas models' }).locator('tbody tr')).toHaveCount(20);
  // The two things the result screen asks that the slip had no box for (issue 30 item 9).
  const slipSheet = print.sheet('Post-game slip');
  await expect(slipSheet.getByRole('table', { name: 'Cadian 88th models' }).getByRole('columnheader', { name: 'In reserve at the end' })).toBeVisible();
  await expect(slipSheet).toContainText('Models falling back when they took the test');
  const slipShot = testInfo.outputPath('kit-slip-screen.png');
  await slipSheet.screenshot({ path: slipShot });
  await testInfo.attach('kit-slip-screen.png', { path: slipShot, contentType: 'image/png' });

  test.skip(testInfo.project.name === 'electron', NO_PDF_IN_ELECTRON);
  test.skip(missingTools.length > 0, NO_POPPLER);

  for (const paper of ['a4', 'letter'] as const) {
    if (paper === 'letter') await print.choosePaper('US Letter');
    const file = testInfo.outputPath(`kit-${paper}.pdf`);
    await print.pdf(file);
    await keepArtefacts(testInfo, file);
    const info = pdfInfo(file);
    expect(info.width).toBeCloseTo(PAPER_SIZES[paper].width, 0);
    expect(info.pages).toBeGreaterThanOrEqual(2);
    expect(info.pages).toBeLessThanOrEqual(4);
    const first = pdfText(file, { first: 1, last: 1 });
    expect(first).toContain('Game 2: Da Krumpas vs Cadian 88th');
    expect(first).toContain('Relic Hunt');
    expect(first).not.toContain('Post-game slip');
    for (const r of plan.specialRules) expect(first, `reminder of ${r.name}`).toContain(r.name);
    expect(first).toContain('Assassination');
    const text = pdfText(file);
    const slip = text.slice(text.indexOf('Post-game slip'));
    expect(slip.length).toBeGreaterThan(100);
    // The slip follows the result wizard: Result → Injuries → Experience → Requisition.
    const at = ['1 Result', '2 Injuries', '3 Experience', '4 Requisition'].map((h) => slip.search(new RegExp(h.replace(' ', '\\s+'))));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    for (const name of [...c.ids.keys()].filter((n) => n !== 'Snag')) expect(slip, `slip line for ${name}`).toContain(name);
    expect(slip).toMatch(/RELICS[\s\S]{0,200}CARRIED/); // the Relic Hunt column (its header wraps)
    expect(slip).toMatch(new RegExp(`${BOX}\\s+First Blood`));
    expect(slip).toMatch(new RegExp(`${BOX}\\s+Assassination`));
    expect(slip).toMatch(words('Models falling back when they took the test'));
    expect(slip).toMatch(/RESERVE/i); // the "In reserve at the end" column (its header wraps)
  }

  // The campaign bulletin, from the campaign page.
  await page.evaluate(`location.hash = ${JSON.stringify(`#/campaigns/${c.campaignId}`)}`);
  await page.getByRole('link', { name: 'Print bulletin' }).click();
  await print.waitUntilReady();
  const file = testInfo.outputPath('bulletin-a4.pdf');
  await print.pdf(file);
  await keepArtefacts(testInfo, file);
  const text = pdfText(file);
  expect(text).toContain(CAMPAIGN);
  expect(text).toMatch(/Standings/i);
  expect(text).toContain('Da Krumpas');
  expect(text).toContain('Cadian 88th');
  expect(text).toMatch(/Snag/); // a casualty of game 1
  expect(pdfInfo(file).pages).toBe(1);
  expect(pageErrors).toEqual([]);
});

/** One line of text as a pattern that survives pdftotext's line breaks and column padding. */
const words = (text: string) => new RegExp(text.trim().split(/\s+/).map(escape).join('\\s+'));

test('a game-night kit for a seed-003 mission prints its battle length, victory conditions and the supplement’s post-game slip', async ({
  herald,
}, testInfo) => {
  test.setTimeout(300_000);
  const app = await herald.launch();
  const { page } = app;
  const pageErrors = watchErrors(page);
  const c = await setUpCampaign(page);

  // House rules: switch the 8th-edition supplement on, with a Twist rolled at set-up and Injuries played at the table.
  const campaign = new CampaignPage(page);
  await campaign.settings.getByRole('link', { name: 'Change them in House rules →' }).click();
  const rules = new RulesetPage(page);
  await rules.waitUntilReady();
  await rules.setOptionalRule('8th-edition supplement missions', true);
  await rules.setOptionalRule('Twist', true);
  await rules.setOptionalRule('Injuries (in game)', true);
  await rules.apply('We play the 8th-edition supplement');
  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await expect(campaign.optionalRule('8th-edition supplement missions')).toBeChecked();

  const print = new PrintPage(page);
  const game = new GamePage(page);
  /** Plans a game on a seed-003 mission on the New game screen, then opens its kit; returns the plan. */
  const planAndOpenKit = async (number: number, mission: string) => {
    await page.evaluate(`location.hash = ${JSON.stringify(`#/campaigns/${c.campaignId}`)}`);
    await expect(campaign.heading(CAMPAIGN)).toBeVisible();
    await campaign.newGame();
    await new NewGamePage(page).setUp({ teamA: 'Da Krumpas', teamB: 'Cadian 88th', mission, zonePicker: 'Roll off' });
    await expect(game.heading).toHaveText(`Game ${number}: Da Krumpas vs Cadian 88th`);
    await expect(game.plan).toContainText('5 to 7 battle rounds');
    const gameId = decodeURIComponent((await page.evaluate<string>('location.hash')).replace('#/games/', ''));
    const plan = (await invoke(page, 'games.get', { id: gameId })).plan!;
    expect(plan.club8th).toBeDefined();
    await page.getByRole('link', { name: 'Game-night kit' }).click();
    await print.waitUntilReady();
    await expect(print.sheet('Game plan')).toContainText(mission);
    return { plan, club: plan.club8th! };
  };
  const team = (side: 'a' | 'b') => (side === 'a' ? 'Da Krumpas' : 'Cadian 88th');

  // ----- Tactical Escalation (Maelstrom of War): Tactical Objectives, Mission Priorities, First Blood -----
  const te = await planAndOpenKit(1, 'Tactical Escalation');
  const planSheet = print.sheet('Game plan');
  await expect(planSheet).toContainText('5 to 7 battle rounds');
  await expect(planSheet).not.toContainText('turns each');
  await expect(planSheet.getByRole('region', { name: 'Victory conditions' })).toContainText('Mission Priorities');
  await expect(planSheet.getByRole('region', { name: 'Secondary objectives' })).toHaveCount(0);
  const slipSheet = print.sheet('Post-game slip');
  const counted = slipSheet.getByRole('table', { name: 'Victory points counted at the table' });
  await expect(counted.getByRole('rowheader')).toHaveText([/^Tactical Objectives VP/, /^Objectives of its nominated type achieved/]);
  await expect(counted.getByRole('columnheader')).toHaveText(['', 'Da Krumpas', 'Cadian 88th']);
  await expect(slipSheet).toContainText('First Blood at the same time');
  await expect(slipSheet).not.toContainText('Secondaries');
  await expect(slipSheet.getByRole('table', { name: 'Da Krumpas models' }).locator('tbody tr')).toHaveCount(21);
  // The kit as the club organiser sees it on screen, kept with the PDFs.
  const screen = testInfo.outputPath('kit-club-8th-screen.png');
  await page.screenshot({ path: screen, fullPage: true });
  await testInfo.attach('kit-club-8th-screen.png', { path: screen, contentType: 'image/png' });

  test.skip(testInfo.project.name === 'electron', NO_PDF_IN_ELECTRON);
  test.skip(missingTools.length > 0, NO_POPPLER);

  const firstTurn = team(te.plan.firstTurn.side);
  const secondTurn = team(te.plan.firstTurn.side === 'a' ? 'b' : 'a');
  for (const paper of ['a4', 'letter'] as const) {
    if (paper === 'letter') await print.choosePaper('US Letter');
    const file = testInfo.outputPath(`kit-club-8th-${paper}.pdf`);
    await print.pdf(file);
    await keepArtefacts(testInfo, file);
    const info = pdfInfo(file);
    expect(info.width).toBeCloseTo(PAPER_SIZES[paper].width, 0);
    expect(info.pages).toBeGreaterThanOrEqual(2);
    expect(info.pages).toBeLessThanOrEqual(4);
    const first = pdfText(file, { first: 1, last: 1 });
    expect(first).toContain('Game 1: Da Krumpas vs Cadian 88th');
    expect(first).toContain('Tactical Escalation');
    expect(first).not.toContain('Post-game slip');
    // Battle length, naming who rolls; Sudden Death; the Tactical Objectives; every victory condition.
    expect(first).toMatch(words('5 to 7 battle rounds'));
    expect(first).toMatch(words(`At the end of battle round 5, ${firstTurn} (first turn) rolls a D6: on a 3+ the game continues`));
    expect(first).toMatch(words(`At the end of battle round 6, ${secondTurn} (second turn) rolls a D6: on a 4+`));
    expect(first).toMatch(words('The battle ends after battle round 7 at the latest.'));
    expect(first).toMatch(words(te.club.suddenDeath));
    expect(first).toMatch(/Map and\s+zone/);
    expect(first).toContain(`${team(te.club.zonePicker.side)} picks`);
    expect(first).toMatch(/Tactical Objectives\s+—\s+Victory points for achieving Tactical Objectives\.\s+At the start of their turn/);
    expect(first).toMatch(words(`Twist ${te.plan.twist!.text.split(/\s+/).slice(0, 3).join(' ')}`));
    expect(first).toMatch(/Victory conditions/i);
    for (const v of te.club.victoryConditions) expect(first, `victory condition ${v.name}`).toMatch(words(v.name));
    expect(first).toMatch(/Victory conditions\s+—\s+the most victory points wins; equal is a draw/i);
    for (const r of te.plan.specialRules)
      expect(first, `reminder of ${r.name}`).toMatch(words(r.source === 'optional' ? `${r.name} (optional rule, at the table)` : r.name));
    expect(te.plan.specialRules.some((r) => r.source === 'optional')).toBe(true);
    expect(first).not.toMatch(/\d+\s+turns\s+each/);
    expect(first).not.toMatch(/Secondary objectives/i);
    const text = pdfText(file);
    expect(text).not.toMatch(/7\s+turns/);
    const slip = text.slice(text.indexOf('Post-game slip'));
    const at = ['1 Result', '2 Injuries', '3 Experience', '4 Requisition'].map((h) => slip.search(new RegExp(h.replace(' ', '\\s+'))));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    // What the Result step asks for a seed-003 game, not seed 004's columns.
    expect(slip).toMatch(new RegExp(`${BOX}\\s+The battle ended after its battle rounds \\(5 to 7\\)`));
    expect(slip).not.toContain('Both players completed their turns');
    expect(slip).toMatch(words('Victory points — Tactical Escalation'));
    expect(slip).toMatch(/Tactical Objectives VP/);
    expect(slip).toMatch(/Objectives of its nominated type achieved/);
    expect(slip).toMatch(new RegExp(`${BOX}\\s+First Blood at the same time`));
    expect(slip).toMatch(new RegExp(`${BOX}\\s+First Blood`));
    expect(slip).not.toMatch(/First Strike/);
    expect(slip).not.toMatch(/Secondaries|Assassination/);
    for (const name of [...c.ids.keys()]) expect(slip, `slip line for ${name}`).toContain(name);
  }

  // ----- Vital Intelligence (Eternal War): Capture the Data and First Strike -----
  await print.choosePaper('A4');
  const vi = await planAndOpenKit(2, 'Vital Intelligence');
  const file = testInfo.outputPath('kit-club-8th-vital-intelligence-a4.pdf');
  await print.pdf(file);
  await keepArtefacts(testInfo, file);
  expect(pdfInfo(file).pages).toBeLessThanOrEqual(4);
  const text = pdfText(file);
  const plan = text.slice(0, text.indexOf('Post-game slip'));
  expect(plan).toMatch(words('5 to 7 battle rounds'));
  expect(plan).toMatch(words('Sudden Death is not in use in this mission'));
  for (const v of vi.club.victoryConditions) expect(plan, `victory condition ${v.name}`).toMatch(words(v.name));
  expect(plan).not.toMatch(/Tactical Objectives\s+—/);
  expect(plan).toMatch(/MISSION \(CHOSEN\) · ETERNAL WAR · 8TH-EDITION SUPPLEMENT/i);
  expect(text).not.toMatch(/7\s+turns/);
  const slip = text.slice(text.indexOf('Post-game slip'));
  expect(slip).toMatch(words('Victory points — Vital Intelligence'));
  expect(slip).toMatch(/Capture the Data VP/);
  expect(slip).toMatch(new RegExp(`First Strike\\s+—\\s+destroyed an enemy unit in the first battle round\\s+${BOX}\\s+${BOX}`));
  expect(slip).toMatch(words('Sudden Death is not in use: the victory points decide'));
  expect(slip).not.toMatch(/Tactical Objectives VP|nominated type|First Blood at the same time/);
  expect(slip).not.toMatch(/Secondaries|Assassination/);
  expect(pageErrors).toEqual([]);
});
