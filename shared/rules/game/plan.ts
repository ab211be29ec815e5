/**
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
 */
import { z } from 'zod';
import type { DiceSource } from '../dice';
import { RollLog, RollRecord } from '../dice';
import { allTables, RuleId } from '../ruleset/schema';
import type { DiceTable, Mission, Ruleset } from '../ruleset/schema';
import { rollOnTable } from '../ruleset/roll-table';
import type { Side } from '../hor/facts';
import { opponent, sideName } from '../hor/facts';
import { DEPLOYMENT_TABLE, GAME_LENGTH_TURNS, MISSIONS_WITH_OWN_DEPLOYMENT, determineFirstTurn } from '../hor/setup';
import { WEATHER_TABLE } from '../hor/optional-rules';
import { DUSK_AND_DAWN_TABLE } from '../mission-pack/dusk-and-dawn';
import { TWIST_TABLE } from '../club-8th/twist';
import { MYSTERIOUS_OBJECTIVES_TABLE } from '../club-8th/mysterious-objectives';

export const PLAN_VERSION = 1;

export const SideId = z.enum(['a', 'b']);

/** One player of the game: the app's team id (and a display name). */
export const PlanSide = z.object({ teamId: z.string().min(1), name: z.string().min(1).optional() });
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

const NO_OPTIONAL_RULES: PlanOptionalRules = { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false };

/**
 * What the players (or the club) decide before planning. Every field except `sides` has a default: roll the
 * mission and deployment, roll off for everything the seed decides by a roll-off, and no optional rules.
 */
export const GamePlanOptions = z.object({
  sides: z.object({ a: PlanSide, b: PlanSide }),
  /** 'roll' on the ruleset's mission table (004 Step 2), or the id of a mission of the ruleset. */
  mission: z.union([z.literal('roll'), RuleId]).default('roll'),
  /** 'roll' on the deployment table (004 Step 3), or the id of one of its results (e.g. "deployment-3"). */
  deployment: z.union([z.literal('roll'), RuleId]).default('roll'),
  /** 004 Step 3: "Player's now roll off, the winner may choose to deploy first or second" — or the players agree. */
  deployFirst: RollOrSide.default('roll-off'),
  /** What the winner of the Step 3 roll-off chooses. */
  rollOffWinnerDeploys: z.enum(['first', 'second']).default('first'),
  /** Breakthrough / Last Stand: roll off (the winner decides), or the players decide who attacks. */
  attacker: RollOrSide.default('roll-off'),
  /** What the winner of the attacker roll-off decides (Breakthrough: "Whoever scores higher decides"). */
  rollOffWinnerChooses: z.enum(['attacker', 'defender']).default('attacker'),
  /** Relic Hunt / Seize Ground: "Roll a D6 to see which player goes first" placing counters, or agreed. */
  firstToPlaceCounters: RollOrSide.default('roll-off'),
  optionalRules: PlanOptionalRules.default(NO_OPTIONAL_RULES),
});
export type GamePlanOptions = z.infer<typeof GamePlanOptions>;
export type GamePlanOptionsInput = z.input<typeof GamePlanOptions>;

const How = z.enum(['rolled', 'chosen', 'mission']);

export const PlannedSpecialRule = z.object({
  id: RuleId,
  name: z.string().min(1),
  reminder: z.string().min(1),
  /** 'always': the ruleset's always-on rules (004 Kill Team Special Rules); 'mission': the mission's own rules. */
  source: z.enum(['always', 'mission']),
});
export type PlannedSpecialRule = z.infer<typeof PlannedSpecialRule>;

