/**
 * Bounds of a game report (issue 16): every count the players type in is bounded by what the game's plan and the two
 * rosters allow, so no hand-typed or imported number reaches scoring, EXP or requisition larger than the table could
 * have made it. One check shared by the result wizard's preview, the games.* handlers (save, preview, commit) and the
 * campaign-file import.
 *
 * What is bounded, and by which rule:
 * - Relic Hunt (004 Mission 2): the Relic counters recorded ≤ the counters the plan placed (D3+2 without a plan); each
 *   model's relics and all relics carried ≤ that count (a Relic counter is carried by one model);
 * - Seize Ground (004 Mission 5) and any mission with markers: the objective markers recorded ≤ the plan's markers;
 * - the game turns ≤ the plan's turns (004 Step 5: ten turns; 003 BATTLE LENGTH: the mission's last battle round);
 * - the models of a side ≤ its roster, and every model that took part is on its side's roster; so a side's casualties
 *   (and the kills of any model) ≤ the enemy's models;
 * - seed 003: the objective VP ≤ what the battle rounds can give (checked by validateReport), the Tactical Objectives
 *   achieved ≤ what can be active over the battle (003 Maelstrom of War missions), and their VP ≤ 6 per objective
 *   (reading: the rulebook's Tactical Objectives, which no seed contains, score at most D3+3).
 * The report schema (report.ts REPORT_LIMITS) also caps every number and list, so nothing huge gets this far.
 */
import { diceRange, parseDice } from '../dice';
import { modelRef } from '../model-ref';
import { getMission, isMissionId } from '../hor/missions';
import { citeText, cite004 } from '../hor/cite';
import { SIDES, sideName } from '../hor/facts';
import type { Side } from '../hor/facts';
import { clubMission, isClubMissionId } from '../club-8th/missions';
import type { ClubMission } from '../club-8th/missions';
import { cite003 } from '../club-8th/cite';
import type { GamePlan } from './plan';
import type { GameReport, ModelReport } from './report';

/** The most VP one Tactical Objective can score (reading: the rulebook's cards score at most D3+3). */
export const TACTICAL_OBJECTIVE_MAX_VP = 6;

export interface ReportBoundsContext {
  /** The game's plan; without it (an old game), the mission's own set-up bounds the counters. */
  plan?: Pick<GamePlan, 'mission' | 'counters' | 'turns'> | null;
  /** The model ids on each side's roster (the team as it went into the game); without them, rosters are not checked. */
  rosters?: Record<Side, readonly string[]> | null;
}

/** A model in a problem: a reference the app renders with its name (model-ref.ts). */
const label = (m: Pick<ModelReport, 'id'>): string => modelRef(m.id);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The most counters of a kind the mission can place: the plan's count, else the top of the mission's dice. */
function counterBound(report: GameReport, context: ReportBoundsContext, kind: 'relic' | 'objective'): { max: number; from: string } | null {
  const plan = context.plan;
  if (plan && plan.mission.id === report.missionId) {
    const c = plan.counters.find((x) => x.kind === kind);
    return { max: c?.count ?? 0, from: 'the game plan placed' };
  }
  if (isMissionId(report.missionId)) {
    const c = getMission(report.missionId).counters.find((x) => x.kind === kind);
    if (!c) return { max: 0, from: 'the mission places' };
    const max = typeof c.count === 'number' ? c.count : diceRange(parseDice(c.count)).max;
    return { max, from: `the mission places at most (${typeof c.count === 'number' ? c.count : c.count})` };
  }
  if (isClubMissionId(report.missionId))
    return { max: kind === 'objective' ? clubMission(report.missionId).battlefield.objectiveMarkers : 0, from: 'the mission places' };
  return null;
}

/** The most Tactical Objectives one side can achieve over a seed-003 battle: what can be active in each of its turns. */
export function tacticalObjectivesMax(mission: Pick<ClubMission, 'tacticalObjectives' | 'battleLength'>): number {
  const rule = mission.tacticalObjectives;
  if (rule === null) return 0;
  let total = 0;
  for (let round = 1; round <= mission.battleLength.lastRound; round++) {
    if (rule.kind === 'top-up') total += rule.count;
    else if (rule.kind === 'battle-round') total += round;
    else total += Math.max(0, rule.firstRound - (round - 1));
  }
  return total;
}

/**
 * Every count in `report` that is more than the plan and the rosters allow, in plain words (an empty list: within
 * bounds). Pure; cheap on any parsed report (the schema caps its lists).
 *
 * @example
 * // a Relic Hunt whose plan placed 3 Relic counters, recorded as 100,000
 * reportBoundsProblems({ ...report, relicCount: 100000 }, { plan })[0];
 * // → 'Relic Hunt: 100000 Relic counters recorded, but the game plan placed 3 (004 · Mission 2: Relic Hunt).'
 */
