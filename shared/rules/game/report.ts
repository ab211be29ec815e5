/**
 * Over 400 lines: the report, its limits and every check on it, cited to seeds 003 and 004.
 * The game report: what the players record after a game (docs/progression.md, "The game facts progression works
 * from"). It carries exactly the facts the seed-004 rules need (hor/facts.ts ModelFacts / GameFacts), the per-side
 * facts the Battle Honours requisition awards need (First Blood, Sweeping Advance, Mistakes Were Made, Kayfabe), and
 * the dice. Every field is documented in REPORT.md. The rules never guess a fact: what is not recorded is not there.
 * A game on one of seed 003's missions (the club's 8th-edition supplement) adds `club8th`: the victory points the
 * players count at the table (Capture the Data, Push Them Back, Tactical Objectives) and First Strike.
 */
import { z } from 'zod';
import { DiceExpressionError, RollRecord, diceRange, parseDice, totalOf } from '../dice';
import { modelRef } from '../model-ref';
import { ModelType, RuleId } from '../ruleset/schema';
import type { Mission } from '../ruleset/schema';
import type { GameFacts, ModelFacts, Side } from '../hor/facts';
import { GameFactsError, SIDES, opponent, sideName } from '../hor/facts';
import { MISSION_IDS, getMission, isMissionId } from '../hor/missions';
import { missionScoring } from '../hor/mission-scoring';
import { scoreMission } from '../hor/scoring';
import { CLUB_MISSION_IDS, clubMission, isClubMissionId } from '../club-8th/missions';
import type { ClubMission } from '../club-8th/missions';
import type { ClubGameFacts } from '../club-8th/scoring';
import { PUSH_THEM_BACK_VP } from '../club-8th/battle';
import { SideId } from './plan';
import { squadOfMember, unitsDestroyed } from './squads';
import type { GamePlan } from './plan';
import { MAX_AMENDMENTS, ReportAmendment } from './amendment';

export const REPORT_VERSION = 1;

/**
 * Absolute caps on a report (issue 16), far above any real game, so that no typed or imported number gets as far as
 * scoring; the game's own bounds (plan, rosters) are report-bounds.ts.
 */
export const REPORT_LIMITS = {
  /** Models in one report (two rosters; a 250-point team has far fewer than 100 models). */
  models: 200,
  /** Relic counters and relics carried (004 places D3+2). */
  relics: 20,
  /** Objective markers (004 places at most D3+2, 003 at most 6). */
  objectives: 20,
  /** Game turns / battle rounds (004: 10; 003: 7). */
  turns: 50,
  /** Rolls recorded for one game. */
  rolls: 2000,
  /** Ids and names. */
  text: 200,
  /** Free notes. */
  notes: 20000,
  /** A unit's points value (a 250-point team's units cost far less). */
  unitPoints: 10000,
} as const;
const Text = z.string().max(REPORT_LIMITS.text);

/** How a model was taken out of action (hor/facts.ts OutOfAction, plus the misadventure flag). */
export const ReportOutOfAction = z.object({
  /** Id of the enemy model that took it out of action; null for misadventure or when nobody knows. */
  by: Text.min(1).nullable(),
  how: z.enum(['shooting', 'melee', 'other']),
  /** Lost to misadventure (Gets Hot, falls, failed jumps…): docs/progression.md "Mistakes Were Made". `by` must be null. */
  misadventure: z.boolean().optional(),
});
export type ReportOutOfAction = z.infer<typeof ReportOutOfAction>;

/** One model of either team, as it came out of the game. */
export const ModelReport = z.object({
  /** The roster's model id; unique in the report. */
  id: Text.min(1),
  side: SideId,
  name: Text.optional(),
  type: ModelType,
  squad: z.boolean().optional(),
  nonLearning: z.boolean().optional(),
  /** Was in the team taken to this game (docs/progression.md "Took part"). Models that did not are ignored by the rules. */
  tookPart: z.boolean(),
  aliveAtEnd: z.boolean(),
  /** Still in Reserve (or a Last Stand reinforcement yet to arrive) when the game ended (hor/facts.ts ModelFacts). */
  notArrived: z.boolean().optional(),
  outOfAction: ReportOutOfAction.nullable().optional(),
  relicsCarried: z.number().int().min(0).max(REPORT_LIMITS.relics).optional(),
  inEnemyDeploymentZone: z.boolean().optional(),
  withinSixOfDefenderCorner: z.boolean().optional(),
  destroyedObjectiveMarker: z.boolean().optional(),
  claimedObjective: z.boolean().optional(),
  lastStandRole: z.enum(['defending', 'reinforcement']).optional(),
  bannerBearer: z.boolean().optional(),
  /**
   * The points value of the unit it belongs to as taken to the game (a Squad member: its whole Squad's), from the roster
   * when the result is started: 000 "A unit is worth as many Victory Points as its points cost" (hor/vp-by-unit.ts).
   */
  unitPoints: z.number().int().min(0).max(REPORT_LIMITS.unitPoints).optional(),
});
export type ModelReport = z.infer<typeof ModelReport>;

