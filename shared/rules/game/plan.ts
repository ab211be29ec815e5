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
 * - Seed 003's missions (the club's 8th-edition supplement, when the ruleset switches it on) are planned with their own
 *   set-up rules as data (club-8th `ClubMission`): see planClubMission (plan-club.ts) for the readings. The plan's shape
 *   is in plan-schema.ts, the steps every mission shares in plan-steps.ts.
 */
import type { DiceSource } from '../dice';
import { RollLog } from '../dice';
import { allTables } from '../ruleset/schema';
import type { Mission, Ruleset } from '../ruleset/schema';
import { rollOnTable } from '../ruleset/roll-table';
import { opponent, sideName } from '../hor/facts';
import { DEPLOYMENT_TABLE, determineFirstTurn } from '../hor/setup';
import { WEATHER_TABLE } from '../hor/optional-rules';
import { DUSK_AND_DAWN_TABLE } from '../mission-pack/dusk-and-dawn';
import { TWIST_TABLE } from '../club-8th/twist';
import { CLUB_MISSION_TABLE, clubMission, isClubMissionId } from '../club-8th/missions';
import type { ClubMission } from '../club-8th/missions';
import { missionScoring, scoringData } from '../hor/mission-scoring';
import { clubMissionsOn } from './optional-rules';
import { plannedReadings } from './readings';
import { deployChoice } from './choices';
import { GamePlanError, GamePlanOptions, PLAN_VERSION, ROLL_CLUB_MISSION } from './plan-schema';
import type { GamePlanOptionsInput, GamePlan } from './plan-schema';
import {
  gameLengthOf,
  meetingBattle,
  mysteriousObjectivesFor,
  nightFightingFor,
  optionalInPlay,
  plannedSpecialRules,
  readingsUnder,
  rollOff,
  rollOptionalTable,
  tableOf,
} from './plan-steps';
import { planClubMission } from './plan-club';
import { missionCounters, missionRoles, ownDeploysFirst } from './plan-missions';

export * from './plan-schema';
export { PLAYERS_MAY_LEAVE_OUT, rollOff } from './plan-steps';

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

  // The mission's counters (004 Relic Hunt / Seize Ground: "Roll D3+2"; Sabotage: one marker per player).
  const { counters, firstToPlaceCounters } = missionCounters(mission, opts, log);

  // Attacker and defender (004 Breakthrough, Last Stand).
  const scoring = missionScoring(mission);
  const { roles, choices } = missionRoles(mission, scoring, opts, log);

  // 004 Step 3 – Deploy Kill Teams (ignored by missions with their own deployment).
  let deployment: GamePlan['deployment'] = null;
  let deploysFirst: GamePlan['deploysFirst'];
  const own = ownDeploysFirst(mission, roles);
  if (own) {
    deploysFirst = own;
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
