/** models.* (issue 5): a model's history, read by src-main/views/team-history.ts. */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { modelHistory } from '../views/team-history';

export const modelHandlers: PrefixHandlers<'models', HandlerContext> = {
  'models.history': ({ teamId, modelId }, ctx) => modelHistory(ctx.db, teamId, modelId),
};
