/**
 * Issue 31: every long action says what it is doing, in words, and ends with a message. Each action's request is held
 * at the network (browser mode's /api/invoke) until its words are seen — an event, never a timing — then let go; an
 * import's answer is held after main did the work, so the steps main reported (campaigns.importProgress) are on screen.
 */
import fs from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { BackupsPage } from './pages/BackupsPage';
import { HomePage } from './pages/HomePage';
import { playedCampaign } from './support/played-campaign';
import { holdEvents, wrapEventStream } from './support/held-events';

/** The next call of `channel` is held: `held` resolves with its route once the page has sent it. */
async function holdNext(page: Page, channel: string): Promise<{ held: Promise<Route> }> {
  let release!: (route: Route) => void;
  const held = new Promise<Route>((resolve) => (release = resolve));
  let taken = false;
  await page.route('**/api/invoke', async (route) => {
    const body = route.request().postDataJSON() as { channel?: string } | null;
    if (!taken && body?.channel === channel) {
      taken = true;
      release(route);
      return;
    }
    await route.fallback();
  });
  return { held };
}

/**
 * The next answer to `channel` is held after main has done the work: `done` resolves once main answered, and the
 * answer reaches the page only at `release()` — so the steps main reported on the way are on screen first.
 */
async function holdAnswer(page: Page, channel: string): Promise<{ done: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let answered!: () => void;
  const done = new Promise<void>((resolve) => (answered = resolve));
  await page.route('**/api/invoke', async (route) => {
    const body = route.request().postDataJSON() as { channel?: string } | null;
    if (body?.channel !== channel) return route.fallback();
    const response = await route.fetch();
    answered();
    await released;
    await route.fulfill({ response });
  });
  return { done, release };
}

const BRIDGE_ONLY = 'The requests are held at browser mode’s HTTP bridge; the Electron edge tests cover its IPC.';

test('Back up now and Restore say what they are doing, and end with a message', async ({ herald }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', BRIDGE_ONLY);
  const app = await herald.launch();
  const { page } = app;
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign('Siege of Vraks');
  const backups = new BackupsPage(page);
  await backups.open();

  const backup = await holdNext(page, 'backups.create');
  await page.getByRole('button', { name: 'Back up now' }).click();
  const route = await backup.held;
  const verified = page.locator('section', { has: page.getByRole('heading', { name: 'Verified backups' }) });
  await expect(page.getByRole('status')).toHaveText('Backing up: copying the campaign file, then reading the copy back to check it before it is kept…');
  await expect(verified).toHaveAttribute('aria-busy', 'true');
  await page.screenshot({ path: testInfo.outputPath('backing-up.png') });
  await route.continue();
  await expect(page.getByRole('status')).toContainText('Backed up (');
  await expect(backups.rows.first()).toContainText('Backed up by hand');

  const restore = await holdNext(page, 'backups.restore');
  await backups.restore(0);
  const restoring = await restore.held;
  await expect(page.getByRole('status')).toContainText('Restoring the backup of');
  await expect(page.getByRole('status')).toContainText('Herald starts again from it when it is done…');
  await restoring.continue();
  // The page starts again from the restored file and says so, once.
  await expect(page.getByRole('status')).toContainText('Restored the backup of');
  await expect(page.getByRole('heading', { name: 'Backups and campaign files', level: 1 })).toBeVisible();
});

test('Back up now shows the steps main reports (backups.progress), then ends with a message', async ({ herald }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', BRIDGE_ONLY);
  const app = await herald.launch();
  const { page } = app;
  await playedCampaign(page, 'Vraks');
  const backups = new BackupsPage(page);
  await backups.open();
  // Main takes the whole backup; its answer is held until the last step it reported is on screen.
  const { done, release: answer } = await holdAnswer(page, 'backups.create');
  await page.getByRole('button', { name: 'Back up now' }).click();
  await done;
  const verified = page.locator('section', { has: page.getByRole('heading', { name: 'Verified backups' }) });
  const status = verified.getByRole('status');
  await expect(status).toContainText('Step 4 of 4. Backing up: reading the backup back and checking it before it is kept…');
  await expect(verified.getByRole('progressbar', { name: 'Backup progress' })).toHaveAttribute('value', '4');
  await page.screenshot({ path: testInfo.outputPath('backup-steps.png') });
  answer();
  await expect(status).toContainText('Backed up (');
  await expect(verified.getByRole('progressbar')).toHaveCount(0);
});

