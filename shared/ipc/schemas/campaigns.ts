import { z } from 'zod';
import { normaliseName } from '../../names';

/** Database ids are UUID strings made in the main process. */
export const Id = z.uuid();
export type Id = z.infer<typeof Id>;

export const CAMPAIGN_NAME_MAX = 80;
export const POINTS_LIMIT_MIN = 50;
export const POINTS_LIMIT_MAX = 2000;
/** Heralds of Ruin teams are 250 points (seed 004, "Building a Kill Team"). */
export const DEFAULT_POINTS_LIMIT = 250;

/**
 * A name as typed (shared/names.ts): NFC, trimmed, inner runs of white space collapsed, invisible characters taken
 * out; refused in words when nothing visible is left or when too long. `what` names the thing ("campaign").
 */
export const NameField = (what: string, max: number) =>
  z
    .string()
    .max(max * 8, `A ${what} name is at most ${max} characters.`)
    .transform((s, ctx) => {
      const r = normaliseName(s, what);
      if (r.ok) return r.name;
      ctx.addIssue({ code: 'custom', message: r.problem });
      return z.NEVER;
    })
    .pipe(z.string().max(max, `A ${what} name is at most ${max} characters.`));

export const CampaignName = NameField('campaign', CAMPAIGN_NAME_MAX);

export const PointsLimit = z
  .number({ error: 'The points limit is a whole number.' })
  .int('The points limit is a whole number.')
  .min(POINTS_LIMIT_MIN, `The points limit is at least ${POINTS_LIMIT_MIN}.`)
  .max(POINTS_LIMIT_MAX, `The points limit is at most ${POINTS_LIMIT_MAX}.`);

export const Campaign = z.object({
  id: Id,
  name: z.string(),
  pointsLimit: z.number().int(),
  /** ISO-8601 UTC; null while the campaign is active. */
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof Campaign>;

export const CampaignsListInput = z.object({ includeArchived: z.boolean().default(false) }).strict();
/** The presets a campaign can start from (docs/progression.md); Battle Honours is the default. */
export const PresetId = z.enum(['hor-battle-honours', 'hor-experience-levels']);
export type PresetId = z.infer<typeof PresetId>;

export const CampaignCreateInput = z
  .object({ name: CampaignName, pointsLimit: PointsLimit.default(DEFAULT_POINTS_LIMIT), preset: PresetId.default('hor-battle-honours') })
  .strict();
export type CampaignCreateInput = z.input<typeof CampaignCreateInput>;
export const CampaignRenameInput = z.object({ id: Id, name: CampaignName }).strict();
export const CampaignIdInput = z.object({ id: Id }).strict();

// ----- the campaign file (issue 8) -----

/** Largest campaign file accepted through an upload in browser mode (the bridge's body limit is above it). */
export const CAMPAIGN_UPLOAD_MAX_BYTES = 24 * 1024 * 1024;
export const CampaignExportInput = z.object({ id: Id, destination: z.enum(['dialog', 'download']) }).strict();
export const CampaignExportResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), path: z.string() }),
  z.object({ outcome: z.literal('download'), fileName: z.string(), text: z.string() }),
  z.object({ outcome: z.literal('cancelled') }),
]);
export const CampaignImportInput = z.discriminatedUnion('source', [
  z.object({ source: z.literal('dialog') }).strict(),
  z
    .object({
      source: z.literal('upload'),
      fileName: z.string().max(255),
      text: z.string().max(CAMPAIGN_UPLOAD_MAX_BYTES, `A campaign file is at most ${CAMPAIGN_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`),
    })
    .strict(),
]);
export const CampaignImportResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('imported'), campaign: Campaign }),
  z.object({ outcome: z.literal('cancelled') }),
]);
