/**
 * Every campaigns.* channel, each a call into its domain module: the campaign's life (src-main/campaigns/lifecycle.ts),
 * its file, hand-over, settings, CSV exports and deletion (src-main/campaigns/), and what the read model answers
 * (src-main/views/: standings, progress, bulletin, records).
 */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { createCampaign, mustFindCampaignView, renameCampaign, setArchived } from '../campaigns/lifecycle';
import { exportCampaignFile, importCampaignFile } from '../campaigns/file';
import { handOverCampaign, takeBackCampaign } from '../campaigns/hand-over';
import { campaignSettings, updateSettings } from '../campaigns/settings';
import { exportCsv } from '../campaigns/csv';
import { deleteCampaign } from '../campaigns/delete';
import * as repo from '../repos/campaigns';
import { buildSample, type Call } from '../sample-campaign';
import { bulletinOf } from '../views/bulletin';
import { mustFindCampaign } from '../views/campaign';
import { campaignProgress } from '../views/progress';
import { recordsOf } from '../views/records';
import { campaignStandings } from '../views/standings';

/**
 * The campaigns.* handlers. `call` runs one request through dispatch over the whole handler map (handlers/index.ts
 * passes it): the sample campaign (issue 31) is made through the very handlers the renderer's requests reach.
 */
export const campaignHandlers = (call: (ctx: HandlerContext) => Call): PrefixHandlers<'campaigns', HandlerContext> => ({
  'campaigns.list': ({ includeArchived }, ctx) => repo.listCampaigns(ctx.db, includeArchived),
  'campaigns.get': ({ id }, ctx) => mustFindCampaignView(ctx.db, id),
  'campaigns.create': (input, ctx) => createCampaign(ctx, input, 'Campaign created'),
  'campaigns.createSample': (_input, ctx) => buildSample(ctx, call(ctx)),
  'campaigns.rename': (input, ctx) => renameCampaign(ctx, input),
  'campaigns.archive': ({ id }, ctx) => setArchived(ctx, id, true),
  'campaigns.unarchive': ({ id }, ctx) => setArchived(ctx, id, false),
  'campaigns.delete': (input, ctx) => deleteCampaign(ctx, input),

  'campaigns.exportFile': (input, ctx) => exportCampaignFile(ctx, input),
  'campaigns.importFile': (input, ctx) => importCampaignFile(ctx, input),
  'campaigns.handOver': (input, ctx) => handOverCampaign(ctx, input),
  'campaigns.takeBack': ({ id }, ctx) => takeBackCampaign(ctx, id),
  'campaigns.exportCsv': (input, ctx) => exportCsv(ctx, input),

  'campaigns.settings': ({ id }, ctx) => campaignSettings(ctx.db, id),
  'campaigns.updateSettings': (input, ctx) => updateSettings(ctx, input),

  'campaigns.standings': ({ id }, ctx) => campaignStandings(ctx.db, id),
  'campaigns.progress': ({ id }, ctx) => campaignProgress(ctx.db, id),
  'campaigns.bulletin': ({ id }, ctx) => bulletinOf(ctx.db, id),
  'campaigns.records': ({ id }, ctx) => {
    mustFindCampaign(ctx.db, id);
    return recordsOf(ctx.db, id);
  },
});
