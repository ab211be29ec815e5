/**
 * Standings, and team and model histories (issue 5, "Also"): thin channels over the read model in src-main/views/.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { campaignStandings } from '../views/standings';
import { modelHistory, teamHistory } from '../views/team-history';

type StandingsHandlers = Pick<Handlers<HandlerContext>, 'campaigns.standings' | 'teams.history' | 'models.history'>;

export const standingsHandlers: StandingsHandlers = {
  'campaigns.standings': ({ id }, ctx) => campaignStandings(ctx.db, id),
  'teams.history': ({ id }, ctx) => teamHistory(ctx.db, id),
  'models.history': ({ teamId, modelId }, ctx) => modelHistory(ctx.db, teamId, modelId),
};
