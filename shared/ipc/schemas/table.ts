/**
 * IPC schemas for a game at the table (issue 33): the state folded from its tap log, one tap appended, the last tap
 * undone, and "Game over" filling the result wizard from the table.
 */
import { z } from 'zod';
import { ReportEnding } from '../../rules';
import { TABLE_COUNTERS, TABLE_MODEL_STATES, TableEvent } from '../../rules';
import { Id } from './campaigns';
import { GameSummary, PendingRoll, Side } from './games';

export const TableGameInput = z.object({ gameId: Id }).strict();

/** One tap. `afterSeq` is the last tap the screen knew: a tap made from a screen that was behind is refused in words. */
export const TableTapInput = z
  .object({
    gameId: Id,
    event: TableEvent.refine((e) => e.kind !== 'undo' && e.kind !== 'end', 'Use Undo or Game over.'),
    afterSeq: z.number().int().min(0).optional(),
  })
  .strict();
export const TableUndoInput = z.object({ gameId: Id, afterSeq: z.number().int().min(0).optional() }).strict();
export const TableGameOverInput = z.object({ gameId: Id, ending: ReportEnding, afterSeq: z.number().int().min(0).optional() }).strict();

const Counts = z.object({
  total: z.number().int(),
  inPlay: z.number().int(),
  down: z.number().int(),
  out: z.number().int(),
  reserve: z.number().int(),
  fallenBack: z.number().int(),
  fallingBackOrOut: z.number().int(),
});

export const TableModelView = z.object({
  id: z.string(),
  side: Side,
  name: z.string(),
  type: z.enum(['team-leader', 'special', 'core']),
  squad: z.string().nullable(),
  state: z.enum(TABLE_MODEL_STATES),
  by: z.string().nullable(),
  outInTurn: z.number().int().nullable(),
  relics: z.number().int(),
  destroyedMarker: z.boolean(),
  /** 003 Fog of War: in reserve, delayed to this turn (null: not delayed). */
  delayedTo: z.number().int().nullable(),
});
export type TableModelView = z.infer<typeof TableModelView>;

/** A start-of-turn prompt (shared/rules/table/prompts.ts), with the dice it needs, or answered with what came of it. */
export const TablePromptView = z.object({
  key: z.string(),
  title: z.string(),
  text: z.string(),
  citation: z.string(),
  moment: z.enum(['turn-start', 'player-turn-start', 'turn-end']),
  /** The dice to type in, all of the prompt's rolls in order (real dice); null when it only reminds. */
  roll: PendingRoll.nullable(),
  /** Each roll in words: what to roll, what for, what it must score. */
  rolls: z.array(z.object({ expression: z.string(), purpose: z.string(), target: z.string().nullable() })),
  /** 004 Run Away!: a team under 25% may choose to fail. */
  mayVoluntarilyFail: z.boolean(),
  /** The player may leave it out (003 Restoratives: "may pick a friendly unit"): answered with "skip". */
  optional: z.boolean(),
  answered: z
    .object({ text: z.string(), faces: z.array(z.number().int()), source: z.enum(['app', 'physical']).nullable(), ending: ReportEnding.nullable() })
    .nullable(),
});
export type TablePromptView = z.infer<typeof TablePromptView>;

export const TableView = z.object({
  game: GameSummary,
  /** The last tap's number in the log (0: none yet). */
  seq: z.number().int(),
  diceMode: z.enum(['app', 'physical']),
  turn: z.number().int(),
  /** The turns the plan states (004: 10; a seed-003 mission: its last battle round). */
  turns: z.number().int(),
  models: z.array(TableModelView),
  counts: z.object({ a: Counts, b: Counts }),
  counters: z.object({ a: z.record(z.enum(TABLE_COUNTERS), z.number().int()), b: z.record(z.enum(TABLE_COUNTERS), z.number().int()) }),
  tracks: z.object({
    counters: z.array(z.object({ counter: z.enum(TABLE_COUNTERS), label: z.string(), max: z.number().int().nullable() })),
    relics: z.number().int().nullable(),
    markers: z.boolean(),
  }),
  prompts: z.array(TablePromptView),
  ending: ReportEnding.nullable(),
  /** The ending a prompt of this turn brought (a failed Run Away! test, the game length), offered by "Game over". */
  suggestedEnding: ReportEnding.nullable(),
  /** The tap an undo would take back, in words; null when there is none. */
  lastTap: z.string().nullable(),
  /**
   * Night Fighting in force this turn (000 Night Fighting, Dusk & Dawn, 004 Blizzard), for the header's badge: why,
   * and how far a unit sees; null when it is not (and before the first turn).
   */
  visibility: z.object({ title: z.string(), why: z.string(), distance: z.string() }).nullable(),
  /** The prompts answered most recently, newest first (at most 6): what a phone shows of them. */
  results: z.array(z.object({ title: z.string(), turn: z.number().int(), text: z.string() })),
});
export type TableView = z.infer<typeof TableView>;
