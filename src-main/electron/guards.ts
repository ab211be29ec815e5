/**
 * Deny by default (Electron's security checklist): no permission is ever granted, no navigation leaves Herald's own
 * page, no new window opens and no <webview> attaches. The app's own reloads (the Reload button, the reload after a
 * restore) navigate to app://herald/… and go through.
 */
import type { App, Session } from 'electron';
import { isHeraldAppUrl } from './app-url';

export function installGuards(app: Pick<App, 'on'>, session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>) {
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isHeraldAppUrl(url)) event.preventDefault();
    });
    // A server redirect is a navigation too.
    contents.on('will-redirect', (event, url) => {
      if (!isHeraldAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}
