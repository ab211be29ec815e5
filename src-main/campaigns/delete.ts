/**
 * campaigns.delete (issue 20): a verified backup first, named after the campaign, so it comes back from the Backups
 * screen; then its rows go in one transaction (campaign-delete.ts).
 */
import type { ChannelOutput, ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import { nameKey } from '../../shared/names';
import { campaignContents, deleteCampaignRows } from '../campaign-delete';
import type { HandlerContext } from '../context';
import { backupView } from '../backup-actions';

export async function deleteCampaign(
  ctx: HandlerContext,
  { id, confirmName }: ChannelParsedInput<'campaigns.delete'>,
): Promise<ChannelOutput<'campaigns.delete'>> {
  if (ctx.info.readOnly) throw new AppError('READ_ONLY', 'The campaign file is on a read-only disk: nothing can be deleted or restored.');
  const { name } = campaignContents(ctx.db, id);
  if (nameKey(confirmName) !== nameKey(name)) throw new AppError('VALIDATION', `Type the campaign's name, “${name}”, to delete it.`);
  // docs/reliability.md rule 3: a verified backup before anything is deleted; it is what brings the campaign back.
  await ctx.backups.idle();
  const backup = ctx.backups.take(`before-delete-campaign:${name}`);
  ctx.db.transaction((tx) => deleteCampaignRows(tx, id));
  ctx.emit('campaigns.changed', { id });
  ctx.emit('backups.changed', {});
  return { name, backup: backupView(backup) };
}
