/**
 * IPC schemas for amending a committed game (issue 20): the organiser edits the game's report (and its after-game
 * rolls), main shows exactly which ledger entries the amendment adds, removes and changes and what later depends on
 * them, and applies it in one transaction with a reason kept in the game's history.
 */
import { z } from 'zod';
import { Id } from './campaigns';
import { GameDraft, GamePreview } from './games';

const Reason = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'Say why the game is amended (it is kept in the game’s history).').max(200));

/** `draft` left out: the game as committed, ready to edit. */
export const GamePreviewAmendInput = z.object({ id: Id, draft: GameDraft.optional() }).strict();
export const GameAmendInput = z.object({ id: Id, draft: GameDraft, reason: Reason }).strict();

/** One ledger entry in words, with the Req it moves. */
export const AmendLine = z.object({ teamName: z.string(), text: z.string(), req: z.number().int() });
export type AmendLine = z.infer<typeof AmendLine>;

export const AmendPreview = z.object({
  /** The amended game as the organiser has it (the committed game's, when no draft was sent). */
  draft: GameDraft,
  /** The amended result worked out: score, problems, the next roll needed. */
  preview: GamePreview,
  added: z.array(AmendLine),
  removed: z.array(AmendLine),
  changed: z.array(z.object({ before: AmendLine, after: AmendLine })),
  /** How many of the game's entries stay as they are. */
  kept: z.number().int(),
  /** Later entries that would no longer hold, in words: the amendment is refused while there are any. */
  dependents: z.array(z.string()),
  /** Why the amendment cannot be applied yet (problems, a roll to make, dependents), or null when it can. */
  refusal: z.string().nullable(),
});
export type AmendPreview = z.infer<typeof AmendPreview>;

/** A committed game's amendment history, newest last: when, why, what it changed, and the report before it. */
export const AmendmentView = z.object({
  at: z.string(),
  reason: z.string(),
  changes: z.array(z.string()),
  /** The report before this amendment, in words: each model, whether it took part, and who took it out of action. */
  original: z.array(z.string()),
  /** The score before this amendment ("12 – 8"), when it can be read. */
  originalScore: z.string().nullable(),
});
export const GameAmendments = z.array(AmendmentView);
export type GameAmendments = z.infer<typeof GameAmendments>;