export function reportBoundsProblems(report: GameReport, context: ReportBoundsContext = {}): string[] {
  const problems: string[] = [];
  const add = (p: string) => {
    if (!problems.includes(p)) problems.push(p);
  };
  const plan = context.plan ?? null;
  if (plan && plan.mission.id !== report.missionId) add(`The result is for another mission (${report.missionId}) than the game plan (${plan.mission.name}).`);

  // Relic Hunt: counters placed, and relics carried.
  const relicRule = citeText(cite004('Mission 2: Relic Hunt'));
  const relics = counterBound(report, context, 'relic');
  if (report.relicCount !== undefined && relics && report.relicCount > relics.max) {
    add(`Relic Hunt: ${report.relicCount} Relic counters recorded, but ${relics.from} ${relics.max} (${relicRule}).`);
  }
  const relicMax = Math.min(report.relicCount ?? 0, relics?.max ?? Infinity);
  let carried = 0;
  for (const m of report.models) {
    const n = m.tookPart ? (m.relicsCarried ?? 0) : 0;
    carried += n;
    if (n > relicMax)
      add(
        `${label(m)} carries ${plural(n, 'relic')}, but there ${relicMax === 1 ? 'is' : 'are'} only ${plural(relicMax, 'Relic counter')} in this game (${relicRule}).`,
      );
  }
  if (carried > relicMax && !report.models.some((m) => m.tookPart && (m.relicsCarried ?? 0) > relicMax)) {
    add(
      `The models carry ${plural(carried, 'relic')} in all, but there ${relicMax === 1 ? 'is' : 'are'} only ${plural(relicMax, 'Relic counter')} in this game (${relicRule}).`,
    );
  }

  // Objective markers.
  const markers = counterBound(report, context, 'objective');
  if (report.objectives !== undefined && markers && report.objectives.length > markers.max) {
    add(`${report.objectives.length} objective markers recorded, but ${markers.from} ${markers.max}.`);
  }

  // Game turns.
  const turnsMax =
    plan?.turns ?? (isClubMissionId(report.missionId) ? clubMission(report.missionId).battleLength.lastRound : isMissionId(report.missionId) ? 10 : null);
  if (report.gameTurns !== undefined && turnsMax !== null && report.gameTurns > turnsMax) {
    const rule = isClubMissionId(report.missionId) ? citeText(cite003('BATTLE LENGTH')) : citeText(cite004('Step 5 - Ending the Game'));
    add(`${report.gameTurns} game turns recorded, but the game lasts at most ${turnsMax} (${rule}).`);
  }

  // Models: each side's are on its roster, so casualties and kills are bounded by the enemy's models.
  const rosters = context.rosters ?? null;
  for (const side of SIDES) {
    const own = report.models.filter((m) => m.side === side);
    if (rosters) {
      const roster = new Set(rosters[side]);
      if (own.length > roster.size) add(`${sideName(side)}'s result lists ${plural(own.length, 'model')}, but its roster has ${roster.size}.`);
      for (const m of own) if (m.tookPart && !roster.has(m.id)) add(`${label(m)} took part for ${sideName(side)} but is not on its roster.`);
    }
    const kills = new Map<string, number>();
    for (const victim of report.models)
      if (victim.side !== side && victim.tookPart && !victim.aliveAtEnd && victim.outOfAction?.by)
        kills.set(victim.outOfAction.by, (kills.get(victim.outOfAction.by) ?? 0) + 1);
    const enemies = new Set(report.models.filter((m) => m.side !== side && m.tookPart).map((m) => m.id)).size;
    for (const m of own) {
      const k = kills.get(m.id) ?? 0;
      if (k > enemies) add(`${label(m)} took ${k} models out of action, but the enemy had only ${enemies}.`);
    }
  }

  // Seed 003: Tactical Objectives.
  if (isClubMissionId(report.missionId) && report.club8th) {
    const mission = clubMission(report.missionId);
    const max = tacticalObjectivesMax(mission);
    const rule = citeText(mission.citation);
    for (const side of SIDES) {
      const own = report.club8th[side];
      if (own.nominatedTypeAchieved !== undefined && own.nominatedTypeAchieved > max) {
        add(
          `${sideName(side)} achieved ${own.nominatedTypeAchieved} Tactical Objectives of its nominated type, but at most ${max} can be active over the battle (${rule}).`,
        );
      }
      const vpMax = max * TACTICAL_OBJECTIVE_MAX_VP + max;
      if (own.tacticalObjectiveVp !== undefined && max > 0 && Math.abs(own.tacticalObjectiveVp) > vpMax) {
        add(`${sideName(side)}'s Tactical Objective VP (${own.tacticalObjectiveVp}) are more than ${max} objectives can score (${vpMax}).`);
      }
    }
  }
  return problems;
}
