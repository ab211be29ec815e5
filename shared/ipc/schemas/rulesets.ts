/**
 * IPC schemas for house rules (issue 6): the ruleset pinned to a campaign, checking and diffing an edited or imported
 * ruleset, applying it on confirmation, and the ruleset file format.
 */
import { z } from 'zod';
import { Ruleset } from '../../rules';
import { Id } from './campaigns';

/** Largest ruleset file accepted (the presets are ~60 KB). */
export const RULESET_MAX_BYTES = 1024 * 1024;
/** The ruleset file: the ruleset with its format version and hash, so a file names what it is. */
export const RULESET_FILE_FORMAT = 'herald-ruleset';
export const RulesetFile = z
  .object({ format: z.literal(RULESET_FILE_FORMAT), formatVersion: z.literal(1), hash: z.string().regex(/^[0-9a-f]{64}$/), ruleset: z.unknown() })
  .strict();

export const RulesetCheckView = z.object({
  problems: z.array(z.string()),
  missing: z.array(z.object({ key: z.string(), where: z.string(), message: z.string() })),
});
export type RulesetCheckView = z.infer<typeof RulesetCheckView>;

export const RulesetChangeView = z.object({ area: z.string(), kind: z.enum(['added', 'removed', 'changed']), text: z.string() });
export type RulesetChangeView = z.infer<typeof RulesetChangeView>;

export const RulesetView = z.object({
  campaignId: Id,
  ruleset: Ruleset,
  hash: z.string(),
  pinnedAt: z.string(),
  reason: z.string(),
  check: RulesetCheckView,
  history: z.array(z.object({ name: z.string(), version: z.string(), hash: z.string(), reason: z.string(), pinnedAt: z.string() })),
  /** The presets this Herald ships, to start a copy from or upgrade to; `differs` = not what the campaign plays. */
  presets: z.array(z.object({ ruleset: Ruleset, hash: z.string(), differs: z.boolean() })),
  /** Committed games played under earlier rulesets keep their entries as they were. */
  games: z.number().int(),
});
export type RulesetView = z.infer<typeof RulesetView>;

export const RulesetPreviewInput = z.object({ campaignId: Id, ruleset: z.unknown() }).strict();
export const RulesetPreview = z.object({
  check: RulesetCheckView,
  /** Null when the ruleset does not even parse (see check.problems). */
  hash: z.string().nullable(),
  changes: z.array(RulesetChangeView),
  /** What would no longer fit the new ruleset on the campaign's rosters, in words. */
  rosterProblems: z.array(z.string()),
});
export type RulesetPreview = z.infer<typeof RulesetPreview>;

export const RulesetApplyInput = z
  .object({
    campaignId: Id,
    ruleset: Ruleset,
    /** The hash the organiser started from: refuse when the campaign's ruleset changed meanwhile. */
    expectedHash: z.string(),
    reason: z
      .string()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, 'Say what changed (it is kept in the ruleset history).').max(200)),
  })
  .strict();

export const RulesetExportInput = z.object({ campaignId: Id, destination: z.enum(['dialog', 'download']) }).strict();
export const RulesetExportResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), path: z.string() }),
  z.object({ outcome: z.literal('download'), fileName: z.string(), text: z.string() }),
  z.object({ outcome: z.literal('cancelled') }),
]);

export const RulesetImportInput = z.discriminatedUnion('source', [
  z.object({ campaignId: Id, source: z.literal('dialog') }).strict(),
  z
    .object({
      campaignId: Id,
      source: z.literal('upload'),
      fileName: z.string().max(255),
      text: z.string().max(RULESET_MAX_BYTES, `A ruleset file is at most ${RULESET_MAX_BYTES / 1024} KB.`),
    })
    .strict(),
]);
/** An import only reads the file: the organiser then sees the diff and applies it (rulesets.apply). */
export const RulesetImportResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('loaded'), fileName: z.string(), ruleset: Ruleset, preview: RulesetPreview, note: z.string().nullable() }),
  z.object({ outcome: z.literal('cancelled') }),
]);
export type RulesetImportResult = z.infer<typeof RulesetImportResult>;
