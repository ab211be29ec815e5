/**
 * One fixture, two shells. `herald.launch()` opens Herald on a fresh data folder and returns its page:
 * in the `browser` project, the real browser-mode server in Chromium; in the `electron` project, the real Electron
 * app through _electron.launch(). Specs and page objects don't know which one they drive.
 */
import { test as base, _electron, type Browser, type BrowserContext, type ElectronApplication, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBrowserServer, type RunningServer } from './support/browser-server';
import { electronBinary } from '../scripts/electron-binary.mjs';

export interface HeraldApp {
  page: Page;
  dataDir: string;
  /** The Electron application (electron project only): its main process, e.g. to answer main's dialogs. */
  electronApp?: ElectronApplication;
  /** Quit and start again on the same data folder (the campaign file must survive). */
  restart(): Promise<void>;
  /** Another window/tab on the same running app (browser mode only). */
  openSecondWindow(): Promise<Page>;
  close(): Promise<void>;
}

interface Fixtures {
  herald: { launch(dataDir?: string): Promise<HeraldApp> };
}

interface WorkerFixtures {
  /** The worker's one Chromium, launched on first use (the electron project never asks for it). */
  chromiumOnce: () => Promise<Browser>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // One Chromium per worker, not per test: launching and closing it took 5-7 s a test on a loaded 2-core machine.
  // Each test still gets a browser context of its own (its own storage and session token), closed after it.
  chromiumOnce: [
    async ({ playwright, launchOptions }, use) => {
      let browser: Promise<Browser> | undefined;
      await use(() => (browser ??= playwright.chromium.launch(launchOptions)));
      if (browser) await (await browser).close();
    },
    { scope: 'worker' },
  ],
  herald: async ({ chromiumOnce }, use, testInfo) => {
    const opened: HeraldApp[] = [];
    const contexts: BrowserContext[] = [];
    const isElectron = testInfo.project.name === 'electron';
    if (isElectron) {
      const bin = electronBinary();
      test.skip('missing' in bin, 'missing' in bin ? `Electron is not installed here: ${bin.missing}. The browser project covers the same flows.` : '');
    }

    // The data folders made here are removed after a passed test (a failed one's is kept to look at).
    const made: string[] = [];
    const launch = async (given?: string): Promise<HeraldApp> => {
      const dataDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'herald-e2e-'));
      if (!given) made.push(dataDir);
      if (isElectron) {
        const start = async () => {
          // The project folder: Electron reads package.json's main (dist/main/index.cjs), as npm start does.
          const app = await _electron.launch({ args: [process.cwd(), '--data-dir', dataDir] });
          return { app, page: await app.firstWindow() };
        };
        let current = await start();
        const handle: HeraldApp = {
          get page() {
            return current.page;
          },
          get electronApp() {
            return current.app;
          },
          dataDir,
          async restart() {
            await current.app.close();
            current = await start();
          },
          async openSecondWindow() {
            throw new Error('Herald has one window in Electron.');
          },
          close: () => current.app.close(),
        };
        opened.push(handle);
        return handle;
      }

      // The server's start (about 1 s on a quiet machine) and the new context and page (about 1 s more, in Chromium)
      // need nothing from each other: side by side. Their times, and the first load's, go into the test's
      // annotations (the JSON report's "launch"), so a slow start shows where it went.
      const t0 = performance.now();
      const since = (t: number) => `${Math.round(performance.now() - t)} ms`;
      let serverTime = '';
      let pageTime = '';
      const [serverStart, pageStart] = await Promise.allSettled([
        startBrowserServer(dataDir).then((s) => ((serverTime = since(t0)), s)),
        (async () => {
          const context = await (await chromiumOnce()).newContext();
          contexts.push(context);
          const p = await context.newPage();
          pageTime = since(t0);
          return p;
        })(),
      ]);
      if (pageStart.status === 'rejected') {
        if (serverStart.status === 'fulfilled') await serverStart.value.stop();
        throw pageStart.reason;
      }
      if (serverStart.status === 'rejected') throw serverStart.reason;
      let server: RunningServer = serverStart.value;
      const page = pageStart.value;
      const context = page.context();
      const t1 = performance.now();
      await page.goto(server.url);
      testInfo.annotations.push({ type: 'launch', description: `server ${serverTime}, context and page ${pageTime}, first load ${since(t1)}` });
      const handle: HeraldApp = {
        page,
        dataDir,
        async restart() {
          await server.stop();
          server = await startBrowserServer(dataDir);
          await page.goto(server.url);
        },
        async openSecondWindow() {
          const second = await context.newPage();
          await second.goto(server.url);
          return second;
        },
        close: () => server.stop(),
      };
      opened.push(handle);
      return handle;
    };

    await use({ launch });
    for (const app of opened) await app.close().catch(() => {});
    for (const context of contexts) await context.close().catch(() => {});
    if (testInfo.status === testInfo.expectedStatus) for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
