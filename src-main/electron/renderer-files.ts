/**
 * The app:// protocol handler: serves the built renderer (dist/renderer) and nothing else. A request names a file
 * by its URL path; anything that could reach outside the folder is refused before the disk is touched: `..` or `.`
 * segments (also percent-encoded), encoded slashes or backslashes, NUL, a drive letter, an empty segment
 * (`//etc/passwd`), and every host but app://herald.
 */
import type { Net, Protocol } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONTENT_SECURITY_POLICY } from '../security';
import { APP_SCHEME, isHeraldAppUrl } from './app-url';

const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/\\]|%2f|%5c|$)/i;

/** The file under `root` an app:// URL names, or null when the URL must be refused. */
export function rendererFileFor(url: string, root: string): string | null {
  // The URL parser would quietly resolve `..` (plain or %2e-encoded) in the URL itself; a request that tries is refused.
  if (!isHeraldAppUrl(url) || DOT_SEGMENT.test(url.split(/[?#]/)[0] ?? '')) return null;
  const { pathname } = new URL(url);
  const raw = pathname === '' || pathname === '/' ? ['index.html'] : pathname.slice(1).split('/');
  const segments: string[] = [];
  for (const part of raw) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return null; // a malformed escape such as %E0%A4%A
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0:]/.test(segment)) return null;
    segments.push(segment);
  }
  const base = path.resolve(root);
  const file = path.resolve(base, ...segments);
  return file.startsWith(base + path.sep) ? file : null;
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** Register the app:// handler (after app ready). `root` is the built renderer folder. */
export function serveRenderer(protocol: Pick<Protocol, 'handle'>, net: Pick<Net, 'fetch'>, root: () => string) {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = rendererFileFor(request.url, root());
    if (!file || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return notFound();
    // Electron's own file loader gives the MIME type; the headers are ours.
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
