/**
 * Issue 31, the window's side of the Electron edge, in browser mode: dark mode from the system (the same tokens in
 * dark, text kept at 4.5:1 — axe's colour-contrast rule on the main screens — while the print pages stay black on
 * white), spellcheck asked for in battle reports and left off names, Print… and Save as PDF on the print preview
 * (browser mode: both end in the browser's print dialog), and an error in the window written to the log file.
 */
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PrintPage } from './pages/PrintPage';
import { playedCampaign } from './support/played-campaign';

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'Browser mode drives the page here; src-main/electron/edge-care.test.ts covers main’s side.');
});

const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
const colour = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).color);

/** axe's colour-contrast rule only (the other rules do not change with the theme; e2e/accessibility.spec.ts runs them). */
async function contrastProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`));
}

test('dark mode follows the system: dark tokens with readable text on the screens, light print pages', async ({ herald }, testInfo) => {
  const { page } = await herald.launch();
  const played = await playedCampaign(page, 'Vraks');
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await background(page, 'html')).toBe('rgb(246, 243, 238)');

  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await background(page, 'html')).toBe('rgb(27, 25, 23)');
  expect(await colour(page, 'html')).toBe('rgb(236, 230, 221)');
  // The bar stays deep red with white words.
  expect(await background(page, '.app-bar')).toBe('rgb(92, 26, 26)');
  expect(await colour(page, '.app-bar a')).toBe('rgb(255, 255, 255)');

  const screens: [string, string, RegExp][] = [
    ['campaign', `#/campaigns/${played.campaignId}`, /^Vraks$/],
    ['team', `#/teams/${played.marines}`, /Iron Wolves/],
    ['game', `#/games/${played.gameId}`, /^Game 1:/],
    ['home', '#/', /^Campaigns$/],
  ];
  for (const [name, hash, heading] of screens) {
    await page.evaluate((h) => (location.hash = h), hash);
    await expect(page.getByRole('heading', { name: heading, level: 1 }).first()).toBeVisible();
    const shot = testInfo.outputPath(`dark-${name}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach(`dark-${name}.png`, { path: shot, contentType: 'image/png' });
    expect.soft(await contrastProblems(page), `colour contrast in dark on the ${name} screen`).toEqual([]);
  }

  // The print preview's sheets stay black on white, whatever the system.
  await page.evaluate((h) => (location.hash = h), `#/print/bulletin/${played.campaignId}?paper=a4`);
  const print = new PrintPage(page);
  await print.waitUntilReady();
  expect(await background(page, '.sheet')).toBe('rgb(255, 255, 255)');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ink').trim())).toBe('#1d1a17');
});

test('spellcheck in the battle report, not in names; Print… and Save as PDF both reach the browser’s print dialog', async ({ herald }) => {
  const { page } = await herald.launch();
  const played = await playedCampaign(page, 'Vraks');
  await page.evaluate((h) => (location.hash = h), `#/games/${played.gameId}`);
  const report = page.getByRole('region', { name: 'Battle report' });
  await report.getByRole('button', { name: 'Write a battle report' }).click();
  expect(await report.getByLabel('Battle report').evaluate((el: HTMLTextAreaElement) => el.spellcheck)).toBe(true);
  await page.evaluate((h) => (location.hash = h), '#/');
  const name = page.getByRole('textbox').first();
  await expect(name).toBeVisible();
  expect(await name.evaluate((el: HTMLInputElement) => el.spellcheck)).toBe(false);

  await page.evaluate('window.__printed = 0; window.print = () => { window.__printed += 1; };');
  await page.evaluate((h) => (location.hash = h), `#/print/pack/${played.campaignId}?paper=a4`);
  const print = new PrintPage(page);
  await print.waitUntilReady();
  await print.printButton.click();
  await expect.poll(() => page.evaluate<number>('window.__printed')).toBe(1);
  await print.savePdfButton.click();
  await expect.poll(() => page.evaluate<number>('window.__printed')).toBe(2);
});

test('an error in the window reaches the log file, and a loop of them does not flood it', async ({ herald }) => {
  const app = await herald.launch();
  await expect(app.page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const log = path.join(app.dataDir, 'logs', 'herald.log');
  const read = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '');
  await app.page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Edge of the window: a bug');
    });
  });
  await expect.poll(read).toMatch(/Error in the window( on \S*)?: Edge of the window: a bug/);
  await app.page.evaluate(() => {
    for (let i = 0; i < 40; i++) void Promise.reject(new Error(`Loop ${i}`));
  });
  await expect.poll(read).toMatch(/Unhandled rejection in the window( on \S*)?: Loop \d+/);
  // Main writes ten a minute at most (the bug and nine of the loop): the loop's other 31 are counted, not written.
  await expect.poll(() => read().match(/in the window/g)?.length).toBe(10);
  expect(read().match(/in the window/g)!.length).toBe(10);
});
