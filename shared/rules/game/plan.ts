/**
 * Over 400 lines: planning follows 004's steps 2–4 in order, each mission's set-up a step of it.
 * Planning a game before the first model is placed (004 "Setting up a Kill Team Game", steps 2–4, each mission's
 * set-up rules, 004 "Weather"; 000 "Dusk & Dawn"; 003 "Twist" and "Mysterious Objectives" when the club uses them).
 *
 * A *game plan* is everything decided before turn 1: the mission, the deployment, who attacks and defends, the
 * mission's counters, optional conditions, who deploys and who goes first, the special rules in effect, and every
 * roll that decided them (in the order they were made), so the set-up can be shown, logged and reproduced.
 *
 * Readings of the seed text (also in README.md):
 * - A "roll-off" (004 Step 3 "Player's now roll off"; Breakthrough "each player rolls a die. Whoever scores higher";
 *   Last Stand "by rolling a d6"; Relic Hunt / Seize Ground "Roll a D6 to see which player goes first") is one D6 per
 *   player, highest wins. The seeds do not say what a tie does: the roll-off is repeated until one player is higher.
 * - Breakthrough: the Attacker "sets up first"; Last Stand: the defender deploys first (his 'defending models'), then
 *   "The attacking player now deploys". Both ignore Step 3, so there is no deployment roll or roll-off to deploy.
 * - Twist (003) says nothing about when it is rolled: it is rolled with the Weather, before deployment.
 * - Mysterious Objectives (003) apply "if you are playing a mission with objective markers": a mission whose
 *   counters include objective markers (Sabotage, Seize Ground). Relic counters are not objective markers. Markers are
 *   identified during the game (club-8th `identifyObjective`), so the plan only says whether the rule applies.
 * - Seed 003's missions (the club's 8th-edition supplement, when the ruleset switches it on) are planned with their own
 *   set-up rules as data (club-8th `ClubMission`): see planClubMission below for the readings.
 */
import { z } from 'zod';
import type { DiceSource } from '../dice';
import { RollLog, RollRecord } from '../dice';
import { allTables, MissionScoring, RuleId } from '../ruleset/schema';
import type { DiceTable, Mission, Ruleset } from '../ruleset/schema';
import { rollOnTable } from '../ruleset/roll-table';
import type { Side } from '../hor/facts';
import { opponent, sideName } from '../hor/facts';
import { DEPLOYMENT_TABLE, GAME_LENGTH_TURNS, MISSIONS_WITH_OWN_DEPLOYMENT, determineFirstTurn } from '../hor/setup';
import { WEATHER_EFFECTS, WEATHER_TABLE } from '../hor/optional-rules';
import { DUSK_AND_DAWN_TABLE } from '../mission-pack/dusk-and-dawn';
import { TWIST_TABLE } from '../club-8th/twist';
import { MYSTERIOUS_OBJECTIVES_TABLE } from '../club-8th/mysterious-objectives';
import { CLUB_MISSION_TABLE, clubMission, isClubMissionId } from '../club-8th/missions';
import type { ClubMission } from '../club-8th/missions';
import { clubFirstTurn } from '../club-8th/battle';
import { citeText } from '../hor/cite';
import { missionScoring, scoringData } from '../hor/mission-scoring';
import { atTheTableOptionalRules, clubMissionsOn, planOptionalRulesOf } from './optional-rules';
import { plannedReadings, readingOf, reservesText } from './readings';
import type { PlannedReading } from './readings';
import { MAX_EXTRA_TURNS } from '../mission-pack/random-game-length';
import { PlanChoice, attackerChoice, deployChoice, firstTurnChoice } from './choices';

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

/**
 * A roll-off: each player rolls a D6 and the higher wins; a tie is rolled again (the seeds do not say; reading).
 *
 * @example
 * rollOff(SeededDice.fromSeed('g1'), 'Deploy first').winner; // → 'b'
 * rollOff(new PhysicalDice([[2], [2], [5], [1]]), 'Deploy first').rolls.length; // → 4 (a 2–2 tie is rolled again)
 */
export function rollOff(dice: DiceSource, purpose: string): { winner: Side; rolls: RollRecord[] } {
  const rolls: RollRecord[] = [];
  for (;;) {
    const a = dice.roll('D6', `${purpose}: ${sideName('a')}`);
    const b = dice.roll('D6', `${purpose}: ${sideName('b')}`);
    rolls.push(a, b);
    if (a.total !== b.total) return { winner: a.total > b.total ? 'a' : 'b', rolls };
  }
}

function findMission(ruleset: Ruleset, id: string): Mission | undefined {
  return ruleset.missions.find((m) => m.id === id);
}

type ChosenMission = { kind: 'hor'; mission: Mission; how: 'rolled' | 'chosen' } | { kind: 'club'; mission: ClubMission; how: 'rolled' | 'chosen' };

