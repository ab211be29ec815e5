/**
 * A game plan's shape (plan.ts plans it): the options a game is planned with, and the versioned GamePlan with every
 * roll that decided it. Split from plan.ts (issue 32).
 */
import { z } from 'zod';
import { RollRecord } from '../dice';
import { MissionScoring, RuleId } from '../ruleset/schema';
import { PlanChoice } from './choices';

export const PLAN_VERSION = 1;

export const SideId = z.enum(['a', 'b']);

/** One player of the game: the app's team id (and a display name). */
export const PlanSide = z.object({
  teamId: z.string().min(1),
  name: z.string().min(1).optional(),
  /**
   * How many units the side sets up (optional): seed 003's alternating deployment gives the first turn's choice to
   * whoever finishes setting up first, which depends on it.
   */
  units: z.number().int().min(0).optional(),
});
export type PlanSide = z.infer<typeof PlanSide>;

const RollOrSide = z.union([z.literal('roll-off'), SideId]);

/** Which optional rules the club has switched on. All are off unless switched on. */
export const PlanOptionalRules = z.object({
  /** 004 "Weather": "If both players agree, roll a D6 ... before deployment". */
  weather: z.boolean(),
  /** 000 "Dusk & Dawn": D6 after deployment, before first turn. */
  duskAndDawn: z.boolean(),
  /** 003 "Twist (Roll a 2D6)". */
  twist: z.boolean(),
  /** 003 "Mysterious Objectives" (missions with objective markers). */
  mysteriousObjectives: z.boolean(),
});
export type PlanOptionalRules = z.infer<typeof PlanOptionalRules>;

/** `mission: 'roll-club-8th'`: roll on the 8th-edition supplement's mission table (seed 003, when switched on). */
export const ROLL_CLUB_MISSION = 'roll-club-8th';
/**
 * Seed 003 missions have no deployment table (the maps are in the Warhammer 40,000 rulebook): `deployment` says who
 * picks the map and zone instead — 'roll' (the seed's roll-off) or, when the players know it (e.g. who placed the
 * sixth objective marker), one of these.
 */
export const CLUB_ZONE_PICKED_BY = { a: 'picked-by-a', b: 'picked-by-b' } as const;

/**
 * What the players (or the club) decide before planning. Every field except `sides` has a default: roll the
 * mission and deployment, roll off for everything the seed decides by a roll-off, and no optional rules.
 */
export const GamePlanOptions = z.object({
  sides: z.object({ a: PlanSide, b: PlanSide }),
  /**
   * 'roll' on the ruleset's mission table (004 Step 2), or the id of a mission of the ruleset. When the ruleset
   * switches the 8th-edition supplement on: 'roll-club-8th' (its mission table) or one of seed 003's mission ids.
   */
  mission: z.union([z.literal('roll'), RuleId]).default('roll'),
  /**
   * 'roll' on the deployment table (004 Step 3), or the id of one of its results (e.g. "deployment-3"). For a seed-003
   * mission: 'roll' off for who picks the deployment map and zone, or 'picked-by-a' / 'picked-by-b'.
   */
  deployment: z.union([z.literal('roll'), RuleId]).default('roll'),
  /** 004 Step 3: "Player's now roll off, the winner may choose to deploy first or second" — or the players agree. */
  deployFirst: RollOrSide.default('roll-off'),
  /**
   * What the winner of the Step 3 roll-off chooses. Left out: not chosen yet (issue 30: asked once the plan is shown);
   * the plan has the winner deploy first until the players say (the plan's `choices`).
   */
  rollOffWinnerDeploys: z.enum(['first', 'second']).optional(),
  /** Breakthrough / Last Stand: roll off (the winner decides), or the players decide who attacks. Left out: roll off. */
  attacker: RollOrSide.optional(),
  /**
   * What the winner of the attacker roll-off decides (Breakthrough: "Whoever scores higher decides"). With `attacker`
   * left out too: not chosen yet; the winner attacks until the players say.
   */
  rollOffWinnerChooses: z.enum(['attacker', 'defender']).optional(),
  /** Relic Hunt / Seize Ground: "Roll a D6 to see which player goes first" placing counters, or agreed. */
  firstToPlaceCounters: RollOrSide.default('roll-off'),
  /**
   * Seed 003 FIRST TURN: the player who finished setting up first "chooses who takes the first turn": takes it
   * ('take', the opponent may then seize the initiative) or gives it to the opponent ('give'). Left out: not chosen
   * yet; the plan has that player take it until the players say.
   */
  firstTurnChoice: z.enum(['take', 'give']).optional(),
  /**
   * Optional rules the club switched on that the two players of this game left out: 004 Weather ("If both players
   * agree, roll a D6") and in-game Injuries ("Discuss with your opponent beforehand"). Ids of the ruleset's optional rules.
   */
  playersOff: z.array(RuleId).default([]),
  /** The optional rules in play; when left out, those the ruleset switches on (planOptionalRulesOf). */
  optionalRules: PlanOptionalRules.optional(),
});
export type GamePlanOptions = z.infer<typeof GamePlanOptions>;
export type GamePlanOptionsInput = z.input<typeof GamePlanOptions>;

const How = z.enum(['rolled', 'chosen', 'mission']);

