/**
 * Victory Points (000 "Victory Points", "Victory Points Table", "Units with Distinct Elements"). Seed 002 has the
 * text but not the table, so the table is read from 000 alone.
 */
import { z } from 'zod';
import { Citation, RuleId } from '../ruleset/schema';
import { cite000 } from './cite';

export const VpUnitType = z.enum(['non-vehicle', 'vehicle', 'dedicated-transport', 'vehicle-squadron', 'independent-character', 'artillery']);
export type VpUnitType = z.infer<typeof VpUnitType>;

/** What the opponent scores for a unit: nothing, half its points value, or all of it. */
export const VpAward = z.enum(['none', 'half', 'full']);
export type VpAward = z.infer<typeof VpAward>;

/** One line of the Victory Points table (the ruleset schema has no shape for it). */
export const VpTableRow = z.object({
  unitType: VpUnitType,
  condition: RuleId,
  /** "Condition at the end of the game", as printed. */
  text: z.string().min(1),
  /** "Does the unit count as a scoring unit?" */
  scoring: z.boolean(),
  /** "What VPs does the opponent get?" */
  opponentGets: VpAward,
});
export type VpTableRow = z.infer<typeof VpTableRow>;

export const VpTable = z.object({ id: RuleId, rows: z.array(VpTableRow), notes: z.array(z.string()), citation: Citation });
export type VpTable = z.infer<typeof VpTable>;

const row = (unitType: VpUnitType, condition: string, text: string, scoring: boolean, opponentGets: VpAward): VpTableRow => ({
  unitType,
  condition,
  text,
  scoring,
  opponentGets,
});

/** 000 "Victory Points Table", line for line. */
export const VICTORY_POINTS_TABLE: VpTable = {
  id: 'victory-points-table',
  rows: [
    row('non-vehicle', 'at-least-half-strength', 'At least 50% strength', true, 'none'),
    row('non-vehicle', 'below-half-strength', 'Less than 50% strength', false, 'half'),
    row('non-vehicle', 'destroyed', 'Destroyed, off-table or Falling Back', false, 'full'),
    row('vehicle', 'mobile', 'Mobile', true, 'none'),
    row('vehicle', 'immobile', 'Immobile', false, 'half'),
    row('vehicle', 'destroyed', 'Wrecked, Exploded or Annihilated', false, 'full'),
    row('dedicated-transport', 'mobile', 'Mobile', false, 'none'),
    row('dedicated-transport', 'immobile', 'Immobile', false, 'half'),
    row('dedicated-transport', 'destroyed', 'Wrecked, Exploded or Annihilated', false, 'full'),
    row('vehicle-squadron', 'at-least-half-mobile', 'At least 50% mobile', true, 'none'),
    row('vehicle-squadron', 'below-half-mobile', 'Less than 50% mobile', false, 'half'),
    row('vehicle-squadron', 'destroyed', 'All Wrecked, Exploded or Annihilated', false, 'full'),
    row('independent-character', 'unwounded', 'Unwounded', false, 'none'),
    row('independent-character', 'wounded', 'Wounded', false, 'half'),
    row('independent-character', 'destroyed', 'Dead, off-table or Falling Back', false, 'full'),
    row('artillery', 'at-least-half-strength', 'At least 50% strength or all guns destroyed', true, 'none'),
    row('artillery', 'below-half-strength', 'Less than 50% strength', false, 'half'),
    row('artillery', 'destroyed', 'Destroyed, off-table or Falling Back', false, 'full'),
  ],
  notes: [
    'If any non-vehicle units include multi-Wound models, count wounds not models to see if a unit is above/below 50% strength.',
    'An independent character always uses the Independent character line regardless of his unit type.',
  ],
  citation: cite000(
    'Victory Points Table',
    'The artillery line "At least 50% strength or all guns destroyed → scoring, no VP" is kept as printed. "1/2 points value" is kept exact (the seed gives no rounding).',
  ),
};

/**
 * 000 "Victory Points": "At Gamma and Omega level, many missions are decided by Victory Points"; 000 "Margin of
 * Victory": "this is only applicable in Gamma or Omega missions where Victory Points are used". Whether a given mission
 * uses Victory Points is the mission's (the seed says "many", not all).
 */