const clubOff = (ruleset: Ruleset, what: string): string =>
  `The ruleset "${ruleset.name}" does not use the 8th-edition supplement (seed 003): switch it on in House rules → Optional rules to play ${what}.`;

function chooseMission(ruleset: Ruleset, options: GamePlanOptions, dice: DiceSource): ChosenMission {
  const club = clubMissionsOn(ruleset);
  if (options.mission === ROLL_CLUB_MISSION) {
    if (!club) throw new GamePlanError([clubOff(ruleset, 'its missions')]);
    const { results } = rollOnTable(tableOf(ruleset, CLUB_MISSION_TABLE), dice, 'Mission', allTables(ruleset));
    const id = results[0]?.row.result ?? '';
    if (!isClubMissionId(id)) throw new GamePlanError([`The 8th-edition mission table names a mission "${id}" that seed 003 does not have.`]);
    return { kind: 'club', mission: clubMission(id), how: 'rolled' };
  }
  if (options.mission !== 'roll') {
    const mission = findMission(ruleset, options.mission);
    if (mission) return { kind: 'hor', mission, how: 'chosen' };
    if (isClubMissionId(options.mission)) {
      if (!club) throw new GamePlanError([clubOff(ruleset, clubMission(options.mission).name)]);
      return { kind: 'club', mission: clubMission(options.mission), how: 'chosen' };
    }
    throw new GamePlanError([
      `The ruleset "${ruleset.name}" has no mission "${options.mission}": its missions are ${ruleset.missions.map((m) => m.id).join(', ')}.`,
    ]);
  }
  const table = ruleset.missionTable === null ? undefined : allTables(ruleset).find((t) => t.id === ruleset.missionTable);
  if (!table) throw new GamePlanError([`The ruleset "${ruleset.name}" has no mission table to roll on: choose the mission.`]);
  const { results } = rollOnTable(table, dice, 'Mission');
  const id = results[0]?.row.result ?? '';
  const mission = findMission(ruleset, id);
  if (!mission) throw new GamePlanError([`The mission table names a mission "${id}" that the ruleset does not have.`]);
  return { kind: 'hor', mission, how: 'rolled' };
}

/** The ruleset's copy of a table (same id) when it has one, otherwise the built-in table. */
function tableOf(ruleset: Ruleset, builtIn: DiceTable): DiceTable {
  return allTables(ruleset).find((t) => t.id === builtIn.id) ?? builtIn;
}

/**
 * Roll an optional rule's table (004 Weather, 000 Dusk & Dawn, 003 Twist): the ruleset's copy when it has a table with
 * the built-in table's id (a club may edit it in House rules), otherwise the built-in table. Same purpose, same dice.
 */
function rollOptionalTable(ruleset: Ruleset, builtIn: DiceTable, dice: DiceSource, purpose: string): { id: string; text: string } {
  const { results } = rollOnTable(tableOf(ruleset, builtIn), dice, purpose, allTables(ruleset));
  const rows = results.map((r) => r.row);
  const first = rows[0];
  if (!first) throw new GamePlanError([`The ${builtIn.name} roll found no row.`]);
  return { id: first.result, text: rows.map((r) => r.text).join(' ') };
}

const ownDeployment = (missionId: string): boolean => (MISSIONS_WITH_OWN_DEPLOYMENT as readonly string[]).includes(missionId);

/**
 * Plan a game (004 "Setting up a Kill Team Game"): roll or take the mission (Step 2) and deployment (Step 3), the
 * mission's set-up (attacker/defender, counters), the optional rules the club switched on (004 Weather, 000 Dusk &
 * Dawn, 003 Twist, 003 Mysterious Objectives), who deploys first and who has the first turn (Step 4, stealing the
 * initiative), and the special rules in effect. Mission, deployment, Weather, Dusk & Dawn and Twist are rolled on the
 * ruleset's own table (found by id, so a club's edited copy is used) and otherwise on the built-in table.
 * Rolls are made in this order: mission, weather, twist, counters,
 * counter placement, attacker, deployment, deploy first, Dusk & Dawn, steal the initiative.
 * Throws GamePlanError when the options do not fit the ruleset.
 *
 * @example
 * const plan = planGame(battleHonoursPreset(), { sides: { a: { teamId: 't1' }, b: { teamId: 't2' } } }, SeededDice.fromSeed('game-7'));
 * plan.mission.id; // → 'seize-ground'
 * plan.counters; // → [{ kind: 'objective', count: 5, how: 'rolled' }]
 * plan.rolls.length; // → 10 (every RollRecord, in order)
 */
