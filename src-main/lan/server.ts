/**
 * The Club Wi-Fi view's listener (issue 22): a second HTTP server, beside the desktop window or browser mode, that
 * serves the phone pages and answers only the read channels of read-channels.ts. It is built on browser mode's
 * hardened server (bridge/server.ts: security headers, Host check, request targets, errors) with its own token, its
 * own Host (the chosen network address) and no event stream (phones refresh by asking again).
 *
 * Issue 28: phones get a bounded share of the laptop — connection caps and timeouts, a token bucket per phone and per
 * address (limits.ts) — their answers are cached per committed state (read-cache.ts), refusals are summed up in the
 * log once a minute (refusals.ts), and only the phone's own files are served, matched after decoding the path.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Result } from '../../shared/ipc/result';
import { createGuardedServer, readBody, sendJson, serveStatic, TOKEN_HEADER, tokenMatches } from '../bridge/server';
import {
  addressOf,
  ADDRESS_BUCKET,
  Buckets,
  DEVICE_BUCKET,
  guardConnections,
  refusalDelayMs,
  retryAfterSeconds,
  STRANGER_BUCKET,
  TIMEOUT_CHECK_MS,
  type BucketSize,
} from './limits';
import { phoneAssets } from './phone-assets';
import { isLanReadChannel } from './read-channels';
import { createReadCache } from './read-cache';
import { createRefusalCounter, REFUSAL_WINDOW_MS, type RefusalKind } from './refusals';

/** A phone's read request is a channel name and an id or two: anything larger is not one. */
export const LAN_MAX_BODY_BYTES = 16 * 1024;
/** The phone page's own random id, kept in its localStorage, to count devices (never used for access). */
export const DEVICE_HEADER = 'x-herald-device';
/** A device counts as looking for this long after its last request. */
export const DEVICE_WINDOW_MS = 60_000;
/** Devices remembered at most (a hostile client sending fresh ids cannot grow the map for ever). */
const MAX_DEVICES = 2_000;
const DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** The phone page: "/" serves it; the desktop app's index.html is not served here at all. */
export const PHONE_PAGE = '/phone.html';
/** The phone side's own files (issue 28): its page, its icon, and the built assets it loads (flat, hashed names). */
const PHONE_FILE = /^\/(phone\.html|favicon\.svg|assets\/[A-Za-z0-9_-][A-Za-z0-9._-]*\.(js|css|svg|png|woff2?|ttf))$/;

/**
 * The file a phone may be served for a request path, matched after percent-decoding and normalising it ("/" is the
 * phone page); null for anything else — the desktop page however it is spelt ("/%69ndex.html", "/index%2ehtml",
 * "/assets/%2e%2e/index.html"), folders, and names outside the phone's own files.
 */
export function phoneFile(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const normal = path.posix.normalize(decoded);
  if (normal === '/') return PHONE_PAGE;
  return PHONE_FILE.test(normal) ? normal : null;
}

export interface LanServerOptions {
  invoke: (channel: string, input: unknown) => Promise<Result<unknown>>;
  staticDir: string;
  token: string;
  /** The IPv4 address to bind (the chosen interface; 127.0.0.1 in tests and the bench). */
  address: string;
  port: number;
  log: (message: string) => void;
  now?: () => number;
  /** The campaign file's committed state, which cached answers are keyed on (state-version.ts); without it nothing is cached. */
  stateVersion?: () => string | null;
  /** How often refusals are summed up in the log (a minute; tests use less). */
  refusalWindowMs?: number;
}

export interface LanServer {
  address: string;
  port: number;
  /** Distinct devices that asked for something in the last minute. */
  devices(): number;
  /** Connections phones hold now (at most PHONE_CONNECTIONS_MAX). */
  connections(): number;
  /** Refused connections and requests since it started, and answers built rather than taken from the cache. */
  counts(): { refused: number; builds: number };
  close(): Promise<void>;
  /** Stop listening and drop every connection now (quit cannot wait). */
  closeNow(): void;
}

const refusedWrite = {
  ok: false,
  error: { code: 'READ_ONLY', message: 'The Club Wi-Fi view only shows the campaign: changes are made on the organiser’s laptop.' },
} as const;
const wrongToken = {
  ok: false,
  error: { code: 'INVALID_INPUT', message: 'This link is from an earlier Club Wi-Fi session. Scan the QR code on the organiser’s laptop again.' },
} as const;
const notARequest = {
  ok: false,
  error: { code: 'INVALID_INPUT', message: 'This request does not name a page of the campaign. Reload the page.' },
} as const;
const tooMany = {
  ok: false,
  error: { code: 'BUSY', message: 'This phone is asking for pages faster than the laptop answers them. Wait a few seconds, then try again.' },
} as const;

