/**
 * Issue 31: the window's title names the screen. The renderer sets the page's title as each screen opens
 * (src-renderer/screen.ts setScreenTitle: "Herald — Autumn League — New game"; checked in browser mode by
 * e2e/keyboard.spec.ts and src-renderer/screen.test.ts); Chromium then tells Electron ('page-title-updated'), and
 * Electron's BrowserWindow takes the page's title as its own unless a listener prevents it.
 *
 * Here Herald's real built main bundle runs under the stand-in, which plays Electron's part of that chain as
 * Electron's own code does (electron-standin.ts, after lib/browser/api/browser-window.ts). What this proves: Herald's
 * main opens its window titled "Herald", prevents no title update (on the window or its web contents), and never sets
 * a title of its own over the page's — so each screen's title reaches the title bar, through a reload too. What it
 * cannot prove: that Chromium emits the event when document.title changes (Electron's, covered by the Electron e2e
 * project where the binary exists).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHerald, type Herald } from './test-support';

const running: Herald[] = [];
afterEach(async () => {
  for (const h of running.splice(0)) await h.kill();
});
async function start() {
  const h = await startHerald({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'herald-edge-title-')) });
  running.push(h);
  return h;
}

/** The page's title as screens change, as screen.ts writes it (the same words e2e/keyboard.spec.ts reads). */
const SCREENS = [
  'Herald — Campaigns',
  'Herald — Autumn League',
  'Herald — Autumn League — New game',
  'Herald — Autumn League — Game 2: Iron Wolves vs Da Boyz',
  'Herald — Backups and campaign files',
];

/** The page changed its <title>: what Chromium makes Electron emit on the window's web contents. */
async function pageTitle(h: Herald, title: string) {
  return h.webContentsEvent('page-title-updated', [title, true]);
}

describe('the window title follows the screen, at the Electron edge (issue 31)', () => {
  it('opens titled Herald, then takes each screen’s title as the page sets it; Herald prevents none and sets none of its own', async () => {
    const h = await start();
    const [win] = await h.windows();
    expect(win?.options.title).toBe('Herald');
    expect(win?.title).toBe('Herald');

    for (const title of SCREENS) {
      expect(await pageTitle(h, title), `“${title}” was prevented`).toEqual({ prevented: false });
      expect((await h.windows())[0]?.title).toBe(title);
    }
    // Every title the window had came from the page, in the order the screens opened: main set none over them.
    const set = (await h.records()).filter((r) => r.kind === 'window.setTitle').map((r) => (r.detail as { title: string }).title);
    expect(set).toEqual(SCREENS);
  });

  it('keeps following the page after a reload (a restore starts the page again) and after a second launch focuses the window', async () => {
    const h = await start();
    await pageTitle(h, 'Herald — Backups and campaign files');
    await h.webContentsEvent('did-finish-load');
    await h.secondInstance([]);
    expect((await h.windows())[0]?.title).toBe('Herald — Backups and campaign files');
    await pageTitle(h, 'Herald — Campaigns');
    expect((await h.windows())[0]?.title).toBe('Herald — Campaigns');
    expect((await h.windows()).filter((w) => !w.destroyed)).toHaveLength(1);
  });
});