export function planGame(ruleset: Ruleset, options: GamePlanOptionsInput, dice: DiceSource): GamePlan {
  const parsed = GamePlanOptions.safeParse(options);
  if (!parsed.success) throw new GamePlanError(parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`));
  const opts = parsed.data;
  if (opts.sides.a.teamId === opts.sides.b.teamId) throw new GamePlanError(['The two sides must be different teams.']);
  const log = new RollLog(dice);
  const { optional, notPlayed } = optionalInPlay(ruleset, opts);

  // 004 Step 2 – Determine Mission (or one of seed 003's, when the club uses its 8th-edition supplement).
  const chosen = chooseMission(ruleset, opts, log);
  if (chosen.kind === 'club') return planClubMission(ruleset, opts, optional, notPlayed, chosen.mission, chosen.how, log);
  const { mission, how: missionHow } = chosen;

  // 004 Weather: "roll a D6 on the following chart before deployment".
  let weather: GamePlan['weather'] = null;
  if (optional.weather) weather = rollOptionalTable(ruleset, WEATHER_TABLE, log, 'Weather');
  // 003 Twist (2D6); the seed gives no time, rolled with the weather before deployment.
  let twist: GamePlan['twist'] = null;
  if (optional.twist) twist = rollOptionalTable(ruleset, TWIST_TABLE, log, 'Twist');

  // Mission counters (004 Relic Hunt / Seize Ground: "Roll D3+2"; Sabotage: one marker per player).
  const counters: GamePlan['counters'] = mission.counters.map((c) => {
    if (typeof c.count === 'number') return { kind: c.kind, count: c.count, how: 'mission', placement: c.placement };
    const noun = c.kind === 'relic' ? 'Relic counters' : 'objective markers';
    const roll = log.roll(c.count, `${mission.name}: number of ${noun}`);
    return { kind: c.kind, count: roll.total, how: 'rolled', placement: c.placement };
  });
  // "Each player takes it in turn to place a counter. Roll a D6 to see which player goes first."
  let firstToPlaceCounters: GamePlan['firstToPlaceCounters'] = null;
  if (counters.some((c) => c.how === 'rolled')) {
    if (opts.firstToPlaceCounters === 'roll-off') {
      firstToPlaceCounters = { side: rollOff(log, `${mission.name}: who places the first counter`).winner, how: 'rolled' };
    } else firstToPlaceCounters = { side: opts.firstToPlaceCounters, how: 'chosen' };
  }

  // Attacker and defender (004 Breakthrough, Last Stand).
  let roles: GamePlan['roles'] = null;
  const choices: PlanChoice[] = [];
  const scoring = missionScoring(mission);
  if (scoring.attackerAndDefender) {
    // Last Stand: "either by deciding yourselves, or by rolling a d6"; Breakthrough is always rolled off.
    const playersMayDecide = mission.id === 'last-stand';
    const made = opts.attacker !== undefined || opts.rollOffWinnerChooses !== undefined;
    const decided = opts.attacker === undefined || opts.attacker === 'roll-off' ? null : opts.attacker;
    if (decided === null) {
      const off = rollOff(log, `${mission.name}: attacker roll-off`);
      const chooses = opts.rollOffWinnerChooses ?? 'attacker';
      const attacker = chooses === 'attacker' ? off.winner : opponent(off.winner);
      roles = {
        attacker,
        defender: opponent(attacker),
        how: 'rolled',
        reason: made
          ? `${sideName(off.winner)} won the roll-off and chose to be the ${chooses === 'attacker' ? 'Attacker' : 'Defender'}.`
          : `${sideName(off.winner)} won the roll-off and has not said yet who attacks: until it does, the plan has it attack.`,
      };
      choices.push(attackerChoice(off.winner, chooses === 'attacker' ? 'winner-attacks' : 'winner-defends', made, playersMayDecide));
    } else {
      roles = {
        attacker: decided,
        defender: opponent(decided),
        how: 'chosen',
        reason: `The players decided that ${sideName(decided)} attacks.`,
      };
      // (An API caller may have decided a Breakthrough's Attacker too: the answer stays listed.)
      choices.push(attackerChoice(null, decided, true, true));
    }
  }

  // 004 Step 3 – Deploy Kill Teams (ignored by missions with their own deployment).
  let deployment: GamePlan['deployment'] = null;
  let deploysFirst: GamePlan['deploysFirst'];
  if (ownDeployment(mission.id) && roles) {
    const first = mission.id === 'breakthrough' ? roles.attacker : roles.defender;
    deploysFirst = {
      side: first,
      how: 'mission',
      reason:
        mission.id === 'breakthrough'
          ? 'The Attacker sets up first (004 Mission 3: Breakthrough).'
          : "The defender deploys his 'defending models' first, then the attacker (004 Mission 6: Last Stand).",
    };
  } else {
    const table = tableOf(ruleset, DEPLOYMENT_TABLE);
    // A club's own mission set up without deployment zones (House rules, issue 30 item 7): its set-up says where, no roll.
    if (!scoring.deploymentZones) deployment = null;
    else if (opts.deployment === 'roll') {
      const { results } = rollOnTable(table, log, 'Deployment');
      const row = results[0]?.row;
      if (!row) throw new GamePlanError(['The deployment roll found no row.']);
      deployment = { id: row.result, text: row.text, how: 'rolled' };
    } else {
      const row = table.rows.find((r) => r.result === opts.deployment);
      if (!row) throw new GamePlanError([`There is no deployment "${opts.deployment}": the results are ${table.rows.map((r) => r.result).join(', ')}.`]);
      deployment = { id: row.result, text: row.text, how: 'chosen' };
    }
    if (opts.deployFirst === 'roll-off') {
      const off = rollOff(log, 'Roll-off to deploy');
      const made = opts.rollOffWinnerDeploys !== undefined;
      const order = opts.rollOffWinnerDeploys ?? 'first';
      const side = order === 'first' ? off.winner : opponent(off.winner);
      const reason = made
        ? `${sideName(off.winner)} won the roll-off and chose to deploy ${order}.`
        : `${sideName(off.winner)} won the roll-off and has not said yet whether it deploys first or second: until it does, the plan has it deploy first.`;
      deploysFirst = { side, how: 'rolled', reason };
      choices.push(deployChoice(off.winner, order, made));
    } else {
      deploysFirst = { side: opts.deployFirst, how: 'chosen', reason: `The players agreed that ${sideName(opts.deployFirst)} deploys first.` };
    }
  }

  // 000 Dusk & Dawn: "After deployment, but before determining who has first turn, roll a D6."
  let duskAndDawn: GamePlan['duskAndDawn'] = null;
  if (optional.duskAndDawn) duskAndDawn = rollOptionalTable(ruleset, DUSK_AND_DAWN_TABLE, log, 'Dusk & Dawn');

  // 004 Step 4 – first turn and stealing the initiative (Breakthrough / Last Stand: the Attacker always goes first).
  const ft = determineFirstTurn(
    roles ? { missionId: mission.id, deployedFirst: deploysFirst.side, attacker: roles.attacker } : { missionId: mission.id, deployedFirst: deploysFirst.side },
    log,
  );

  const mysteriousObjectives = optional.mysteriousObjectives ? mysteriousObjectivesFor(mission.name, counters) : null;

  const specialRules = plannedSpecialRules(ruleset, mission.specialRules, [], opts.playersOff);
  const night = nightFightingFor(ruleset, weather, duskAndDawn, specialRules);

  const plan: GamePlan = {
    planVersion: PLAN_VERSION,
    ruleset: { id: ruleset.id, version: ruleset.version },
    sides: opts.sides,
    mission: { id: mission.id, name: mission.name, how: missionHow, summary: mission.summary, scoring: scoringData(scoring) },
    deployment,
    roles,
    counters,
    firstToPlaceCounters,
    deploysFirst: meetingBattle(deploysFirst, twist),
    firstTurn: { side: ft.first, stolen: ft.stolen, reason: ft.reason },
    ...gameLengthOf(ruleset),
    weather,
    duskAndDawn,
    twist,
    mysteriousObjectives,
    specialRules,
    readings: readingsUnder(plannedReadings(ruleset), weather, twist),
    notPlayed: [...notPlayed, ...night],
    rolls: [...log.records],
    ...(choices.length > 0 ? { choices } : {}),
  };
  return plan;
}

/** 003 Mysterious Objectives: "If you are playing a mission with objective markers". */
function mysteriousObjectivesFor(missionName: string, counters: GamePlan['counters']): NonNullable<GamePlan['mysteriousObjectives']> {
  return counters.some((c) => c.kind === 'objective' && c.count > 0)
    ? {
        inEffect: true,
        reason: `${missionName} uses objective markers: a unit within 3" identifies a marker on the ${MYSTERIOUS_OBJECTIVES_TABLE.name} table (003).`,
      }
    : { inEffect: false, reason: `${missionName} has no objective markers, so Mysterious Objectives do not apply (003).` };
}

