/** app.* : what the window asks of Herald itself (its info, ending a start-up recovery, logging a window's error). */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { logRendererError } from '../renderer-log';

export const appHandlers: PrefixHandlers<'app', HandlerContext> = {
  'app.info': (_input, ctx) => ctx.info,
  'app.dismissRecovery': (_input, ctx) => {
    ctx.endRecovery();
    return ctx.info;
  },
  'app.logError': (input, ctx) => logRendererError(ctx, input),
};
