/** IPC schemas for undoing mistakes (issue 20): deleting a team or a campaign, restoring one campaign from a backup. */
import { z } from 'zod';
import { BackupFileInput, BackupView } from './backups';
import { Id } from './campaigns';

export const TeamDeleteInput = z.object({ id: Id }).strict();
export const TeamDeleteResult = z.object({ name: z.string(), campaignId: Id });

export const CampaignDeleteInput = z
  .object({
    id: Id,
    /** The campaign's name typed again: what the organiser confirmed (a different name is refused). */
    confirmName: z.string().max(200),
  })
  .strict();
/** The deleted campaign's name and the backup taken just before (restore it, or just the campaign, to undo). */
export const CampaignDeleteResult = z.object({ name: z.string(), backup: BackupView });

/**
 * A campaign in a backup; `here`: the campaign it would replace on this laptop (the same identity, issue 27), and who
 * has it when it is handed over (a restore is then refused: the window says so up front). Null: not on this laptop.
 */
export const BackupCampaign = z.object({
  id: Id,
  name: z.string(),
  games: z.number().int(),
  here: z.object({ name: z.string(), handedOverTo: z.string().nullable() }).nullable(),
});
export const BackupCampaignInput = z.object({ file: BackupFileInput.shape.file, campaignId: Id }).strict();
/**
 * The campaign put back (a new id) under its name here, and the backup of the state before, which undoes it.
 * `message` says, in words, when it came back under another name (issue 27: another campaign has its name now).
 */
export const BackupCampaignResult = z.object({ id: Id, name: z.string(), message: z.string().nullable(), undo: BackupView });

export const TeamUndoInput = z.object({ id: Id, entryId: z.string().min(1).max(64) }).strict();
/** The compensating entry's words ("Undone: Recruited Brother Novus …"). */
export const TeamUndoResult = z.object({ reason: z.string() });
