/** The campaign as pictures (issue 33): the charts' series, read by src-main/views/progress.ts. */
import type { Handlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { campaignProgress, teamProgress } from '../views/progress';

type ProgressHandlers = Pick<Handlers<HandlerContext>, 'campaigns.progress' | 'teams.progress'>;

export const progressHandlers: ProgressHandlers = {
  'campaigns.progress': ({ id }, ctx) => campaignProgress(ctx.db, id),
  'teams.progress': ({ id }, ctx) => teamProgress(ctx.db, id),
};
