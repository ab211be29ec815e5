/** campaigns.exportFile / campaigns.importFile (issue 8): a whole campaign as one file; an import never half-applies. */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { HandlerContext } from '../context';
import {
  CAMPAIGN_FILE_MAX_BYTES,
  asCopy,
  checkAgainstThisComputer,
  checkCampaignFile,
  exportCampaign,
  importChecked,
  parseCampaignFile,
} from '../campaign-file';
import { findCampaign, findCampaignByOrigin } from '../repos/campaigns';
import { campaignFileName as fileNameFor, importOverThisLaptop } from './hand-over';

type CampaignFileHandlers = Pick<Handlers<HandlerContext>, 'campaigns.exportFile' | 'campaigns.importFile'>;

export const campaignFileHandlers: CampaignFileHandlers = {
  'campaigns.exportFile': async ({ id, destination }, ctx) => {
    const at = ctx.now().toISOString();
    const file = exportCampaign(ctx.db, id, at);
    const text = `${JSON.stringify(file)}\n`;
    const fileName = fileNameFor(file.campaign.name, at);
    if (destination === 'download') return { outcome: 'download' as const, fileName, text };
    if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: download the file instead.');
    const saved = await ctx.files.saveText({ title: 'Export campaign', defaultName: fileName, extensions: ['json'], text });
    return saved ? { outcome: 'saved' as const, path: saved } : { outcome: 'cancelled' as const };
  },

  'campaigns.importFile': async (input, ctx) => {
    let picked: { fileName: string; text: string };
    if (input.source === 'dialog') {
      if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: choose the file to upload instead.');
      const chosen = await ctx.files.openText({ title: 'Import a campaign', extensions: ['json'], maxBytes: CAMPAIGN_FILE_MAX_BYTES });
      if (!chosen) return { outcome: 'cancelled' as const };
      picked = chosen;
    } else picked = { fileName: input.fileName, text: input.text };
    const file = parseCampaignFile(picked.fileName, picked.text);
    // The same campaign already here (its identity across laptops, issue 22): a newer copy updates it.
    const here = input.asCopy ? undefined : findCampaignByOrigin(ctx.db, file.campaign.originId ?? file.campaign.id);
    if (here) return importOverThisLaptop(ctx, here.id, file, picked.fileName, picked.text);
    // Checked whole before anything is written: a refused file takes no backup and changes nothing (issue 16).
    const fresh = checkCampaignFile(file, ctx.newId);
    const checked = input.asCopy ? asCopy(fresh, input.asCopy.name) : fresh;
    checkAgainstThisComputer(ctx.db, checked);
    // docs/reliability.md rule 3: a verified backup before every import that writes.
    ctx.backups.take('before-import');
    const id = ctx.db.transaction((tx) => importChecked(tx, checked, ctx.newId, ctx.now().toISOString()));
    ctx.emit('campaigns.changed', { id });
    ctx.emit('teamLists.changed', { id });
    return { outcome: 'imported' as const, campaign: findCampaign(ctx.db, id)! };
  },
};