/** One side of the game: its team and the per-side facts no model record can give. */
export const SideReport = z.object({
  teamId: Text.min(1),
  name: Text.optional(),
  /** Caused the first casualty of the game (docs/progression.md "First Blood"). */
  firstBlood: z.boolean(),
  /** Routed the opponent off the table (docs/progression.md "Sweeping Advance"). */
  sweepingAdvance: z.boolean(),
  /** The opponent awarded Kayfabe for playing in character (docs/progression.md "Kayfabe"). */
  kayfabe: z.boolean(),
  /** The secondary objectives the players wrote down for this side; scoreGame compares them with the rules. */
  secondariesClaimed: z.array(RuleId).max(50).optional(),
});
export type SideReport = z.infer<typeof SideReport>;

export const ReportEnding = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('turns') }),
  z.object({ kind: z.literal('run-away'), side: SideId, voluntary: z.boolean(), fallingBack: z.number().int().min(0).max(REPORT_LIMITS.models).optional() }),
  z.object({ kind: z.literal('no-models-left'), side: SideId }),
  z.object({ kind: z.literal('mission-win'), side: SideId }),
]);
export type ReportEnding = z.infer<typeof ReportEnding>;

/**
 * Seed 003 missions: what one side recorded for the victory conditions Herald cannot work out from the models. Slay the
 * Warlord, No Quarter Given, First Blood and Linebreaker come from the models and the sides' First Blood (clubFacts).
 */
export const ClubSideReport = z.object({
  /** Capture the Data (Vital Intelligence) or Push Them Back (Beachhead): the VP scored over all the battle rounds. */
  objectiveVp: z.number().int().min(0).max(500).optional(),
  /** Maelstrom of War: the VP from Tactical Objectives achieved (Tactical Priority's +1 / −1 included). */
  tacticalObjectiveVp: z.number().int().min(-100).max(500).optional(),
  /** Tactical Escalation: Tactical Objectives of this side's nominated type achieved (Mission Priorities). */
  nominatedTypeAchieved: z.number().int().min(0).max(100).optional(),
  /** First Strike: destroyed at least one enemy unit during the first battle round. */
  firstStrike: z.boolean().optional(),
});
export type ClubSideReport = z.infer<typeof ClubSideReport>;

export const ClubReport = z.object({
  a: ClubSideReport,
  b: ClubSideReport,
  /** First Blood: the first units destroyed were from both sides at once ("both players get 1 victory point"). */
  firstBloodSimultaneous: z.boolean().optional(),
});
export type ClubReport = z.infer<typeof ClubReport>;

/** A finished game, as recorded (versioned). */
export const GameReport = z.object({
  reportVersion: z.literal(REPORT_VERSION),
  /** The plan's mission id (GamePlan.mission.id). */
  missionId: RuleId,
  sides: z.object({ a: SideReport, b: SideReport }),
  models: z.array(ModelReport).max(REPORT_LIMITS.models),
  ending: ReportEnding,
  /** Game turns completed when the game ended (optional; checks Seize Ground's "after the third turn"). */
  gameTurns: z.number().int().min(0).max(REPORT_LIMITS.turns).optional(),
  /** Relic Hunt: how many Relic counters were placed. */
  relicCount: z.number().int().min(0).max(REPORT_LIMITS.relics).optional(),
  /** Seize Ground: each objective marker and who claims it at the end (null = nobody). */
  objectives: z
    .array(z.object({ claimedBy: SideId.nullable() }))
    .max(REPORT_LIMITS.objectives)
    .optional(),
  /** Breakthrough and Last Stand: the attacking side. */
  attacker: SideId.optional(),
  /** Seed 003 missions only (the 8th-edition supplement): the facts their victory conditions need. */
  club8th: ClubReport.optional(),
  /** Every roll of the game in order: the plan's, then the game's. */
  rolls: z.array(RollRecord).max(REPORT_LIMITS.rolls),
  notes: z.string().max(REPORT_LIMITS.notes).optional(),
  /** Issue 20: the organiser's amendments after commit, oldest first, each with the report before it. */
  amendments: z.array(ReportAmendment).max(MAX_AMENDMENTS).optional(),
});
export type GameReport = z.infer<typeof GameReport>;