/**
 * The ruleset's always-on rules, the mission's, and the optional rules switched on that are played at the table
 * (less those the players left out). Night Fighting read 'when-a-rule-says' is not always on: nightFightingFor adds it.
 */
function plannedSpecialRules(
  ruleset: Ruleset,
  missionRuleIds: readonly string[],
  ownMissionRules: readonly PlannedSpecialRule[],
  playersOff: readonly string[],
): PlannedSpecialRule[] {
  const specialRules: PlannedSpecialRule[] = [];
  const add = (id: string, source: PlannedSpecialRule['source']) => {
    if (specialRules.some((s) => s.id === id)) return;
    const rule = ruleset.specialRules.find((s) => s.id === id);
    if (!rule) return;
    // The club's own Reserves table (House rules → Readings) replaces the reminder's numbers: never two tables.
    const reserves = id === RESERVES_ID && ruleset.readings?.reservesArrivesOn;
    const reminder = reserves ? `Roll for each reserve at the start of your turn: ${reservesText(reserves)}.` : rule.reminder;
    specialRules.push({ id: rule.id, name: rule.name, reminder, source });
  };
  const nightOnlyWhenSaid = readingOf(ruleset, 'nightFighting') === 'when-a-rule-says';
  ruleset.alwaysInEffect.filter((id) => !(nightOnlyWhenSaid && id === NIGHT_FIGHTING_ID)).forEach((id) => add(id, 'always'));
  missionRuleIds.forEach((id) => add(id, 'mission'));
  for (const r of ownMissionRules) if (!specialRules.some((s) => s.id === r.id)) specialRules.push(r);
  for (const o of atTheTableOptionalRules(ruleset)) {
    if (playersOff.includes(o.id)) continue;
    if (!specialRules.some((s) => s.id === o.id)) specialRules.push({ id: o.id, name: o.name, reminder: o.description, source: 'optional' });
  }
  return specialRules;
}

