/**
 * The shapes of the start-of-turn prompts of a game in progress (issue 33, the at-the-table screen): what the screen
 * gives (`PromptState`, `PromptModel`), what it shows (`TablePrompt`, each with the rolls it needs) and what a rolled
 * prompt comes to (`PromptOutcome`). The rules are in prompts.ts (which prompts apply) and resolve.ts (what the dice
 * decide); this file holds no rule (its helpers only read a dice expression or a plan).
 *
 * `PromptState` is deliberately minimal and its own: the table screen's state (table/state.ts `TableState`, the tap log
 * folded) keeps more and maps onto it model by model — the same ids and the same five states (events.ts
 * TABLE_MODEL_STATES), plus each model's unmodified Leadership from its profile. A Squad's members are models of their
 * own (ids "<squad>#<n>", game/squads.ts), so every count the seeds make by model counts members.
 */
import type { RollRecord } from '../dice';
import { parseDice } from '../dice';
import type { Side } from '../hor/facts';
import { sideName } from '../hor/facts';
import type { GamePlan } from '../game/plan';
import type { RunAwayModel, RunAwayResult } from '../hor/run-away';
import type { ReserveSelection, ReservesTable } from '../mission-pack/reserves';
import type { BattleLengthRule } from '../club-8th/missions';
import type { TwistId } from '../club-8th/twist';
import type { ModelType } from '../ruleset/schema';
import type { FollowUpSeed } from './follow-ups';

/**
 * A model's state at the table: in play, down (knocked down or stunned by the in-game Injury rules: still on the
 * table), out of action (removed as a casualty), in reserve (not arrived yet, Last Stand reinforcements included),
 * fallen back.
 */
export type PromptModelState = 'in-play' | 'down' | 'out' | 'reserve' | 'fallen-back';

export interface PromptModel {
  /** The game report's id: a Squad member's is "<squad>#<n>" (game/squads.ts squadMemberId). */
  id: string;
  side: Side;
  name: string;
  /** As in the game report: a Squad member is 'core' (004 "Squad"). */
  type: ModelType;
  /** Unmodified Leadership (004 Run Away!: "the Team Leader's unmodified Leadership"). */
  leadership: number;
  state: PromptModelState;
  /** The unit's name for a Squad member (its members are rolled for together); else the model's name is used. */
  unitName?: string;
  /** May this model's unit arrive from reserve by Deep Strike (000 Reserves: "they may alternatively use this method")? */
  mayDeepStrike?: boolean;
  /** Last Stand (004): a defender's model is 'defending' or a 'reinforcement' (as in the game report). */
  lastStandRole?: 'defending' | 'reinforcement';
  /** Last Stand: the defender's reinforcement group (004: "as many 'reinforcement groups' as he likes"); default its unit. */
  reinforcementGroup?: string;
  /** 003 Twist Fog of War: the unit was delayed and "arrives in the following turn instead": that turn's number. */
  fogDelayedTo?: number;
}

/** What the prompts need of a game in progress. Map the table screen's state onto it. */
export interface PromptState {
  models: readonly PromptModel[];
  /**
   * The prompts answered so far, by prompt id, with the faces their rolls came to (table/state.ts `answered` as it is).
   * The Twists that carry from one battle round to the next (003 Acid Rain, Dead of Night) are replayed from them, and
   * the follow-ups an answer of this turn led to (follow-ups.ts: Fog of War, Orbital Debris' wounds) are asked.
   */
  answered?: Readonly<Record<string, { faces?: readonly number[] | undefined; turn?: number | undefined; followUps?: readonly FollowUpSeed[] | undefined }>>;
  /** The same carry-over given outright (it wins over `answered`): both are the last resolved prompt's outcome. */
  twist?: {
    /** Acid Rain: was it raining in the last battle round? Absent: it was (it rains in the first). */
    raining?: boolean;
    /** Dead of Night: how many 4+ rolls so far. Absent: none. */
    deadOfNightSuccesses?: number;
  };
}

/**
 * When in the turn a prompt is for: the start of the game turn (before either player), the start of one player's
 * turn (004 Run Away! "at the start of his turn"; 000 Reserves "at the start of your turn"), or the end of the game
 * turn (game length).
 */
export type PromptMoment = 'turn-start' | 'player-turn-start' | 'turn-end';

/** What a roll must score, and what that means: `atLeast` (e.g. 4+) or `atMost` (Run Away!'s 2D6 ≤ Leadership). */
export type RollTarget = { atLeast: number; atMost?: never; meaning: string } | { atMost: number; atLeast?: never; meaning: string };

/** One roll a prompt needs, in the order resolvePrompt makes them (physical dice: type them in this order). */
export interface PromptRoll {
  /** The purpose resolvePrompt rolls with (a DiceSource's `purpose`; KeyedDice keys rolls by it). */
  purpose: string;
  /** A dice expression (dice.ts parseDice): D3, D6, 2D6, 3D6. */
  expression: string;
  /** How many dice to throw (a D3 is typed as its result, 1–3). */
  count: number;
  /** null: no pass or fail (Restoratives' D3 is how many wounds). */
  target: RollTarget | null;
}

interface PromptBase {
  /** Unique in a game: turn, moment, side and kind. */
  id: string;
  turn: number;
  /** The player the prompt is for; null: both players (or whoever rolls, the seed does not say). */
  side: Side | null;
  moment: PromptMoment;
  title: string;
  /** The words to show, quoting the seed where short. */
  text: string;
  /** The seed it comes from, e.g. "004 · Run Away!". */
  citation: string;
  /** The rolls to make, in order; empty for a prompt that only reminds. */
  rolls: PromptRoll[];
  /** The player may skip it (003 Restoratives: "may pick a friendly unit"). */
  optional: boolean;
}