/** A game plan (versioned): everything decided before the first turn, with the rolls that decided it. */
export const GamePlan = z.object({
  planVersion: z.literal(PLAN_VERSION),
  ruleset: z.object({ id: RuleId, version: z.string().min(1) }),
  sides: z.object({ a: PlanSide, b: PlanSide }),
  mission: z.object({ id: RuleId, name: z.string().min(1), how: How, summary: z.string() }),
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
  /** 004 Step 5: "once both players have completed 10 turns". */
  turns: z.number().int().positive(),
  weather: z.object({ id: RuleId, text: z.string().min(1) }).nullable(),
  duskAndDawn: z.object({ id: RuleId, text: z.string().min(1) }).nullable(),
  twist: z.object({ id: RuleId, text: z.string().min(1) }).nullable(),
  /** null when the club has not switched Mysterious Objectives on. */
  mysteriousObjectives: z.object({ inEffect: z.boolean(), reason: z.string().min(1) }).nullable(),
  specialRules: z.array(PlannedSpecialRule),
  rolls: z.array(RollRecord),
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

function chooseMission(ruleset: Ruleset, options: GamePlanOptions, dice: DiceSource): { mission: Mission; how: 'rolled' | 'chosen' } {
  if (options.mission !== 'roll') {
    const mission = findMission(ruleset, options.mission);
    if (!mission) {
      throw new GamePlanError([`The ruleset "${ruleset.name}" has no mission "${options.mission}": its missions are ${ruleset.missions.map((m) => m.id).join(', ')}.`]);
    }
    return { mission, how: 'chosen' };
  }
  const table = ruleset.missionTable === null ? undefined : allTables(ruleset).find((t) => t.id === ruleset.missionTable);
  if (!table) throw new GamePlanError([`The ruleset "${ruleset.name}" has no mission table to roll on: choose the mission.`]);
  const { results } = rollOnTable(table, dice, 'Mission');
  const id = results[0]?.row.result ?? '';
  const mission = findMission(ruleset, id);
  if (!mission) throw new GamePlanError([`The mission table names a mission "${id}" that the ruleset does not have.`]);
  return { mission, how: 'rolled' };
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

  // 004 Step 2 – Determine Mission.
  const { mission, how: missionHow } = chooseMission(ruleset, opts, log);

  // 004 Weather: "roll a D6 on the following chart before deployment".
  let weather: GamePlan['weather'] = null;
  if (opts.optionalRules.weather) weather = rollOptionalTable(ruleset, WEATHER_TABLE, log, 'Weather');
  // 003 Twist (2D6); the seed gives no time, rolled with the weather before deployment.
  let twist: GamePlan['twist'] = null;
  if (opts.optionalRules.twist) twist = rollOptionalTable(ruleset, TWIST_TABLE, log, 'Twist');

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
  if (mission.id === 'breakthrough' || mission.id === 'last-stand') {
    if (opts.attacker === 'roll-off') {
      const off = rollOff(log, `${mission.name}: attacker roll-off`);
      const attacker = opts.rollOffWinnerChooses === 'attacker' ? off.winner : opponent(off.winner);
      roles = {
        attacker,
        defender: opponent(attacker),
        how: 'rolled',
        reason: `${sideName(off.winner)} won the roll-off and chose to be the ${opts.rollOffWinnerChooses === 'attacker' ? 'Attacker' : 'Defender'}.`,
      };
    } else {
      roles = { attacker: opts.attacker, defender: opponent(opts.attacker), how: 'chosen', reason: `The players decided that ${sideName(opts.attacker)} attacks.` };
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
      reason: mission.id === 'breakthrough' ? 'The Attacker sets up first (004 Mission 3: Breakthrough).' : "The defender deploys his 'defending models' first, then the attacker (004 Mission 6: Last Stand).",
    };
  } else {
    const table = tableOf(ruleset, DEPLOYMENT_TABLE);
    if (opts.deployment === 'roll') {
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
      const side = opts.rollOffWinnerDeploys === 'first' ? off.winner : opponent(off.winner);
      deploysFirst = { side, how: 'rolled', reason: `${sideName(off.winner)} won the roll-off and chose to deploy ${opts.rollOffWinnerDeploys}.` };
    } else {
      deploysFirst = { side: opts.deployFirst, how: 'chosen', reason: `The players agreed that ${sideName(opts.deployFirst)} deploys first.` };
    }
  }

  // 000 Dusk & Dawn: "After deployment, but before determining who has first turn, roll a D6."
  let duskAndDawn: GamePlan['duskAndDawn'] = null;
  if (opts.optionalRules.duskAndDawn) duskAndDawn = rollOptionalTable(ruleset, DUSK_AND_DAWN_TABLE, log, 'Dusk & Dawn');

  // 004 Step 4 – first turn and stealing the initiative (Breakthrough / Last Stand: the Attacker always goes first).
  const ft = determineFirstTurn(
    roles ? { missionId: mission.id, deployedFirst: deploysFirst.side, attacker: roles.attacker } : { missionId: mission.id, deployedFirst: deploysFirst.side },
    log,
  );

  let mysteriousObjectives: GamePlan['mysteriousObjectives'] = null;
  if (opts.optionalRules.mysteriousObjectives) {
    const markers = counters.some((c) => c.kind === 'objective');
    mysteriousObjectives = markers
      ? { inEffect: true, reason: `${mission.name} uses objective markers: a unit within 3" identifies a marker on the ${MYSTERIOUS_OBJECTIVES_TABLE.name} table (003).` }
      : { inEffect: false, reason: `${mission.name} has no objective markers, so Mysterious Objectives do not apply (003).` };
  }

  const specialRules: PlannedSpecialRule[] = [];
  const add = (id: string, source: PlannedSpecialRule['source']) => {
    if (specialRules.some((s) => s.id === id)) return;
    const rule = ruleset.specialRules.find((s) => s.id === id);
    if (rule) specialRules.push({ id: rule.id, name: rule.name, reminder: rule.reminder, source });
  };
  ruleset.alwaysInEffect.forEach((id) => add(id, 'always'));
  mission.specialRules.forEach((id) => add(id, 'mission'));

  const plan: GamePlan = {
    planVersion: PLAN_VERSION,
    ruleset: { id: ruleset.id, version: ruleset.version },
    sides: opts.sides,
    mission: { id: mission.id, name: mission.name, how: missionHow, summary: mission.summary },
    deployment,
    roles,
    counters,
    firstToPlaceCounters,
    deploysFirst,
    firstTurn: { side: ft.first, stolen: ft.stolen, reason: ft.reason },
    turns: GAME_LENGTH_TURNS,
    weather,
    duskAndDawn,
    twist,
    mysteriousObjectives,
    specialRules,
    rolls: [...log.records],
  };
  return plan;
}