export const VICTORY_POINTS_MISSION_LEVELS = ['gamma', 'omega'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Unit facts
// ---------------------------------------------------------------------------------------------------------------

export type VehicleState = 'mobile' | 'immobile' | 'wrecked' | 'exploded' | 'annihilated';
export type CharacterState = 'unwounded' | 'wounded' | 'dead' | 'off-table' | 'falling-back';

/** Strength at the start and at the end, in models, or in wounds when the unit has multi-Wound models. */
export interface Strength {
  start: number;
  end: number;
}

interface UnitBase {
  name: string;
  /** "A unit is worth as many Victory Points as its points cost." */
  points: number;
  /** For mission objectives (objectives.ts): the unit is entirely in the enemy deployment zone at the end. */
  entirelyInEnemyDeploymentZone?: boolean;
  /** For The Field of Battle: entirely within 12" of the centre point at the end. */
  entirelyWithin12OfCentre?: boolean;
}

interface Removable {
  destroyed?: boolean;
  offTable?: boolean;
  fallingBack?: boolean;
}

export type VpUnit =
  | (UnitBase & Removable & { type: 'non-vehicle'; strength: Strength })
  | (UnitBase & Removable & { type: 'artillery'; strength: Strength; allGunsDestroyed?: boolean })
  | (UnitBase & { type: 'vehicle' | 'dedicated-transport'; state: VehicleState })
  | (UnitBase & { type: 'vehicle-squadron'; vehicles: readonly VehicleState[] })
  | (UnitBase & { type: 'independent-character'; state: CharacterState });

/**
 * 000 "Units with Distinct Elements": parts that "deploy and operate separately" (a squad and its Rhino, a Brood of
 * Lictors, an Infantry Platoon, a character with a Command squad in a transport) are each scored as a separate unit.
 */
export interface DistinctElementsUnit {
  type: 'distinct-elements';
  name: string;
  elements: readonly VpUnit[];
}

export type VpEntry = VpUnit | DistinctElementsUnit;

/**
 * Every separately scored element: distinct-elements units are split into their parts (000).
 *
 * @example
 * const platoon = { type: 'distinct-elements' as const, name: 'Squad in a Rhino', elements: [
 *   { type: 'non-vehicle' as const, name: 'Tactical Squad', points: 170, strength: { start: 10, end: 10 } },
 *   { type: 'dedicated-transport' as const, name: 'Rhino', points: 35, state: 'mobile' as const },
 * ] };
 * vpElements([platoon]).map((u) => u.name); // → ['Tactical Squad', 'Rhino']
 */
export function vpElements(entries: readonly VpEntry[]): VpUnit[] {
  return entries.flatMap((e) => (e.type === 'distinct-elements' ? [...e.elements] : [e]));
}

/**
 * A unit's strength from its models (000 Victory Points Table note): "If any non-vehicle units include multi-Wound
 * models, count wounds not models".
 *
 * @example
 * unitStrength([{ wounds: 3, woundsLeft: 1 }, { wounds: 3, woundsLeft: 0 }]); // → { countedIn: 'wounds', start: 6, end: 1 }
 */
export function unitStrength(models: readonly { wounds: number; woundsLeft: number }[]): Strength & { countedIn: 'models' | 'wounds' } {
  const multiWound = models.some((m) => m.wounds > 1);
  if (multiWound) {
    return {
      countedIn: 'wounds',
      start: models.reduce((s, m) => s + m.wounds, 0),
      end: models.reduce((s, m) => s + Math.max(0, m.woundsLeft), 0),
    };
  }
  return { countedIn: 'models', start: models.length, end: models.filter((m) => m.woundsLeft > 0).length };
}

const atLeastHalf = (part: number, whole: number): boolean => part * 2 >= whole;

function conditionOf(unit: VpUnit): string {
  switch (unit.type) {
    case 'non-vehicle':
    case 'artillery': {
      if (unit.destroyed === true || unit.offTable === true || unit.fallingBack === true || unit.strength.end <= 0) return 'destroyed';
      if (unit.type === 'artillery' && unit.allGunsDestroyed === true) return 'at-least-half-strength';
      return atLeastHalf(unit.strength.end, unit.strength.start) ? 'at-least-half-strength' : 'below-half-strength';
    }
    case 'vehicle':
    case 'dedicated-transport':
      return unit.state === 'mobile' ? 'mobile' : unit.state === 'immobile' ? 'immobile' : 'destroyed';
    case 'vehicle-squadron': {
      const total = unit.vehicles.length;
      const mobile = unit.vehicles.filter((v) => v === 'mobile').length;
      const gone = unit.vehicles.filter((v) => v === 'wrecked' || v === 'exploded' || v === 'annihilated').length;
      if (total === 0 || gone === total) return 'destroyed';
      return atLeastHalf(mobile, total) ? 'at-least-half-mobile' : 'below-half-mobile';
    }
    case 'independent-character':
      return unit.state === 'unwounded' ? 'unwounded' : unit.state === 'wounded' ? 'wounded' : 'destroyed';
  }
}

export interface UnitAssessment {
  unit: VpUnit;
  row: VpTableRow;
  scoring: boolean;
  /** Victory Points the opponent scores for this unit (half values are kept exact). */
  vpToOpponent: number;
}

/**
 * Look a unit up in the Victory Points table (000).
 *
 * @example
 * assessUnit({ type: 'vehicle', name: 'Land Raider', points: 250, state: 'immobile' }); // → { scoring: false, vpToOpponent: 125 }
 */
export function assessUnit(unit: VpUnit, table: VpTable = VICTORY_POINTS_TABLE): UnitAssessment {
  if (!(unit.points >= 0)) throw new RangeError(`${unit.name}: a points cost is 0 or more; got ${unit.points}.`);
  const condition = conditionOf(unit);
  const found = table.rows.find((r) => r.unitType === unit.type && r.condition === condition);
  if (!found) throw new Error(`The Victory Points table has no line for ${unit.type} / ${condition}.`);
  const vp = found.opponentGets === 'none' ? 0 : found.opponentGets === 'half' ? unit.points / 2 : unit.points;
  return { unit, row: found, scoring: found.scoring, vpToOpponent: vp };
}

/**
 * Victory Points you score for damaging and destroying the enemy's units (000 "Victory Points").
 *
 * @example
 * casualtyVictoryPoints([{ type: 'independent-character', name: 'Chaplain', points: 100, state: 'dead' }]).total; // → 100
 */
export function casualtyVictoryPoints(enemy: readonly VpEntry[], table: VpTable = VICTORY_POINTS_TABLE): { total: number; units: UnitAssessment[] } {
  const units = vpElements(enemy).map((u) => assessUnit(u, table));
  return { total: units.reduce((s, a) => s + a.vpToOpponent, 0), units };
}

/**
 * Your units that count as scoring units at the end (000 table's "Does the unit count as a scoring unit?").
 *
 * @example
 * scoringUnits([{ type: 'non-vehicle', name: 'Guardsmen', points: 60, strength: { start: 10, end: 4 } }]); // → [] (below 50%)
 */
export function scoringUnits(own: readonly VpEntry[], table: VpTable = VICTORY_POINTS_TABLE): VpUnit[] {
  return vpElements(own).filter((u) => assessUnit(u, table).scoring);
}