/** A prompt with nothing to roll: read, then tick. */
export interface NoticePrompt extends PromptBase {
  kind: 'visibility' | 'weather' | 'twist' | 'last-turn' | 'meeting-battle';
}

export interface RunAwayPrompt extends PromptBase {
  kind: 'run-away';
  /** The side's models as 004 Run Away! counts them (a Squad's members one by one). */
  models: RunAwayModel[];
  /** 004: "A team that has less than 25% of its models remaining may choose to voluntarily fail". */
  mayVoluntarilyFail: boolean;
  /** How the screen names the side (the team's name, or Player A / B). */
  team: string;
}

export interface ReservesPrompt extends PromptBase {
  kind: 'reserves';
  /** 004 Last Stand reinforcement groups (rolled on their own table), or ordinary reserves (000 Reserves). */
  reinforcements: boolean;
  table: ReservesTable;
  /** One roll each (000: "Each selection ... is diced for separately"); a selection's id is its unit or group. */
  waiting: ReserveSelection[];
  /** Units delayed by Fog of War last turn: they arrive now without a roll. */
  delayedArrive: ReserveSelection[];
  /** The model ids of each selection, so the screen can bring the arrivals on. */
  members: Record<string, string[]>;
  /** 003 Twist Fog of War is in play: arrivals roll again (a follow-up prompt). */
  fogOfWar: boolean;
}

export interface GameLengthPrompt extends PromptBase {
  kind: 'game-length';
  /** 000 Random Game Length after the stated turns, or 003 BATTLE LENGTH. */
  rule: { kind: 'random'; statedTurns: number } | { kind: 'club-8th'; battleLength: BattleLengthRule };
}

export interface TwistRollPrompt extends PromptBase {
  kind: 'acid-rain' | 'dead-of-night' | 'restoratives' | 'orbital-debris';
  twist: TwistId;
  /** Acid Rain: raining in the last battle round; Dead of Night: 4+ rolls so far. */
  raining?: boolean;
  successes?: number;
  /** The player's name as rolled for (Restoratives, Orbital Debris). */
  player?: string;
}

/** A prompt a resolved one leads to (its rolls depend on the first roll). */
export interface FogOfWarPrompt extends PromptBase {
  kind: 'fog-of-war';
  arriving: ReserveSelection[];
  members: Record<string, string[]>;
}

export interface OrbitalDebrisWoundsPrompt extends PromptBase {
  kind: 'orbital-debris-wounds';
  sixes: number;
  player: string;
}

export type TablePrompt = NoticePrompt | RunAwayPrompt | ReservesPrompt | GameLengthPrompt | TwistRollPrompt | FogOfWarPrompt | OrbitalDebrisWoundsPrompt;

export type TablePromptKind = TablePrompt['kind'];

/** The choices a player makes while resolving (004 Run Away!: a team under 25% may choose to fail). */
export interface PromptChoices {
  voluntaryFail?: boolean;
}

interface OutcomeBase {
  promptId: string;
  /** What happened, in words. */
  text: string;
  rolls: RollRecord[];
  /** The game ends (a failed Run Away! test, or the game length says so). */
  gameEnds: boolean;
  /** Prompts to show next, whose rolls depend on these (Fog of War after arrivals, Orbital Debris' mortal wounds). */
  followUps: TablePrompt[];
}

export type PromptOutcome =
  | (OutcomeBase & { kind: 'noted' })
  | (OutcomeBase & { kind: 'run-away'; passed: boolean; result: RunAwayResult })
  | (OutcomeBase & {
      kind: 'reserves' | 'fog-of-war';
      /** Model ids that arrive now (a whole unit or group at once). */
      arrive: string[];
      /** Model ids still in reserve. */
      stay: string[];
      /** Fog of War: model ids delayed to `delayedTo`. */
      delayed: string[];
      delayedTo: number | null;
      /** Units that may come on by Deep Strike instead of moving on. */
      mayDeepStrike: string[];
    })
  | (OutcomeBase & { kind: 'game-length'; continues: boolean })
  | (OutcomeBase & { kind: 'acid-rain'; raining: boolean })
  | (OutcomeBase & { kind: 'dead-of-night'; successes: number; maxRangeInches: number })
  | (OutcomeBase & { kind: 'restoratives'; woundsRegained: number })
  | (OutcomeBase & { kind: 'orbital-debris'; sixes: number })
  | (OutcomeBase & { kind: 'orbital-debris-wounds'; mortalWounds: number[] });

/**
 * A roll a prompt declares, its dice count read from the expression.
 *
 * @example
 * promptRoll('2D6', 'Run Away! test, Player A', { atMost: 8, meaning: 'passed' }).count; // → 2
 */
export function promptRoll(expression: string, purpose: string, target: RollTarget | null): PromptRoll {
  return { purpose, expression, count: parseDice(expression).count, target };
}

/** The side's name as the plan has it (the team's), else "Player A" / "Player B". */
export const sideLabel = (plan: Pick<GamePlan, 'sides'>, side: Side): string => plan.sides[side].name ?? sideName(side);

/** Does the plan list this special rule (always on, the mission's, or an optional one)? */
export const planHasRule = (plan: Pick<GamePlan, 'specialRules'>, id: string): boolean => plan.specialRules.some((r) => r.id === id);

/** The fields every prompt has, its id made of turn, moment, side and kind (unique in a game). */
export function promptBase(turn: number, moment: PromptMoment, side: Side | null, kind: string) {
  return { id: `t${turn}-${moment}-${side ?? 'both'}-${kind}`, turn, moment, side, rolls: [] as PromptRoll[], optional: false };
}
