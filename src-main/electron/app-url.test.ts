/**
 * Which URL is Herald's own page (issue 15): Node's URL gives app:// the opaque origin "null", so an origin check
 * refused every call from the app itself. The scheme and host decide, for the sender check and the navigation guard.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_INDEX_URL, APP_ORIGIN, isHeraldAppUrl, isTrustedSender } from './app-url';
import { rendererFileFor } from './renderer-files';

describe('isHeraldAppUrl', () => {
  it('is true for the app’s own page, whatever the path, query or fragment', () => {
    // The bug: this is "null" in Node (and so in Electron's main process).
    expect(new URL(APP_INDEX_URL).origin).toBe('null');
    for (const url of [
      APP_ORIGIN,
      `${APP_ORIGIN}/`,
      APP_INDEX_URL,
      `${APP_INDEX_URL}#/campaigns/3f0c`,
      `${APP_INDEX_URL}#/print/bulletin/3f0c?paper=a4`,
      `${APP_ORIGIN}/index.html?reload=1`,
      `${APP_ORIGIN}/assets/index-abc123.js`,
      'APP://herald/index.html',
    ]) {
      expect(isHeraldAppUrl(url), url).toBe(true);
    }
  });

  it('is false for other hosts on app:, ports, credentials, other schemes and garbage', () => {
    for (const url of [
      'app://evil/index.html',
      'app://herald.evil.example/index.html',
      'app://heraldx/',
      'app://herald:8080/index.html',
      'app://user:pass@herald/index.html',
      'app://user@herald/index.html',
      'app:herald/index.html',
      'app:///herald/index.html',
      'file:///index.html',
      'file://herald/index.html',
      'data:text/html,<h1>hi</h1>',
      'about:blank',
      'http://127.0.0.1:5173/',
      'https://herald/index.html',
      'javascript:alert(1)',
      'blob:app://herald/5d3f',
      '',
      'herald',
      '//herald/index.html',
      'not a url',
      'app://',
    ]) {
      expect(isHeraldAppUrl(url), url).toBe(false);
    }
    for (const value of [undefined, null, 42, {}, ['app://herald/']]) expect(isHeraldAppUrl(value)).toBe(false);
  });
});

describe('isTrustedSender', () => {
  const top = { url: APP_INDEX_URL, parent: null };
  it('trusts the app’s page in a top-level frame (the window, the hidden print window)', () => {
    expect(isTrustedSender(top)).toBe(true);
    expect(isTrustedSender({ url: `${APP_INDEX_URL}#/print/roster/1?paper=letter`, parent: null })).toBe(true);
  });
  it('refuses a subframe (even one showing the app’s own page), a foreign page, and no frame at all', () => {
    expect(isTrustedSender({ url: APP_INDEX_URL, parent: top })).toBe(false);
    expect(isTrustedSender({ url: 'https://example.org/', parent: top })).toBe(false);
    expect(isTrustedSender({ url: 'https://example.org/', parent: null })).toBe(false);
    expect(isTrustedSender({ url: 'file:///etc/passwd', parent: null })).toBe(false);
    expect(isTrustedSender({ url: 'about:blank', parent: null })).toBe(false);
    expect(isTrustedSender({ url: 'data:text/html,x', parent: null })).toBe(false);
    expect(isTrustedSender({ url: 'http://127.0.0.1/', parent: null })).toBe(false);
    expect(isTrustedSender({ url: 'app://other/index.html', parent: null })).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
  });
});

describe('rendererFileFor (the app:// handler’s choice of file)', () => {
  const root = path.resolve('dist', 'renderer');
  it('maps the app’s URLs to files inside the renderer folder', () => {
    expect(rendererFileFor(APP_ORIGIN, root)).toBe(path.join(root, 'index.html'));
    expect(rendererFileFor(`${APP_ORIGIN}/`, root)).toBe(path.join(root, 'index.html'));
    expect(rendererFileFor(`${APP_INDEX_URL}?x=1#/a/b`, root)).toBe(path.join(root, 'index.html'));
    expect(rendererFileFor(`${APP_INDEX_URL}?from=/../x#/../y`, root)).toBe(path.join(root, 'index.html'));
    expect(rendererFileFor(`${APP_ORIGIN}/assets/index-abc.js`, root)).toBe(path.join(root, 'assets', 'index-abc.js'));
    expect(rendererFileFor(`${APP_ORIGIN}/assets/noto%20sans.woff2`, root)).toBe(path.join(root, 'assets', 'noto sans.woff2'));
  });
  it('refuses traversal, encoded separators, NUL, absolute paths, drive letters and other hosts', () => {
    for (const url of [
      `${APP_ORIGIN}/..%2f..%2fpackage.json`,
      `${APP_ORIGIN}/%2e%2e/%2e%2e/package.json`,
      `${APP_ORIGIN}/assets/..%5c..%5cpackage.json`,
      `${APP_ORIGIN}/assets%2f..%2f..%2fpackage.json`,
      `${APP_ORIGIN}//etc/passwd`,
      `${APP_ORIGIN}/%2fetc%2fpasswd`,
      `${APP_ORIGIN}/C:/Windows/win.ini`,
      `${APP_ORIGIN}/C%3a%5cWindows%5cwin.ini`,
      `${APP_ORIGIN}/index.html%00.png`,
      `${APP_ORIGIN}/%E0%A4%A`,
      `${APP_ORIGIN}/assets/`,
      'app://evil/index.html',
      'file:///etc/passwd',
      `${APP_ORIGIN}/../../package.json`,
      `${APP_ORIGIN}/assets/../../package.json`,
      `${APP_ORIGIN}/./index.html`,
      `${APP_ORIGIN}/.%2e/package.json`,
      `${APP_ORIGIN}/%2E%2E`,
    ]) {
      expect(rendererFileFor(url, root), url).toBeNull();
    }
    // A name that merely starts with dots is a name.
    expect(rendererFileFor(`${APP_ORIGIN}/assets/..hidden.js`, root)).toBe(path.join(root, 'assets', '..hidden.js'));
  });
});
