/**
 * DevTools only while developing. In a packaged Herald they would give anyone at the keyboard a console inside the
 * trusted page, able to call every IPC channel; so the window is made without them (webPreferences.devTools) and the
 * View menu leaves out its toggle (menu.ts, `packaged`). The fuses keep --inspect and NODE_OPTIONS out of main.
 */
export function devToolsAllowed(app: { readonly isPackaged: boolean }): boolean {
  return !app.isPackaged;
}
