/**
 * 000's Victory Points in a Kill Team mission that chooses them (MissionScoring `victoryPoints: 'by-unit'`, issue 30).
 *
 * 000 "Victory Points": "Victory Points are gained first by damaging and destroying enemy units. A unit is worth as
 * many Victory Points as its points cost." "In addition, achieving the mission objective will score Victory Points":
 * the mission's own VP and its secondary objectives are added (hor/scoring.ts). Each enemy unit is looked up in 000's
 * Victory Points Table (mission-pack/victory-points.ts `assessUnit`), one code path for both.
 *
 * Readings (docs/decisions.md "Victory Points by unit in a club mission"):
 * - A Kill Team unit is a model, or a Squad's members together (004 "Squad": "Simply treat the unit as normal"); every
 *   unit uses the table's "Non-vehicle unit" line, the only one a game report can tell (it records models alive or out
 *   of action, not vehicle damage or wounds).
 * - A unit still in reserve at the end is "off-table": full points value.
 * - "Falling Back": the report keeps only how many models were falling back, not which: not counted.
 * - "1/2 points value" is rounded up to a whole VP (000 gives no rounding; Herald records whole VP).
 */
import type { Citation } from '../ruleset/schema';
import { citeText } from './cite';
import type { GameFacts, ModelFacts, Side } from './facts';
import { SIDES, opponent } from './facts';
import { modelRef } from '../model-ref';
import { assessUnit } from '../mission-pack/victory-points';
import type { VpUnit } from '../mission-pack/victory-points';

export interface UnitVpLine {
  /** The side that scores (the unit's opponent). */
  side: Side;
  vp: number;
  reason: string;
  citation: string;
}

const TABLE_CITATION: Citation = { source: '000', section: 'Victory Points Table' };

/** A side's units: a Squad's members together (ModelFacts.unit), every other model on its own, in report order. */
function unitsOf(models: readonly ModelFacts[]): [string, ModelFacts[]][] {
  const units = new Map<string, ModelFacts[]>();
  for (const m of models) units.set(m.unit ?? m.id, [...(units.get(m.unit ?? m.id) ?? []), m]);
  return [...units];
}

/** One unit as 000's table sees it: strength in models at the start and at the end, off-table when all left are in reserve. */
function asVpUnit(unitId: string, members: readonly ModelFacts[], points: number): VpUnit {
  const alive = members.filter((m) => m.aliveAtEnd);
  const onTable = alive.filter((m) => m.notArrived !== true);
  return {
    type: 'non-vehicle',
    name: unitId,
    points,
    strength: { start: members.length, end: alive.length },
    offTable: alive.length > 0 && onTable.length === 0,
  };
}

function reasonOf(unitId: string, unit: Extract<VpUnit, { type: 'non-vehicle' }>, vp: number): string {
  const name = modelRef(unitId);
  if (unit.offTable === true) return `Victory Points by unit: ${name} is still in reserve at the end (off-table): its ${unit.points} points.`;
  if (unit.strength.end === 0) return `Victory Points by unit: ${name} was destroyed: its ${unit.points} points.`;
  const left = `${unit.strength.end} of ${unit.strength.start} models left`;
  return `Victory Points by unit: ${name} is below 50% strength (${left}): half its ${unit.points} points, ${vp} VP.`;
}

/**
 * The Victory Points each side scores for the enemy units it damaged and destroyed (000 "Victory Points" and its
 * table). Every unit needs its points value (ModelFacts.unitPoints); a missing one is a problem, in words.
 *
 * @example
 * const facts: GameFacts = { ending: { kind: 'turns' }, models: [
 *   { id: 'a-boss', side: 'a', type: 'team-leader', aliveAtEnd: true, unitPoints: 60 },
 *   { id: 'b-sarge', side: 'b', type: 'team-leader', aliveAtEnd: false, unitPoints: 45 },
 * ] };
 * unitVictoryPoints(facts, []).map((l) => [l.side, l.vp]); // → [['a', 45]]
 */
export function unitVictoryPoints(facts: GameFacts, problems: string[]): UnitVpLine[] {
  const lines: UnitVpLine[] = [];
  const citation = citeText(TABLE_CITATION);
  for (const side of SIDES) {
    for (const [unitId, members] of unitsOf(facts.models.filter((m) => m.side === side))) {
      const points = members.find((m) => m.unitPoints !== undefined)?.unitPoints;
      if (points === undefined) {
        problems.push(
          `Victory Points by unit need each unit's points value: none is recorded for ${modelRef(unitId)} (a result started before Herald kept points: discard it and start it again).`,
        );
        continue;
      }
      const unit = asVpUnit(unitId, members, points) as Extract<VpUnit, { type: 'non-vehicle' }>;
      const exact = assessUnit(unit).vpToOpponent;
      const vp = Math.ceil(exact);
      if (vp > 0) lines.push({ side: opponent(side), vp, reason: reasonOf(unitId, unit, vp), citation });
    }
  }
  return lines;
}
