/**
 * The facts of a played game that the seed-004 rules are computed from (docs/progression.md, "The game facts
 * progression works from"). Players record these; the rules never guess them.
 */
import type { ModelType } from '../ruleset/schema';

/** The two players of a game. The app maps its own team ids onto 'a' and 'b'. */
export type Side = 'a' | 'b';
export const SIDES: readonly Side[] = ['a', 'b'];
export const opponent = (side: Side): Side => (side === 'a' ? 'b' : 'a');

export interface OutOfAction {
  /** The enemy model that took it out of action; null for misadventure (Gets Hot, falls) or when not known. */
  by: string | null;
  how: 'shooting' | 'melee' | 'other';
}

export interface ModelFacts {
  id: string;
  side: Side;
  /** Model type in its Team List. */
  type: ModelType;
  /** Has the Squad special rule: counts as Core for VP and bonus EXP (004 "Squad"). */
  squad?: boolean;
  /**
   * The unit it belongs to when it is one of a Squad's members (004 "Squad": "Simply treat the unit as normal"): all
   * members share it. Absent: a unit of its own. Last Stand keeps a unit whole on one side of its split.
   */
  unit?: string;
  /** Has the Non-Learning special rule: never gains EXP (004 "Non-Learning"). */
  nonLearning?: boolean;
  /** Still alive (not removed as a casualty) at the end of the game. */
  aliveAtEnd: boolean;
  /**
   * Never reached the table: still in Reserve, or a Last Stand reinforcement yet to arrive, when the game ended. It is
   * alive and counts among its team's models, but not among the models "left on the table" (004 Step 5).
   */
  notArrived?: boolean;
  /** Set when the model was removed as a casualty. */
  outOfAction?: OutOfAction | null;
  /** Relic counters carried at the end of the game (Relic Hunt). */
  relicsCarried?: number;
  /** In the enemy deployment zone at the end of the game (Lead from the Front). */
  inEnemyDeploymentZone?: boolean;
  /** Within 6" of the Defender's table corner at the end of the game (Breakthrough). */
  withinSixOfDefenderCorner?: boolean;
  /** Destroyed the enemy objective marker (Sabotage). */
  destroyedObjectiveMarker?: boolean;
  /** Claims an objective marker at the end of the game (Seize Ground). */
  claimedObjective?: boolean;
  /** Last Stand: one of the 'defending models' or the 'reinforcements'. */
  lastStandRole?: 'defending' | 'reinforcement';
  /** Last Stand: carries the banner. */
  bannerBearer?: boolean;
  /** The points value of its unit (a Squad member: its Squad's), for 000's Victory Points by unit (vp-by-unit.ts). */
  unitPoints?: number;
}

/** How the game ended (004 "Step 5 – Ending the Game" and each mission's "Ending the Game"). */
export type GameEnding =
  /** Both players completed the turns (10 unless the mission says otherwise). */
  | { kind: 'turns' }
  /**
   * `side` failed a Run Away! test (or chose to fail it). `fallingBack`: its models falling back when it took the test
   * (the casualties are the models out of action): 004 tests only "if more than 50%" are one or the other.
   */
  | { kind: 'run-away'; side: Side; voluntary: boolean; fallingBack?: number }
  /** `side` had no models left on the table: the other side wins automatically. */
  | { kind: 'no-models-left'; side: Side }
  /** `side` met the mission's automatic-win condition (Relic Hunt, Breakthrough, Seize Ground). */
  | { kind: 'mission-win'; side: Side };

export interface GameFacts {
  models: ModelFacts[];
  ending: GameEnding;
  /** Relic Hunt: how many Relic counters were placed (D3+2). */
  relicCount?: number;
  /** Seize Ground: each objective marker and who claims it at the end (null = nobody). */
  objectives?: { claimedBy: Side | null }[];
  /** Breakthrough and Last Stand: the attacking side. */
  attacker?: Side;
}

/** The facts contradict the rules (e.g. a Relic Hunt win without all the relics). Nothing was computed. */
export class GameFactsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join(' '));
    this.name = 'GameFactsError';
    this.problems = problems;
  }
}

/**
 * A Squad model counts as Core "when determining whether a model gives VP or bonus EXP" (004 "Squad").
 *
 * @example
 * effectiveType({ type: 'special', squad: true }); // → 'core'
 * effectiveType({ type: 'special' }); // → 'special'
 */
export function effectiveType(model: Pick<ModelFacts, 'type' | 'squad'>): ModelType {
  return model.squad ? 'core' : model.type;
}

export const sideModels = (facts: GameFacts, side: Side): ModelFacts[] => facts.models.filter((m) => m.side === side);
export const aliveCount = (models: readonly ModelFacts[]): number => models.filter((m) => m.aliveAtEnd).length;
export const sideName = (side: Side): string => (side === 'a' ? 'Player A' : 'Player B');
