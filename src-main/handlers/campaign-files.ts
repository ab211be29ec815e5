/** campaigns.exportFile / campaigns.importFile (issue 8): a whole campaign as one file; an import never half-applies. */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { EventPayload } from '../../shared/ipc/contract';
import type { HandlerContext } from '../context';
import { CAMPAIGN_FILE_MAX_BYTES, asCopy, checkAgainstThisComputer, checkCampaignFile, exportCampaign, importChecked } from '../campaign-file';
import { packCampaignFile, readCampaignFile } from '../campaign-file/packed';
import { findCampaign, findCampaignByOrigin } from '../repos/campaigns';
import { campaignFileName as fileNameFor, importOverThisLaptop } from './hand-over';

/** What the dialogs offer: Herald's packed campaign files, and the JSON ones it wrote before (issue 29). */
export const CAMPAIGN_FILE_EXTENSIONS = ['herald-campaign', 'json'];

/** An upload's file: its bytes (base64) or, from Herald before issue 29, its text. Exactly one. */
export function uploadedBytes(input: { text?: string | undefined; base64?: string | undefined }): Uint8Array {
  if ((input.text === undefined) === (input.base64 === undefined))
    throw new AppError('VALIDATION', 'Send the campaign file’s content once: as text or as bytes. Nothing was imported.');
  return input.base64 !== undefined ? Buffer.from(input.base64, 'base64') : Buffer.from(input.text!, 'utf8');
}

type CampaignFileHandlers = Pick<Handlers<HandlerContext>, 'campaigns.exportFile' | 'campaigns.importFile'>;

export const campaignFileHandlers: CampaignFileHandlers = {
  'campaigns.exportFile': async ({ id, destination }, ctx) => {
    const at = ctx.now().toISOString();
    const file = exportCampaign(ctx.db, id, at);
    const bytes = await packCampaignFile(file);
    const fileName = fileNameFor(file.campaign.name, at);
    if (destination === 'download') return { outcome: 'download' as const, fileName, base64: bytes.toString('base64') };
    if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: download the file instead.');
    const saved = await ctx.files.saveBytes({ title: 'Export campaign', defaultName: fileName, extensions: CAMPAIGN_FILE_EXTENSIONS.slice(0, 1), bytes });
    return saved ? { outcome: 'saved' as const, path: saved } : { outcome: 'cancelled' as const };
  },

  'campaigns.importFile': async (input, ctx) => {
    let picked: { fileName: string; bytes: Uint8Array };
    if (input.source === 'dialog') {
      if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: choose the file to upload instead.');
      const chosen = await ctx.files.openBytes({ title: 'Import a campaign', extensions: CAMPAIGN_FILE_EXTENSIONS, maxBytes: CAMPAIGN_FILE_MAX_BYTES });
      if (!chosen) return { outcome: 'cancelled' as const };
      picked = chosen;
    } else picked = { fileName: input.fileName, bytes: uploadedBytes(input) };
    return importCampaignBytes(ctx, picked, input.asCopy);
  },
};

/**
 * A campaign file's bytes, however they came (a dialog, an upload, a drop: files.importDropped), imported: a new
 * campaign, a newer copy of one here, or a copy under `asCopyAs`'s name. Throws AppError in words.
 */
export async function importCampaignBytes(ctx: HandlerContext, picked: { fileName: string; bytes: Uint8Array }, asCopyAs?: { name: string }) {
  const progress = importProgress(ctx, picked.fileName);
  await progress('reading');
  const file = await readCampaignFile(picked.fileName, picked.bytes);
  const counts = { games: file.games.length, entries: file.ledger.length };
  // The same campaign already here (its identity across laptops, issue 22): a newer copy updates it.
  const here = asCopyAs ? undefined : findCampaignByOrigin(ctx.db, file.campaign.originId ?? file.campaign.id);
  if (here) {
    await progress('checking', counts);
    return importOverThisLaptop(ctx, here.id, file, picked.fileName, picked.bytes);
  }
  // Checked whole before anything is written: a refused file takes no backup and changes nothing (issue 16).
  await progress('checking', counts);
  const fresh = checkCampaignFile(file, ctx.newId);
  const checked = asCopyAs ? asCopy(fresh, asCopyAs.name) : fresh;
  // The last step says it before it starts: from the check against this laptop to the commit nothing may come between.
  await progress('writing', counts);
  checkAgainstThisComputer(ctx.db, checked);
  // docs/reliability.md rule 3: a verified backup before every import that writes.
  ctx.backups.take('before-import');
  const id = ctx.db.transaction((tx) => importChecked(tx, checked, ctx.newId, ctx.now().toISOString()));
  ctx.emit('campaigns.changed', { id });
  ctx.emit('teamLists.changed', { id });
  return { outcome: 'imported' as const, campaign: findCampaign(ctx.db, id)! };
}

/**
 * The import's steps, told to the windows as it reaches each (issue 31: a ten-year file takes seconds to read, check,
 * back up, write and replay, and a greyed button says nothing). Each step's work runs without a pause, so the event is
 * let out first: a turn of the event loop, which is what sends it to the window (Electron's IPC, browser mode's stream).
 */
function importProgress(ctx: HandlerContext, fileName: string) {
  return async (step: EventPayload<'campaigns.importProgress'>['step'], counts: { games: number; entries: number } | Record<string, never> = {}) => {
    ctx.emit('campaigns.importProgress', { fileName: fileName.slice(0, 200), step, ...counts });
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
}
