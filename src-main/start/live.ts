/**
 * What changes while Herald runs: the open campaign file (a restore or a failed full check swaps it), and with it
 * the handlers' db and the app's info. Made before the handlers' context (the backups read the file through it).
 */
import type { AppInfo } from '../../shared/ipc/schemas/app';
import type { HandlerContext } from '../context';
import type { OpenedDatabase } from '../db/open';

export class Live {
  /** core.close() was called: a full check finishing later changes nothing. */
  closed = false;
  #ctx: HandlerContext | null = null;

  constructor(
    public opened: OpenedDatabase,
    readonly info: AppInfo,
  ) {}

  get ctx(): HandlerContext {
    if (!this.#ctx) throw new Error('The handlers’ context is not made yet.');
    return this.#ctx;
  }

  set ctx(ctx: HandlerContext) {
    this.#ctx = ctx;
  }
}

/** Put a newly opened file in use: the handlers and the app's info follow it. */
export function useFile(live: Live, opened: OpenedDatabase) {
  live.opened = opened;
  live.ctx.db = opened.db;
  live.info.schemaVersion = opened.schemaVersion;
}
