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
  /** Set while the campaign is handed over to another laptop (issue 22): read-only here until a newer copy comes back. */
  handedOver: z.object({ to: z.string(), at: z.string() }).nullable().default(null),
  /** Made by "Explore a sample campaign" (issue 31): shown as a sample everywhere (docs/decisions.md "The sample mark"). */
  sample: z.boolean().default(false),
});
export type Campaign = z.infer<typeof Campaign>;
/** campaigns.createSample: the sample campaign, and whether it was made now (false: the one already here). */
export const CampaignSampleResult = z.object({ campaign: Campaign, created: z.boolean() });

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
/**
 * A file's bytes as they cross to main (issue 29: campaign files are packed, not text): base64, at most the upload
 * limit in characters (about 18 MB of packed campaign file, some 20,000 games).
 */
export const FileBase64 = z
  .string()
  .max(CAMPAIGN_UPLOAD_MAX_BYTES, `A campaign file is at most ${(CAMPAIGN_UPLOAD_MAX_BYTES * 0.75) / 1024 / 1024} MB.`)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'This is not a file’s content.');
export const CampaignExportInput = z.object({ id: Id, destination: z.enum(['dialog', 'download']) }).strict();
export const CampaignExportResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), path: z.string() }),
  /** The packed campaign file (campaign-file/packed.ts), base64: the page hands it to the browser as a download. */
  z.object({ outcome: z.literal('download'), fileName: z.string(), base64: z.string() }),
  z.object({ outcome: z.literal('cancelled') }),
]);
/**
 * Import the file as a new campaign under this name even when the campaign is already here (issue 22): a copy, with
 * an identity of its own, that no later file of the original updates.
 */
const AsCopy = z.object({ name: CampaignName }).strict().optional();
export const CampaignImportInput = z.discriminatedUnion('source', [
  z.object({ source: z.literal('dialog'), asCopy: AsCopy }).strict(),
  z
    .object({
      source: z.literal('upload'),
      fileName: z.string().max(255),
      /** A campaign file as text (the JSON files Herald wrote before issue 29), or its bytes: exactly one. */
      text: z
        .string()
        .max(CAMPAIGN_UPLOAD_MAX_BYTES, `A campaign file is at most ${CAMPAIGN_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`)
        .optional(),
      base64: FileBase64.optional(),
      asCopy: AsCopy,
    })
    .strict(),
]);
export const CampaignImportResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('imported'), campaign: Campaign }),
  /** The campaign was here and the file carried on from it (issue 22): updated, its hand-over ended. */
  z.object({ outcome: z.literal('updated'), campaign: Campaign, message: z.string() }),
  /** The campaign was here and the file had nothing newer: nothing changed (the message says why). */
  z.object({ outcome: z.literal('unchanged'), campaign: Campaign, message: z.string() }),
  z.object({ outcome: z.literal('cancelled') }),
]);

/** Hand a campaign to another laptop (issue 22): export it, then mark it read-only here until a newer copy comes back. */
export const CampaignHandOverInput = z
  .object({
    id: Id,
    /** Who or which laptop takes it, for the banner ("Marta’s laptop"). */
    to: z.string().trim().min(1, 'Say who takes the campaign over (a name or a laptop).').max(60, 'At most 60 characters.'),
    destination: z.enum(['dialog', 'download']),
  })
  .strict();
export const CampaignHandOverResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), path: z.string(), campaign: Campaign }),
  z.object({ outcome: z.literal('download'), fileName: z.string(), base64: z.string(), campaign: Campaign }),
  z.object({ outcome: z.literal('cancelled') }),
]);