test('a whole-file restore shows each step main reports, one after another, then starts again and says so', async ({ herald }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', BRIDGE_ONLY);
  const app = await herald.launch();
  const { page } = app;
  await playedCampaign(page, 'Vraks');
  await wrapEventStream(page);
  await page.reload();
  const backups = new BackupsPage(page);
  await backups.open();
  await backups.backUpNow();
  const verified = page.locator('section', { has: page.getByRole('heading', { name: 'Verified backups' }) });
  const status = verified.getByRole('status');
  // Each of main's steps waits at the window until the screen has been looked at (held-events.ts), and so does the
  // answer and the page's start again (app.restored).
  const held = await holdEvents(page, /^(backups\.progress|app\.restored)$/);
  const { release: answer } = await holdAnswer(page, 'backups.restore');
  await backups.restore(0);
  await expect(status).toContainText('Restoring the backup of');
  const steps = [
    /Step 1 of 4\. Restoring: checking the chosen backup \([\d.]+ [KM]B\) against its checksum…$/,
    /Step 2 of 4\. Restoring: unpacking the campaign file inside the chosen backup \([\d.]+ [KM]B\) and checking it is the one the backup was made from…$/,
    /Step 3 of 4\. Restoring: backing up the campaign file as it is now \([\d.]+ [KM]B\) first, so this restore can be undone…$/,
    /Step 4 of 4\. Restoring: putting the backup in place of the campaign file\. Herald starts again from it when it is done…$/,
  ];
  for (const [i, words] of steps.entries()) {
    expect(await held.next()).toBe('backups.progress');
    await expect(status).toHaveText(words);
    await expect(verified.getByRole('progressbar', { name: 'Restore progress' })).toHaveAttribute('value', String(i + 1));
    await expect(verified).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('button', { name: 'Back up now' })).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath(`restore-step-${i + 1}.png`) });
  }
  answer();
  // The page starts again from the restored file and says so, once.
  await expect(page.getByRole('status')).toContainText('Restored the backup of');
  await expect(page.getByRole('heading', { name: 'Backups and campaign files', level: 1 })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('restore-ended.png') });
});

test('restoring one campaign shows each step main reports, then says it is back', async ({ herald }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', BRIDGE_ONLY);
  const app = await herald.launch();
  const { page } = app;
  await playedCampaign(page, 'Vraks');
  await wrapEventStream(page);
  await page.reload();
  const backups = new BackupsPage(page);
  await backups.open();
  await backups.backUpNow();
  await backups.rows
    .first()
    .getByRole('button', { name: /^Restore one campaign from the backup of/ })
    .click();
  const group = page.getByRole('group', { name: /^Restore one campaign from the backup of/ });
  await group.getByRole('button', { name: 'Restore only Vraks…' }).click();
  const held = await holdEvents(page, /^backups\.progress$/);
  const { release: answer } = await holdAnswer(page, 'backups.restoreCampaign');
  await group.getByRole('button', { name: 'Restore Vraks' }).click();
  const status = group.getByRole('status');
  const steps = [
    'Step 1 of 4. Restoring Vraks: reading it out of the backup…',
    'Step 2 of 4. Restoring Vraks: checking game 1 of 1 as the screens would…',
    'Step 3 of 4. Restoring Vraks: backing up this laptop first, so this can be undone…',
    'Step 4 of 4. Restoring Vraks: putting it in place of the campaign as it is now, and replaying its history…',
  ];
  for (const [i, words] of steps.entries()) {
    await held.next();
    await expect(status).toHaveText(words);
    await expect(group.getByRole('progressbar', { name: 'Restore progress' })).toHaveAttribute('value', String(i + 1));
    await expect(group).toHaveAttribute('aria-busy', 'true');
    await page.screenshot({ path: testInfo.outputPath(`restore-one-step-${i + 1}.png`) });
  }
  await held.stop();
  answer();
  await expect(status).toContainText('Vraks is back as it was on');
  await expect(group).toHaveAttribute('aria-busy', 'false');
  await page.screenshot({ path: testInfo.outputPath('restore-one-ended.png') });
});

