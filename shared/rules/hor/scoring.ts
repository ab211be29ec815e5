/**
 * Victory points, automatic wins and the winner of a seed-004 mission
 * (004 "Step 5 – Ending the Game", "Secondary Objectives", and each mission's "Victory Points" / "Ending the Game").
 */
import type { Citation, Mission, SecondaryObjective } from '../ruleset/schema';
import { citeText } from './cite';
import type { GameFacts, ModelFacts, Side } from './facts';
import { GameFactsError, SIDES, aliveCount, opponent, sideModels, sideName } from './facts';
import { modelRef } from '../model-ref';
import { getMission, lastStandDefendingSizes } from './missions';
import type { MissionId } from './missions';
import { missionScoring } from './mission-scoring';
import type { ResolvedScoring } from './mission-scoring';
import { SECONDARY_OBJECTIVES, secondaryAchieved, secondaryOffered, secondaryValue } from './secondary-objectives';
import type { ReservesInSecondaries, SecondaryId } from './secondary-objectives';
import { GAME_LENGTH_TURNS } from './setup';
import { runAwayEndingProblems } from './run-away';
import { unitVictoryPoints } from './vp-by-unit';
import { marginOfVictory } from '../mission-pack/margin-of-victory';

export interface VpLine {
  side: Side;
  vp: number;
  /** 'mission' points or the id of a secondary objective. */
  source: 'mission' | SecondaryId;
  reason: string;
  citation: string;
}

export type Outcome = { kind: 'win'; winner: Side; automatic: boolean; reason: string } | { kind: 'draw'; reason: string };

export interface MissionScore {
  /** A seed-004 mission id, or a club's own mission's. */
  missionId: string;
  vp: Record<Side, number>;
  lines: VpLine[];
  outcome: Outcome;
}

const line = (side: Side, vp: number, source: VpLine['source'], reason: string, citation: Citation): VpLine => ({
  side,
  vp,
  source,
  reason,
  citation: citeText(citation),
});

