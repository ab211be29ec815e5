/**
 * Hand-over between laptops (issue 22): campaigns.handOver and campaigns.takeBack. The marks themselves are
 * src-main/hand-over.ts; what an import does with a file of a campaign already on this laptop is in
 * campaign-file/import-bytes.ts (importOverThisLaptop).
 */
import type { ChannelOutput, ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { HandlerContext } from '../context';
import { exportCampaign } from '../campaign-file';
import { packCampaignFile } from '../campaign-file/packed';
import { campaignFileName } from '../campaign-file/import-bytes';
import { handedOver, markHandedOver, takeBack } from '../hand-over';
import { mustFindCampaignView } from './lifecycle';

export async function handOverCampaign(
  ctx: HandlerContext,
  { id, to, destination }: ChannelParsedInput<'campaigns.handOver'>,
): Promise<ChannelOutput<'campaigns.handOver'>> {
  const campaign = mustFindCampaignView(ctx.db, id);
  const already = handedOver(ctx.db, id);
  if (already)
    throw new AppError('VALIDATION', `“${campaign.name}” is already handed over to ${already.to}: export it again from Backups if the file was lost.`);
  const at = ctx.now().toISOString();
  const bytes = await packCampaignFile(exportCampaign(ctx.db, id, at, true));
  const fileName = campaignFileName(campaign.name, at);
  const mark = () => {
    markHandedOver(ctx.db, id, to, at);
    ctx.emit('campaigns.changed', { id });
    return mustFindCampaignView(ctx.db, id);
  };
  // Marked only once the file exists: a cancelled dialog leaves the campaign as it was.
  if (destination === 'download') return { outcome: 'download' as const, fileName, base64: bytes.toString('base64'), campaign: mark() };
  if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: download the file instead.');
  const saved = await ctx.files.saveBytes({ title: 'Hand over campaign', defaultName: fileName, extensions: ['herald-campaign'], bytes });
  return saved ? { outcome: 'saved' as const, path: saved, campaign: mark() } : { outcome: 'cancelled' as const };
}

export function takeBackCampaign(ctx: HandlerContext, id: string): Campaign {
  mustFindCampaignView(ctx.db, id);
  takeBack(ctx.db, id);
  ctx.emit('campaigns.changed', { id });
  return mustFindCampaignView(ctx.db, id);
}
