/**
 * The Content-Security-Policy of every renderer page, Electron and browser mode alike: only our own scripts and
 * styles, no inline code, no eval, no network beyond our own origin. (index.html carries the same policy in a meta
 * tag so it also holds for a page opened some other way.)
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