export function startLanServer(options: LanServerOptions): Promise<LanServer> {
  const { token, staticDir, log } = options;
  // The phone page's own built files (from the build manifest): the desktop app's chunks are not a phone's.
  const own = phoneAssets(staticDir);
  const now = options.now ?? Date.now;
  const seen = new Map<string, number>();
  let allowedHosts: ReadonlySet<string> = new Set();
  const refusals = createRefusalCounter(log, options.refusalWindowMs ?? REFUSAL_WINDOW_MS);
  const cache = createReadCache({ stateVersion: options.stateVersion ?? (() => null), now });
  const devices = new Buckets(DEVICE_BUCKET, now);
  const addresses = new Buckets(ADDRESS_BUCKET, now);
  const strangers = new Buckets(STRANGER_BUCKET, now);

  const noteDevice = (id: string | string[] | undefined) => {
    if (typeof id !== 'string' || !DEVICE_ID.test(id)) return;
    const t = now();
    if (!seen.has(id) && seen.size >= MAX_DEVICES) prune(t);
    if (seen.size < MAX_DEVICES || seen.has(id)) seen.set(id, t);
  };
  const prune = (t: number) => {
    for (const [id, at] of seen) if (t - at > DEVICE_WINDOW_MS) seen.delete(id);
  };

  /** A refusal in words to the phone, counted for the log's summary (never a line of its own). */
  const refuse = (req: http.IncomingMessage, res: http.ServerResponse, kind: RefusalKind, status: number, body: unknown) => {
    refusals.note(addressOf(req.socket), kind);
    sendJson(res, status, body);
  };
  /**
   * Within its bucket, or refused 429 in words (the body of a refused request is drained by Node, never read). The
   * refusal is held back until the bucket would have a token again: a client asking again the moment it is refused
   * then asks at the bucket's pace, instead of costing the laptop thousands of refusals a second.
   */
  const withinBudget = (req: http.IncomingMessage, res: http.ServerResponse, buckets: Buckets, size: BucketSize, key: string, json: boolean) => {
    if (buckets.take(key)) return true;
    refusals.note(addressOf(req.socket), 'too many requests');
    const answer = () => {
      if (res.destroyed || res.headersSent) return;
      res.setHeader('Retry-After', retryAfterSeconds(size));
      if (json) sendJson(res, 429, tooMany);
      else res.writeHead(429, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(tooMany.error.message);
    };
    setTimeout(answer, refusalDelayMs(size)).unref();
    return false;
  };

  async function route(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    // A connection over a cap was answered 503 already; whatever it sent is not served.
    if (guard.isOver(req.socket)) {
      req.socket.destroy();
      return;
    }
    const address = addressOf(req.socket);
    if (pathname.startsWith('/api/')) {
      const device = req.headers[DEVICE_HEADER];
      const known = tokenMatches(req.headers[TOKEN_HEADER], token) && typeof device === 'string' && DEVICE_ID.test(device);
      // A phone with the link has its own budget, shared with the other devices at its address (made-up ids gain
      // nothing); anything else shares its address's small one.
      const within = known
        ? withinBudget(req, res, addresses, ADDRESS_BUCKET, address, true) && withinBudget(req, res, devices, DEVICE_BUCKET, device, true)
        : withinBudget(req, res, strangers, STRANGER_BUCKET, address, true);
      if (!within) return;
      if (!tokenMatches(req.headers[TOKEN_HEADER], token)) {
        refuse(req, res, 'wrong link', 401, wrongToken);
        return;
      }
      noteDevice(device);
      if (pathname !== '/api/invoke' || req.method !== 'POST') {
        refuse(req, res, 'not found', 404, { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: 'No such endpoint.' } });
        return;
      }
      let body: { channel?: unknown; input?: unknown };
      try {
        body = JSON.parse(await readBody(req, LAN_MAX_BODY_BYTES)) as { channel?: unknown; input?: unknown };
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
      } catch (e) {
        const status = (e as { status?: number }).status ?? 400;
        refuse(req, res, 'not a valid request', status, {
          ok: false,
          error: { code: 'INVALID_INPUT', message: status === 413 ? 'The request is too large.' : 'The request is not valid JSON.' },
        });
        return;
      }
      // The channel is a name before anything touches it (an object's own toString must never run, nor throw).
      const channel = body.channel;
      if (typeof channel !== 'string') {
        refuse(req, res, 'not a valid request', 400, notARequest);
        return;
      }
      // The allowlist, before anything reaches the core: no write can arrive from a phone.
      if (!isLanReadChannel(channel)) {
        refuse(req, res, 'not a phone read', 403, refusedWrite);
        return;
      }
      const text = await cache.answer(channel, body.input, () => options.invoke(channel, body.input));
      if (res.destroyed) return;
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(text);
      return;
    }
    if (!withinBudget(req, res, strangers, STRANGER_BUCKET, address, false)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      refusals.note(address, 'not a valid request');
      res.writeHead(405).end();
      return;
    }
    // Exactly the phone's own files, matched after decoding and normalising the path: never the desktop app's page
    // (its write controls have no use here), however its name is spelt.
    const file = phoneFile(pathname);
    if (file === null || (own !== null && file.startsWith('/assets/') && !own.has(file))) {
      refusals.note(address, 'not found');
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    serveStatic(staticDir, file, res, PHONE_PAGE, req);
  }

  const server = createGuardedServer({
    allowedHosts: () => allowedHosts,
    label: 'The Club Wi-Fi view',
    log,
    route,
    countRefusal: (address, why) => refusals.note(address, why),
    serverOptions: { connectionsCheckingInterval: TIMEOUT_CHECK_MS },
  });
  // Connection caps and timeouts (limits.ts): phones never hold more than their share of the process's open files.
  const guard = guardConnections(server, (address) => refusals.note(address, 'too many connections'));

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.address, () => {
      server.off('error', reject);
      server.on('error', (e) => log(`The Club Wi-Fi view's listener failed: ${e.message}`));
      const port = (server.address() as AddressInfo).port;
      allowedHosts = new Set([`${options.address}:${port}`]);
      const closeNow = () => {
        refusals.flush();
        server.closeAllConnections();
        server.close();
      };
      resolve({
        address: options.address,
        port,
        devices: () => {
          const t = now();
          prune(t);
          return seen.size;
        },
        connections: () => guard.held(),
        counts: () => ({ refused: refusals.total(), builds: cache.builds() }),
        closeNow,
        close: () =>
          new Promise<void>((done) => {
            refusals.flush();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
