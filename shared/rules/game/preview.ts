/**
 * What resolving a game shows back (issue 32: moved down from shared/ipc/schemas/games.ts, which re-exports them, so
 * the rules' resolveGame can build them without importing shared/ipc): the score, each change in words, the Req
 * balances, the next physical roll, and what resolution reads of the wizard's draft.
 */
import { z } from 'zod';
import { RollRecord } from '../dice';
import type { Side } from '../hor/facts';
import type { GameReport } from './report';

const SideSchema = z.enum(['a', 'b']);

/** The next physical roll the rules need, so the organiser can roll it and type it in. */
export const PendingRoll = z.object({ key: z.string(), expression: z.string(), purpose: z.string(), message: z.string() });
export type PendingRoll = z.infer<typeof PendingRoll>;

export const ScoreViewLine = z.object({ side: SideSchema, vp: z.number().int(), source: z.string(), reason: z.string(), citation: z.string() });
export const ScoreView = z.object({
  vp: z.object({ a: z.number().int(), b: z.number().int() }),
  lines: z.array(ScoreViewLine),
  secondaries: z.object({ a: z.array(z.string()), b: z.array(z.string()) }),
  winner: z.enum(['a', 'b', 'draw']),
  reason: z.string(),
  automatic: z.boolean(),
  /** 000 Margin of Victory; null unless the mission scores 000's points-value Victory Points (none of 004's or 003's). */
  margin: z.object({ name: z.string(), difference: z.number(), percent: z.number(), pointsLimit: z.number().int() }).nullable(),
  notes: z.array(z.string()),
});
export type ScoreView = z.infer<typeof ScoreView>;

/** One change the game makes, in words, for the wizard and the review screen. */
export const ChangeView = z.object({
  step: z.enum(['injuries', 'experience', 'requisition']),
  side: SideSchema,
  kind: z.string(),
  modelId: z.string().nullable(),
  modelName: z.string().nullable(),
  /** Req this change moves (+ earned, − spent). */
  req: z.number().int(),
  text: z.string(),
  citation: z.string(),
  rolls: z.array(RollRecord),
});
export type ChangeView = z.infer<typeof ChangeView>;

export const SideBalance = z.object({
  before: z.number().int(),
  earned: z.number().int(),
  spent: z.number().int(),
  after: z.number().int(),
  threat: z.number().int(),
});

export const GamePreview = z.object({
  /** Problems with the result as entered (plain words); empty when the result is complete and consistent. */
  problems: z.array(z.string()),
  score: ScoreView.nullable(),
  /** The next physical roll needed, or null. */
  pendingRoll: PendingRoll.nullable(),
  /** Why the progression cannot be worked out yet (e.g. a missing table in the ruleset), or null. */
  blocked: z.string().nullable(),
  changes: z.array(ChangeView),
  balances: z.object({ a: SideBalance, b: SideBalance }).nullable(),
  /** The post-game rolls made so far, in order. */
  rolls: z.array(RollRecord),
  /** True when commit will succeed. */
  ready: z.boolean(),
});
export type GamePreview = z.infer<typeof GamePreview>;

/** A side's awards in the draft (shared/ipc's GameDraft is checked by its schema; resolution reads only these). */
export interface DraftAwardsToResolve {
  injuryReroll?: string | undefined;
  otherAwards: string[];
  expAwards: { model: string; award: string; times: number }[];
}

/** What resolution reads of the wizard's draft (shared/ipc GameDraft, once parsed, is one). */
export interface DraftToResolve {
  report: GameReport;
  awards: Record<Side, DraftAwardsToResolve>;
  honours: { side: Side; model: string | null; honour: string; elite: boolean }[];
  recruits: { side: Side; entryId: string; name: string }[];
  faces: Record<string, number[]>;
  overrides: Record<string, { faces: number[]; by: string; reason: string }>;
}
