/**
 * Mission specific objectives scored with Victory Points (000 "Mission Specific Objectives"; 002 has the text but not
 * the Table Quarters bullet list, so the quarter values come from 000 and its worked example, which 002 repeats).
 * In every case you also score Victory Points for the enemy units you damaged and destroyed (victory-points.ts).
 */
import type { VpEntry, VpTable } from './victory-points';
import { VICTORY_POINTS_TABLE, casualtyVictoryPoints, scoringUnits } from './victory-points';

export type MissionObjective = 'table-quarters' | 'enemy-lines' | 'loot' | 'field-of-battle' | 'annihilation';

/** A table quarter, seen from the scoring army. */
export type Quarter = 'own' | 'adjacent' | 'enemy';

/**
 * 000 "Objective: Table Quarters": own quarter 0, each adjacent quarter 25% of the points limit, the enemy's quarter
 * 50% ("in a 1,500 point game ... 0 for its own quarter, 375 for each adjacent quarter and 750 for the enemy's").
 */
export const TABLE_QUARTER_SHARE: Readonly<Record<Quarter, number>> = { own: 0, adjacent: 0.25, enemy: 0.5 };

/**
 * 000 "Objective: Table Quarters": the Victory Points a quarter is worth to the army controlling it.
 *
 * @example
 * tableQuarterValue('adjacent', 1500); // → 375
 * tableQuarterValue('enemy', 1500); // → 750
 */
export function tableQuarterValue(quarter: Quarter, pointsLimit: number): number {
  checkLimit(pointsLimit);
  return pointsLimit * TABLE_QUARTER_SHARE[quarter];
}

/**
 * The quarters an army controls (how control is decided is the mission's: the players record it).
 *
 * @example
 * tableQuartersVictoryPoints(['adjacent', 'enemy'], 1500); // → 1125
 */
export function tableQuartersVictoryPoints(controlled: readonly Quarter[], pointsLimit: number): number {
  const count = (q: Quarter) => controlled.filter((c) => c === q).length;
  if (count('own') > 1 || count('enemy') > 1 || count('adjacent') > 2) {
    throw new RangeError('A table has one own quarter, two adjacent quarters and one enemy quarter.');
  }
  return controlled.reduce((s, q) => s + tableQuarterValue(q, pointsLimit), 0);
}

/**
 * 000 "Objective: Loot": "each Loot counter is worth a number of points equal to the game points limit divided by the
 * number of counters used" (1,500 points, four counters → 375 each). The division is kept exact (no rounding rule).
 *
 * @example
 * lootCounterValue(1500, 4); // → 375
 */
export function lootCounterValue(pointsLimit: number, countersUsed: number): number {
  checkLimit(pointsLimit);
  if (!Number.isInteger(countersUsed) || countersUsed < 1) throw new RangeError(`Loot needs 1 or more counters; got ${countersUsed}.`);
  return pointsLimit / countersUsed;
}

export interface ObjectiveFacts {
  objective: MissionObjective;
  pointsLimit: number;
  /** The scoring army's units (scoring status is read from the Victory Points table). */
  own: readonly VpEntry[];
  /** The enemy's units, for the Victory Points from casualties. */
  enemy: readonly VpEntry[];
  /** Table Quarters: the quarters this army controls at the end. */
  quartersControlled?: readonly Quarter[];
  /** Loot: counters this army secured, and counters in the game. */
  lootHeld?: number;
  lootCounters?: number;
}

export interface ObjectiveScore {
  casualties: number;
  objective: number;
  total: number;
  explanation: string;
}

/**
 * Victory Points of one army in a mission scored by Victory Points (000 "Mission Specific Objectives"):
 * - Table Quarters: the value of the quarters controlled;
 * - Enemy Lines: "the points cost of those scoring units entirely in the enemy deployment zone";
 * - Loot: counters held × (points limit ÷ counters used);
 * - The Field of Battle: "the points value of each of your scoring units entirely within 12" of the centre point";
 * - Annihilation: "the points value of each scoring unit you have left at the end of the game";
 * each on top of the Victory Points for damaging and destroying enemy units.
 *
 * @example
 * const enemy = [{ type: 'vehicle' as const, name: 'Land Raider', points: 250, state: 'wrecked' as const }];
 * objectiveVictoryPoints({ objective: 'loot', pointsLimit: 1500, own: [], enemy, lootHeld: 1, lootCounters: 4 }); // → { casualties: 250, objective: 375, total: 625 }
 */
export function objectiveVictoryPoints(facts: ObjectiveFacts, table: VpTable = VICTORY_POINTS_TABLE): ObjectiveScore {
  checkLimit(facts.pointsLimit);
  const casualties = casualtyVictoryPoints(facts.enemy, table).total;
  const scoring = scoringUnits(facts.own, table);
  const sum = (units: typeof scoring) => units.reduce((s, u) => s + u.points, 0);
  let objective: number;
  let explanation: string;
  switch (facts.objective) {
    case 'table-quarters': {
      const q = facts.quartersControlled ?? [];
      objective = tableQuartersVictoryPoints(q, facts.pointsLimit);
      explanation = `Table quarters controlled: ${q.length === 0 ? 'none' : q.join(', ')}.`;
      break;
    }
    case 'enemy-lines': {
      const units = scoring.filter((u) => u.entirelyInEnemyDeploymentZone === true);
      objective = sum(units);
      explanation = `${units.length} scoring unit(s) entirely in the enemy deployment zone.`;
      break;
    }
    case 'loot': {
      const counters = facts.lootCounters ?? 0;
      const held = facts.lootHeld ?? 0;
      if (!Number.isInteger(held) || held < 0 || held > counters) throw new RangeError(`Loot held must be 0 to ${counters}; got ${held}.`);
      objective = held === 0 ? 0 : held * lootCounterValue(facts.pointsLimit, counters);
      explanation = `${held} of ${counters} Loot counter(s).`;
      break;
    }
    case 'field-of-battle': {
      const units = scoring.filter((u) => u.entirelyWithin12OfCentre === true);
      objective = sum(units);
      explanation = `${units.length} scoring unit(s) entirely within 12" of the centre.`;
      break;
    }
    case 'annihilation': {
      objective = sum(scoring);
      explanation = `${scoring.length} scoring unit(s) left at the end of the game.`;
      break;
    }
  }
  return { casualties, objective, total: casualties + objective, explanation };
}

function checkLimit(pointsLimit: number): void {
  if (!(pointsLimit > 0)) throw new RangeError(`A points limit is more than 0; got ${pointsLimit}.`);
}
