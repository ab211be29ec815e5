/**
 * The right-click menu (issue 15): Electron shows none by default, and some organisers copy and paste only with the
 * mouse. Cut, Copy, Paste and Select all in every text field; Copy on selected text elsewhere; nothing otherwise.
 * The items use Electron's roles, so they act on the page's focused field exactly like the Edit menu.
 * On a misspelt word in a field with spellcheck on (notes and battle reports, issue 31), Chromium's spellchecker's
 * suggestions come first (a click replaces the word: webContents.replaceMisspelling), then "Add to dictionary".
 */
import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron';

type Params = Pick<ContextMenuParams, 'isEditable' | 'selectionText' | 'editFlags'> &
  Partial<Pick<ContextMenuParams, 'misspelledWord' | 'dictionarySuggestions'>>;

/** What a spelling item does to the page (webContents.replaceMisspelling, session.addWordToSpellCheckerDictionary). */
export interface SpellingActions {
  replace(word: string): void;
  addToDictionary(word: string): void;
}

/** The suggestions shown at most: the spellchecker's first few are the likely ones. */
const MAX_SUGGESTIONS = 6;

function spellingItems(params: Params, actions: SpellingActions | undefined): MenuItemConstructorOptions[] {
  const word = params.misspelledWord ?? '';
  if (!actions || !params.isEditable || word === '') return [];
  const suggestions = (params.dictionarySuggestions ?? []).slice(0, MAX_SUGGESTIONS);
  return [
    ...(suggestions.length
      ? suggestions.map((s): MenuItemConstructorOptions => ({ label: s, click: () => actions.replace(s) }))
      : [{ label: 'No spelling suggestions', enabled: false }]),
    { type: 'separator' },
    { label: 'Add to dictionary', click: () => actions.addToDictionary(word) },
    { type: 'separator' },
  ];
}

export function contextMenuTemplate(params: Params, spelling?: SpellingActions): MenuItemConstructorOptions[] {
  const flags = params.editFlags;
  if (params.isEditable) {
    return [
      ...spellingItems(params, spelling),
      { role: 'cut', label: 'Cut', enabled: flags.canCut },
      { role: 'copy', label: 'Copy', enabled: flags.canCopy },
      { role: 'paste', label: 'Paste', enabled: flags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', label: 'Select all', enabled: flags.canSelectAll },
    ];
  }
  if (params.selectionText.trim() !== '') return [{ role: 'copy', label: 'Copy', enabled: flags.canCopy }];
  return [];
}

interface MenuApi {
  buildFromTemplate(template: MenuItemConstructorOptions[]): { popup(options?: { window?: Electron.BaseWindow }): void };
}

/** Pop the menu on every right-click in `contents` (a window's page). */
export function attachContextMenu(contents: Electron.WebContents, menu: MenuApi, window: () => Electron.BaseWindow | undefined): void {
  const spelling: SpellingActions = {
    replace: (word) => contents.replaceMisspelling(word),
    addToDictionary: (word) => void contents.session.addWordToSpellCheckerDictionary(word),
  };
  contents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params, spelling);
    if (template.length === 0) return;
    const win = window();
    menu.buildFromTemplate(template).popup(win ? { window: win } : {});
  });
}
