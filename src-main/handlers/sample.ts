/** campaigns.createSample (issue 31): the sample campaign, made through the handlers themselves (sample-campaign.ts). */
import type { Handler } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { buildSample, type Call } from '../sample-campaign';

/** `call` runs one request through dispatch over the whole handler map (handlers/index.ts passes it). */
export const createSample =
  (call: (ctx: HandlerContext) => Call): Handler<'campaigns.createSample', HandlerContext> =>
  (_input, ctx) =>
    buildSample(ctx, call(ctx));