const NIGHT_FIGHTING_ID = 'night-fighting';
const RESERVES_ID = 'reserves';

/** The optional rules the two players may leave out of one game (004 Weather "If both players agree"; Injuries "Discuss … beforehand"). */
export const PLAYERS_MAY_LEAVE_OUT: Readonly<Record<string, string>> = {
  weather: 'The players did not agree to roll for the Weather in this game (004 Weather: "If both players agree, roll a D6").',
  'in-game-injuries': 'The players agreed beforehand not to use the Injury rules in this game (004 Injuries: "Discuss with your opponent beforehand").',
};

type NotPlayed = NonNullable<GamePlan['notPlayed']>[number];

/**
 * The optional rules in play once the players' choices and the club's Night Fighting reading are applied, and those
 * the club uses that this game leaves out, each with the reason. Dusk & Dawn is not rolled while Night Fighting is
 * read as 'every-shot': it could only turn Night Fighting on, and it is already on (never two contradictory rules).
 */
function optionalInPlay(ruleset: Ruleset, opts: GamePlanOptions): { optional: PlanOptionalRules; notPlayed: NotPlayed[] } {
  const optional = { ...(opts.optionalRules ?? planOptionalRulesOf(ruleset)) };
  const notPlayed: NotPlayed[] = [];
  for (const id of opts.playersOff) {
    const reason = PLAYERS_MAY_LEAVE_OUT[id];
    if (reason === undefined) {
      throw new GamePlanError([
        `Only the Weather and the in-game Injury rules are left to the two players of a game; "${id}" is the club's choice (House rules → Optional rules).`,
      ]);
    }
    const rule = ruleset.optionalRules.find((o) => o.id === id && o.enabledByDefault);
    if (!rule) continue; // the club does not use it: nothing to leave out
    if (id === 'weather') optional.weather = false;
    notPlayed.push({ id, name: rule.name, reason });
  }
  if (optional.duskAndDawn && readingOf(ruleset, 'nightFighting') === 'every-shot') {
    optional.duskAndDawn = false;
    notPlayed.push({
      id: 'dusk-and-dawn',
      name: 'Dusk & Dawn',
      reason: 'Not rolled: the club plays Night Fighting on every turn (House rules → Readings), so Dusk & Dawn would change nothing.',
    });
  }
  return { optional, notPlayed };
}

/**
 * Night Fighting read 'when-a-rule-says': in effect only when Blizzard (004: "during the entire game") or Dusk & Dawn
 * (000: turn 1, or turn 6 and later) says so. Adds the rule to `specialRules` with its turns, or returns why it is not
 * in effect this game. Nothing to do for 'every-shot' (it is among the always-on rules).
 */
function nightFightingFor(
  ruleset: Ruleset,
  weather: GamePlan['weather'],
  duskAndDawn: GamePlan['duskAndDawn'],
  specialRules: PlannedSpecialRule[],
): NotPlayed[] {
  if (readingOf(ruleset, 'nightFighting') !== 'when-a-rule-says') return [];
  const rule = ruleset.specialRules.find((s) => s.id === NIGHT_FIGHTING_ID);
  if (!rule) return [];
  const when =
    weather?.id === 'blizzard'
      ? 'The whole game (Blizzard)'
      : duskAndDawn?.id === 'before-dawn'
        ? 'Turn 1 only (Dusk & Dawn: before dawn)'
        : duskAndDawn?.id === 'dusk'
          ? 'Turn 6 and later (Dusk & Dawn: dusk)'
          : null;
  if (when === null) {
    return [
      {
        id: NIGHT_FIGHTING_ID,
        name: rule.name,
        reason: 'Not in effect this game: the club plays Night Fighting only when Blizzard or Dusk & Dawn says so (House rules → Readings).',
      },
    ];
  }
  specialRules.unshift({ id: rule.id, name: rule.name, reminder: `${when}: ${rule.reminder}`, source: 'optional' });
  return [];
}

