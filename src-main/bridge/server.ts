/**
 * Browser mode: the same dispatch() as Electron, served over HTTP on 127.0.0.1 only.
 * The renderer is untrusted here too, and so is every other page in the browser: requests must carry the
 * per-launch token (given in the URL fragment, which never reaches the server logs or Referer headers), the Host
 * header must be our own loopback address (no DNS rebinding), and bodies are size-limited JSON.
 */
import { timingSafeEqual } from 'node:crypto';
import zlib from 'node:zlib';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Core } from '../core';
import { CONTENT_SECURITY_POLICY } from '../security';

/** Large enough for a campaign file upload (24 MB of JSON); the token and loopback checks come first. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;
export const TOKEN_HEADER = 'x-herald-token';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.pdf': 'application/pdf',
};

export interface BridgeServerOptions {
  core: Core;
  staticDir: string;
  token: string;
  port?: number;
  /** Where refused and failed requests are reported (issue 16); the process's log (console.error) by default. */
  log?: (message: string) => void;
}

export interface BridgeServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function securityHeaders(res: http.ServerResponse) {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

export function tokenMatches(given: string | string[] | undefined, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The body as text; past `limit` bytes it is drained and refused (413). */
export function readBody(req: http.IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit, keep draining (so the client gets our answer) but keep nothing.
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => (size > limit ? reject(Object.assign(new Error('too large'), { status: 413 })) : resolve(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
    // A client that goes away mid-body ends the wait instead of leaving it open for ever.
    req.on('close', () => {
      if (!req.complete) reject(Object.assign(new Error('the client went away'), { status: 400 }));
    });
  });
}

/** Control characters, white space and backslashes: never in a request target a browser sends for this app. */
const UNSENDABLE = /[\u0000-\u0020\u007F\\]/;

/**
 * The path of a request target, or null when it is not one a browser asks this app for (issue 16): only
 * origin-form targets ("/…", not "//…" or "*" or "http://…"), nothing unsendable before or after percent-decoding
 * (a NUL in a file name throws inside Node's fs), and nothing `new URL` or `decodeURIComponent` refuses.
 */
export function requestPath(target: string | undefined): string | null {
  if (target === undefined || !target.startsWith('/') || target.startsWith('//') || UNSENDABLE.test(target)) return null;
  try {
    const pathname = new URL(target, 'http://127.0.0.1').pathname;
    return UNSENDABLE.test(decodeURIComponent(pathname)) ? null : pathname;
  } catch {
    return null;
  }
}

/** A request target for the log: short, and with anything unprintable escaped. */
const shown = (target: string | undefined) => JSON.stringify((target ?? '').slice(0, 120));

/** A built file of the renderer; `index` is what "/" serves (the Club Wi-Fi view serves its phone page there). */
/** Text files worth compressing for a phone on Wi-Fi (fonts and pictures are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json']);
/** Each file's gzip, made once (by path and modification time): thirty phones cost one compression. */
const gzipped = new Map<string, { mtimeMs: number; bytes: Buffer }>();

function gzipOnce(file: string, data: Buffer, mtimeMs: number): Buffer {
  const kept = gzipped.get(file);
  if (kept?.mtimeMs === mtimeMs) return kept.bytes;
  const bytes = zlib.gzipSync(data, { level: 6 });
  if (gzipped.size > 200) gzipped.clear();
  gzipped.set(file, { mtimeMs, bytes });
  return bytes;
}

/**
 * A built file of the renderer. With `req` given (the Club Wi-Fi view, issue 29), text files go gzipped to a browser
 * that accepts it: the phone page is a few hundred KB of script, which Wi-Fi carries in a third of the time.
 */
export function serveStatic(staticDir: string, urlPath: string, res: http.ServerResponse, index = '/index.html', req?: http.IncomingMessage) {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    res.writeHead(400).end();
    return;
  }
  if (rel === '/' || rel === '') rel = index;
  const root = path.resolve(staticDir);
  const file = path.resolve(root, '.' + rel);
  if (!file.startsWith(root + path.sep)) {
    res.writeHead(404).end();
    return;
  }
  fs.readFile(file, (error, data) => {
    if (res.destroyed) return;
    if (error) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const ext = path.extname(file).toLowerCase();
    const type = MIME[ext] ?? 'application/octet-stream';
    const headers: http.OutgoingHttpHeaders = { 'Content-Type': type, 'Cache-Control': file.endsWith('.html') ? 'no-store' : 'public, max-age=3600' };
    const gzip = req !== undefined && COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (!gzip) {
      res.writeHead(200, headers).end(data);
      return;
    }
    let mtimeMs = 0;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      // Gone since it was read: compress what was read, keep nothing.
    }
    res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' }).end(gzipOnce(file, data, mtimeMs));
  });
}

