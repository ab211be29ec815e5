/**
 * Issue 31 at the Electron edge: the system print dialog and opening a saved PDF, a crashed or stuck window, the
 * notify-only update check, campaign files opened from the system, dark mode from the system and spelling
 * suggestions — Herald's real built main bundle under the recording stand-in for Electron (test-support). It proves
 * what Herald asks Electron to do, never that the OS shows the dialog or the notification.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { IPC_EVENT } from '../../shared/ipc/bridge';
import { afterEach, describe, expect, it } from 'vitest';
import { startHerald, TOP, type Herald, type HeraldRecord } from './test-support';

const running: Herald[] = [];
afterEach(async () => {
  for (const h of running.splice(0)) await h.kill();
});
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'herald-edge-care-'));
async function start(options: Parameters<typeof startHerald>[0]) {
  const h = await startHerald(options);
  running.push(h);
  return h;
}

async function waitForRecord(h: Herald, found: (r: HeraldRecord) => boolean): Promise<HeraldRecord> {
  for (let i = 0; i < 400; i++) {
    const hit = (await h.records()).find(found);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`Never recorded. Records: ${JSON.stringify((await h.records()).map((r) => r.kind))}\n${h.output()}`);
}
const recorded = async (h: Herald, kind: string) => (await h.records()).filter((r) => r.kind === kind).map((r) => r.detail);
const messageBoxes = async (h: Herald) =>
  (await recorded(h, 'dialog.showMessageBox')).map((d) => (d as { options: { message: string; buttons?: string[] } }).options);
const logOf = (dataDir: string) => {
  const file = path.join(dataDir, 'logs', 'herald.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
};
const ok = <T>(r: { ok: boolean; value?: unknown }) => {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.value as T;
};

const REPO_FEED = 'https://api.github.com/repos/herald-kill-team/herald/releases/latest';
const release = (tag: string) => ({
  [REPO_FEED]: { status: 200, body: { tag_name: tag, html_url: `https://github.com/herald-kill-team/herald/releases/tag/${tag}` } },
});

describe('printing from the desktop app (issue 31)', () => {
  it('prints the print route through the system dialog, and says cancelled or why not', async () => {
    const h = await start({ dataDir: tempDir() });
    const campaign = ok<{ id: string }>(await h.invoke(TOP, 'campaigns.create', { name: 'Vraks' }));
    await h.answer('print', { success: true, failureReason: '' });
    expect(ok(await h.invoke(TOP, 'print.system', { kind: 'pack', id: campaign.id, paper: 'a4' }))).toEqual({ outcome: 'printed' });
    // The organiser closes the dialog (the stand-in's default); a printer that fails is named in words.
    expect(ok(await h.invoke(TOP, 'print.system', { kind: 'bulletin', id: campaign.id, paper: 'letter' }))).toEqual({ outcome: 'cancelled' });
    await h.answer('print', { success: false, failureReason: 'Print job failed' });
    const failed = await h.invoke(TOP, 'print.system', { kind: 'bulletin', id: campaign.id, paper: 'a4' });
    expect(failed).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', message: expect.stringMatching(/^The page was not printed \(the printer said: Print job failed\)/) },
    });

    const prints = (await recorded(h, 'webContents.print')) as { window: number; url: string; options: Record<string, unknown> }[];
    expect(prints.map((p) => p.url)).toEqual([
      `app://herald/index.html#/print/pack/${campaign.id}?paper=a4`,
      `app://herald/index.html#/print/bulletin/${campaign.id}?paper=letter`,
      `app://herald/index.html#/print/bulletin/${campaign.id}?paper=a4`,
    ]);
    expect(prints[0]!.options).toMatchObject({ silent: false, printBackground: true, pageSize: 'A4' });
    // Each in its own hidden, sandboxed window, whose page was answered before the dialog, and which is gone after.
    const windows = await h.windows();
    for (const p of prints) {
      const win = windows.find((w) => w.id === p.window)!;
      expect(win.options).toMatchObject({ show: false, webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false } });
      expect(win.destroyed).toBe(true);
    }
    expect(((await recorded(h, 'print.page')) as { answered: boolean }[]).every((p) => p.answered)).toBe(true);
  });

  it('opens a PDF it saved, or shows it in its folder, and nothing it did not save', async () => {
    const folder = tempDir();
    const h = await start({ dataDir: tempDir() });
    const campaign = ok<{ id: string }>(await h.invoke(TOP, 'campaigns.create', { name: 'Vraks' }));
    const target = path.join(folder, 'Vraks bulletin.pdf');
    await h.answer('showSaveDialog', { canceled: false, filePath: target });
    ok(await h.invoke(TOP, 'print.pdf', { kind: 'bulletin', id: campaign.id, paper: 'a4', fileName: 'Vraks bulletin' }));
    expect(ok(await h.invoke(TOP, 'print.openSaved', { path: target, how: 'open' }))).toEqual({ opened: true });
    expect(ok(await h.invoke(TOP, 'print.openSaved', { path: target, how: 'folder' }))).toEqual({ opened: true });
    const elsewhere = await h.invoke(TOP, 'print.openSaved', { path: path.join(folder, '..', 'evil.exe'), how: 'open' });
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await recorded(h, 'shell.openPath')).toEqual([target]);
    expect(await recorded(h, 'shell.showItemInFolder')).toEqual([target]);
  });
});

describe('Save as PDF says what it is doing (issue 31)', () => {
  it('tells the window each step of the campaign pack: its teams counted as the hidden page gathers them, then the PDF, then saving', async () => {
    const folder = tempDir();
    const h = await start({ dataDir: tempDir() });
    const campaign = ok<{ id: string }>(await h.invoke(TOP, 'campaigns.create', { name: 'Vraks' }));
    await h.answer('showSaveDialog', { canceled: false, filePath: path.join(folder, 'Vraks pack.pdf') });
    ok(await h.invoke(TOP, 'print.pdf', { kind: 'pack', id: campaign.id, paper: 'a4', fileName: 'Vraks pack' }));
    const sent = (await recorded(h, 'webContents.send')) as { window: number; channel: string; args: unknown[] }[];
    const steps = sent
      .filter((s) => s.window === 1 && s.channel === IPC_EVENT && s.args[0] === 'print.progress')
      .map((s) => s.args[1] as { kind: string; id: string; step: string; done?: number; total?: number });
    expect(steps.every((p) => p.kind === 'pack' && p.id === campaign.id)).toBe(true);
    expect(steps.map((p) => [p.step, p.done, p.total])).toEqual([
      ['gathering', undefined, undefined],
      ['gathering', 0, 2],
      ['gathering', 1, 2],
      ['gathering', 2, 2],
      ['laying-out', undefined, undefined],
      ['making-pdf', undefined, undefined],
      ['saving', undefined, undefined],
    ]);
    // Making the PDF was told before Chromium was asked, and saving before the save dialog opened.
    const records = await h.records();
    const stepOf = (detail: unknown) => (detail as { args?: [unknown, { step?: string } | undefined] }).args?.[1]?.step;
    const at = (kind: string, step?: string) => records.findIndex((r) => r.kind === kind && (step === undefined || stepOf(r.detail) === step));
    expect(at('webContents.send', 'making-pdf')).toBeLessThan(at('webContents.printToPDF'));
    expect(at('webContents.printToPDF')).toBeLessThan(at('webContents.send', 'saving'));
    expect(at('webContents.send', 'saving')).toBeLessThan(at('dialog.showSaveDialog'));
  });
});

describe('a crashed or stuck window (issue 31)', () => {
  it('logs render-process-gone and offers Reload or Close Herald; Reload reloads the page', async () => {
    const dataDir = tempDir();
    const h = await start({ dataDir });
    await h.answer('showMessageBox', { response: 0 });
    await h.webContentsEvent('render-process-gone', [{ reason: 'crashed', exitCode: 139 }]);
    await waitForRecord(h, (r) => r.kind === 'webContents.reload');
    const [box] = await messageBoxes(h);
    expect(box).toMatchObject({ message: 'Herald’s window stopped working (it crashed).', buttons: ['Reload', 'Close Herald'] });
    expect(logOf(dataDir)).toMatch(/render-process-gone: crashed, exit code 139/);
    // A page that ended cleanly (a reload, a quit) is no crash: nothing asked.
    await h.webContentsEvent('render-process-gone', [{ reason: 'clean-exit', exitCode: 0 }]);
    expect(await messageBoxes(h)).toHaveLength(1);
  });

  it('logs unresponsive and offers Wait or Reload; Wait leaves the page alone', async () => {
    const dataDir = tempDir();
    const h = await start({ dataDir });
    await h.answer('showMessageBox', { response: 0 }, { response: 1 });
    await h.windowEvent('unresponsive');
    await waitForRecord(h, (r) => r.kind === 'dialog.showMessageBox');
    expect((await messageBoxes(h))[0]).toMatchObject({ message: 'Herald’s window is not answering.', buttons: ['Wait', 'Reload'] });
    await h.windowEvent('responsive');
    await h.windowEvent('unresponsive');
    await waitForRecord(h, (r) => r.kind === 'webContents.reload');
    expect(await recorded(h, 'webContents.reload')).toHaveLength(1);
    expect(logOf(dataDir).match(/stopped answering \(unresponsive\)/g)).toHaveLength(2);
  });

  it('writes the window’s errors to the log through app.logError, at most ten a minute', async () => {
    const dataDir = tempDir();
    const h = await start({ dataDir });
    const answers = [];
    for (let i = 0; i < 30; i++)
      answers.push(
        ok<{ logged: boolean }>(await h.invoke(TOP, 'app.logError', { kind: 'error', message: `Loop ${i}`, source: 'app://herald/assets/x.js', line: 3 })),
      );
    expect(answers.filter((a) => a.logged)).toHaveLength(10);
    const log = logOf(dataDir);
    expect(log).toMatch(/Error in the window: Loop 0 \(app:\/\/herald\/assets\/x\.js:3\)/);
    expect(log.match(/Error in the window/g)).toHaveLength(10);
    // Checked like every input: nothing logged from a malformed call.
    expect(await h.invoke(TOP, 'app.logError', { kind: 'error', message: 'x'.repeat(3000) })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});

describe('the update check, notify-only (issue 31)', () => {
  it('offline: asks GitHub once, then says nothing and logs nothing', async () => {
    const dataDir = tempDir();
    const h = await start({ dataDir, version: '0.1.0' });
    const asked = (await waitForRecord(h, (r) => r.kind === 'net.fetch')).detail as { url: string; headers: Record<string, string> };
    expect(asked).toMatchObject({ url: REPO_FEED, headers: { 'user-agent': 'Herald/0.1.0' } });
    const { records } = await h.quit();
    const kinds = (records ?? []).map((r) => r.kind);
    expect(kinds.filter((k) => k === 'net.fetch')).toHaveLength(1);
    expect(kinds).not.toContain('Notification');
    expect(kinds).not.toContain('dialog.showMessageBox');
    expect(logOf(dataDir)).toBe('');
  });

  it('a newer release: a quiet notice that opens the release page when clicked, and nothing downloaded', async () => {
    const h = await start({ dataDir: tempDir(), version: '0.1.0', net: release('v0.2.0') });
    const notice = (await waitForRecord(h, (r) => r.kind === 'Notification')).detail as { title: string; body: string; silent: boolean };
    expect(notice).toMatchObject({ title: 'Herald 0.2.0 is available — see the release page', silent: true });
    await waitForRecord(h, (r) => r.kind === 'notification.show');
    await h.clickNotification(0);
    expect(await recorded(h, 'shell.openExternal')).toEqual(['https://github.com/herald-kill-team/herald/releases/tag/v0.2.0']);
    expect((await recorded(h, 'net.fetch')).map((d) => (d as { url: string }).url)).toEqual([REPO_FEED]);
  });

  it('where the system has no notifications, a message box says it instead', async () => {
    const h = await start({ dataDir: tempDir(), version: '0.1.0', net: release('v0.2.0'), notifications: false });
    await waitForRecord(h, (r) => r.kind === 'dialog.showMessageBox');
    expect((await messageBoxes(h))[0]).toMatchObject({
      message: 'Herald 0.2.0 is available — see the release page',
      buttons: ['See the release page', 'Not now'],
    });
  });

  it('the same version (or an older one): nothing', async () => {
    for (const tag of ['v0.1.0', 'v0.0.9']) {
      const dataDir = tempDir();
      const h = await start({ dataDir, version: '0.1.0', net: release(tag) });
      await waitForRecord(h, (r) => r.kind === 'net.fetch');
      const { records } = await h.quit();
      const kinds = (records ?? []).map((r) => r.kind);
      expect(kinds, tag).not.toContain('Notification');
      expect(kinds, tag).not.toContain('dialog.showMessageBox');
      expect(logOf(dataDir)).toBe('');
    }
  });

  it('Help ▸ Check for updates when Herald starts: off is saved with the app settings, and the next start asks nobody', async () => {
    const dataDir = tempDir();
    const first = await start({ dataDir, version: '0.1.0' });
    const help = (await first.menu())!.find((m) => m.label === 'Help')!.submenu!;
    expect(help.find((i) => i.label === 'Check for updates when Herald starts')).toMatchObject({ type: 'checkbox', checked: true });
    await first.click('Help', 'Check for updates when Herald starts');
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'app-settings.json'), 'utf8'))).toEqual({ checkForUpdates: false });
    await first.quit();
    const second = await start({ dataDir, version: '0.1.0', net: release('v0.2.0') });
    ok(await second.invoke(TOP, 'app.info', {}));
    const { records } = await second.quit();
    expect((records ?? []).map((r) => r.kind)).not.toContain('net.fetch');
    const menu = (records ?? []).find((r) => r.kind === 'Menu.setApplicationMenu')!.detail as {
      label?: string;
      submenu?: { label?: string; checked?: boolean }[];
    }[];
    expect(menu.find((m) => m.label === 'Help')!.submenu!.find((i) => i.label === 'Check for updates when Herald starts')!.checked).toBe(false);
  });
});

describe('campaign files opened from the system (issue 31)', () => {
  /** A campaign file exported by another Herald (a real one, through main's save dialog). */
  async function campaignFile(name: string): Promise<string> {
    const file = path.join(tempDir(), `${name}.herald-campaign`);
    const other = await start({ dataDir: tempDir() });
    const campaign = ok<{ id: string }>(await other.invoke(TOP, 'campaigns.create', { name }));
    await other.answer('showSaveDialog', { canceled: false, filePath: file });
    ok(await other.invoke(TOP, 'campaigns.exportFile', { id: campaign.id, destination: 'dialog' }));
    await other.quit();
    return file;
  }
  const names = async (h: Herald) => ok<{ name: string }[]>(await h.invoke(TOP, 'campaigns.list', {})).map((c) => c.name);

  it('electron-builder.yml associates .herald-campaign files with Herald', () => {
    const config = (createRequire(import.meta.url)('js-yaml') as { load(s: string): unknown }).load(fs.readFileSync('electron-builder.yml', 'utf8')) as {
      fileAssociations?: { ext: string | string[]; name: string; role?: string }[];
    };
    expect(config.fileAssociations).toEqual(
      expect.arrayContaining([expect.objectContaining({ ext: 'herald-campaign', name: 'Herald campaign', role: 'Editor' })]),
    );
  });

  it('a double-click on first start (the path on the command line) asks, then imports through campaigns.importFile', async () => {
    const file = await campaignFile('Siege of Vraks');
    const h = await start({ dataDir: tempDir(), argv: [file], ready: false });
    await h.answer('showMessageBox', { response: 0 }, { response: 0 });
    await h.ready();
    await waitForRecord(h, (r) => r.kind === 'dialog.showMessageBox' && /^Imported/.test((r.detail as { options: { message: string } }).options.message));
    const [ask, told] = await messageBoxes(h);
    expect(ask).toMatchObject({ message: 'Import Siege of Vraks.herald-campaign?', buttons: ['Import', 'Cancel'] });
    expect(told).toMatchObject({ message: 'Imported Siege of Vraks.' });
    expect(await names(h)).toEqual(['Siege of Vraks']);
    // The import backed up first, as File ▸ Import does.
    expect(ok<{ reason: string }[]>(await h.invoke(TOP, 'backups.list', {})).map((b) => b.reason)).toContain('before-import');
  });

  it('a second launch with a file (Windows, Linux) brings the window forward and asks; Cancel imports nothing', async () => {
    const file = await campaignFile('Vraks');
    const h = await start({ dataDir: tempDir() });
    await h.answer('showMessageBox', { response: 1 });
    await h.secondInstance(['herald', file], os.tmpdir());
    await waitForRecord(h, (r) => r.kind === 'dialog.showMessageBox');
    expect((await messageBoxes(h))[0]).toMatchObject({ message: 'Import Vraks.herald-campaign?' });
    expect(await recorded(h, 'window.focus')).not.toHaveLength(0);
    // Another file on the command line is nothing Herald opens (only campaign files).
    await h.secondInstance(['herald', path.join(os.tmpdir(), 'notes.txt')], os.tmpdir());
    expect(await names(h)).toEqual([]);
    expect(await messageBoxes(h)).toHaveLength(1);
  });

  it('macOS open-file: prevented (Herald handles it), asked, imported; a refused file is refused in words', async () => {
    const file = await campaignFile('Vraks');
    const h = await start({ dataDir: tempDir() });
    await h.answer('showMessageBox', { response: 0 }, { response: 0 }, { response: 0 }, { response: 0 });
    expect(await h.openFile(file)).toEqual({ prevented: true });
    await waitForRecord(h, (r) => r.kind === 'dialog.showMessageBox' && /^Imported/.test((r.detail as { options: { message: string } }).options.message));
    expect(await names(h)).toEqual(['Vraks']);
    const junk = path.join(tempDir(), 'Shopping.herald-campaign');
    fs.writeFileSync(junk, 'eggs, milk');
    await h.openFile(junk);
    await waitForRecord(
      h,
      (r) => r.kind === 'dialog.showMessageBox' && /was not imported/.test((r.detail as { options: { message: string } }).options.message),
    );
    expect((await messageBoxes(h)).at(-1)).toMatchObject({ type: 'error', message: 'Shopping.herald-campaign was not imported.' });
    expect(await names(h)).toEqual(['Vraks']);
  });
});