/** The report contradicts itself or the rules; `problems` are in plain words. */
export class GameReportError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join(' '));
    this.name = 'GameReportError';
    this.problems = problems;
  }
}

/** A model in a problem: a reference the app renders with its name (model-ref.ts), never the bare id. */
const label = (m: Pick<ModelReport, 'id'>): string => modelRef(m.id);

/**
 * The facts the seed-004 rules compute from: only the models that took part, with the report-only fields removed.
 * Does not validate: call validateReport first.
 *
 * @example
 * // report: the report of the reportFromPlan example (a Skirmish: Player A's a-boss killed Player B's b-sarge in melee)
 * toGameFacts(report).models.map((m) => m.id); // → ['a-boss', 'b-sarge', 'b-vox']
 * scoreMission('skirmish', toGameFacts(report)).vp; // → { a: 3, b: 0 }
 */
export function toGameFacts(report: GameReport): GameFacts {
  const models: ModelFacts[] = report.models
    .filter((m) => m.tookPart)
    .map((m) => {
      const { tookPart: _t, name: _n, outOfAction, ...rest } = m;
      const facts: ModelFacts = { ...rest };
      // A Squad's members are one unit (squads.ts): Last Stand keeps it whole on one side.
      const squad = squadOfMember(m.id);
      if (squad) facts.unit = squad.squadId;
      if (outOfAction !== undefined) facts.outOfAction = outOfAction === null ? null : { by: outOfAction.by, how: outOfAction.how };
      return facts;
    });
  const facts: GameFacts = { models, ending: report.ending };
  if (report.relicCount !== undefined) facts.relicCount = report.relicCount;
  if (report.objectives !== undefined) facts.objectives = report.objectives.map((o) => ({ claimedBy: o.claimedBy }));
  if (report.attacker !== undefined) facts.attacker = report.attacker;
  return facts;
}

/**
 * The enemy models a model took out of action, and their type (004 bonus EXP, Assassination), read from each
 * victim's `outOfAction.by`: the report records each casualty once, on the victim.
 *
 * @example
 * // report: the report of the reportFromPlan example (a Skirmish: Player A's a-boss killed Player B's b-sarge in melee)
 * killsBy(report, 'a-boss'); // → [{ modelId: 'b-sarge', type: 'team-leader', squad: false }]
 */
export function killsBy(report: GameReport, modelId: string): { modelId: string; type: ModelType; squad: boolean }[] {
  return report.models
    .filter((m) => m.tookPart && !m.aliveAtEnd && m.outOfAction?.by === modelId)
    .map((m) => ({ modelId: m.id, type: m.type, squad: m.squad === true }));
}

export interface SideOutcome {
  teamId: string;
  firstBlood: boolean;
  sweepingAdvance: boolean;
  /** Own models lost to misadventure (docs/progression.md "Mistakes Were Made": 3 or more). */
  misadventureLosses: number;
  kayfabe: boolean;
  modelsTookPart: number;
  modelsAliveAtEnd: number;
}

/**
 * The per-side facts the Battle Honours requisition awards read (docs/progression.md "Requisition awards").
 *
 * @example
 * // report: the report of the reportFromPlan example (a Skirmish: Player A's a-boss killed Player B's b-sarge in melee)
 * sideOutcomes(report).b; // → { teamId: 'guard', modelsTookPart: 2, modelsAliveAtEnd: 1, misadventureLosses: 0 }
 */
export function sideOutcomes(report: GameReport): Record<Side, SideOutcome> {
  const of = (side: Side): SideOutcome => {
    const own = report.models.filter((m) => m.side === side && m.tookPart);
    const s = report.sides[side];
    return {
      teamId: s.teamId,
      firstBlood: s.firstBlood,
      sweepingAdvance: s.sweepingAdvance,
      misadventureLosses: own.filter((m) => !m.aliveAtEnd && m.outOfAction?.misadventure === true).length,
      kayfabe: s.kayfabe,
      modelsTookPart: own.length,
      modelsAliveAtEnd: own.filter((m) => m.aliveAtEnd).length,
    };
  };
  return { a: of('a'), b: of('b') };
}

/**
 * Which of a seed-003 mission's victory conditions the players record (the rest come from the models).
 *
 * @example
 * clubInputs(VITAL_INTELLIGENCE); // → { objectiveVp: 'Capture the Data', tacticalObjectiveVp: false, nominatedTypeAchieved: false, firstStrike: true, firstBlood: false }
 */