export interface GuardedServerOptions {
  /** The Host headers accepted (our own address and port: no DNS rebinding); read on every request. */
  allowedHosts: () => ReadonlySet<string>;
  /** Who is refusing, for the log ("Browser mode", "The Club Wi-Fi view"). */
  label: string;
  log: (message: string) => void;
  /** Serves a request whose Host is ours and whose target is one a browser sends (its path, percent-decoded checks passed). */
  route: (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => Promise<void>;
  /**
   * Refusals counted by the caller instead of logged one line each (the Club Wi-Fi view, issue 28: a flood of them
   * must not rotate the errors out of the log). Without it each refusal is logged, as browser mode does; a 500 is
   * always logged.
   */
  countRefusal?: (address: string, why: 'wrong host' | 'not a valid request' | 'too slow') => void;
  /** Node's server options (the Club Wi-Fi view checks its timeouts more often than Node's default). */
  serverOptions?: http.ServerOptions;
}

const clientAddress = (socket: { remoteAddress?: string }) => (socket.remoteAddress ?? '?').replace(/^::ffff:/, '');

/**
 * An HTTP server with issue 16's hardening, shared by browser mode and the Club Wi-Fi view (issue 22): security
 * headers on every answer, the Host check, only request targets a browser sends, no request able to end the process
 * (whatever escapes `route` is answered 500 and logged), and requests Node's parser refuses answered 400 and logged.
 */
export function createGuardedServer(options: GuardedServerOptions): http.Server {
  const { label, log } = options;
  /** Answer a request that cannot be served, unless an answer has already started; log why. */
  const refuse = (req: http.IncomingMessage, res: http.ServerResponse, status: number, why: string) => {
    if (status < 500 && options.countRefusal) options.countRefusal(clientAddress(req.socket), 'not a valid request');
    else log(`${label} refused a request (${status}, ${why}): ${req.method ?? '?'} ${shown(req.url)}`);
    if (res.headersSent) res.destroy();
    else
      res
        .writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
        .end(status === 400 ? 'Bad request' : 'Something went wrong');
  };
  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    securityHeaders(res);
    // Only our own origin: a page on another site cannot reach us through a rebinding DNS name.
    if (!req.headers.host || !options.allowedHosts().has(req.headers.host)) {
      options.countRefusal?.(clientAddress(req.socket), 'wrong host');
      res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Wrong host');
      return;
    }
    const pathname = requestPath(req.url);
    if (pathname === null) {
      refuse(req, res, 400, 'not a request target Herald serves');
      return;
    }
    await options.route(req, res, pathname);
  }
  const server = http.createServer(options.serverOptions ?? {}, (req, res) => {
    handle(req, res).catch((e: unknown) => {
      try {
        refuse(req, res, 500, e instanceof Error ? (e.stack ?? e.message) : String(e));
      } catch {
        res.destroy();
      }
    });
  });
  server.on('clientError', (e: NodeJS.ErrnoException, socket) => {
    if (options.countRefusal)
      options.countRefusal(clientAddress(socket as { remoteAddress?: string }), e.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'too slow' : 'not a valid request');
    else log(`${label} refused a request its parser could not read (${e.code ?? e.message}).`);
    if (socket.writable && e.code !== 'ECONNRESET') socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;
}

export function startBridgeServer(options: BridgeServerOptions): Promise<BridgeServer> {
  const { core, staticDir, token } = options;
  const streams = new Set<http.ServerResponse>();
  const unsubscribe = core.onEvent((event, payload) => {
    const line = `data: ${JSON.stringify({ event, payload })}\n\n`;
    // Node's HTTP response holds a write until the next tick (it corks the socket): uncorked here, an event sent from
    // inside long work without a pause (an import's writing, issue 31) still leaves at once.
    for (const s of streams) {
      s.write(line);
      s.socket?.uncork();
    }
  });
  let allowedHosts: Set<string> = new Set();

  const log = options.log ?? ((m: string) => console.error(m));

  async function route(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    const url = { pathname };
    if (url.pathname.startsWith('/api/')) {
      if (!tokenMatches(req.headers[TOKEN_HEADER], token)) {
        sendJson(res, 401, {
          ok: false,
          error: { code: 'INVALID_INPUT', message: 'This page is from an earlier launch of Herald. Open the link Herald printed when it started.' },
        });
        return;
      }
      if (url.pathname === '/api/invoke' && req.method === 'POST') {
        let body: { channel?: unknown; input?: unknown };
        try {
          const text = await readBody(req);
          body = JSON.parse(text) as { channel?: unknown; input?: unknown };
          if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
        } catch (e) {
          const status = (e as { status?: number }).status ?? 400;
          sendJson(res, status, {
            ok: false,
            error: { code: 'INVALID_INPUT', message: status === 413 ? 'The request is too large.' : 'The request is not valid JSON.' },
          });
          return;
        }
        sendJson(res, 200, await core.invoke(body.channel, body.input));
        return;
      }
      if (url.pathname === '/api/events' && req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
        res.write(': connected\n\n');
        streams.add(res);
        req.on('close', () => streams.delete(res));
        return;
      }
      sendJson(res, 404, { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: 'No such endpoint.' } });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    serveStatic(staticDir, url.pathname, res);
  }

  const server = createGuardedServer({ allowedHosts: () => allowedHosts, label: 'Browser mode', log, route });

  const keepAlive = setInterval(() => {
    for (const s of streams) s.write(': keep-alive\n\n');
  }, 15_000);
  keepAlive.unref();

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
      resolve({
        port,
        url: `http://127.0.0.1:${port}/#token=${token}`,
        close: () =>
          new Promise<void>((done) => {
            clearInterval(keepAlive);
            unsubscribe();
            for (const s of streams) s.end();
            streams.clear();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