describe('dark mode and spelling (issue 31)', () => {
  it('leaves the theme to the system, and turns Chromium’s spellchecker on for the window', async () => {
    const h = await start({ dataDir: tempDir() });
    expect(await h.nativeTheme()).toEqual({ themeSource: 'system' });
    expect(await recorded(h, 'nativeTheme.themeSource')).toEqual(['system']);
    const [win] = await h.windows();
    expect(win!.options.webPreferences).toMatchObject({ spellcheck: true });
  });

  it('a right-click on a misspelt word offers the suggestions and Add to dictionary, and each reaches Electron', async () => {
    const h = await start({ dataDir: tempDir() });
    const flags = { canUndo: true, canRedo: false, canCut: true, canCopy: true, canPaste: true, canDelete: true, canSelectAll: true, canEditRichly: false };
    const before = (await h.menus()).length;
    await h.webContentsEvent('context-menu', [
      { isEditable: true, selectionText: 'Kaelan', misspelledWord: 'Kaelan', dictionarySuggestions: ['Kaelen', 'Kalan'], editFlags: flags, x: 5, y: 5 },
    ]);
    const menus = await h.menus();
    expect(menus.length).toBe(before + 1);
    expect(menus.at(-1)!.map((i) => i.label ?? i.type)).toEqual([
      'Kaelen',
      'Kalan',
      'separator',
      'Add to dictionary',
      'separator',
      'Cut',
      'Copy',
      'Paste',
      'separator',
      'Select all',
    ]);
    await h.clickInMenu(menus.length - 1, 'Kaelen');
    await h.clickInMenu(menus.length - 1, 'Add to dictionary');
    expect(await recorded(h, 'webContents.replaceMisspelling')).toEqual([expect.objectContaining({ text: 'Kaelen' })]);
    expect(await recorded(h, 'session.addWordToSpellCheckerDictionary')).toEqual(['Kaelan']);
  });
});