export function clubInputs(mission: Pick<ClubMission, 'victoryConditions'>): {
  objectiveVp: string | null;
  tacticalObjectiveVp: boolean;
  nominatedTypeAchieved: boolean;
  firstStrike: boolean;
  firstBlood: boolean;
} {
  const has = (id: string) => mission.victoryConditions.some((c) => c.id === id);
  const objective = mission.victoryConditions.find((c) => c.id === 'capture-the-data' || c.id === 'push-them-back');
  return {
    objectiveVp: objective?.name ?? null,
    tacticalObjectiveVp: has('tactical-objectives'),
    nominatedTypeAchieved: has('mission-priorities'),
    firstStrike: has('first-strike'),
    firstBlood: has('first-blood'),
  };
}

/**
 * The facts seed 003's victory conditions are scored from (club-8th `scoreClubMission`), read from a report. Readings:
 * a side's Warlord is its Team Leader (Kill Team has no other), slain when it took part and was taken out of action;
 * a single model is a unit, destroyed when taken out of action, and a Squad is one unit, destroyed only when every
 * member is (squads.ts unitsDestroyed: 9 of 10 Guardsmen out of action give no VP); Linebreaker is a living model in
 * the enemy deployment zone; First Blood's "first unit destroyed" belongs to the side that did not cause it (the
 * sides' First Blood), or to both when `club8th.firstBloodSimultaneous`.
 *
 * @example
 * // report: a No Mercy game where Player A took out Player B's Team Leader (the Warlord) and First Blood is A's
 * clubFacts(report).a; // → { enemyWarlordSlain: true, enemyUnitsDestroyed: 1, modelInEnemyDeploymentZone: false }
 * clubFacts(report).firstUnitDestroyedBelongedTo; // → 'b'
 */
export function clubFacts(report: GameReport): ClubGameFacts {
  const played = report.models.filter((m) => m.tookPart);
  const side = (s: Side) => {
    const enemy = played.filter((m) => m.side === opponent(s));
    const own = report.club8th?.[s] ?? {};
    return {
      objectiveVp: own.objectiveVp ?? 0,
      tacticalObjectiveVp: own.tacticalObjectiveVp ?? 0,
      nominatedTypeAchieved: own.nominatedTypeAchieved ?? 0,
      enemyWarlordSlain: enemy.some((m) => m.type === 'team-leader' && !m.aliveAtEnd),
      enemyUnitsDestroyedInFirstRound: own.firstStrike ? 1 : 0,
      enemyUnitsDestroyed: unitsDestroyed(enemy).length,
      modelInEnemyDeploymentZone: played.some((m) => m.side === s && m.aliveAtEnd && m.inEnemyDeploymentZone === true),
    };
  };
  const first = report.club8th?.firstBloodSimultaneous ? 'both' : report.sides.a.firstBlood ? 'b' : report.sides.b.firstBlood ? 'a' : null;
  return { a: side('a'), b: side('b'), firstUnitDestroyedBelongedTo: first };
}

