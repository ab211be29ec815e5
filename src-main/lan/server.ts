/**
 * The Club Wi-Fi view's listener (issue 22): a second HTTP server, beside the desktop window or browser mode, that
 * serves the phone pages and answers only the read channels of read-channels.ts. It is built on browser mode's
 * hardened server (bridge/server.ts: security headers, Host check, request targets, errors) with its own token, its
 * own Host (the chosen network address) and no event stream (phones refresh by asking again).
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Result } from '../../shared/ipc/result';
import { createGuardedServer, readBody, sendJson, serveStatic, TOKEN_HEADER, tokenMatches } from '../bridge/server';
import { isLanReadChannel } from './read-channels';

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

export interface LanServerOptions {
  invoke: (channel: string, input: unknown) => Promise<Result<unknown>>;
  staticDir: string;
  token: string;
  /** The IPv4 address to bind (the chosen interface; 127.0.0.1 in tests and the bench). */
  address: string;
  port: number;
  log: (message: string) => void;
  now?: () => number;
}

export interface LanServer {
  address: string;
  port: number;
  /** Distinct devices that asked for something in the last minute. */
  devices(): number;
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

export function startLanServer(options: LanServerOptions): Promise<LanServer> {
  const { token, staticDir, log } = options;
  const now = options.now ?? Date.now;
  const seen = new Map<string, number>();
  let allowedHosts: ReadonlySet<string> = new Set();

  const noteDevice = (id: string | string[] | undefined) => {
    if (typeof id !== 'string' || !DEVICE_ID.test(id)) return;
    const t = now();
    if (!seen.has(id) && seen.size >= MAX_DEVICES) prune(t);
    if (seen.size < MAX_DEVICES || seen.has(id)) seen.set(id, t);
  };
  const prune = (t: number) => {
    for (const [id, at] of seen) if (t - at > DEVICE_WINDOW_MS) seen.delete(id);
  };

  async function route(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    if (pathname.startsWith('/api/')) {
      if (!tokenMatches(req.headers[TOKEN_HEADER], token)) {
        sendJson(res, 401, wrongToken);
        return;
      }
      noteDevice(req.headers[DEVICE_HEADER]);
      if (pathname !== '/api/invoke' || req.method !== 'POST') {
        sendJson(res, 404, { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: 'No such endpoint.' } });
        return;
      }
      let body: { channel?: unknown; input?: unknown };
      try {
        body = JSON.parse(await readBody(req, LAN_MAX_BODY_BYTES)) as { channel?: unknown; input?: unknown };
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
      } catch (e) {
        const status = (e as { status?: number }).status ?? 400;
        sendJson(res, status, {
          ok: false,
          error: { code: 'INVALID_INPUT', message: status === 413 ? 'The request is too large.' : 'The request is not valid JSON.' },
        });
        return;
      }
      // The allowlist, before anything reaches the core: no write can arrive from a phone.
      if (!isLanReadChannel(body.channel)) {
        log(`The Club Wi-Fi view refused ${JSON.stringify(String(body.channel).slice(0, 80))}: only reads are served to phones.`);
        sendJson(res, 403, refusedWrite);
        return;
      }
      sendJson(res, 200, await options.invoke(body.channel, body.input));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    // The phone page and the files it loads; never the desktop app's page (its write controls have no use here).
    if (pathname === '/index.html') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    serveStatic(staticDir, pathname, res, PHONE_PAGE);
  }

  const server = createGuardedServer({ allowedHosts: () => allowedHosts, label: 'The Club Wi-Fi view', log, route });
  // Phones keep connections open; a short idle time lets 30 of them come and go without holding sockets.
  server.keepAliveTimeout = 10_000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.address, () => {
      server.off('error', reject);
      server.on('error', (e) => log(`The Club Wi-Fi view's listener failed: ${e.message}`));
      const port = (server.address() as AddressInfo).port;
      allowedHosts = new Set([`${options.address}:${port}`]);
      const closeNow = () => {
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
        closeNow,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
