/**
 * Issue 22: the Club Wi-Fi view. The organiser switches it on (on loopback: tests never listen on a network address),
 * and a phone — Chromium with Playwright's Pixel 7 emulation at 390 px wide, then an iPhone 13's — opens the link shown, on
 * the real LAN listener: standings, a roster, a model's history, tonight's game, the games and the bulletin. Each page
 * is screenshotted (kept with the test's results), fits the width, and has no control that could change anything.
 *
 * The campaign is set up through the bridge API (what matters here is the phone's view of it, not how it was typed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { devices, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { invoke } from './support/invoke';

/** A campaign with two founded teams, one game played and one set up for tonight. */
async function setUpCampaign(page: Page) {
  const campaign = await invoke(page, 'campaigns.create', { name: 'Autumn League' });
  const lists = await invoke(page, 'teamLists.list', {});
  const listId = (key: string) => lists.find((l) => l.listKey === key)!.id;
  const alice = await invoke(page, 'players.create', { campaignId: campaign.id, name: 'Alice' });
  const bob = await invoke(page, 'players.create', { campaignId: campaign.id, name: 'Bob' });
  const model = (id: string, entryId: string, name: string, options: Record<string, number> = {}) => ({
    id,
    entryId,
    name,
    options,
    armoury: [],
    grenades: {},
  });
  const wolves = await invoke(page, 'teams.create', {
    campaignId: campaign.id,
    playerId: alice.id,
    teamListId: listId('space-marines-sample'),
    name: 'Iron Wolves of Fenris',
  });
  const orks = await invoke(page, 'teams.create', { campaignId: campaign.id, playerId: bob.id, teamListId: listId('orks-sample'), name: 'Da Krumpas' });
  await invoke(page, 'teams.saveDraft', {
    id: wolves.team.id,
    roster: {
      models: [
        model('sm-1', 'sergeant', 'Sergeant Tarkus', { 'power-sword': 1 }),
        model('sm-2', 'veteran', 'Brother Kaelen', { 'plasma-gun': 1 }),
        ...['Cato', 'Varro', 'Lucan'].map((n, i) => model(`sm-${i + 3}`, 'tactical-marine', `Brother ${n}`)),
      ],
    },
  });
  await invoke(page, 'teams.saveDraft', {
    id: orks.team.id,
    roster: {
      models: [
        model('ork-1', 'boss-nob', 'Gorbag'),
        model('ork-2', 'burna-boy', 'Skorcha'),
        ...['Grub', 'Snik', 'Mek', 'Zog'].map((n, i) => model(`ork-${i + 3}`, 'boy', n)),
      ],
    },
  });
  await invoke(page, 'teams.found', { id: wolves.team.id });
  await invoke(page, 'teams.found', { id: orks.team.id });
  const played = await invoke(page, 'games.create', { campaignId: campaign.id, teamA: wolves.team.id, teamB: orks.team.id, mission: 'relic-hunt' });
  await invoke(page, 'games.saveDraft', { id: played.game.id, draft: { ...played.draft, step: 'review' } });
  await invoke(page, 'games.commit', { id: played.game.id });
  await invoke(page, 'games.create', { campaignId: campaign.id, teamA: orks.team.id, teamB: wolves.team.id, mission: 'skirmish' });
  return { campaign };
}

/** Nothing on a phone page can change the campaign: no field, no form, and no button but Refresh and Back. */
async function expectReadOnly(phone: Page) {
  await expect(phone.locator('input, textarea, select, form, [contenteditable="true"]')).toHaveCount(0);
  const buttons = await phone.getByRole('button').allInnerTexts();
  expect(
    buttons.every((b) => /^(Refresh|Refreshing…|‹ Back)$/.test(b.trim())),
    buttons.join(', '),
  ).toBe(true);
}

async function expectFitsWidth(phone: Page) {
  const { scroll, width } = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(width);
}

