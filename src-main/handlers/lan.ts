/** lan.* handlers (issue 22): the Club Wi-Fi view's switch. The listener itself is src-main/lan/. */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { LanStatus } from '../../shared/ipc/schemas/lan';
import type { HandlerContext } from '../context';

/** Where no listener can be made (a core without phone pages to serve): off, and saying so. */
const unavailable: LanStatus = {
  available: false,
  running: false,
  interfaces: [],
  address: null,
  port: null,
  url: null,
  shortLink: null,
  devices: 0,
  startedAt: null,
};

export const lanHandlers: PrefixHandlers<'lan', HandlerContext> = {
  'lan.status': (_input, ctx) => ctx.lan?.status() ?? unavailable,
  'lan.start': (input, ctx) => {
    if (!ctx.lan) throw new AppError('VALIDATION', 'The Club Wi-Fi view is not available in this copy of Herald.');
    return ctx.lan.start(input);
  },
  'lan.stop': (_input, ctx) => ctx.lan?.stop() ?? unavailable,
};
