/**
 * Hand-over between laptops (issue 22): campaigns.handOver and campaigns.takeBack, and what campaigns.importFile does
 * with a file of a campaign already on this laptop — update it when the file carries on from it, say so when it has
 * nothing newer, refuse it (kept aside, nothing merged) when both laptops wrote after they parted.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { HandlerContext } from '../context';
import { checkCampaignFile, exportCampaign, type CampaignFile } from '../campaign-file';
import { packCampaignFile } from '../campaign-file/packed';
import { accountWords, compareLineage, gameNumbers } from '../campaign-file/lineage';
import { knownIds, updateFromFile } from '../campaign-file/update';
import { handedOver, markHandedOver, setAside, takeBack } from '../hand-over';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import { findCampaign } from '../repos/campaigns';

type HandOverHandlers = Pick<Handlers<HandlerContext>, 'campaigns.handOver' | 'campaigns.takeBack'>;

/** "Autumn-League-2026-11-27.herald-campaign": a packed campaign file (issue 29; before it, `.herald-campaign.json`). */
export const campaignFileName = (name: string, at: string) =>
  `${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'campaign'}-${at.slice(0, 10)}.herald-campaign`;

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

/**
 * A file of campaign `hereId`, already on this laptop (the same identity across laptops). Updates it, or says why not.
 * `fileName` and `bytes` are the file as picked: a refused file is kept aside under its name.
 */
export function importOverThisLaptop(ctx: HandlerContext, hereId: string, file: CampaignFile, fileName: string, bytes: Uint8Array) {
  const at = ctx.now().toISOString();
  const here = mustFind(ctx, hereId);
  const lineage = compareLineage(exportCampaign(ctx.db, hereId, at), file);
  if (lineage.kind === 'diverged') {
    let where: string;
    try {
      where = `The file is kept in Herald’s data folder as ${setAside(ctx.info.dataDir, fileName, bytes, at)}`;
    } catch (e) {
      // A full or read-only disk: the refusal still stands, and the organiser still has the file where it came from.
      where = `The file could not be kept in Herald’s data folder (${(e as Error).message}): keep the one you chose`;
    }
    // A file that changes what this laptop already has (a finished game, an entry) is named by that step (issue 27).
    const what = lineage.rewritten
      ? `The file changes what “${here.name}” on this laptop already has — ${lineage.rewritten}.`
      : `Both laptops changed “${here.name}” after the copies parted: this laptop ${accountWords(lineage.here, 'here', true)}; the file ${accountWords(lineage.file, 'file', true)}.`;
    throw new AppError(
      'VALIDATION',
      `${what} Nothing was merged and nothing changed. ${where}; to keep it as a separate campaign, import it as a copy under a new name.`,
    );
  }
  if (lineage.kind === 'older')
    return {
      outcome: 'unchanged' as const,
      campaign: here,
      // Said as what this laptop has, not what it did: the newer games may have come from the other laptop's file.
      message: `This file is older than “${here.name}” on this laptop, which also ${accountWords(lineage.here, 'file')}: nothing was changed.`,
    };
  // The same ledger: nothing to take, unless the campaign is handed over — then the other laptop held it, and its copy
  // (notes, a game planned there) is the newer, and coming back ends the hand-over.
  if (lineage.kind === 'equal' && here.handedOver === null)
    return {
      outcome: 'unchanged' as const,
      campaign: here,
      message: `“${here.name}” on this laptop already has everything in this file: nothing was changed.`,
    };

  // Checked whole, as a first import is, before anything is written or backed up (issue 16).
  const checked = checkCampaignFile(file, ctx.newId, knownIds(ctx.db, hereId));
  // docs/reliability.md rule 3: a verified backup before every import that writes.
  ctx.backups.take('before-import');
  ctx.db.transaction((tx) => updateFromFile(tx, checked, ctx.newId, at));
  ctx.emit('campaigns.changed', { id: hereId });
  ctx.emit('teamLists.changed', { id: hereId });
  const added = lineage.kind === 'extends' ? lineage.file : null;
  const news = added === null || added.committed.length === 0 ? 'no new games' : `${gameNumbers(added.committed)} added`;
  const back = here.handedOver ? ' It is back on this laptop and can be changed here again.' : '';
  return { outcome: 'updated' as const, campaign: mustFind(ctx, hereId), message: `“${here.name}” was updated from the file (${news}).${back}` };
}
