/**
 * What only Electron itself can show (issue 15), where its binary is installed: the real sandboxed renderer in the
 * window reaches main (the sender check accepts Herald's own page), sees nothing of main but `invoke` and `on`, has no
 * Node, survives a reload, and print.pdf makes a real PDF with Chromium's printToPDF. Herald's wiring of Electron
 * (options, guards, the app:// handler, quit) is checked on every machine by src-main/electron/edge.test.ts.
 */
import fs from 'node:fs';
import { expect, test } from './fixtures';

const ELECTRON_ONLY = 'Electron only: browser mode has no preload and no printToPDF (src-main/electron/edge.test.ts covers the wiring everywhere).';
const call = (channel: string, input: unknown) => `globalThis.herald.invoke(${JSON.stringify(channel)}, ${JSON.stringify(input)})`;

test('the real renderer reaches main, sees only invoke and on, has no Node, and is still answered after a reload', async ({ herald }, testInfo) => {
  test.skip(testInfo.project.name !== 'electron', ELECTRON_ONLY);
  const { page } = await herald.launch();
  expect(page.url()).toMatch(/^app:\/\/herald\/index\.html/);
  expect(await page.evaluate('Object.keys(globalThis.herald).sort()')).toEqual(['invoke', 'on']);
  expect(await page.evaluate('[typeof require, typeof process, typeof module, typeof Buffer]')).toEqual(['undefined', 'undefined', 'undefined', 'undefined']);
  expect(await page.evaluate(call('app.info', {}))).toMatchObject({ ok: true, value: { mode: 'electron' } });
  // The Reload button and the reload after a restore navigate to Herald's own page: not cancelled, still answered.
  await page.reload();
  expect(page.url()).toMatch(/^app:\/\/herald\//);
  expect(await page.evaluate(call('campaigns.list', {}))).toMatchObject({ ok: true });
});

test('print.pdf renders the print route with printToPDF and saves it where the save dialog says', async ({ herald }, testInfo) => {
  test.skip(testInfo.project.name !== 'electron', ELECTRON_ONLY);
  const app = await herald.launch();
  const target = testInfo.outputPath('Vraks bulletin.pdf');
  // Main's save dialog, answered in main (a test cannot click a native dialog).
  await app.electronApp?.evaluate(({ dialog }, file) => {
    dialog.showSaveDialog = (async () => ({ canceled: false, filePath: file })) as unknown as typeof dialog.showSaveDialog;
  }, target);
  const created = (await app.page.evaluate(call('campaigns.create', { name: 'Vraks' }))) as { ok: true; value: { id: string } };
  const printed = await app.page.evaluate(call('print.pdf', { kind: 'bulletin', id: created.value.id, paper: 'a4', fileName: 'Vraks bulletin' }));
  expect(printed).toMatchObject({ ok: true, value: { outcome: 'saved', path: target } });
  expect((printed as { value: { pages: number } }).value.pages).toBeGreaterThanOrEqual(1);
  expect(fs.readFileSync(target).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