export const PlannedSpecialRule = z.object({
  id: RuleId,
  name: z.string().min(1),
  reminder: z.string().min(1),
  /**
   * 'always': the ruleset's always-on rules (004 Kill Team Special Rules); 'mission': the mission's own rules;
   * 'optional': an optional rule the club switched on that is played at the table (e.g. 004 in-game Injuries).
   */
  source: z.enum(['always', 'mission', 'optional']),
});
export type PlannedSpecialRule = z.infer<typeof PlannedSpecialRule>;

/** What a seed-003 mission adds to the plan: its own set-up rules, battle length and victory conditions, as data. */
export const ClubMissionPlan = z.object({
  category: z.enum(['eternal-war', 'maelstrom-of-war']),
  /** The battlefield: objective markers and terrain, as the mission says. */
  battlefield: z.string().min(1),
  /** Who picks the standard deployment map and a deployment zone (from the Warhammer 40,000 rulebook). */
  zonePicker: z.object({ side: SideId, how: How, reason: z.string().min(1) }),
  /** How the armies are set up (whole armies, or alternating units), in words. */
  deployment: z.string().min(1),
  /** 003 BATTLE LENGTH in words: the game ends after battle round 5, 6 or 7. */
  battleLength: z.string().min(1),
  /** 003 ACCEPTABLE CASUALTIES: whether Sudden Death is in use, in words. */
  suddenDeath: z.string().min(1),
  /** Maelstrom of War: how many active Tactical Objectives each player keeps; null for Eternal War. */
  tacticalObjectives: z.string().min(1).nullable(),
  victoryConditions: z.array(z.object({ id: RuleId, name: z.string().min(1), vp: z.number().int().nullable(), text: z.string().min(1) })),
  citation: z.string().min(1),
});
export type ClubMissionPlan = z.infer<typeof ClubMissionPlan>;

/** A game plan (versioned): everything decided before the first turn, with the rolls that decided it. */
export const GamePlan = z.object({
  planVersion: z.literal(PLAN_VERSION),
  ruleset: z.object({ id: RuleId, version: z.string().min(1) }),
  sides: z.object({ a: PlanSide, b: PlanSide }),
  mission: z.object({
    id: RuleId,
    name: z.string().min(1),
    how: How,
    summary: z.string(),
    /** The values the result is scored by (the ruleset's over seed 004's, hor/mission-scoring.ts); absent in older plans. */
    scoring: MissionScoring.optional(),
  }),
  /** null when the mission has its own deployment (004 Step 2: "ignore 'Step 3'"). */
  deployment: z.object({ id: RuleId, text: z.string().min(1), how: How }).nullable(),
  /** Breakthrough and Last Stand only. */
  roles: z.object({ attacker: SideId, defender: SideId, how: How, reason: z.string().min(1) }).nullable(),
  /** Counters the mission places at set-up (Relic Hunt D3+2 relics, Seize Ground D3+2 markers, Sabotage 2). */
  counters: z.array(z.object({ kind: z.enum(['relic', 'objective']), count: z.number().int().min(0), how: How, placement: z.string().min(1) })),
  /** Who places the first counter; null when the mission places none by turns. */
  firstToPlaceCounters: z.object({ side: SideId, how: How }).nullable(),
  deploysFirst: z.object({ side: SideId, how: How, reason: z.string().min(1) }),
  firstTurn: z.object({ side: SideId, stolen: z.boolean(), reason: z.string().min(1) }),
  /** 004 Step 5: "once both players have completed 10 turns"; a seed-003 mission: its last battle round (7). */
  turns: z.number().int().positive(),
  weather: z.object({ id: RuleId, text: z.string().min(1) }).nullable(),
  duskAndDawn: z.object({ id: RuleId, text: z.string().min(1) }).nullable(),
  twist: z.object({ id: RuleId, text: z.string().min(1) }).nullable(),
  /** null when the club has not switched Mysterious Objectives on. */
  mysteriousObjectives: z.object({ inEffect: z.boolean(), reason: z.string().min(1) }).nullable(),
  specialRules: z.array(PlannedSpecialRule),
  /**
   * The club's readings of the seed conflicts this game is played with (House rules → Readings): Deep Strike,
   * Infiltrate, the Reserves table, the game length. Absent in plans made before readings existed.
   */
  readings: z.array(z.object({ id: z.string().min(1), name: z.string().min(1), text: z.string().min(1) })).optional(),
  /** 000 Random Game Length when the club plays it: how the game may go on after the stated turns, in words. */
  gameLength: z.string().min(1).optional(),
  /** Optional rules the club uses that are not played in this game, with the reason (the players left them out, …). */
  notPlayed: z.array(z.object({ id: z.string().min(1), name: z.string().min(1), reason: z.string().min(1) })).optional(),
  rolls: z.array(RollRecord),
  /** Set for a seed-003 mission (the 8th-edition supplement); absent for seed 004's. */
  club8th: ClubMissionPlan.optional(),
  /**
   * The players' choices this mission has (issue 30: asked once the plan is shown), each with the answer the plan
   * follows. Absent when the mission has none, and in plans made before choices were asked on the game's page.
   */
  choices: z.array(PlanChoice).optional(),
});
export type GamePlan = z.infer<typeof GamePlan>;

/** The options cannot make a plan with this ruleset (e.g. an unknown mission). `problems` are in plain words. */
export class GamePlanError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join(' '));
    this.name = 'GamePlanError';
    this.problems = problems;
  }
}