test('restoring one campaign and handing one over say what they are doing, and end with a message', async ({ herald }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', BRIDGE_ONLY);
  const app = await herald.launch();
  const { page } = app;
  await playedCampaign(page, 'Vraks');
  const backups = new BackupsPage(page);
  await backups.open();
  await backups.backUpNow();

  await backups.rows
    .first()
    .getByRole('button', { name: /^Restore one campaign from the backup of/ })
    .click();
  const group = page.getByRole('group', { name: /^Restore one campaign from the backup of/ });
  await group.getByRole('button', { name: 'Restore only Vraks…' }).click();
  const one = await holdNext(page, 'backups.restoreCampaign');
  await group.getByRole('button', { name: 'Restore Vraks' }).click();
  const held = await one.held;
  await expect(group.getByRole('status')).toContainText('Restoring Vraks from the backup of');
  await expect(group).toHaveAttribute('aria-busy', 'true');
  await held.continue();
  await expect(group.getByRole('status')).toContainText('Vraks is back as it was on');
  await expect(group).toHaveAttribute('aria-busy', 'false');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await page.getByRole('link', { name: 'Vraks' }).click();
  await page.getByRole('button', { name: 'Hand over or send back to another laptop…' }).click();
  await page.getByLabel('Hand over to').fill('Marta’s laptop');
  const handOver = await holdNext(page, 'campaigns.handOver');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Hand over and save the file' }).click();
  const handing = await handOver.held;
  await expect(page.getByRole('form', { name: 'Hand over' }).getByRole('status')).toHaveText('Handing Vraks over: packing the campaign file…');
  await handing.continue();
  await download;
  await expect(page.getByText(/^Downloaded Vraks-.*\.herald-campaign\. Import it on the other laptop/)).toBeVisible();
});

test('an import shows the steps main reports, with what the file holds, then ends with a message', async ({ herald }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', BRIDGE_ONLY);
  const first = await herald.launch();
  await playedCampaign(first.page, 'Vraks');
  const exporter = new BackupsPage(first.page);
  await exporter.open();
  const download = await exporter.exportCampaign('Vraks');
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  const second = await herald.launch();
  const page = second.page;
  await new HomePage(page).waitUntilReady();
  const backups = new BackupsPage(page);
  await backups.open();
  // Main does the whole import; its answer is held until the last step it reported is on screen.
  const { done: stepSeen, release: answer } = await holdAnswer(page, 'campaigns.importFile');
  await backups.importCampaign(download.suggestedFilename(), fs.readFileSync(file));
  await stepSeen;
  const files = page.locator('section', { has: page.getByRole('heading', { name: 'Campaign files' }) });
  const status = files.getByRole('status');
  await expect(status).toContainText('Step 3 of 3.');
  // The writing's last part, after its counts (the game stored, its entries, the replay: issues 29, 31).
  await expect(status).toContainText(
    `Importing ${download.suggestedFilename()}: history replayed; checking every roster against it and working out the standings…`,
  );
  await expect(files.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '3');
  await page.screenshot({ path: testInfo.outputPath('importing.png') });
  answer();
  await expect(status).toContainText('Imported Vraks.');
});

test('the campaign pack’s preview counts its teams as they are laid out, then offers Save as PDF', async ({ herald }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', BRIDGE_ONLY);
  const app = await herald.launch();
  const { page } = app;
  const played = await playedCampaign(page, 'Vraks');
  // The first team's sheet is held at the network: the other one arrives, and the toolbar says how far it is.
  const first = await holdNext(page, 'teams.get');
  await page.evaluate((h) => (location.hash = h), `#/print/pack/${played.campaignId}?paper=a4`);
  const held = await first.held;
  const toolbar = page.getByRole('toolbar', { name: 'Print preview' });
  await expect(toolbar.getByRole('status')).toHaveText('Laying out team 2 of 2…');
  await expect(toolbar.getByRole('button', { name: 'Save as PDF' })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('pack-laying-out.png') });
  await held.continue();
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', '1');
  await expect(toolbar.getByRole('status')).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: 'Save as PDF' })).toBeEnabled();
});