/** Seed 003 checks (003 VICTORY CONDITIONS of each mission, ACCEPTABLE CASUALTIES, BATTLE LENGTH). */
function checkClubReport(report: GameReport, mission: ClubMission, add: (p: string) => void): void {
  const club = report.club8th;
  const unitsLost = (s: Side) => unitsDestroyed(report.models.filter((m) => m.side === s)).length;
  // Said when squad members are among the side's casualties: why they destroyed no unit.
  const squadNote = (s: Side) =>
    report.models.some((m) => m.tookPart && m.side === s && !m.aliveAtEnd && squadOfMember(m.id) !== null)
      ? ' (a squad is destroyed only when its last member is)'
      : '';
  if (!club) {
    add(`${mission.name}: record the victory points both teams scored.`);
    return;
  }
  const inputs = clubInputs(mission);
  const lastRound = mission.battleLength.lastRound;
  const markers = mission.battlefield.objectiveMarkers;
  // Capture the Data: at most 2 VP per marker per battle round; Push Them Back: every marker, from battle round 2.
  const objectiveMax = mission.victoryConditions.some((c) => c.id === 'capture-the-data')
    ? 2 * markers * lastRound
    : (lastRound - 1) * Object.values(PUSH_THEM_BACK_VP).reduce((x, y) => x + y, 0);
  for (const s of SIDES) {
    const own = club[s];
    const who = sideName(s);
    if (own.objectiveVp !== undefined) {
      if (inputs.objectiveVp === null) add(`${mission.name} scores no objective markers: remove ${who}'s objective VP.`);
      else if (own.objectiveVp > objectiveMax)
        add(`${who}'s ${inputs.objectiveVp} VP (${own.objectiveVp}) are more than ${lastRound} battle rounds can give (${objectiveMax}).`);
    }
    if (own.tacticalObjectiveVp !== undefined && !inputs.tacticalObjectiveVp)
      add(`${mission.name} has no Tactical Objectives: remove ${who}'s Tactical Objective VP.`);
    if (own.nominatedTypeAchieved !== undefined && !inputs.nominatedTypeAchieved)
      add(`Only Tactical Escalation scores Mission Priorities: remove ${who}'s nominated-type count.`);
    if (own.firstStrike !== undefined && !inputs.firstStrike && own.firstStrike) add(`${mission.name} has no First Strike: untick it for ${who}.`);
    // 003 counts units here: a squad is destroyed only when its last member is (squads.ts unitsDestroyed).
    if (own.firstStrike && unitsLost(opponent(s)) === 0) add(`${who} has First Strike, but no enemy unit was destroyed${squadNote(opponent(s))}.`);
    // (With no enemy casualty at all, the report's own First Blood check says so already.)
    const enemyCasualty = report.models.some((m) => m.tookPart && m.side === opponent(s) && !m.aliveAtEnd);
    if (inputs.firstBlood && report.sides[s].firstBlood && enemyCasualty && unitsLost(opponent(s)) === 0)
      add(`${who} has First Blood, but no enemy unit was destroyed${squadNote(opponent(s))}: in ${mission.name} First Blood is the first unit destroyed.`);
  }
  if (club.firstBloodSimultaneous) {
    if (report.sides.a.firstBlood || report.sides.b.firstBlood)
      add("First Blood is either one team's or both at once (units destroyed simultaneously), not both.");
    if (unitsLost('a') === 0 || unitsLost('b') === 0) add('First Blood at the same time needs a unit destroyed on each side.');
  }
  if (inputs.firstBlood && unitsLost('a') + unitsLost('b') > 0 && !report.sides.a.firstBlood && !report.sides.b.firstBlood && !club.firstBloodSimultaneous) {
    add(`${mission.name} scores First Blood: tick First Blood for the team that destroyed the first unit (or "at the same time").`);
  }
  if (report.ending.kind === 'mission-win')
    add(`${mission.name} has no outright mission win (seed 003): the game ends after its battle rounds and the victory points decide.`);
}

function checkRoll(r: RollRecord, i: number, problems: string[]): void {
  const where = `Roll ${i + 1} (${r.purpose || r.expression})`;
  let expr;
  try {
    expr = parseDice(r.expression);
  } catch (e) {
    if (e instanceof DiceExpressionError) {
      problems.push(`${where}: ${e.message}`);
      return;
    }
    throw e;
  }
  if (r.faces.length !== expr.count) {
    problems.push(
      `${where}: ${expr.text} needs ${expr.count} ${expr.count === 1 ? 'die' : 'dice'}, but ${r.faces.length} ${r.faces.length === 1 ? 'is' : 'are'} recorded.`,
    );
    return;
  }
  if (r.faces.some((f) => f > expr.sides)) {
    problems.push(`${where}: a D${expr.sides} cannot show ${Math.max(...r.faces)}.`);
    return;
  }
  const total = totalOf(expr, r.faces);
  if (total !== r.total) problems.push(`${where}: the dice ${r.faces.join(', ')} make ${total}, not ${r.total}.`);
  const range = diceRange(expr);
  if (r.total < range.min || r.total > range.max) problems.push(`${where}: ${r.total} is outside ${range.min}–${range.max}.`);
}

/**
 * Everything wrong with a report, in plain words; an empty list means the report is usable and scoreGame will
 * score it. Accepts anything (e.g. a file being imported): schema problems are reported too.
 *
 * @example
 * // report: the report of the reportFromPlan example (a Skirmish: Player A's a-boss killed Player B's b-sarge in melee)
 * validateReport(report); // → []
 * validateReport({ ...report, models: [...report.models, { ...report.models[0]!, side: 'b' }] })[0];
 * // → 'Model {model:a-boss} is on both sides (Player A and Player B).' (model-ref.ts: the app shows the name)
 */
