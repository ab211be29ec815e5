/**
 * Every teams.* channel, each a call into src-main/teams/: a team's life to its founding (lifecycle.ts), changes to a
 * founded roster through the ledger (roster-changes.ts), Tactical Reserves (reserves.ts), undoing mistakes
 * (mistakes.ts); its page and history from teams/detail.ts and the read model in src-main/views/.
 */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { detail } from '../teams/detail';
import { createTeam, foundTeam, renameTeam, saveDraft, teamSummaries } from '../teams/lifecycle';
import { adjustRequisition, changeModel, dismissModel, recruitModel } from '../teams/roster-changes';
import { fitGear, parkGear, reserveModel } from '../teams/reserves';
import { deleteTeam, undoTeamAction } from '../teams/mistakes';
import { teamProgress } from '../views/progress';
import { teamHistory } from '../views/team-history';

export const teamHandlers: PrefixHandlers<'teams', HandlerContext> = {
  'teams.list': (input, ctx) => teamSummaries(ctx, input),
  'teams.get': ({ id }, ctx) => detail(ctx.db, id),
  'teams.create': (input, ctx) => createTeam(ctx, input),
  'teams.rename': (input, ctx) => renameTeam(ctx, input),
  'teams.saveDraft': (input, ctx) => saveDraft(ctx, input),
  'teams.found': (input, ctx) => foundTeam(ctx, input),
  'teams.delete': ({ id }, ctx) => deleteTeam(ctx, id),
  'teams.undo': ({ id, entryId }, ctx) => undoTeamAction(ctx, id, entryId),

  'teams.recruit': (input, ctx) => recruitModel(ctx, input),
  'teams.changeModel': (input, ctx) => changeModel(ctx, input),
  'teams.dismiss': (input, ctx) => dismissModel(ctx, input),
  'teams.adjustRequisition': (input, ctx) => adjustRequisition(ctx, input),

  'teams.reserve': (input, ctx) => reserveModel(ctx, input),
  'teams.parkGear': (input, ctx) => parkGear(ctx, input),
  'teams.fitGear': (input, ctx) => fitGear(ctx, input),

  'teams.history': ({ id }, ctx) => teamHistory(ctx.db, id),
  'teams.progress': ({ id }, ctx) => teamProgress(ctx.db, id),
};
