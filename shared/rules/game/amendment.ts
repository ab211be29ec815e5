/**
 * A committed game's amendments (issue 20: "apply as one transaction with the reason kept in the game's history (the
 * original report stays readable)"). Each amendment keeps, with the report, when it was made, why, what it changed in
 * words, and the report as it stood before it — as JSON text, so a report never nests itself and stays bounded.
 */
import { z } from 'zod';

export const ReportAmendment = z.object({
  /** When the organiser applied it (ISO time). */
  at: z.string().max(40),
  /** Why, in the organiser's words ("the kill was Brother Orin's, not Brother Kaelen's"). */
  reason: z.string().min(1).max(200),
  /** What it changed on the rosters, one line each ("Brother Orin: +1 EXP — …", "removed: …"). */
  changes: z.array(z.string().max(500)).max(500),
  /** The score before this amendment. */
  result: z.object({ vp: z.object({ a: z.number().int(), b: z.number().int() }), winner: z.enum(['a', 'b', 'draw']) }).optional(),
  /** The report before this amendment (GameReport as JSON, its own amendments left out). */
  original: z.string().max(400_000),
});
export type ReportAmendment = z.infer<typeof ReportAmendment>;

/** At most this many amendments of one game are kept (a game amended more often should be voided and entered again). */
export const MAX_AMENDMENTS = 20;