export function validateReport(input: unknown, missions: readonly Mission[] = []): string[] {
  const parsed = GameReport.safeParse(input);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : 'report'}: ${i.message}`);
  return reportProblems(parsed.data, missions);
}

/**
 * validateReport for a report whose shape was checked already (the history's replay: an import parsed every report
 * as it read the file): the rules' checks without the schema's, which a ten-year replay would run 5,000 times over.
 */
export function reportProblems(report: GameReport, missions: readonly Mission[] = []): string[] {
  const problems: string[] = [];
  const add = (p: string) => {
    if (!problems.includes(p)) problems.push(p);
  };

  const club = isClubMissionId(report.missionId) ? clubMission(report.missionId) : null;
  // The ruleset's copy of the mission (a club's own mission, or house-ruled values), else seed 004's (issue 19).
  const hor = club ? null : (missions.find((m) => m.id === report.missionId) ?? (isMissionId(report.missionId) ? getMission(report.missionId) : null));
  if (!hor && !club) {
    add(
      `Mission "${report.missionId}" is not in the ruleset and not one of seed 004's missions (${MISSION_IDS.join(', ')}) or seed 003's (${CLUB_MISSION_IDS.join(', ')}): these rules cannot score it.`,
    );
  }
  const rules = missionScoring(hor ?? { id: report.missionId });
  const name = hor?.name ?? club?.name ?? report.missionId;
  if (!club && report.club8th !== undefined) add("Only the 8th-edition supplement's missions (seed 003) record their victory points by hand.");
  if (report.sides.a.teamId === report.sides.b.teamId) add(`Both sides are the same team (${report.sides.a.teamId}).`);

  // Models: unique ids, one side each.
  const byId = new Map<string, ModelReport>();
  for (const m of report.models) {
    const seen = byId.get(m.id);
    if (seen)
      add(seen.side === m.side ? `Model ${label(m)} is listed twice for ${sideName(m.side)}.` : `Model ${label(m)} is on both sides (Player A and Player B).`);
    else byId.set(m.id, m);
  }
  for (const side of SIDES) {
    if (!report.models.some((m) => m.side === side && m.tookPart)) add(`${sideName(side)} has no model that took part in the game.`);
  }

  for (const m of report.models) {
    const who = `Model ${label(m)}`;
    if (!m.tookPart) {
      const outcomes = [
        m.outOfAction != null && 'was taken out of action',
        (m.relicsCarried ?? 0) > 0 && 'carries relics',
        m.inEnemyDeploymentZone && 'is in the enemy deployment zone',
        m.withinSixOfDefenderCorner && 'is within 6" of the Defender\'s corner',
        m.destroyedObjectiveMarker && 'destroyed an objective marker',
        m.claimedObjective && 'claims an objective',
        m.lastStandRole !== undefined && 'has a Last Stand role',
        m.bannerBearer && 'carries the banner',
        m.notArrived && 'is marked as not arrived',
      ].filter((x): x is string => typeof x === 'string');
      if (outcomes.length > 0) add(`${who} did not take part in the game but ${outcomes.join(', ')}.`);
      continue;
    }
    if (m.aliveAtEnd && m.outOfAction != null) add(`${who} is alive at the end but was also taken out of action.`);
    if (m.notArrived) {
      const onTable = [
        !m.aliveAtEnd && 'was taken out of action',
        (m.relicsCarried ?? 0) > 0 && 'carries relics',
        m.inEnemyDeploymentZone && 'is in the enemy deployment zone',
        m.withinSixOfDefenderCorner && 'is within 6" of the Defender\'s corner',
        m.destroyedObjectiveMarker && 'destroyed an objective marker',
        m.claimedObjective && 'claims an objective',
        m.lastStandRole === 'defending' && "is one of the 'defending models' (deployed at the start)",
        m.bannerBearer && 'carries the banner',
        report.models.some((v) => v.outOfAction?.by === m.id) && 'took an enemy out of action',
      ].filter((x): x is string => typeof x === 'string');
      if (onTable.length > 0) add(`${who} never reached the table (still in reserve) but ${onTable.join(', ')}.`);
    }
    if (!m.aliveAtEnd && m.outOfAction == null) add(`${who} is a casualty: record how it was taken out of action (by whom, or misadventure).`);
    const ooa = m.outOfAction;
    if (ooa?.by != null) {
      const killer = byId.get(ooa.by);
      if (!killer) add(`${who} was taken out of action by ${modelRef(ooa.by)}, a model that is not in this game.`);
      else if (!killer.tookPart) add(`${who} was taken out of action by ${label(killer)}, a model that did not take part in the game.`);
      else if (killer.side === m.side)
        add(`${who} was taken out of action by ${label(killer)} from its own side: record friendly casualties as misadventure (by: nobody).`);
      if (ooa.misadventure) add(`${who} is marked as lost to misadventure but also as taken out by ${modelRef(ooa.by)}.`);
      if (ooa.by === m.id) add(`${who} cannot take itself out of action: record it as misadventure.`);
    }
    if (!m.aliveAtEnd) {
      const alive = [
        (m.relicsCarried ?? 0) > 0 && 'carries relics (a slain model drops them)',
        m.inEnemyDeploymentZone && 'is in the enemy deployment zone',
        m.withinSixOfDefenderCorner && 'is within 6" of the Defender\'s corner',
        m.claimedObjective && 'claims an objective',
      ].filter((x): x is string => typeof x === 'string');
      if (alive.length > 0) add(`${who} is a casualty but ${alive.join(', ')} at the end of the game.`);
    }
    if ((m.relicsCarried ?? 0) > 0 && rules.vpPerRelic === null) add(`${who} carries relics, but ${name} has no Relic counters.`);
    if (m.withinSixOfDefenderCorner && rules.automaticWin !== 'breakthrough')
      add(`${who} is marked within 6" of the Defender's corner, which only a breakthrough mission asks about.`);
    if (m.withinSixOfDefenderCorner && report.attacker !== undefined && m.side !== report.attacker)
      add(`${who} is marked within 6" of the Defender's corner, but only the Attacker's models count.`);
    if (m.destroyedObjectiveMarker && rules.vpForEnemyMarker === null) add(`${who} destroyed an objective marker, which ${name} does not score.`);
    if (m.claimedObjective && rules.vpPerClaimedMarker === null) add(`${who} claims an objective, which ${name} does not ask about.`);
    if (m.inEnemyDeploymentZone && !rules.deploymentZones)
      add(`${who} is marked in the enemy deployment zone, but ${name} is set up without deployment zones: untick it.`);
    if (m.lastStandRole !== undefined && rules.defendingModels === null) add(`${who} has a Last Stand role in a ${name} game.`);
    if (m.bannerBearer && rules.defendingModels === null) add(`${who} carries a banner, which ${name} does not have.`);
    if (m.lastStandRole !== undefined && report.attacker !== undefined && m.side === report.attacker)
      add(`${who} belongs to the attacker but has a Last Stand defender role.`);
  }

  // Mission facts.
  const needsAttacker = rules.attackerAndDefender;
  if (needsAttacker && report.attacker === undefined) add(`${name}: record which side is the attacker.`);
  if (!needsAttacker && report.attacker !== undefined)
    add(`${name} has no attacker: only missions with an Attacker and a Defender (Breakthrough, Last Stand) do.`);
  if (rules.vpPerRelic !== null && report.relicCount === undefined) add(`${name}: record how many Relic counters were placed.`);
  if (rules.vpPerRelic === null && report.relicCount !== undefined) add(`${name} has no Relic counters.`);
  if (rules.vpPerClaimedMarker !== null && report.objectives === undefined) add(`${name}: record who claims each objective marker.`);
  if (rules.vpPerClaimedMarker === null && report.objectives !== undefined) add(`${name} does not record who claims objective markers.`);
  if (rules.vpForEnemyMarker !== null) {
    for (const side of SIDES) {
      const n = report.models.filter((m) => m.tookPart && m.side === side && m.destroyedObjectiveMarker).length;
      if (n > 1) add(`${sideName(side)} has ${n} models marked as destroying the enemy objective marker: there is only one.`);
    }
  }
  if (rules.vpPerClaimedMarker !== null && report.objectives) {
    for (const side of SIDES) {
      const claims = report.objectives.filter((o) => o.claimedBy === side).length;
      const claimers = report.models.filter((m) => m.tookPart && m.side === side && m.aliveAtEnd && m.claimedObjective).length;
      const alive = report.models.filter((m) => m.tookPart && m.side === side && m.aliveAtEnd).length;
      if (claims > 0 && alive === 0) add(`${sideName(side)} claims ${claims} objective marker(s) with no model left alive.`);
      if (claimers > 0 && claims === 0)
        add(`${sideName(side)} has models marked as claiming an objective, but no objective marker is claimed by ${sideName(side)}.`);
    }
  }

  // Ending. 004 Step 5: "no model's left on the table" — models still in reserve are not on it (notArrived).
  const onTable = (side: Side) => report.models.filter((m) => m.tookPart && m.side === side && m.aliveAtEnd && !m.notArrived).length;
  const e = report.ending;
  if (e.kind === 'no-models-left' && onTable(e.side) > 0)
    add(`The game ended with ${sideName(e.side)} having no models left on the table, but ${onTable(e.side)} of its models are on it, alive.`);
  if (e.kind !== 'no-models-left') {
    for (const side of SIDES) {
      const took = report.models.some((m) => m.tookPart && m.side === side);
      if (took && onTable(side) === 0)
        add(`${sideName(side)} has no models left on the table: the game ended because ${sideName(side)} had no models left (004 Step 5).`);
    }
  }
  if (e.kind === 'mission-win' && rules.automaticWin === 'all-objectives' && report.gameTurns !== undefined && report.gameTurns < 3) {
    add(`${name} is only won by claiming all the objectives after the third turn.`);
  }

  // Per-side facts.
  if (report.sides.a.firstBlood && report.sides.b.firstBlood) add('Only one side can cause the first casualty (First Blood).');
  for (const side of SIDES) {
    const s = report.sides[side];
    const enemyCasualties = report.models.filter((m) => m.tookPart && m.side === opponent(side) && !m.aliveAtEnd).length;
    if (s.firstBlood && enemyCasualties === 0) add(`${sideName(side)} has First Blood but no enemy model was taken out of action.`);
    if (s.sweepingAdvance) {
      const routed = (e.kind === 'run-away' && e.side === opponent(side)) || (e.kind === 'no-models-left' && e.side === opponent(side));
      if (!routed) add(`${sideName(side)} has Sweeping Advance, but the opponent neither ran away nor was wiped out.`);
    }
  }

  if (club) checkClubReport(report, club, add);

  report.rolls.forEach((r, i) => checkRoll(r, i, problems));

  // The seed-004 rules' own checks (e.g. a banner-bearer who is not a Special model), so scoring never fails later.
  if (hor && problems.length === 0) {
    try {
      scoreMission(hor, toGameFacts(report));
    } catch (err) {
      if (!(err instanceof GameFactsError)) throw err;
      err.problems.forEach(add);
    }
  }
  return problems;
}

