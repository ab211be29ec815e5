/**
 * Hand-over between laptops (issue 22): campaigns.handOver and campaigns.takeBack. What an import does with a file of a
 * campaign already on this laptop is in campaign-file/import-bytes.ts (importOverThisLaptop).
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { HandlerContext } from '../context';
import { exportCampaign } from '../campaign-file';
import { packCampaignFile } from '../campaign-file/packed';
import { campaignFileName } from '../campaign-file/import-bytes';
import { handedOver, markHandedOver, takeBack } from '../hand-over';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import { findCampaign } from '../repos/campaigns';

type HandOverHandlers = Pick<Handlers<HandlerContext>, 'campaigns.handOver' | 'campaigns.takeBack'>;

const mustFind = (ctx: HandlerContext, id: string): Campaign => {
  const c = findCampaign(ctx.db, id);
  if (!c) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  return c;
};

export const handOverHandlers: HandOverHandlers = {
  'campaigns.handOver': async ({ id, to, destination }, ctx) => {
    const campaign = mustFind(ctx, id);
    const already = handedOver(ctx.db, id);
    if (already)
      throw new AppError('VALIDATION', `“${campaign.name}” is already handed over to ${already.to}: export it again from Backups if the file was lost.`);
    const at = ctx.now().toISOString();
    const bytes = await packCampaignFile(exportCampaign(ctx.db, id, at));
    const fileName = campaignFileName(campaign.name, at);
    const mark = () => {
      markHandedOver(ctx.db, id, to, at);
      ctx.emit('campaigns.changed', { id });
      return mustFind(ctx, id);
    };
    // Marked only once the file exists: a cancelled dialog leaves the campaign as it was.
    if (destination === 'download') return { outcome: 'download' as const, fileName, base64: bytes.toString('base64'), campaign: mark() };
    if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: download the file instead.');
    const saved = await ctx.files.saveBytes({ title: 'Hand over campaign', defaultName: fileName, extensions: ['herald-campaign'], bytes });
    return saved ? { outcome: 'saved' as const, path: saved, campaign: mark() } : { outcome: 'cancelled' as const };
  },

  'campaigns.takeBack': ({ id }, ctx) => {
    mustFind(ctx, id);
    takeBack(ctx.db, id);
    ctx.emit('campaigns.changed', { id });
    return mustFind(ctx, id);
  },
};