test('players follow the campaign on their phones over the Club Wi-Fi view, read-only', async ({ herald, browser }, testInfo) => {
  test.skip(
    testInfo.project.name === 'electron',
    'The phone side is Chromium with mobile emulation against the same core listener; the browser project covers it.',
  );
  const app = await herald.launch();
  const page = app.page;
  await expect(page.getByRole('link', { name: 'Club Wi-Fi' })).toBeVisible();
  await setUpCampaign(page);

  // The organiser switches it on, on this laptop only (a test never listens on a network address).
  await page.getByRole('link', { name: 'Club Wi-Fi' }).click();
  await expect(page.getByRole('heading', { name: 'Club Wi-Fi view', level: 1 })).toBeVisible();
  await expect(page.getByText(/Windows asks whether Herald may use the network/)).toBeVisible();
  await page.getByLabel('Network').selectOption({ label: 'This laptop only — 127.0.0.1' });
  await page.getByRole('button', { name: 'Switch on' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the Club Wi-Fi link' })).toBeVisible();
  const shortLink = (await page.getByTestId('lan-link').innerText()).trim();
  expect(shortLink).toMatch(/^127\.0\.0\.1:\d+\/#[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  await page.screenshot({ path: testInfo.outputPath('organiser-club-wifi.png') });

  // A phone types the short link.
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  const shots: string[] = [];
  const look = async (name: string) => {
    await expectFitsWidth(phone);
    await expectReadOnly(phone);
    const file = testInfo.outputPath(`phone-${name}.png`);
    await phone.screenshot({ path: file, fullPage: true });
    shots.push(file);
  };
  await phone.goto(`http://${shortLink}`);

  // The one campaign opens at once: tonight's game and the standings.
  await expect(phone.getByRole('heading', { name: 'Autumn League', level: 1 })).toBeVisible();
  await expect(phone.getByRole('table', { name: 'Standings', exact: true })).toContainText('Iron Wolves of Fenris');
  await expect(phone.getByRole('table', { name: 'Standings', exact: true })).toContainText('Da Krumpas');
  await expect(phone.getByRole('heading', { name: 'Tonight’s games' })).toBeVisible();
  await look('standings');
  // Exactly the phone page's own files (issue 28): the desktop app's entry script is not served to a phone.
  const desktopScript = /assets\/index-[^"]+\.js/.exec(fs.readFileSync(path.resolve('dist/renderer/index.html'), 'utf8'))?.[0];
  expect(desktopScript).toBeTruthy();
  expect((await phone.request.get(`http://${shortLink.split('/')[0]}/${desktopScript}`)).status()).toBe(404);

  // Tonight's game plan.
  await phone.getByRole('link', { name: /Da Krumpas v Iron Wolves of Fenris/ }).click();
  await expect(phone.getByRole('heading', { name: 'The plan' })).toBeVisible();
  await expect(phone.getByText('Skirmish', { exact: false }).first()).toBeVisible();
  await look('tonight');
  await phone.getByRole('button', { name: '‹ Back' }).click();

  // A team's roster sheet, then a model's history.
  await phone.getByRole('table', { name: 'Standings', exact: true }).getByRole('link', { name: 'Iron Wolves of Fenris' }).click();
  await expect(phone.getByRole('heading', { name: 'Iron Wolves of Fenris', level: 1 })).toBeVisible();
  await expect(phone.getByRole('list', { name: 'Models' })).toContainText('Brother Kaelen');
  await look('roster');
  await phone.getByRole('link', { name: 'Brother Kaelen' }).click();
  await expect(phone.getByRole('heading', { name: 'Brother Kaelen', level: 1 })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(phone.locator('.figures')).toContainText(/Games\s*1/);
  await look('model');

  // The games and their results, and the bulletin.
  await phone.getByRole('link', { name: 'Back to the team' }).click();
  await phone.getByRole('link', { name: 'Autumn League' }).click();
  await phone.getByRole('link', { name: 'Games', exact: true }).click();
  await expect(phone.getByRole('heading', { name: 'Games', level: 1 })).toBeVisible();
  await expect(phone.getByText(/won, \d+–\d+|Draw, \d+–\d+/)).toBeVisible();
  await expect(phone.getByText('Set up, not played yet')).toBeVisible();
  await look('games');
  await phone.getByRole('link', { name: 'Autumn League' }).click();
  await phone.getByRole('link', { name: 'Bulletin', exact: true }).click();
  await expect(phone.getByRole('heading', { name: 'Bulletin', level: 1 })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Latest games' })).toBeVisible();
  await look('bulletin');

  // The organiser's indicator counts the phone.
  await expect(page.getByTestId('club-wifi-link')).toHaveText(/Club Wi-Fi on · 1 device\b/);
  await expect(page.getByText('1 device looking (in the last minute)')).toBeVisible();

  // An iPhone's screen too (its viewport, touch and user agent, in Chromium): a roster fits, read-only.
  const iphoneContext = await browser.newContext({ ...devices['iPhone 13'] });
  const iphone = await iphoneContext.newPage();
  await iphone.goto(`http://${shortLink}`);
  await iphone.getByRole('table', { name: 'Standings', exact: true }).getByRole('link', { name: 'Da Krumpas' }).click();
  await expect(iphone.getByRole('list', { name: 'Models' })).toContainText('Gorbag');
  await expectFitsWidth(iphone);
  await expectReadOnly(iphone);
  await iphone.screenshot({ path: testInfo.outputPath('iphone-roster.png'), fullPage: true });
  shots.push(testInfo.outputPath('iphone-roster.png'));
  await iphoneContext.close();

  // Switched off: the phone's link stops working (a fresh token next time: src-main/lan/server.test.ts).
  await page.getByRole('button', { name: 'Switch off' }).click();
  await expect(page.getByRole('button', { name: 'Switch on' })).toBeVisible();
  await expect(page.getByTestId('club-wifi-link')).toHaveText('Club Wi-Fi');
  await phone.getByRole('button', { name: 'Refresh' }).click();
  await expect(phone.getByRole('alert')).toContainText('not answering');
  await context.close();
  for (const file of shots) await testInfo.attach(file.split(/[\\/]/).pop()!, { path: file, contentType: 'image/png' });
});
