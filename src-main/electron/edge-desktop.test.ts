/**
 * The desktop features of issue 15 at the Electron edge: Herald's real built main bundle (dist/main/index.cjs, the
 * launcher, and the app bundle it loads) under the recording stand-in for Electron (test-support). It proves
 * Herald's wiring — the menus it builds and what their items do, the right-click menu it pops, the window bounds it
 * asks for and saves, the log it writes — not Electron itself (that the OS shows the menu, that Chromium's roles cut
 * and paste); the Electron e2e project covers that where the binary exists.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IPC_EVENT } from '../../shared/ipc/bridge';
import { startHerald, TOP, type Herald, type HeraldRecord, type MenuItemInfo } from './test-support';

const running: Herald[] = [];
afterEach(async () => {
  for (const h of running.splice(0)) await h.kill();
});
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'herald-edge-desktop-'));
async function start(options: Parameters<typeof startHerald>[0]) {
  const h = await startHerald(options);
  running.push(h);
  return h;
}

/** Poll the stand-in's records until one satisfies `found` (the menu's work is asynchronous). */
async function waitForRecord(h: Herald, found: (r: HeraldRecord) => boolean): Promise<HeraldRecord> {
  for (let i = 0; i < 200; i++) {
    const hit = (await h.records()).find(found);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`Never recorded. Records: ${JSON.stringify((await h.records()).map((r) => r.kind))}\n${h.output()}`);
}
const sentEvents = async (h: Herald) =>
  (await h.records())
    .filter((r) => r.kind === 'webContents.send' && (r.detail as { channel: string }).channel === IPC_EVENT)
    .map((r) => (r.detail as { args: unknown[] }).args);
const labels = (items: MenuItemInfo[] | undefined) => (items ?? []).filter((i) => i.label).map((i) => i.label);
const messageBoxes = async (h: Herald) =>
  (await h.records())
    .filter((r) => r.kind === 'dialog.showMessageBox')
    .map((r) => (r.detail as { options: { message: string; detail?: string; type?: string } }).options);

