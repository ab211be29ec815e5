/**
 * The Club Wi-Fi view's switch (issue 22), owned by the core so both shells get it and closing the core (quit, Ctrl+C)
 * switches it off. Nothing about it is saved: every start of Herald finds it off, and every switch-on makes a fresh
 * token, so a link from an earlier evening (or from before "off") no longer works.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Result } from '../../shared/ipc/result';
import { AppError } from '../../shared/ipc/result';
import type { LanInterface, LanStartInput, LanStatus } from '../../shared/ipc/schemas/lan';
import { PHONE_PAGE, startLanServer, type LanServer } from './server';

/** The port the view asks for first (a link that stays the same between evenings, but for its token). */
export const PREFERRED_PORT = 8787;
export const LOOPBACK = '127.0.0.1';
/** Letters and digits that cannot be mistaken for one another when typed from a screen (no l, o, 0, 1). */
const TOKEN_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** 12 of 32 symbols: 60 random bits, short enough to type on a phone. */
const TOKEN_LENGTH = 12;

export interface LanControl {
  status(): LanStatus;
  start(input: LanStartInput): Promise<LanStatus>;
  stop(): Promise<LanStatus>;
  /** Switch off at once (the core is closing). */
  close(): void;
}

export interface LanControlOptions {
  invoke: (channel: string, input: unknown) => Promise<Result<unknown>>;
  staticDir: string;
  log: (message: string) => void;
  now: () => Date;
  /** The campaign file's committed state (state-version.ts): phones' answers are cached per state (issue 28). */
  stateVersion?: () => string | null;
  /** os.networkInterfaces by default; tests hand in their own. */
  networkInterfaces?: () => NodeJS.Dict<os.NetworkInterfaceInfo[]>;
}

export function newLanToken(): string {
  const bytes = randomBytes(TOKEN_LENGTH);
  return Array.from(bytes, (b) => TOKEN_ALPHABET[b % TOKEN_ALPHABET.length]).join('');
}

/** The token grouped in fours for typing ("abcd-efgh-jkmn"); the phone page drops the dashes. */
export const groupedToken = (token: string) => token.match(/.{1,4}/g)?.join('-') ?? token;

/** IPv4 addresses of this laptop a phone could reach, then loopback ("this laptop only", for trying it). */
export function lanInterfaces(list: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces()): LanInterface[] {
  const out: LanInterface[] = [];
  for (const [name, infos] of Object.entries(list)) {
    for (const info of infos ?? []) {
      if (info.family !== 'IPv4' || info.internal) continue;
      out.push({ name, address: info.address, label: `${name} — ${info.address}` });
    }
  }
  out.push({ name: 'loopback', address: LOOPBACK, label: `This laptop only — ${LOOPBACK}` });
  return out;
}

export function createLanControl(options: LanControlOptions): LanControl {
  const { log } = options;
  const interfaces = () => lanInterfaces(options.networkInterfaces?.() ?? os.networkInterfaces());
  const available = fs.existsSync(path.join(options.staticDir, PHONE_PAGE));
  let server: LanServer | null = null;
  let token = '';
  let startedAt: string | null = null;
  /** The core closed: a start still under way must not leave a listener behind. */
  let closed = false;
  /** Switching on and off one at a time (two quick clicks must not leave two listeners). */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  const status = (): LanStatus => {
    const link = server ? `http://${server.address}:${server.port}/#${groupedToken(token)}` : null;
    return {
      available,
      running: server !== null,
      interfaces: interfaces(),
      address: server?.address ?? null,
      port: server?.port ?? null,
      url: link,
      shortLink: link?.replace(/^http:\/\//, '') ?? null,
      devices: server?.devices() ?? 0,
      startedAt,
    };
  };

  const stopNow = async () => {
    const s = server;
    server = null;
    token = '';
    startedAt = null;
    if (s) {
      await s.close();
      log('The Club Wi-Fi view is off.');
    }
  };

  const listen = async (address: string, port: number) => {
    const fresh = newLanToken();
    const s = await startLanServer({
      invoke: options.invoke,
      staticDir: options.staticDir,
      token: fresh,
      address,
      port,
      log,
      stateVersion: options.stateVersion,
    });
    if (closed) {
      s.closeNow();
      throw new AppError('VALIDATION', 'Herald is closing: the Club Wi-Fi view stays off.');
    }
    server = s;
    token = fresh;
    startedAt = options.now().toISOString();
    log(`The Club Wi-Fi view is on at http://${address}:${s.port}/ (read-only).`);
  };

  return {
    status,
    start: (input) =>
      serial(async () => {
        if (!available)
          throw new AppError('VALIDATION', 'This copy of Herald has no phone pages built, so the Club Wi-Fi view cannot start. Run `npm run build` first.');
        if (!interfaces().some((i) => i.address === input.address)) {
          throw new AppError('VALIDATION', `${input.address} is not one of this laptop’s network addresses (any more): choose one from the list.`);
        }
        // Switching on again is a new session: the old link stops working.
        await stopNow();
        try {
          if (input.port !== undefined) await listen(input.address, input.port);
          else
            await listen(input.address, PREFERRED_PORT).catch((e: NodeJS.ErrnoException) =>
              e.code === 'EADDRINUSE' ? listen(input.address, 0) : Promise.reject(e),
            );
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code;
          if (code === 'EADDRINUSE') throw new AppError('VALIDATION', `Port ${input.port} is in use by another program: choose another, or let Herald choose.`);
          if (code === 'EADDRNOTAVAIL')
            throw new AppError('VALIDATION', `${input.address} is not one of this laptop’s network addresses any more: choose one from the list.`);
          if (code === 'EACCES')
            throw new AppError('VALIDATION', `This computer did not let Herald listen on port ${input.port}: choose another, or let Herald choose.`);
          throw e;
        }
        return status();
      }),
    stop: () =>
      serial(async () => {
        await stopNow();
        return status();
      }),
    close() {
      closed = true;
      const s = server;
      server = null;
      token = '';
      startedAt = null;
      s?.closeNow();
    },
  };
}
