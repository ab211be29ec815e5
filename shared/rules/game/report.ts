/**
 * The game report: what the players record after a game (docs/progression.md, "The game facts progression works
 * from"). It carries exactly the facts the seed-004 rules need (hor/facts.ts ModelFacts / GameFacts), the per-side
 * facts the Battle Honours requisition awards need (First Blood, Sweeping Advance, Mistakes Were Made, Kayfabe), and
 * the dice. Every field is documented in REPORT.md. The rules never guess a fact: what is not recorded is not there.
 * A game on one of seed 003's missions (the club's 8th-edition supplement) adds `club8th`: the victory points the
 * players count at the table (Capture the Data, Push Them Back, Tactical Objectives) and First Strike. Its checks are
 * in report-checks.ts.
 */
import { z } from 'zod';
import { RollRecord } from '../dice';
import { ModelType, RuleId } from '../ruleset/schema';
import type { GameFacts, ModelFacts, Side } from '../hor/facts';
import { opponent } from '../hor/facts';
import { missionScoring } from '../hor/mission-scoring';
import { clubMission, isClubMissionId } from '../club-8th/missions';
import type { ClubMission } from '../club-8th/missions';
import type { ClubGameFacts } from '../club-8th/scoring';
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