/**
 * Start a report from the game's plan: mission, teams, attacker, the counters placed (Relic Hunt `relicCount`, Seize
 * Ground `objectives`, nobody claiming yet) and the plan's rolls. The players then fill in the models and the ending.
 *
 * @example
 * const sides = { a: { teamId: 'orks' }, b: { teamId: 'guard' } };
 * const plan = planGame(battleHonoursPreset(), { sides, mission: 'skirmish', deployFirst: 'a' }, new PhysicalDice([[3], [2]]));
 * const report = reportFromPlan(plan, [
 *   { id: 'a-boss', side: 'a', type: 'team-leader', tookPart: true, aliveAtEnd: true },
 *   { id: 'b-sarge', side: 'b', type: 'team-leader', tookPart: true, aliveAtEnd: false, outOfAction: { by: 'a-boss', how: 'melee' } },
 *   { id: 'b-vox', side: 'b', type: 'core', tookPart: true, aliveAtEnd: true },
 * ]);
 * report.ending; // → { kind: 'turns' } (until the players say otherwise)
 * report.rolls.map((r) => r.purpose); // → ['Deployment', 'Steal the initiative']
 */
export function reportFromPlan(plan: GamePlan, models: ModelReport[] = []): GameReport {
  const side = (s: Side) => {
    const p = plan.sides[s];
    return p.name === undefined
      ? { teamId: p.teamId, firstBlood: false, sweepingAdvance: false, kayfabe: false }
      : { teamId: p.teamId, name: p.name, firstBlood: false, sweepingAdvance: false, kayfabe: false };
  };
  const report: GameReport = {
    reportVersion: REPORT_VERSION,
    missionId: plan.mission.id,
    sides: { a: side('a'), b: side('b') },
    models,
    ending: { kind: 'turns' },
    rolls: [...plan.rolls],
  };
  if (plan.roles) report.attacker = plan.roles.attacker;
  // What the mission scores (the plan's copy of its values; an older plan: seed 004's by id).
  const scoring = missionScoring(plan.mission);
  const relics = plan.counters.find((c) => c.kind === 'relic');
  if (scoring.vpPerRelic !== null) report.relicCount = relics?.count ?? 0;
  const markers = plan.counters.find((c) => c.kind === 'objective');
  if (scoring.vpPerClaimedMarker !== null) report.objectives = Array.from({ length: markers?.count ?? 0 }, () => ({ claimedBy: null }));
  if (isClubMissionId(plan.mission.id)) {
    // Seed 003: the victory points the players count at the table start at 0, First Strike unticked.
    const inputs = clubInputs(clubMission(plan.mission.id));
    const blank = (): ClubSideReport => ({
      ...(inputs.objectiveVp !== null ? { objectiveVp: 0 } : {}),
      ...(inputs.tacticalObjectiveVp ? { tacticalObjectiveVp: 0 } : {}),
      ...(inputs.nominatedTypeAchieved ? { nominatedTypeAchieved: 0 } : {}),
      ...(inputs.firstStrike ? { firstStrike: false } : {}),
    });
    report.club8th = { a: blank(), b: blank() };
  }
  return report;
}
