/**
 * The right-click menu (issue 15): Electron shows none by default, and some organisers copy and paste only with the
 * mouse. Cut, Copy, Paste and Select all in every text field; Copy on selected text elsewhere; nothing otherwise.
 * The items use Electron's roles, so they act on the page's focused field exactly like the Edit menu.
 */
import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron';

type Params = Pick<ContextMenuParams, 'isEditable' | 'selectionText' | 'editFlags'>;

export function contextMenuTemplate(params: Params): MenuItemConstructorOptions[] {
  const flags = params.editFlags;
  if (params.isEditable) {
    return [
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
  contents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params);
    if (template.length === 0) return;
    const win = window();
    menu.buildFromTemplate(template).popup(win ? { window: win } : {});
  });
}
