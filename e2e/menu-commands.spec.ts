/**
 * Issue 15: the desktop File menu's commands as the page runs them (desktop/MenuCommands.svelte). Main sends them as
 * `menu.command` events (src-main/electron/edge-desktop.test.ts proves that); here, in browser mode, the same events
 * reach the real page through its event stream, so the page's handling is tested without Electron: what it does on
 * the screen it is on, and what it says when nothing fitting is on screen.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { HomePage } from './pages/HomePage';
import { PrintPage } from './pages/PrintPage';

test.beforeEach(({}, testInfo) => {
  test.skip(
    testInfo.project.name === 'electron',
    'The desktop app gets these events from its real menu over IPC, which this spec stands in for through browser mode’s event stream.',
  );
});

/**
 * Reload the page and deliver `event` once `ready` shows (then the real stream again). The page's first event stream
 * after the reload is ended at once; its reconnect (half a second later) is held until the screen is up, so the event
 * never reaches a page whose listeners are not there yet, as a real menu click never does.
 */
async function reloadWithMenuEvent(page: Page, event: string, payload: object, ready: Locator) {
  let requests = 0;
  let release!: () => void;
  const shown = new Promise<void>((resolve) => (release = resolve));
  const stream = (body: string) => ({ status: 200, headers: { 'content-type': 'text/event-stream' }, body });
  await page.route('**/api/events', async (route) => {
    requests += 1;
    if (requests === 1) return route.fulfill(stream(''));
    if (requests > 2) return route.fallback();
    await shown;
    await route.fulfill(stream(`data: ${JSON.stringify({ event, payload })}\n\n`));
  });
  await page.reload();
  await expect(ready).toBeVisible();
  release();
}

const message = (page: Page) => page.getByRole('status', { name: 'Message' }).or(page.getByRole('alert', { name: 'Message' }));

test('Print… on a campaign opens its bulletin’s print preview and prints it', async ({ herald }) => {
  const app = await herald.launch();
  const home = new HomePage(app.page);
  await home.waitUntilReady();
  await home.createCampaign('Siege of Vraks');
  await app.page.getByRole('link', { name: 'Siege of Vraks' }).click();
  await expect(app.page.getByRole('heading', { name: 'Siege of Vraks', level: 1 })).toBeVisible();
  const campaignHash = await app.page.evaluate<string>('location.hash');

  // Browser mode prints with the browser's own dialog (window.print); count the calls instead of opening it.
  await app.page.addInitScript('window.__printed = 0; window.print = () => { window.__printed += 1; };');
  await reloadWithMenuEvent(app.page, 'menu.command', { command: 'print' }, app.page.getByRole('heading', { name: 'Siege of Vraks', level: 1 }));
  const print = new PrintPage(app.page);
  await print.waitUntilReady();
  expect(await app.page.evaluate<string>('location.hash')).toBe(`${campaignHash.replace('#/campaigns/', '#/print/bulletin/')}?paper=a4`);
  await expect(print.sheet('Campaign bulletin')).toBeVisible();
  await expect.poll(() => app.page.evaluate<number>('window.__printed')).toBe(1);
});

test('Export campaign… and Print… with nothing to act on say what to open first', async ({ herald }) => {
  const app = await herald.launch();
  const home = new HomePage(app.page);
  await home.waitUntilReady();

  await reloadWithMenuEvent(app.page, 'menu.command', { command: 'exportCampaign' }, home.heading);
  await expect(message(app.page)).toHaveRole('alert');
  await expect(message(app.page)).toContainText('Open the campaign to export first');

  await app.page.unrouteAll();
  await reloadWithMenuEvent(app.page, 'menu.command', { command: 'print' }, home.heading);
  await expect(message(app.page)).toContainText('Open a team, a game or a campaign first: Print… prints its roster sheet, game-night kit or bulletin.');
  await expect(home.heading).toBeVisible();
});

test('New campaign… on another screen goes to the home screen’s form', async ({ herald }) => {
  const app = await herald.launch();
  const home = new HomePage(app.page);
  await home.waitUntilReady();
  await app.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team lists' }).click();
  await expect(app.page.getByRole('heading', { name: 'Team lists', level: 1 })).toBeVisible();

  await reloadWithMenuEvent(app.page, 'menu.newCampaign', {}, app.page.getByRole('heading', { name: 'Team lists', level: 1 }));
  await home.waitUntilReady();
  await expect(home.nameInput).toBeFocused();
});

test('Hand over… on a campaign opens its hand-over form (issue 22)', async ({ herald }) => {
  const app = await herald.launch();
  const home = new HomePage(app.page);
  await home.waitUntilReady();
  await home.createCampaign('Siege of Vraks');
  await app.page.getByRole('link', { name: 'Siege of Vraks' }).click();
  const heading = app.page.getByRole('heading', { name: 'Siege of Vraks', level: 1 });
  await expect(heading).toBeVisible();
  await reloadWithMenuEvent(app.page, 'menu.command', { command: 'handOver' }, heading);
  await expect(app.page.getByLabel('Hand over to')).toBeVisible();
  await expect(app.page.getByRole('button', { name: 'Hand over and save the file' })).toBeDisabled();
});