/**
 * The club's readings as this game's Weather leaves them (004 Weather): Blizzard "no team may Infiltrate or Scout"
 * (the Infiltrate reading is not in this game), Stormy "all scatter rolls are made on 3D6 instead of 2D6" (Deep
 * Strike scatters 3D6). Other weather changes nothing here.
 */
function readingsUnder(readings: PlannedReading[], weather: GamePlan['weather'], twist: GamePlan['twist']): PlannedReading[] {
  const effects = weather ? WEATHER_EFFECTS[weather.id as keyof typeof WEATHER_EFFECTS] : undefined;
  return readings.map((r) => {
    if (r.id === 'reading-infiltrate' && effects && !effects.infiltrateAndScoutAllowed)
      return { ...r, text: 'Not in this game: Blizzard — no team may Infiltrate or Scout, and no one may run (004 Weather).' };
    if (r.id === 'reading-deep-strike' && effects && effects.scatterDice !== '2D6')
      return { ...r, text: `${r.text} Stormy: scatter on ${effects.scatterDice} instead of 2D6 (004 Weather).` };
    // 003 Twist 10 Fog of War: "A unit arriving on the battlefield after the battle has begun rolls a dice the first time".
    if (r.id === 'reading-reserves' && twist?.id === 'fog-of-war')
      return { ...r, text: `${r.text} Fog of War: the first time a unit arrives, roll a D6: on a 1–2 it arrives in the following turn instead (003 Twist).` };
    return r;
  });
}

/**
 * 003 Twist 12 Meeting Battle: "Each player sets up one contingent at the start of battle using the normal rules for
 * deployment" — the plan's deployment says only the first contingent deploys, and when the others arrive.
 */
function meetingBattle(deploysFirst: GamePlan['deploysFirst'], twist: GamePlan['twist']): GamePlan['deploysFirst'] {
  if (twist?.id !== 'meeting-battle') return deploysFirst;
  return {
    ...deploysFirst,
    reason: `${deploysFirst.reason} Meeting Battle (Twist): only each army's first contingent (at most half its units) deploys now; the second arrives at the end of its controller's second Movement phase and the third at the end of the third, more than 9" from the enemy, wholly within 9" of an edge and outside the enemy deployment zone.`,
  };
}

/** 004 Step 5's 10 turns, or 000 Random Game Length after them (`turns` is then the last turn that can be played). */
function gameLengthOf(ruleset: Ruleset): Pick<GamePlan, 'turns' | 'gameLength'> {
  if (readingOf(ruleset, 'gameLength') !== 'random-game-length') return { turns: GAME_LENGTH_TURNS };
  return {
    turns: GAME_LENGTH_TURNS + MAX_EXTRA_TURNS,
    gameLength: `Random Game Length (000): after turn ${GAME_LENGTH_TURNS}, roll a D6: on a 4–6 another turn is played; repeat until a 1–3 or ${MAX_EXTRA_TURNS} extra turns (turn ${GAME_LENGTH_TURNS + MAX_EXTRA_TURNS} at most).`,
  };
}

const CATEGORY_NAME: Record<ClubMission['category'], string> = { 'eternal-war': 'Eternal War', 'maelstrom-of-war': 'Maelstrom of War' };

function tacticalObjectivesText(m: ClubMission): string | null {
  const t = m.tacticalObjectives;
  if (t === null) return null;
  const where = ' (the Tactical Objectives themselves are in the Warhammer 40,000 rulebook)';
  if (t.kind === 'top-up')
    return `At the start of their turn, a player with fewer than ${t.count} active Tactical Objectives generates them until they have ${t.count}${where}.`;
  if (t.kind === 'battle-round')
    return `At the start of their turn, a player with fewer active Tactical Objectives than the battle round number generates them until they have that many${where}.`;
  return `Each player generates ${t.firstRound} at the start of their first turn; ${t.firstRound - 1} in battle round 2, ${t.firstRound - 2} in round 3 and so on: at the start of each turn, discard or generate to match${where}.`;
}