function needFact<T>(value: T | undefined, problem: string, problems: string[]): T | undefined {
  if (value === undefined) problems.push(problem);
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Automatic-win conditions, usable during the game too
// ---------------------------------------------------------------------------------------------------------------

/**
 * 004 "Mission 2: Relic Hunt / Ending the Game": "if a Kill Team succeeds in capturing all the Relic counters, and the
 * models carrying them are within 6" of their table corner at the start of their turn, then the game ends and that
 * Kill Team has automatically won."
 *
 * @example
 * relicHuntBreakout({ relicCount: 4, carriedBySide: 4, carriersWithinSixOfOwnCorner: true }); // → true
 */
export function relicHuntBreakout(input: { relicCount: number; carriedBySide: number; carriersWithinSixOfOwnCorner: boolean }): boolean {
  return input.relicCount > 0 && input.carriedBySide === input.relicCount && input.carriersWithinSixOfOwnCorner;
}

/**
 * 004 "Mission 3: Breakthrough / Ending the Game": "if the Attacker succeeds in moving 25% or more models to within
 * 6" of the Defender's table corner and have also killed 25% or more of the Defender's team, they have broken through
 * and he automatically wins". Choice: every Defender casualty counts as "killed" (the seed does not separate
 * misadventure), and "25% or more models" is of the Attacker's own team.
 *
 * @example
 * breakthroughAchieved({ attackerModels: 8, attackersWithinSix: 2, defenderModels: 8, defendersKilled: 2 }); // → true
 * breakthroughAchieved({ attackerModels: 8, attackersWithinSix: 1, defenderModels: 8, defendersKilled: 4 }); // → false
 */
export function breakthroughAchieved(input: { attackerModels: number; attackersWithinSix: number; defenderModels: number; defendersKilled: number }): boolean {
  return (
    input.attackerModels > 0 &&
    input.defenderModels > 0 &&
    input.attackersWithinSix * 4 >= input.attackerModels &&
    input.defendersKilled * 4 >= input.defenderModels
  );
}

/**
 * 004 "Mission 5 – Seize Ground / Ending the Game": "if, after the third turn, one player is claiming all of the
 * objectives at the end of a game turn, then the game immediately ends". Choice: "after the third turn" is read as
 * "once the third game turn is over", so the check starts at the end of game turn 3.
 *
 * @example
 * seizeGroundAllClaimed(3, [{ claimedBy: 'a' }, { claimedBy: 'a' }]); // → 'a'
 * seizeGroundAllClaimed(2, [{ claimedBy: 'a' }]); // → null
 */
export function seizeGroundAllClaimed(gameTurn: number, objectives: readonly { claimedBy: Side | null }[]): Side | null {
  if (gameTurn < 3 || objectives.length === 0) return null;
  const first = objectives[0]?.claimedBy ?? null;
  return first !== null && objectives.every((o) => o.claimedBy === first) ? first : null;
}

/**
 * Does the game end now? (004 "Step 5 – Ending the Game": "once both players have completed 10 turns, or one team
 * fails a Run Away! test" and "if one player has no model's left on the table at any point the game ends
 * immediately, the other play wins automatically regardless of VPs").
 *
 * @example
 * gameEndCheck({ completedTurns: { a: 10, b: 10 }, modelsOnTable: { a: 3, b: 2 } }); // → { ends: true, reason: 'Both players have completed 10 turns.' }
 * gameEndCheck({ completedTurns: { a: 4, b: 3 }, modelsOnTable: { a: 3, b: 0 } }).reason; // → 'Player B has no models left on the table: Player A wins automatically.'
 */
export function gameEndCheck(input: {
  completedTurns: Record<Side, number>;
  failedRunAway?: Side | null;
  modelsOnTable: Record<Side, number>;
  turnLimit?: number;
}): { ends: boolean; reason: string } {
  const limit = input.turnLimit ?? GAME_LENGTH_TURNS;
  for (const side of SIDES) {
    if (input.modelsOnTable[side] === 0)
      return { ends: true, reason: `${sideName(side)} has no models left on the table: ${sideName(opponent(side))} wins automatically.` };
  }
  if (input.failedRunAway) return { ends: true, reason: `${sideName(input.failedRunAway)} failed a Run Away! test.` };
  if (input.completedTurns.a >= limit && input.completedTurns.b >= limit) return { ends: true, reason: `Both players have completed ${limit} turns.` };
  return { ends: false, reason: 'The game goes on.' };
}

// ---------------------------------------------------------------------------------------------------------------
// Mission VP
// ---------------------------------------------------------------------------------------------------------------

function relicsHeld(models: readonly ModelFacts[]): number {
  return models.filter((m) => m.aliveAtEnd).reduce((sum, m) => sum + (m.relicsCarried ?? 0), 0);
}

/**
 * The mission's own VP (each mission's "Victory Points"), from the values of the ruleset's copy of the mission
 * (mission-scoring.ts): a club's own mission scores the same kinds of points with the values its data gives.
 */
function missionLines(mission: Mission, rules: ResolvedScoring, facts: GameFacts, problems: string[]): VpLine[] {
  const lines: VpLine[] = [];
  const vpCite = cite(mission, 'Victory Points');
  if (rules.vpPerRelic !== null) {
    const each = rules.vpPerRelic;
    const count = needFact(facts.relicCount, `${mission.name}: record how many Relic counters were placed.`, problems);
    for (const m of facts.models) {
      if (!m.aliveAtEnd && (m.relicsCarried ?? 0) > 0)
        problems.push(`Model ${modelRef(m.id)} is a casualty but carries relics: a slain model drops its relics.`);
    }
    const held = SIDES.map((s) => relicsHeld(sideModels(facts, s)));
    if (count !== undefined && held.reduce((a, b) => a + b, 0) > count)
      problems.push(`More relics are carried (${held.join(' + ')}) than were placed (${count}).`);
    SIDES.forEach((side, i) => {
      const n = held[i] ?? 0;
      if (n > 0 && each > 0)
        lines.push(line(side, n * each, 'mission', `holds ${n} Relic counter${n === 1 ? '' : 's'} at the end of the game (${each} VP each)`, vpCite));
    });
  }
  if (rules.vpForEnemyMarker !== null && rules.vpForEnemyMarker > 0) {
    for (const side of SIDES) {
      if (sideModels(facts, side).some((m) => m.destroyedObjectiveMarker)) {
        lines.push(line(side, rules.vpForEnemyMarker, 'mission', "destroyed the opponent's objective marker", vpCite));
      }
    }
  }
  if (rules.vpPerClaimedMarker !== null) {
    const each = rules.vpPerClaimedMarker;
    const objectives = needFact(facts.objectives, `${mission.name}: record who claims each objective marker.`, problems) ?? [];
    for (const side of SIDES) {
      const n = objectives.filter((o) => o.claimedBy === side).length;
      if (n > 0 && each > 0) lines.push(line(side, n * each, 'mission', `claims ${n} objective marker${n === 1 ? '' : 's'} (${each} VP each)`, vpCite));
    }
  }
  if (rules.defendingModels !== null) lines.push(...defendingModelsLines(mission, rules.defendingModels, facts, problems, vpCite));
  // 000 "Victory Points": the enemy units damaged and destroyed, "in addition" to the mission objective's VP.
  if (rules.victoryPointsByUnit) lines.push(...unitVictoryPoints(facts, problems).map((l) => ({ ...l, source: 'mission' as const })));
  return lines;
}

/** A side's models by unit: a Squad's members together (ModelFacts.unit), every other model on its own. */
function unitsOf(models: readonly ModelFacts[]): Map<string, ModelFacts[]> {
  const units = new Map<string, ModelFacts[]>();
  for (const m of models) {
    const key = m.unit ?? m.id;
    units.set(key, [...(units.get(key) ?? []), m]);
  }
  return units;
}

/** 004 Mission 6: Last Stand "Victory Points": the 'defending models' left, and the banner. */
function defendingModelsLines(
  mission: Mission,
  values: NonNullable<ResolvedScoring['defendingModels']>,
  facts: GameFacts,
  problems: string[],
  vpCite: Citation,
): VpLine[] {
  const lines: VpLine[] = [];
  const attacker = needFact(facts.attacker, `${mission.name}: record which side is the attacker.`, problems);
  if (attacker === undefined) return lines;
  const defender = opponent(attacker);
  // Only the half deployed in the centre are 'defending models'; reinforcements do not count.
  const defending = sideModels(facts, defender).filter((m) => m.lastStandRole === 'defending');
  if (defending.length === 0) {
    problems.push(`${mission.name}: mark which of the defender's models were the 'defending models'.`);
    return lines;
  }
  // "The defender must split his Kill Team in half (by model count)": a Squad's members count one by one, and the
  // Squad stays whole on one side (004 "Squad": "Simply treat the unit as normal").
  const units = unitsOf(sideModels(facts, defender));
  const split = [...units].filter(([, members]) => new Set(members.map((m) => m.lastStandRole)).size > 1);
  for (const [unit] of split)
    problems.push(
      `${mission.name}: Squad ${modelRef(unit)} is split between the 'defending models' and the reinforcements: a Squad stays whole on one side (004 Squad: "Simply treat the unit as normal").`,
    );
  if (split.length > 0) return lines;
  const teamSize = sideModels(facts, defender).length;
  const halves = lastStandDefendingSizes([...units.values()].map((members) => members.length));
  if (!halves.includes(defending.length)) {
    const whole = units.size < teamSize ? ', each Squad whole,' : ',';
    problems.push(
      `${mission.name}: the defender splits his Kill Team in half by model count${whole} so ${halves.join(' or ')} of its ${teamSize} models are the 'defending models', not ${defending.length} (004 Mission 6: Last Stand).`,
    );
    return lines;
  }
  const left = aliveCount(defending);
  const ofTotal = `${left} of ${defending.length} defending models left`;
  if (left * 2 >= defending.length && values.defenderVp > 0) lines.push(line(defender, values.defenderVp, 'mission', `${ofTotal} (50% or more)`, vpCite));
  if (left * 4 <= defending.length && values.attackerVp > 0) lines.push(line(attacker, values.attackerVp, 'mission', `${ofTotal} (25% or less)`, vpCite));
  const bearers = facts.models.filter((m) => m.bannerBearer);
  for (const b of bearers) {
    if (b.side !== defender || b.lastStandRole !== 'defending' || b.type !== 'special' || b.squad) {
      problems.push(`Model ${modelRef(b.id)} cannot carry the banner: it must be a Special model in the defending half.`);
    }
  }
  if (bearers.length > 1) problems.push(`${mission.name}: only one model may carry the banner.`);
  const bearer = bearers[0];
  if (bearer?.aliveAtEnd && values.bannerVp > 0)
    lines.push(line(defender, values.bannerVp, 'mission', 'the banner is still in play at the end of the game', vpCite));
  return lines;
}

/** A mission's citation with a section of it ("004 · Mission 4 – Sabotage / Victory Points"); a club's own as it cites itself. */
function cite(mission: Mission, part: string): Citation {
  return { ...mission.citation, section: `${mission.citation.section} / ${part}` };
}

function checkMissionWin(mission: Mission, rules: ResolvedScoring, side: Side, facts: GameFacts, problems: string[]): string {
  switch (rules.automaticWin) {
    case 'all-relics-home': {
      const held = relicsHeld(sideModels(facts, side));
      if (facts.relicCount === undefined || held !== facts.relicCount) {
        problems.push(
          `${sideName(side)} cannot have won ${mission.name} automatically without holding all ${facts.relicCount ?? 'the'} relics (holds ${held}).`,
        );
      }
      return 'captured all the Relic counters and brought them within 6" of their table corner';
    }
    case 'breakthrough': {
      if (facts.attacker !== side) problems.push(`Only the Attacker can break through in ${mission.name}.`);
      const own = sideModels(facts, side);
      const theirs = sideModels(facts, opponent(side));
      const achieved = breakthroughAchieved({
        attackerModels: own.length,
        attackersWithinSix: own.filter((m) => m.aliveAtEnd && m.withinSixOfDefenderCorner).length,
        defenderModels: theirs.length,
        defendersKilled: theirs.length - aliveCount(theirs),
      });
      if (!achieved)
        problems.push(
          "A breakthrough needs 25% or more of the Attacker's models within 6\" of the Defender's table corner and 25% or more of the Defender's team killed.",
        );
      return 'broke through';
    }
    case 'all-objectives': {
      const objectives = facts.objectives ?? [];
      if (objectives.length === 0 || !objectives.every((o) => o.claimedBy === side)) {
        problems.push(`${sideName(side)} cannot have won ${mission.name} automatically without claiming all the objectives.`);
      }
      return 'claimed all the objectives after the third turn';
    }
    case null:
      problems.push(`${mission.name} has no automatic-win condition.`);
      return '';
  }
}

/**
 * The values a club's ruleset gives the scoring (issue 19: "a Skirmish with Assassination = 5 VP scores 5"): its
 * secondary objectives (their VP; one it dropped is not scored) and the mission's secondary overrides. Absent: seed
 * 004's own values.
 */
export interface HouseValues {
  secondaryObjectives?: readonly SecondaryObjective[];
  secondaryOverrides?: Readonly<Record<string, number>>;
  /** The club's reading of models still in reserve for Survival and Destroyer (default: counted, as alive). */
  reservesInSecondaries?: ReservesInSecondaries;
  /**
   * The game's points limit: 000's Margin of Victory measures the VP difference against it (game/score.ts always gives
   * it; without it, e.g. when a report's facts are only checked, the most VP decide).
   */
  pointsLimit?: number;
}

/**
 * Score a finished game: VP per side with a reason per line, and the outcome. Throws GameFactsError when the facts
 * contradict the mission (nothing half-scored).
 *
 * @example
 * const facts: GameFacts = { ending: { kind: 'turns' }, models: [{ id: 'a-boss', side: 'a', type: 'team-leader', aliveAtEnd: true }, { id: 'b-sarge', side: 'b', type: 'team-leader', aliveAtEnd: false, outOfAction: { by: 'a-boss', how: 'melee' } }, { id: 'b-vox', side: 'b', type: 'special', aliveAtEnd: true }] };
 * scoreMission('skirmish', facts).vp; // → { a: 3, b: 0 } (Assassination 2 VP in Skirmish + Survival 1 VP)
 */
export function scoreMission(which: MissionId | Mission, facts: GameFacts, house: HouseValues = {}): MissionScore {
  const mission = typeof which === 'string' ? getMission(which) : which;
  const missionId = mission.id;
  const rules = missionScoring(mission);
  const problems: string[] = [];
  const lines = missionLines(mission, rules, facts, problems);
  const overrides = house.secondaryOverrides ?? mission.secondaryOverrides;

  for (const seed of SECONDARY_OBJECTIVES) {
    // The ruleset's copy of the objective (its VP may be house-ruled); one the ruleset dropped is not scored.
    const objective = house.secondaryObjectives ? house.secondaryObjectives.find((o) => o.id === seed.id) : seed;
    if (!objective || !secondaryOffered(objective.id, rules)) continue;
    const value = secondaryValue(objective, { secondaryOverrides: overrides });
    const overridden = overrides[objective.id] !== undefined;
    for (const side of SIDES) {
      const why = secondaryAchieved(objective.id as SecondaryId, side, facts, house.reservesInSecondaries);
      if (why === null || value === 0) continue;
      const citation = overridden ? cite(mission, 'Victory Points') : objective.citation;
      lines.push(line(side, value, objective.id as SecondaryId, `${objective.name}: ${why}`, citation));
    }
  }

  // An impossible Run Away! ending is refused: it would hand out Come Back You Cowards!, cancel Destroyer and allow Sweeping Advance.
  problems.push(...runAwayEndingProblems(facts));
  let automatic: { winner: Side; reason: string } | null = null;
  if (facts.ending.kind === 'no-models-left') {
    const loser = facts.ending.side;
    if (aliveCount(sideModels(facts, opponent(loser))) === 0)
      problems.push('Both teams cannot have been wiped out: one side must still have models on the table.');
    automatic = { winner: opponent(loser), reason: `${sideName(loser)} has no models left on the table (004 · Step 5 - Ending the Game).` };
  } else if (facts.ending.kind === 'mission-win') {
    const why = checkMissionWin(mission, rules, facts.ending.side, facts, problems);
    automatic = { winner: facts.ending.side, reason: `${sideName(facts.ending.side)} ${why} (${citeText(mission.citation)} / Ending the Game).` };
  }
  if (problems.length > 0) throw new GameFactsError(problems);

  const vp: Record<Side, number> = { a: 0, b: 0 };
  for (const l of lines) vp[l.side] += l.vp;

  let outcome: Outcome;
  if (automatic) {
    outcome = { kind: 'win', winner: automatic.winner, automatic: true, reason: `${automatic.reason} Automatic win regardless of VPs.` };
  } else if (rules.marginOfVictory && house.pointsLimit !== undefined) {
    outcome = marginOutcome(vp, house.pointsLimit);
  } else if (vp.a === vp.b) {
    outcome = { kind: 'draw', reason: `Both players have ${vp.a} VP: the game is a draw (004 · Step 5 - Ending the Game).` };
  } else {
    const winner: Side = vp.a > vp.b ? 'a' : 'b';
    outcome = { kind: 'win', winner, automatic: false, reason: `${sideName(winner)} has the most VPs (${vp[winner]} to ${vp[opponent(winner)]}).` };
  }
  return { missionId, vp, lines, outcome };
}

/**
 * 000 "Margin of Victory" decides the result of a mission that chooses it: "A difference of less than 10% of the points
 * limit is a Draw. Anything greater is a win for the player with the highest Victory Point total." (exactly 10% is a
 * Draw, as the printed chart has it: mission-pack/margin-of-victory.ts).
 */
function marginOutcome(vp: Record<Side, number>, pointsLimit: number): Outcome {
  const m = marginOfVictory(vp.a, vp.b, pointsLimit);
  const apart = `${m.difference} VP apart, ${Math.round(m.percent * 10) / 10}% of the ${pointsLimit}-point limit`;
  if (m.winner === null) return { kind: 'draw', reason: `${apart}: a Draw (000 · Margin of Victory).` };
  const w = m.winner;
  return {
    kind: 'win',
    winner: w,
    automatic: false,
    reason: `${sideName(w)} has the most VPs (${vp[w]} to ${vp[opponent(w)]}), ${apart}: ${m.name} (000 · Margin of Victory).`,
  };
}
