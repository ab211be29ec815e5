/**
 * The taps of a game played at the table (issue 33): what the players tap on the shared laptop screen while the game
 * is on, one event per tap, kept in order in an append-only log (src-main table_taps). The screen's state is a fold of
 * these events (state.ts); "Game over" turns that state into the result wizard's report (prefill.ts). An undo is an
 * event of its own: the log is never rewritten.
 */
import { z } from 'zod';
import { SideId } from '../game/plan';
import { ReportEnding } from '../game/report';
import { FollowUpSeed } from './follow-ups';

const Id = z.string().min(1).max(200);

/**
 * Where a model is during the game. 004 "Knocked down" / "Stunned": a model that is down is still in the game;
 * "Reserves": a model in reserve has not arrived yet; "Run Away!": "falling back or removed as a casualty".
 */
export const TABLE_MODEL_STATES = ['in-play', 'down', 'out', 'reserve', 'fallen-back'] as const;
export type TableModelState = (typeof TABLE_MODEL_STATES)[number];

/** The side counters a mission may have (counters.ts says which a plan shows). */
export const TABLE_COUNTERS = ['objectives', 'objective-vp', 'tactical-vp'] as const;
export const TableCounter = z.enum(TABLE_COUNTERS);
export type TableCounter = z.infer<typeof TableCounter>;

export const TableEvent = z.discriminatedUnion('kind', [
  /** A new turn begins (1, 2, …): the start-of-turn prompts are asked again. */
  z.object({ kind: z.literal('turn'), turn: z.number().int().min(1).max(50) }).strict(),
  /** A model is put back in play, knocked down, sent to (or kept in) reserve, or falls back. */
  z.object({ kind: z.literal('state'), model: Id, state: z.enum(['in-play', 'down', 'reserve', 'fallen-back']) }).strict(),
  /** A model taken out of action, and the enemy model that did it (null: no one). The casualty's second tap. */
  z.object({ kind: z.literal('casualty'), model: Id, by: Id.nullable() }).strict(),
  /** A side counter goes up or down by one. */
  z.object({ kind: z.literal('counter'), side: SideId, counter: TableCounter, delta: z.union([z.literal(1), z.literal(-1)]) }).strict(),
  /** A model picks up (+1) or drops (−1) a Relic counter (Relic Hunt). */
  z.object({ kind: z.literal('relic'), model: Id, delta: z.union([z.literal(1), z.literal(-1)]) }).strict(),
  /** A model destroyed an enemy objective marker (Sabotage), or that tap is taken back. */
  z.object({ kind: z.literal('marker'), model: Id, destroyed: z.boolean() }).strict(),
  /**
   * A start-of-turn prompt answered (prompts.ts): its id, the dice rolled for it (the app's or typed from real dice)
   * and the players' choice when it asks one ("voluntary-fail" for a Run Away! test). Main completes it with what
   * resolvePrompt made of them, so the log keeps the outcome as it was told: its words, the models that arrive from
   * reserve (or are delayed by Fog of War), the follow-up prompts it leads to, and the ending when the game ends on it.
   */
  z
    .object({
      kind: z.literal('prompt'),
      key: z.string().min(1).max(300),
      faces: z.array(z.number().int().min(1).max(6)).max(40).optional(),
      source: z.enum(['app', 'physical']).optional(),
      answer: z.string().max(200).optional(),
      title: z.string().max(200).optional(),
      turn: z.number().int().min(0).max(50).optional(),
      text: z.string().max(2000).optional(),
      arrive: z.array(Id).max(200).optional(),
      /** 003 Fog of War: models that rolled a 1 or 2 stay in reserve and arrive on turn `delayedTo` without a roll. */
      delay: z.array(Id).max(200).optional(),
      delayedTo: z.number().int().min(1).max(51).optional(),
      /** The prompts this answer leads to (Fog of War after arrivals, Orbital Debris' wounds): follow-ups.ts. */
      followUps: z.array(FollowUpSeed).max(5).optional(),
      ending: ReportEnding.optional(),
    })
    .strict(),
  /** "Game over": how the game ended. Undoing it takes the game back to the table. */
  z.object({ kind: z.literal('end'), ending: ReportEnding }).strict(),
  /** Takes back the latest tap not already taken back. */
  z.object({ kind: z.literal('undo') }).strict(),
]);
export type TableEvent = z.infer<typeof TableEvent>;