/**
 * Plan one of seed 003's missions (003 "Приложение 3.": THE BATTLEFIELD, DEPLOYMENT, FIRST TURN, ACCEPTABLE CASUALTIES,
 * BATTLE LENGTH, TACTICAL OBJECTIVES, VICTORY CONDITIONS), from its `ClubMission` data. Readings:
 * - Who picks the standard deployment map and a zone: "The players roll off and the winner determines" (Vital
 *   Intelligence, Beachhead, No Mercy, Visions of Victory; a tie is rolled again). Tactical Escalation and Deadlock give
 *   it to "the player who placed the sixth objective marker": marker placement is in the Warhammer 40,000 rulebook, not
 *   the seed, so the players say who (`deployment: 'picked-by-a' | 'picked-by-b'`), or Herald rolls off and the winner
 *   places the sixth marker. The map itself is the rulebook's: left to the players.
 * - Whole armies: the other player "deploys their entire army first", so finishes first. Alternating units: whoever
 *   sets up their last unit first finishes first; with `units` on both sides it is counted (the player who starts
 *   finishes first unless they have more units), otherwise the player who starts is taken to finish first and the
 *   plan says so.
 * - FIRST TURN: the player who finished first "chooses who takes the first turn" (`firstTurnChoice`: takes it, the
 *   default, or gives it); when they take it the opponent always tries to seize the initiative: a D6, on a 6.
 * - BATTLE LENGTH is rolled at the table at the end of battle rounds 5 and 6 (club-8th `battleLengthCheck`), so the
 *   plan says how, naming who rolls; `turns` is the last possible battle round (7).
 * - Weather, Dusk & Dawn and Twist, when in play, are rolled as for a seed-004 game; Mysterious Objectives apply to
 *   every mission with objective markers (all but No Mercy).
 * Rolls are made in this order: mission, weather, twist, the roll-off for the deployment zone, Dusk & Dawn, seize the
 * initiative.
 */
