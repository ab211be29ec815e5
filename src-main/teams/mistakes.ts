/**
 * Undoing mistakes on a team (issue 20): delete a team never founded, or take back an organiser's action (its ledger
 * entry voided through src-main/ledger, undo-action.ts). A read-only campaign file refuses both, in words.
 */
import type { ChannelOutput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import { deleteUnfoundedTeam } from '../campaign-delete';
import type { HandlerContext } from '../context';
import { findTeam } from '../repos/teams';
import { undoAction } from '../undo-action';

function mustBeWritable(ctx: HandlerContext) {
  if (ctx.info.readOnly) throw new AppError('READ_ONLY', 'The campaign file is on a read-only disk: nothing can be deleted or restored.');
}

export function deleteTeam(ctx: HandlerContext, id: string): ChannelOutput<'teams.delete'> {
  mustBeWritable(ctx);
  const gone = ctx.db.transaction((tx) => deleteUnfoundedTeam(tx, id));
  ctx.emit('teams.changed', { id, campaignId: gone.campaignId });
  return gone;
}

export function undoTeamAction(ctx: HandlerContext, id: string, entryId: string): ChannelOutput<'teams.undo'> {
  mustBeWritable(ctx);
  const reason = ctx.db.transaction((tx) => undoAction(tx, id, entryId, ctx.newId, ctx.now().toISOString()));
  ctx.emit('teams.changed', { id, campaignId: findTeam(ctx.db, id)!.campaignId });
  return { reason };
}
