import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MenuItemConstructorOptions, MessageBoxOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { events } from '../../shared/ipc/contract';
import { contextMenuTemplate } from './context-menu';
import { menuTemplate, type MenuDeps } from './menu';

function deps(overrides: Partial<MenuDeps> = {}) {
  const sent: [string, object][] = [];
  const opened: string[] = [];
  const shown: string[] = [];
  const messages: MessageBoxOptions[] = [];
  const invoked: [string, unknown][] = [];
  const updateChecks: boolean[] = [];
  const d: MenuDeps = {
    platform: 'linux',
    packaged: false,
    version: '1.2.3',
    dataDir: '/data',
    databaseFile: '/data/herald.sqlite',
    logFile: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'herald-menu-')), 'logs', 'herald.log'),
    send: (event, payload) => void sent.push([event, payload]),
    invoke: async (channel, input) => {
      invoked.push([channel, input]);
      return { ok: true, value: { file: 'herald-2026.sqlite', bytes: 40_960 } };
    },
    openPath: async (p) => (opened.push(p), ''),
    showItemInFolder: (p) => void shown.push(p),
    showMessage: (m) => void messages.push(m),
    updateCheck: { enabled: true, set: (on) => void updateChecks.push(on) },
    ...overrides,
  };
  return { d, sent, opened, shown, messages, invoked, updateChecks };
}

const submenu = (template: MenuItemConstructorOptions[], label: string) => template.find((m) => m.label === label)!.submenu as MenuItemConstructorOptions[];
const item = (items: MenuItemConstructorOptions[], label: string) => {
  const found = items.find((i) => i.label === label);
  if (!found) throw new Error(`no ${label} in ${items.map((i) => i.label ?? i.role ?? i.type).join(', ')}`);
  return found;
};
const click = (i: MenuItemConstructorOptions) => (i.click as () => void)();
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the File menu', () => {
  it('has the desktop commands, in order', () => {
    const file = submenu(menuTemplate(deps().d), 'File');
    expect(file.filter((i) => i.label).map((i) => i.label)).toEqual([
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
  });

  it('sends import, export and print to the page (which acts on what is on screen)', () => {
    const t = deps();
    const file = submenu(menuTemplate(t.d), 'File');
    for (const label of ['New campaign…', 'Import campaign…', 'Export campaign…', 'Hand over…', 'Import team list…', 'Print…']) click(item(file, label));
    expect(t.sent).toEqual([
      ['menu.newCampaign', {}],
      ['menu.command', { command: 'importCampaign' }],
      ['menu.command', { command: 'exportCampaign' }],
      ['menu.command', { command: 'handOver' }],
      ['menu.command', { command: 'importTeamList' }],
      ['menu.command', { command: 'print' }],
    ]);
  });

  it('backs up through the core and says how it went', async () => {
    const t = deps();
    click(item(submenu(menuTemplate(t.d), 'File'), 'Back up now'));
    await settle();
    expect(t.invoked).toEqual([['backups.create', {}]]);
    expect(t.messages[0]).toMatchObject({ type: 'info', message: 'Backed up (40 KB, checked before it was kept).' });

    const failing = deps({ invoke: async () => ({ ok: false, error: { code: 'DISK_FULL', message: 'The disk is full: nothing was saved.' } }) });
    click(item(submenu(menuTemplate(failing.d), 'File'), 'Back up now'));
    await settle();
    expect(failing.messages[0]).toMatchObject({
      type: 'error',
      message: 'The campaign file was not backed up.',
      detail: 'The disk is full: nothing was saved.',
    });
  });

  it('opens the data folder', async () => {
    const t = deps();
    click(item(submenu(menuTemplate(t.d), 'File'), 'Open data folder'));
    expect(t.opened).toEqual(['/data']);
  });

  it('closes rather than quits on macOS, where the app menu comes first', () => {
    const template = menuTemplate(deps({ platform: 'darwin' }).d);
    expect(template[0]!.role).toBe('appMenu');
    expect(submenu(template, 'File').at(-1)!.role).toBe('close');
  });

  it('keeps DevTools out of a packaged build’s View menu', () => {
    expect(menuTemplate(deps().d).some((m) => m.role === 'viewMenu')).toBe(true);
    const packaged = menuTemplate(deps({ packaged: true }).d);
    expect(packaged.some((m) => m.role === 'viewMenu')).toBe(false);
    expect(
      submenu(packaged, 'View')
        .map((i) => i.role)
        .filter(Boolean),
    ).not.toContain('toggleDevTools');
  });
});

