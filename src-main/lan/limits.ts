/**
 * The Club Wi-Fi view's budgets (issue 28): how many connections phones may hold, and how fast each may ask. The
 * listener shares the process (and its open-file limit, often 1,024) with the organiser's own window or browser-mode
 * bridge, SQLite and the backups: phones get a bounded share, and whatever is over it is refused cheaply — a 503 when
 * a connection is over the cap, a 429 when a request is over its bucket — so the laptop carries on.
 * Why these numbers: docs/decisions.md, "Issue 28: the phone listener's budgets".
 */
import type http from 'node:http';
import type net from 'node:net';

/** Connections all phones together may hold: 30 phones × a browser's 6 per host, with room; far below 1,024 files. */
export const PHONE_CONNECTIONS_MAX = 256;
/** Connections one address may hold (a browser opens at most 6 per host; two tabs, a reload). */
export const PHONE_CONNECTIONS_PER_ADDRESS = 16;
/** Past this, Node drops a connection before we see it (the 503 path itself is bounded by this). */
export const PHONE_CONNECTIONS_HARD_MAX = PHONE_CONNECTIONS_MAX + 64;
/** Request headers must arrive within this time of the connection opening (a slow or silent client is dropped). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** A whole request (headers and body) within this time. */
export const REQUEST_TIMEOUT_MS = 15_000;
/** A kept-alive connection with no next request is closed after this. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** A socket with no traffic either way for this long is closed, whatever state it is in. */
export const IDLE_SOCKET_MS = 20_000;
/** How often Node checks the header and request timeouts (its default, 30 s, would let silent sockets pile up). */
export const TIMEOUT_CHECK_MS = 2_000;

export interface BucketSize {
  /** Requests that may come at once. */
  burst: number;
  /** Requests a second, sustained. */
  perSecond: number;
}

/** One phone (its device id, with the link's token): a page opens with a few reads, then refreshes every 30 s. */
export const DEVICE_BUCKET: BucketSize = { burst: 20, perSecond: 1 };
/** Every device at one address together (a device that makes up fresh ids still shares its address's budget). */
export const ADDRESS_BUCKET: BucketSize = { burst: 60, perSecond: 10 };
/** Requests without the token or a device id, per address: the page's own files, and wrong links. */
export const STRANGER_BUCKET: BucketSize = { burst: 30, perSecond: 3 };
/** Buckets remembered at most per kind; a full bucket is the same as a fresh one, so those are dropped first. */
const MAX_BUCKETS = 4_096;

/** Token buckets by key (a device, an address): take() is true while the key is within its budget. */
export class Buckets {
  private readonly held = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly size: BucketSize,
    private readonly now: () => number,
  ) {}

  take(key: string): boolean {
    const t = this.now();
    let b = this.held.get(key);
    if (b) {
      b.tokens = Math.min(this.size.burst, b.tokens + ((t - b.at) / 1000) * this.size.perSecond);
      b.at = t;
    } else {
      if (this.held.size >= MAX_BUCKETS) this.prune(t);
      // Still full of busy keys (a client making up ids): a new key is over budget until some refill.
      if (this.held.size >= MAX_BUCKETS) return false;
      b = { tokens: this.size.burst, at: t };
      this.held.set(key, b);
    }
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  private prune(t: number) {
    for (const [key, b] of this.held) if (b.tokens + ((t - b.at) / 1000) * this.size.perSecond >= this.size.burst) this.held.delete(key);
  }
}

/** How long a 429 is held back: about the time the bucket takes to refill one token (at most a second). */
export const refusalDelayMs = (size: BucketSize) => Math.min(1_000, Math.ceil(1_000 / size.perSecond));

/** Seconds until a bucket of this size has a token again (for Retry-After). */
export const retryAfterSeconds = (size: BucketSize) => String(Math.max(1, Math.ceil(1 / size.perSecond)));

const busyBody = JSON.stringify({
  ok: false,
  error: { code: 'BUSY', message: 'The organiser’s laptop is busy with other phones just now. Try again in a moment.' },
});
/** Written straight to a refused socket (no request was read): short, closing, and readable by the phone page. */
const BUSY_RESPONSE =
  'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nRetry-After: 5\r\n' +
  `Connection: close\r\nContent-Length: ${Buffer.byteLength(busyBody)}\r\n\r\n${busyBody}`;

/** The address a socket came from, as one key ("::ffff:1.2.3.4" and "1.2.3.4" are the same phone). */
export const addressOf = (socket: net.Socket) => (socket.remoteAddress ?? '?').replace(/^::ffff:/, '');

export interface ConnectionGuard {
  /** Connections held now. */
  held(): number;
  /** A connection refused over a cap: whatever it sends before it closes is not served. */
  isOver(socket: net.Socket): boolean;
}

/**
 * Caps, timeouts and the 503 for connections over a cap. `refused` is told of each refused connection (counted,
 * not logged one by one: refusals.ts).
 */
export function guardConnections(server: http.Server, refused: (address: string) => void): ConnectionGuard {
  server.maxConnections = PHONE_CONNECTIONS_HARD_MAX;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // No 'timeout' listener on the server: Node destroys a socket idle this long.
  server.timeout = IDLE_SOCKET_MS;
  const perAddress = new Map<string, number>();
  const over = new WeakSet<net.Socket>();
  let total = 0;
  server.on('drop', (data?: { remoteAddress?: string }) => refused((data?.remoteAddress ?? '?').replace(/^::ffff:/, '')));
  server.on('connection', (socket: net.Socket) => {
    const address = addressOf(socket);
    const mine = perAddress.get(address) ?? 0;
    if (total >= PHONE_CONNECTIONS_MAX || mine >= PHONE_CONNECTIONS_PER_ADDRESS) {
      refused(address);
      // The answer, then the socket closed as soon as it is written: a refused connection holds nothing for long.
      over.add(socket);
      socket.on('error', () => {});
      socket.write(BUSY_RESPONSE);
      socket.destroySoon();
      return;
    }
    total++;
    perAddress.set(address, mine + 1);
    socket.once('close', () => {
      total--;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
  return { held: () => total, isOver: (socket) => over.has(socket) };
}