function planClubMission(
  ruleset: Ruleset,
  opts: GamePlanOptions,
  optional: PlanOptionalRules,
  notPlayed: NotPlayed[],
  m: ClubMission,
  how: 'rolled' | 'chosen',
  log: RollLog,
): GamePlan {
  let weather: GamePlan['weather'] = null;
  if (optional.weather) weather = rollOptionalTable(ruleset, WEATHER_TABLE, log, 'Weather');
  let twist: GamePlan['twist'] = null;
  if (optional.twist) twist = rollOptionalTable(ruleset, TWIST_TABLE, log, 'Twist');

  const counters: GamePlan['counters'] =
    m.battlefield.objectiveMarkers > 0 ? [{ kind: 'objective', count: m.battlefield.objectiveMarkers, how: 'mission', placement: m.battlefield.text }] : [];

  // 003 DEPLOYMENT: who picks the map and a deployment zone.
  const sixth = m.deployment.chosenBy === 'placed-sixth-objective-marker';
  let zonePicker: ClubMissionPlan['zonePicker'];
  if (opts.deployment === 'roll') {
    const off = rollOff(log, `${m.name}: roll-off for the deployment map and zone`);
    zonePicker = {
      side: off.winner,
      how: 'rolled',
      reason: sixth
        ? `${sideName(off.winner)} won the roll-off: it places the sixth objective marker, then picks the standard deployment map and its deployment zone.`
        : `${sideName(off.winner)} won the roll-off: it picks the standard deployment map and its deployment zone.`,
    };
  } else if (opts.deployment === CLUB_ZONE_PICKED_BY.a || opts.deployment === CLUB_ZONE_PICKED_BY.b) {
    const side: Side = opts.deployment === CLUB_ZONE_PICKED_BY.a ? 'a' : 'b';
    zonePicker = {
      side,
      how: 'chosen',
      reason: sixth
        ? `${sideName(side)} placed the sixth objective marker: it picks the standard deployment map and its deployment zone.`
        : `The players agreed that ${sideName(side)} picks the standard deployment map and its deployment zone.`,
    };
  } else {
    throw new GamePlanError([
      `${m.name} has no deployment table (its maps are in the Warhammer 40,000 rulebook): say who picks the map and zone ("${CLUB_ZONE_PICKED_BY.a}" or "${CLUB_ZONE_PICKED_BY.b}"), or "roll" to roll off.`,
    ]);
  }
  const picker = zonePicker.side;
  const starter = opponent(picker);
  const wholeArmy = m.deployment.order === 'whole-army';
  const deploysFirst: GamePlan['deploysFirst'] = {
    side: starter,
    how: 'mission',
    reason: wholeArmy
      ? `${sideName(starter)} did not pick the deployment zone: it deploys its entire army first, then ${sideName(picker)} deploys, each wholly within their deployment zone (${citeText(m.citation)} / Deployment).`
      : `${sideName(starter)} did not pick the deployment zone: it sets up the first unit, then the players alternate one unit at a time, within their own deployment zones (${citeText(m.citation)} / Deployment).`,
  };

  // 000 Dusk & Dawn: after deployment, before the first turn is decided.
  let duskAndDawn: GamePlan['duskAndDawn'] = null;
  if (optional.duskAndDawn) duskAndDawn = rollOptionalTable(ruleset, DUSK_AND_DAWN_TABLE, log, 'Dusk & Dawn');

  // 003 FIRST TURN: who finished setting up first chooses; the opponent may seize the initiative on a 6.
  let finishedFirst = starter;
  let assumed = '';
  if (!wholeArmy) {
    const mine = opts.sides[starter].units;
    const theirs = opts.sides[picker].units;
    if (mine !== undefined && theirs !== undefined) finishedFirst = mine <= theirs ? starter : picker;
    else assumed = ` (taken to finish first; if ${sideName(picker)} has fewer units, it finishes first and chooses instead)`;
  }
  const made = opts.firstTurnChoice !== undefined;
  const takes = opts.firstTurnChoice !== 'give';
  const ft = clubFirstTurn({ chooser: finishedFirst, chooserTakesFirst: takes, seizeOn: m.firstTurn.seizeOn }, log);
  const seizer = opponent(finishedFirst);
  const rolled = ft.roll?.total ?? 0;
  // Until the player says, the plan has it take the first turn (and the opponent roll to seize it).
  const took = made ? 'took the first turn' : 'has not said yet who takes the first turn (until it does, the plan has it take it)';
  const takesNow = made ? 'takes the first turn' : took;
  const firstTurn: GamePlan['firstTurn'] = {
    side: ft.first,
    stolen: ft.seized,
    reason: !takes
      ? `${sideName(finishedFirst)} finished setting up first${assumed} and chose to give the first turn to ${sideName(seizer)}.`
      : ft.seized
        ? `${sideName(finishedFirst)} finished setting up first${assumed} and ${took}; ${sideName(seizer)} rolled a ${rolled} and seized the initiative.`
        : `${sideName(finishedFirst)} finished setting up first${assumed} and ${takesNow}; ${sideName(seizer)} rolled ${rolled} (a ${m.firstTurn.seizeOn} is needed to seize the initiative).`,
  };

  const second = opponent(firstTurn.side);
  const roller = (r: 'first-turn-player' | 'second-turn-player') =>
    r === 'first-turn-player' ? `${sideName(firstTurn.side)} (first turn)` : `${sideName(second)} (second turn)`;
  const battleLength = [
    ...m.battleLength.checks.map(
      (c) => `At the end of battle round ${c.afterRound}, ${roller(c.roller)} rolls a D6: on a ${c.continueOn}+ the game continues, otherwise it is over.`,
    ),
    `The battle ends after battle round ${m.battleLength.lastRound} at the latest.`,
  ].join(' ');

  const mysteriousObjectives = optional.mysteriousObjectives ? mysteriousObjectivesFor(m.name, counters) : null;
  const specialRules = plannedSpecialRules(
    ruleset,
    [],
    m.missionRules.map((r) => ({ id: r.id, name: r.name, reminder: r.text, source: 'mission' as const })),
    opts.playersOff,
  );
  const night = nightFightingFor(ruleset, weather, duskAndDawn, specialRules);

  return {
    planVersion: PLAN_VERSION,
    ruleset: { id: ruleset.id, version: ruleset.version },
    sides: opts.sides,
    mission: {
      id: m.id,
      name: m.name,
      how,
      summary: `${CATEGORY_NAME[m.category]} (8th-edition supplement). Victory points: ${m.victoryConditions.map((c) => c.name).join(', ')}.`,
    },
    deployment: null,
    roles: null,
    counters,
    firstToPlaceCounters: null,
    deploysFirst: meetingBattle(deploysFirst, twist),
    firstTurn,
    turns: m.battleLength.lastRound,
    weather,
    duskAndDawn,
    twist,
    mysteriousObjectives,
    specialRules,
    // A seed-003 mission has its own BATTLE LENGTH: the game-length reading is not for it (never two lengths).
    readings: readingsUnder(plannedReadings(ruleset), weather, twist).filter((r) => r.id !== 'reading-game-length'),
    notPlayed: [...notPlayed, ...night],
    rolls: [...log.records],
    club8th: {
      category: m.category,
      battlefield: m.battlefield.text,
      zonePicker,
      deployment: m.deployment.text,
      battleLength,
      suddenDeath: m.suddenDeathNotInUse
        ? 'Sudden Death is not in use in this mission: if a team has no models left, the game ends and the victory points decide.'
        : 'Sudden Death is in use: if a team has no models left on the table, the game ends and the other team wins.',
      tacticalObjectives: tacticalObjectivesText(m),
      victoryConditions: m.victoryConditions.map((c) => ({ ...c })),
      citation: citeText(m.citation),
    },
    choices: [firstTurnChoice(finishedFirst, takes ? 'take' : 'give', made)],
  };
}
