/**
 * IPC schemas for a file dropped onto the window (issue 15): Herald recognises it by its content (a campaign file, a
 * ruleset file or a team list, each by its "format") and imports it as the dialogs would; anything else is refused.
 */
import { z } from 'zod';
import { Campaign, CAMPAIGN_UPLOAD_MAX_BYTES, FileBase64, Id } from './campaigns';
import { Ruleset } from '../../rules';
import { RulesetPreview } from './rulesets';
import { TeamListSummary } from './teams';

export const DroppedFileInput = z
  .object({
    fileName: z.string().max(255),
    /** The file as text, or (a packed campaign file, issue 29) its bytes: exactly one. */
    text: z
      .string()
      .max(CAMPAIGN_UPLOAD_MAX_BYTES, `A file dropped on Herald is at most ${CAMPAIGN_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`)
      .optional(),
    base64: FileBase64.optional(),
    /** The campaign on screen, if any: a ruleset is loaded into its house rules (never applied without a diff). */
    campaignId: Id.optional(),
  })
  .strict();

export const DroppedFileResult = z.discriminatedUnion('kind', [
  /** `message`: a campaign already here, updated from the file or unchanged, in words (issue 22 hand-over). */
  z.object({ kind: z.literal('campaign'), campaign: Campaign, message: z.string().optional() }),
  z.object({ kind: z.literal('teamList'), outcome: z.enum(['imported', 'unchanged']), list: TeamListSummary }),
  /** Loaded, not applied: the House rules page shows its diff and the organiser applies it (as after an upload). */
  z.object({ kind: z.literal('ruleset'), campaignId: Id, fileName: z.string(), ruleset: Ruleset, preview: RulesetPreview, note: z.string().nullable() }),
]);
export type DroppedFileResult = z.infer<typeof DroppedFileResult>;