describe('the desktop app, at the Electron edge (issue 15)', () => {
  it('File menu: import, export and print go to the page as menu.command; Back up now makes a checked backup and says so; Open data folder', async () => {
    const dataDir = tempDir();
    const h = await start({ dataDir });
    const menu = (await h.menu())!;
    const file = menu.find((m) => m.label === 'File')!.submenu;
    expect(labels(file)).toEqual([
      'New campaign…',
      'Import campaign…',
      'Export campaign…',
      'Hand over…',
      'Import team list…',
      'Print…',
      'Back up now',
      'Open data folder',
      'Quit',
    ]);
    expect(labels(menu.find((m) => m.label === 'Help')!.submenu)).toEqual(['Guide', 'Show log', 'Check for updates when Herald starts', 'About Herald']);

    for (const item of ['Import campaign…', 'Export campaign…', 'Hand over…', 'Import team list…', 'Print…']) await h.click('File', item);
    // Issue 31: Help ▸ Guide opens the in-app guide in the window.
    await h.click('Help', 'Guide');
    expect(await sentEvents(h)).toEqual([
      ['menu.command', { command: 'importCampaign' }],
      ['menu.command', { command: 'exportCampaign' }],
      ['menu.command', { command: 'handOver' }],
      ['menu.command', { command: 'importTeamList' }],
      ['menu.command', { command: 'print' }],
      ['menu.command', { command: 'guide' }],
    ]);

    await h.invoke(TOP, 'campaigns.create', { name: 'Siege of Vraks' });
    await h.click('File', 'Back up now');
    await waitForRecord(h, (r) => r.kind === 'dialog.showMessageBox');
    const [said] = await messageBoxes(h);
    expect(said).toMatchObject({ type: 'info', message: expect.stringMatching(/^Backed up \(\d+ KB, checked before it was kept\)\.$/) });
    const backups = await h.invoke(TOP, 'backups.list', {});
    expect(backups.ok && (backups.value as { reason: string }[]).map((b) => b.reason)).toContain('by-hand');

    await h.click('File', 'Open data folder');
    expect((await h.records()).filter((r) => r.kind === 'shell.openPath').map((r) => r.detail)).toEqual([dataDir]);
  });

  it('logs every error main reports to logs/herald.log, and Help → Show log opens it (or says nothing is logged)', async () => {
    const quiet = await start({ dataDir: tempDir() });
    await quiet.click('Help', 'Show log');
    await waitForRecord(quiet, (r) => r.kind === 'dialog.showMessageBox');
    expect((await messageBoxes(quiet))[0]).toMatchObject({ message: 'Herald has logged no errors.' });
    expect((await quiet.records()).some((r) => r.kind === 'shell.openPath')).toBe(false);

    // A campaign file that is not a database: main sets it aside and reports it (through the core's log).
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'herald.sqlite'), 'a shopping list, not a campaign file');
    const h = await start({ dataDir });
    const log = path.join(dataDir, 'logs', 'herald.log');
    expect(fs.readFileSync(log, 'utf8')).toMatch(
      /^\S+Z .*herald\.sqlite is not a Herald campaign file \(it is not a SQLite database\)\. Herald has not changed it\. Herald moved it aside/,
    );
    await h.click('Help', 'Show log');
    await waitForRecord(h, (r) => r.kind === 'shell.openPath');
    expect((await h.records()).filter((r) => r.kind === 'shell.openPath').map((r) => r.detail)).toEqual([log]);
  });

  it('pops Cut, Copy, Paste and Select all on a right-click in a text field, Copy on selected text, nothing elsewhere', async () => {
    const h = await start({ dataDir: tempDir() });
    const flags = { canUndo: true, canRedo: false, canCut: true, canCopy: true, canPaste: true, canDelete: true, canSelectAll: true, canEditRichly: false };
    const before = (await h.menus()).length;
    await h.webContentsEvent('context-menu', [{ isEditable: true, selectionText: 'Kaelen', editFlags: flags, x: 10, y: 10 }]);
    await h.webContentsEvent('context-menu', [{ isEditable: false, selectionText: '', editFlags: flags, x: 10, y: 10 }]);
    await h.webContentsEvent('context-menu', [
      { isEditable: false, selectionText: 'Brother Kaelen', editFlags: { ...flags, canCut: false, canPaste: false }, x: 10, y: 10 },
    ]);
    const popped = (await h.menus()).slice(before);
    expect(popped.map((m) => m.map((i) => i.role ?? i.type))).toEqual([['cut', 'copy', 'paste', 'separator', 'selectAll'], ['copy']]);
    expect(popped[0]!.map((i) => i.label).filter(Boolean)).toEqual(['Cut', 'Copy', 'Paste', 'Select all']);
    const [win] = await h.windows();
    const popups = (await h.records()).filter((r) => r.kind === 'menu.popup').map((r) => (r.detail as { window: number }).window);
    expect(popups).toEqual([win!.id, win!.id]);
  });

  it('remembers the window’s size and position, and brings it back on screen when its monitor is gone', async () => {
    const laptop = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 }, scaleFactor: 1 };
    const monitor = { id: 2, bounds: { x: 1920, y: 0, width: 2560, height: 1440 }, workArea: { x: 1920, y: 0, width: 2560, height: 1400 }, scaleFactor: 1 };
    const dataDir = tempDir();
    const stateFile = path.join(dataDir, 'window-state.json');

    // First launch: the default size, centred; closing the window saves where it is.
    const first = await start({ dataDir, displays: [laptop, monitor] });
    const [win] = await first.windows();
    expect(win!.options).toMatchObject({ x: 360, y: 110, width: 1200, height: 820, minWidth: 800, minHeight: 600 });
    await first.windowEvent('close');
    expect(JSON.parse(fs.readFileSync(stateFile, 'utf8'))).toEqual({ bounds: { x: 360, y: 110, width: 1200, height: 820 }, maximized: false });
    await first.quit();

    // The organiser had moved it to the big monitor and maximized it: it opens there, maximized.
    fs.writeFileSync(stateFile, JSON.stringify({ bounds: { x: 2100, y: 100, width: 1600, height: 1000 }, maximized: true }));
    const second = await start({ dataDir, displays: [laptop, monitor] });
    const [again] = await second.windows();
    expect(again!.options).toMatchObject({ x: 2100, y: 100, width: 1600, height: 1000 });
    await second.quit();

    // The big monitor is gone: centred on the laptop, as large as fits (and still maximized, as it was left).
    const third = await start({ dataDir, displays: [laptop] });
    const [back] = await third.windows();
    expect(back!.options).toMatchObject({ x: 160, y: 20, width: 1600, height: 1000 });

    // A move is saved too (a moment later, so a drag is not written pixel by pixel).
    await third.windowEvent('move');
    for (let i = 0; i < 200 && JSON.parse(fs.readFileSync(stateFile, 'utf8')).bounds.x !== 160; i++) await new Promise((r) => setTimeout(r, 25));
    expect(JSON.parse(fs.readFileSync(stateFile, 'utf8'))).toEqual({ bounds: { x: 160, y: 20, width: 1600, height: 1000 }, maximized: true });
  });

  it('creates the window before it opens the campaign file (so the page loads meanwhile)', async () => {
    // A data folder that is a file: the core cannot be made. The window was already there when Herald says why it
    // stops (the page's calls wait for the core: every other test is answered through that wait).
    const notAFolder = path.join(tempDir(), 'herald-data');
    fs.writeFileSync(notAFolder, 'a file where the data folder should be');
    const h = await start({ dataDir: notAFolder, ready: false });
    await h.ready().catch(() => undefined);
    const { code, records } = await h.exited;
    const kinds = (records ?? []).map((r) => r.kind);
    expect(code).toBe(2);
    expect(kinds.indexOf('BrowserWindow')).toBeGreaterThanOrEqual(0);
    expect(kinds.indexOf('BrowserWindow')).toBeLessThan(kinds.indexOf('dialog.showErrorBox'));
  });

  it('starts through the launcher: dist/main/index.cjs (compile cache, quick_check worker) loads the app bundle, which opens an existing file', async () => {
    const launcher = fs.readFileSync(path.resolve('dist/main/index.cjs'), 'utf8');
    expect(launcher.length).toBeLessThan(20_000);
    expect(launcher).toContain('./electron-app.cjs');
    expect(launcher).toContain('enableCompileCache');
    // An existing, sound campaign file: the app starts on it (with the worker's check) and answers.
    const dataDir = tempDir();
    const first = await start({ dataDir });
    await first.invoke(TOP, 'campaigns.create', { name: 'Vraks' });
    await first.quit();
    const h = await start({ dataDir });
    const list = await h.invoke(TOP, 'campaigns.list', {});
    expect(list.ok && (list.value as { name: string }[]).map((c) => c.name)).toEqual(['Vraks']);
  });
});
