/**
 * Herald's own page in Electron: the renderer is served from app://herald/ (a privileged standard scheme), and only
 * that page may call main or be navigated to. Node's URL (which Electron's main process runs) gives the opaque
 * origin "null" for a scheme it does not know, so `new URL(u).origin === 'app://herald'` is never true: compare the
 * scheme and the host instead (issue 15).
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'herald';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The page the window loads. */
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** True for app://herald/… (any path, query or fragment); false for other hosts, ports, credentials, schemes or garbage. */
export function isHeraldAppUrl(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // `host` includes the port, so app://herald:1234/ is not ours; Chromium lower-cases a standard scheme's host.
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
}

/** The part of Electron's WebFrameMain the sender check reads. */
export interface SenderFrame {
  readonly url: string;
  readonly parent: unknown;
}

/** Only Herald's own page, in a top-level frame (never a subframe, never a destroyed frame), may call main. */
export function isTrustedSender(frame: SenderFrame | null | undefined): boolean {
  return !!frame && !frame.parent && isHeraldAppUrl(frame.url);
}
