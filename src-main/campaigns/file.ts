/** campaigns.exportFile / campaigns.importFile (issue 8): a whole campaign as one file; an import never half-applies. */
import type { ChannelOutput, ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { HandlerContext } from '../context';
import { CAMPAIGN_FILE_MAX_BYTES, exportCampaign } from '../campaign-file';
import { packCampaignFile } from '../campaign-file/packed';
import { CAMPAIGN_FILE_EXTENSIONS, campaignFileName as fileNameFor, importCampaignBytes, uploadedBytes } from '../campaign-file/import-bytes';

export async function exportCampaignFile(
  ctx: HandlerContext,
  { id, destination }: ChannelParsedInput<'campaigns.exportFile'>,
): Promise<ChannelOutput<'campaigns.exportFile'>> {
  const at = ctx.now().toISOString();
  const file = exportCampaign(ctx.db, id, at, true);
  const bytes = await packCampaignFile(file);
  const fileName = fileNameFor(file.campaign.name, at);
  if (destination === 'download') return { outcome: 'download' as const, fileName, base64: bytes.toString('base64') };
  if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: download the file instead.');
  const saved = await ctx.files.saveBytes({ title: 'Export campaign', defaultName: fileName, extensions: CAMPAIGN_FILE_EXTENSIONS.slice(0, 1), bytes });
  return saved ? { outcome: 'saved' as const, path: saved } : { outcome: 'cancelled' as const };
}

export async function importCampaignFile(
  ctx: HandlerContext,
  input: ChannelParsedInput<'campaigns.importFile'>,
): Promise<ChannelOutput<'campaigns.importFile'>> {
  let picked: { fileName: string; bytes: Uint8Array };
  if (input.source === 'dialog') {
    if (!ctx.files) throw new AppError('VALIDATION', 'There is no file dialog in browser mode: choose the file to upload instead.');
    const chosen = await ctx.files.openBytes({ title: 'Import a campaign', extensions: CAMPAIGN_FILE_EXTENSIONS, maxBytes: CAMPAIGN_FILE_MAX_BYTES });
    if (!chosen) return { outcome: 'cancelled' as const };
    picked = chosen;
  } else picked = { fileName: input.fileName, bytes: uploadedBytes(input) };
  return importCampaignBytes(ctx, picked, input.asCopy);
}