describe('Help → Show log', () => {
  it('opens the log file when there is one, its folder when it cannot be opened, and says so when nothing is logged', async () => {
    const t = deps();
    click(item(submenu(menuTemplate(t.d), 'Help'), 'Show log'));
    await settle();
    expect(t.opened).toEqual([]);
    expect(t.messages[0]).toMatchObject({ message: 'Herald has logged no errors.', detail: `When it does, they go in ${t.d.logFile}.` });

    fs.mkdirSync(path.dirname(t.d.logFile), { recursive: true });
    fs.writeFileSync(t.d.logFile, 'an error\n');
    click(item(submenu(menuTemplate(t.d), 'Help'), 'Show log'));
    await settle();
    expect(t.opened).toEqual([t.d.logFile]);

    const noViewer = deps({ logFile: t.d.logFile, openPath: async () => 'No application is registered' });
    click(item(submenu(menuTemplate(noViewer.d), 'Help'), 'Show log'));
    await settle();
    expect(noViewer.shown).toEqual([t.d.logFile]);
  });
});

describe('Help → Guide (issue 31)', () => {
  it('comes first in Help, on F1, and sends the window the guide command the contract knows', () => {
    const t = deps();
    const help = submenu(menuTemplate(t.d), 'Help');
    expect(help[0]).toMatchObject({ label: 'Guide', accelerator: 'F1' });
    click(item(help, 'Guide'));
    expect(t.sent).toEqual([['menu.command', { command: 'guide' }]]);
    expect(events['menu.command'].safeParse(t.sent[0]![1]).success).toBe(true);
    expect(t.messages).toEqual([]);
  });
});

describe('the right-click menu', () => {
  const flags = { canUndo: false, canRedo: false, canCut: true, canCopy: true, canPaste: true, canDelete: true, canSelectAll: true, canEditRichly: false };

  it('offers Cut, Copy, Paste and Select all in a text field, enabled as the field allows', () => {
    const template = contextMenuTemplate({ isEditable: true, selectionText: '', editFlags: { ...flags, canCut: false, canCopy: false } });
    expect(template.map((i) => [i.role ?? i.type, i.label, i.enabled])).toEqual([
      ['cut', 'Cut', false],
      ['copy', 'Copy', false],
      ['paste', 'Paste', true],
      ['separator', undefined, undefined],
      ['selectAll', 'Select all', true],
    ]);
  });

  it('offers Copy on selected text elsewhere, and nothing on the bare page', () => {
    expect(contextMenuTemplate({ isEditable: false, selectionText: 'Brother Kaelen', editFlags: flags }).map((i) => i.role)).toEqual(['copy']);
    expect(contextMenuTemplate({ isEditable: false, selectionText: '  ', editFlags: flags })).toEqual([]);
  });
});

describe('Help → Check for updates when Herald starts (issue 31)', () => {
  it('is a checkbox showing the saved setting, and a click saves the state Electron flipped it to', () => {
    const t = deps();
    const box = item(submenu(menuTemplate(t.d), 'Help'), 'Check for updates when Herald starts');
    expect(box).toMatchObject({ type: 'checkbox', checked: true });
    (box.click as (i: { checked: boolean }) => void)({ checked: false });
    expect(t.updateChecks).toEqual([false]);
    const off = deps({ updateCheck: { enabled: false, set: () => {} } });
    expect(item(submenu(menuTemplate(off.d), 'Help'), 'Check for updates when Herald starts').checked).toBe(false);
  });
});

describe('the right-click menu on a misspelt word (issue 31)', () => {
  const flags = { canUndo: false, canRedo: false, canCut: true, canCopy: true, canPaste: true, canDelete: true, canSelectAll: true, canEditRichly: false };
  it('offers the spellchecker’s suggestions first, then Add to dictionary, and each does what it says', () => {
    const done: string[] = [];
    const actions = { replace: (w: string) => void done.push(`replace ${w}`), addToDictionary: (w: string) => void done.push(`add ${w}`) };
    const template = contextMenuTemplate(
      { isEditable: true, selectionText: 'Kaelan', editFlags: flags, misspelledWord: 'Kaelan', dictionarySuggestions: ['Kaelen', 'Kaelin'] },
      actions,
    );
    expect(template.map((i) => i.label ?? i.type)).toEqual([
      'Kaelen',
      'Kaelin',
      'separator',
      'Add to dictionary',
      'separator',
      'Cut',
      'Copy',
      'Paste',
      'separator',
      'Select all',
    ]);
    click(item(template, 'Kaelin'));
    click(item(template, 'Add to dictionary'));
    expect(done).toEqual(['replace Kaelin', 'add Kaelan']);
    const none = contextMenuTemplate({ isEditable: true, selectionText: '', editFlags: flags, misspelledWord: 'Xyzzq', dictionarySuggestions: [] }, actions);
    expect(none.slice(0, 3).map((i) => [i.label ?? i.type, i.enabled])).toEqual([
      ['No spelling suggestions', false],
      ['separator', undefined],
      ['Add to dictionary', undefined],
    ]);
    // A correctly spelt word: the plain menu.
    expect(
      contextMenuTemplate({ isEditable: true, selectionText: '', editFlags: flags, misspelledWord: '', dictionarySuggestions: [] }, actions)[0]!.role,
    ).toBe('cut');
  });
});
