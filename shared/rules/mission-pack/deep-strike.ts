/**
 * Deep Strike in the two editions a club can choose between:
 * - 'pack-000': 000 "Deep Strike" (002 identical, with the same OCR slips "(exportation, (lying" = "teleportation,
 *   flying", "(hen" = "then", "first mode!" = "first model");
 * - 'later-001': 001 "Abilities / Deep Strike".
 * Both: begin the game in reserve whatever the mission, arrive by the Reserves roll, place one model, roll the scatter
 * dice (HIT stays, arrow scatters it 2D6"), then arrange the others in circles around it.
 */
import { z } from 'zod';
import type { DiceSource, RollRecord } from '../dice';
import { Citation, DiceExpressionText, DiceTable } from '../ruleset/schema';
import type { MissionPackEdition } from './cite';
import { cite000, cite001 } from './cite';
import type { TableRoll } from './tables';
import { rollOnTable } from './tables';

// ---------------------------------------------------------------------------------------------------------------
// The editions as data
// ---------------------------------------------------------------------------------------------------------------

/** What happens when models cannot be placed, and what the unit may do on the turn it arrives. */
export const DeepStrikeEditionRules = z.object({
  edition: z.enum(['pack-000', 'later-001']),
  /** Both: deep strikers begin the game in reserve even where the mission does not use Reserves. */
  beginsInReserve: z.literal(true),
  /** Scatter distance when an arrow is rolled. */
  scatterDistance: DiceExpressionText,
  /** The first model scatters off the table. */
  firstModelOffTable: z.enum(['unit-destroyed', 'mishap']),
  /** Any other model cannot be placed. */
  unplaceableModels: z.enum(['surplus-destroyed', 'mishap']),
  /** Reasons a model cannot be placed, as each edition lists them. */
  placementProblems: z.array(z.enum(['off-table', 'impassable', 'on-friendly-model', 'within-1-of-enemy'])),
  mayMoveOnArrival: z.literal(false),
  /** 001: "other than to disembark from a deep striking transport vehicle". */
  mayDisembarkOnArrival: z.boolean(),
  mayShootOnArrival: z.literal(true),
  /** 001: "can fire (or run) as normal"; 000 does not say (null). */
  mayRunOnArrival: z.boolean().nullable(),
  countsAsMoved: z.literal(true),
  /** 001: "Vehicles count as having moved at cruising speed"; 000 does not say (null). */
  vehiclesCountAsCruisingSpeed: z.boolean().nullable(),
  mayAssaultOnArrival: z.literal(false),
  /** 001: "(even if they have the 'fleet' special rule), unless clearly stated in their special rules". */
  assaultExceptionBySpecialRule: z.boolean(),
  /** 001: "treat all difficult terrain as dangerous terrain". */
  difficultTerrainIsDangerous: z.boolean(),
  /** 001: "Units deep striking into ruined buildings are placed on the ground floor"; not inside transports/buildings. */
  ruinsGroundFloorOnly: z.boolean(),
  /** The Mishap table (001 only). No seed prints it: null until the club enters one. */
  mishapTable: DiceTable.nullable(),
  citation: Citation,
});
export type DeepStrikeEditionRules = z.infer<typeof DeepStrikeEditionRules>;

/** 000 "Deep Strike". */
export const DEEP_STRIKE_PACK_000: DeepStrikeEditionRules = {
  edition: 'pack-000',
  beginsInReserve: true,
  scatterDistance: '2D6',
  firstModelOffTable: 'unit-destroyed',
  unplaceableModels: 'surplus-destroyed',
  placementProblems: ['off-table', 'impassable', 'within-1-of-enemy'],
  mayMoveOnArrival: false,
  mayDisembarkOnArrival: false,
  mayShootOnArrival: true,
  mayRunOnArrival: null,
  countsAsMoved: true,
  vehiclesCountAsCruisingSpeed: null,
  mayAssaultOnArrival: false,
  assaultExceptionBySpecialRule: false,
  difficultTerrainIsDangerous: false,
  ruinsGroundFloorOnly: false,
  mishapTable: null,
  citation: cite000('Deep Strike', '"If the first model scatters off the table, the entire unit is destroyed"; "the surplus models are destroyed".'),
};

/** 001 "Abilities / Deep Strike". */
export const DEEP_STRIKE_LATER_001: DeepStrikeEditionRules = {
  edition: 'later-001',
  beginsInReserve: true,
  scatterDistance: '2D6',
  firstModelOffTable: 'mishap',
  unplaceableModels: 'mishap',
  placementProblems: ['off-table', 'impassable', 'on-friendly-model', 'within-1-of-enemy'],
  mayMoveOnArrival: false,
  mayDisembarkOnArrival: true,
  mayShootOnArrival: true,
  mayRunOnArrival: true,
  countsAsMoved: true,
  vehiclesCountAsCruisingSpeed: true,
  mayAssaultOnArrival: false,
  assaultExceptionBySpecialRule: true,
  difficultTerrainIsDangerous: true,
  ruinsGroundFloorOnly: true,
  mishapTable: null,
  citation: cite001(
    'Abilities / Deep Strike',
    '"roll on the deep strike Mishap table and apply the results": the table is not printed in 001 (nor in 000/002/004), so it ships empty.',
  ),
};

export const DEEP_STRIKE_EDITIONS: Readonly<Record<MissionPackEdition, DeepStrikeEditionRules>> = {
  'pack-000': DEEP_STRIKE_PACK_000,
  'later-001': DEEP_STRIKE_LATER_001,
};

/**
 * May this unit Deep Strike in this mission? 000: "Some units always have the option; others only have the option in
 * missions where the Deep Strike special rule is in force" (001: "some units always have the option to deep strike,
 * while others may only arrive in this way in missions where the deep strike special rule is used").
 * Either way the unit then "begin[s] the game in reserve", whether or not the mission uses Reserves.
 *
 * @example
 * mayDeepStrike({ alwaysHasOption: false, hasOptionInDeepStrikeMissions: true }, false); // → false
 * mayDeepStrike({ alwaysHasOption: true, hasOptionInDeepStrikeMissions: false }, false); // → true
 */
export function mayDeepStrike(unit: { alwaysHasOption: boolean; hasOptionInDeepStrikeMissions: boolean }, missionUsesDeepStrike: boolean): boolean {
  return unit.alwaysHasOption || (unit.hasOptionInDeepStrikeMissions && missionUsesDeepStrike);
}

// ---------------------------------------------------------------------------------------------------------------
// Scatter
// ---------------------------------------------------------------------------------------------------------------

/**
 * What the scatter dice shows. The scatter dice is not a D3/D6, so the dice module cannot roll it and no seed says how
 * many of its faces are HITs: the players read it and type in HIT or the arrow's direction (degrees, 0 = along +x,
 * 90 = along +y, in the board's own coordinates).
 */
export type ScatterDieFace = { kind: 'hit' } | { kind: 'arrow'; directionDegrees: number };

/** A point on the table in inches, from one corner: 0 ≤ x ≤ width, 0 ≤ y ≤ depth. */
export interface Point {
  x: number;
  y: number;
}

export interface Board {
  width: number;
  depth: number;
}

export interface Scatter {
  scattered: boolean;
  distanceInches: number;
  landing: Point;
  /** The 2D6 distance roll; null on a HIT. */
  roll: RollRecord | null;
}

/**
 * 000/001: "If you roll a HIT the model stays where it is, but if an arrow is shown this determines the direction the
 * model is scattered in. If a scatter occurs, roll 2D6" to see how far". `distanceDice` defaults to the edition's 2D6
 * (a club rule such as 004's Stormy weather, "scatter rolls are made on 3D6", may pass another expression).
 *
 * @example
 * scatterFirstModel({ intended: { x: 10, y: 10 }, scatterDie: { kind: 'arrow', directionDegrees: 0 } }, new PhysicalDice([[3, 4]])).landing; // → { x: 17, y: 10 }
 * scatterFirstModel({ intended: { x: 10, y: 10 }, scatterDie: { kind: 'hit' } }, new PhysicalDice()).scattered; // → false
 */
export function scatterFirstModel(input: { intended: Point; scatterDie: ScatterDieFace; distanceDice?: string; unit?: string }, dice: DiceSource): Scatter {
  if (input.scatterDie.kind === 'hit') return { scattered: false, distanceInches: 0, landing: { ...input.intended }, roll: null };
  const purpose = input.unit === undefined ? 'Deep Strike scatter distance' : `Deep Strike scatter distance, ${input.unit}`;
  const roll = dice.roll(input.distanceDice ?? '2D6', purpose);
  const radians = (input.scatterDie.directionDegrees * Math.PI) / 180;
  const landing = {
    x: input.intended.x + roll.total * Math.cos(radians),
    y: input.intended.y + roll.total * Math.sin(radians),
  };
  return { scattered: true, distanceInches: roll.total, landing, roll };
}

/**
 * Is a point on the table (edges included)?
 *
 * @example
 * isOnTable({ x: 48, y: 0 }, { width: 48, depth: 48 }); // → true
 * isOnTable({ x: 49, y: 3 }, { width: 48, depth: 48 }); // → false
 */
export function isOnTable(p: Point, board: Board): boolean {
  const eps = 1e-9;
  return p.x >= -eps && p.y >= -eps && p.x <= board.width + eps && p.y <= board.depth + eps;
}

// ---------------------------------------------------------------------------------------------------------------
// Placement outcome
// ---------------------------------------------------------------------------------------------------------------

export type DeepStrikeProblem = 'off-table' | 'impassable' | 'on-friendly-model' | 'within-1-of-enemy';

export interface DeepStrikePlacement {
  unitSize: number;
  /** Why the first model (after scatter) cannot stay where it landed; null when it can. */
  firstModel: DeepStrikeProblem | null;
  /** How many of the other models cannot be placed in the circles, and why (the players judge the table). */
  otherModelsUnplaceable: number;
  otherProblems?: readonly DeepStrikeProblem[];
}

export type DeepStrikeOutcome =
  | { kind: 'arrived'; modelsPlaced: number; modelsDestroyed: 0; reason: string }
  | { kind: 'unit-destroyed'; modelsPlaced: 0; modelsDestroyed: number; reason: string }
  | { kind: 'surplus-destroyed'; modelsPlaced: number; modelsDestroyed: number; reason: string }
  | { kind: 'mishap'; problems: DeepStrikeProblem[]; reason: string };

/**
 * What happens to a deep striking unit once the players have tried to place it.
 * - 'pack-000': "If the first model scatters off the table, the entire unit is destroyed"; models that cannot be placed
 *   (within 1" of the enemy, in impassable terrain, off-table) are "surplus" and destroyed. 000 does not say what
 *   happens when the first model lands in impassable terrain or within 1" of the enemy: read here as that model being
 *   one of the surplus (destroyed) while the rest are still placed. "On top of a friendly model" is not in 000's list;
 *   a model that physically cannot go there is treated the same way.
 * - 'later-001': "If any of the models ... cannot be deployed because they would land off the table, in impassable
 *   terrain, on top of a friendly model, or on top or within 1" of an enemy model ... roll on the deep strike Mishap
 *   table" (see rollDeepStrikeMishap).
 *
 * @example
 * deepStrikeOutcome('pack-000', { unitSize: 5, firstModel: 'off-table', otherModelsUnplaceable: 0 }).kind; // → 'unit-destroyed'
 * deepStrikeOutcome('pack-000', { unitSize: 5, firstModel: null, otherModelsUnplaceable: 2 }); // → { kind: 'surplus-destroyed', modelsPlaced: 3, modelsDestroyed: 2 }
 * deepStrikeOutcome('later-001', { unitSize: 5, firstModel: null, otherModelsUnplaceable: 2 }).kind; // → 'mishap'
 */
export function deepStrikeOutcome(edition: MissionPackEdition | DeepStrikeEditionRules, placement: DeepStrikePlacement): DeepStrikeOutcome {
  const rules = typeof edition === 'string' ? DEEP_STRIKE_EDITIONS[edition] : edition;
  const { unitSize, firstModel, otherModelsUnplaceable } = placement;
  if (!Number.isInteger(unitSize) || unitSize < 1) throw new RangeError(`A unit has 1 or more models; got ${unitSize}.`);
  if (!Number.isInteger(otherModelsUnplaceable) || otherModelsUnplaceable < 0 || otherModelsUnplaceable > unitSize - 1) {
    throw new RangeError(`Between 0 and ${unitSize - 1} other models can fail to be placed; got ${otherModelsUnplaceable}.`);
  }
  const problems = [...new Set([...(firstModel === null ? [] : [firstModel]), ...(placement.otherProblems ?? [])])];
  if (firstModel === null && otherModelsUnplaceable === 0) {
    return { kind: 'arrived', modelsPlaced: unitSize, modelsDestroyed: 0, reason: 'Every model was placed.' };
  }
  const mishap = {
    kind: 'mishap',
    problems,
    reason: 'Some models could not be deployed: something has gone wrong. Roll on the deep strike Mishap table.',
  } as const;
  if (firstModel === 'off-table') {
    if (rules.firstModelOffTable === 'mishap') return mishap;
    return {
      kind: 'unit-destroyed',
      modelsPlaced: 0,
      modelsDestroyed: unitSize,
      reason: 'The first model scattered off the table: the entire unit is destroyed.',
    };
  }
  if (rules.unplaceableModels === 'mishap') return mishap;
  const destroyed = otherModelsUnplaceable + (firstModel === null ? 0 : 1);
  return {
    kind: 'surplus-destroyed',
    modelsPlaced: unitSize - destroyed,
    modelsDestroyed: destroyed,
    reason: `${destroyed} model${destroyed === 1 ? '' : 's'} could not be placed and ${destroyed === 1 ? 'is' : 'are'} destroyed.`,
  };
}

export type MishapRoll = ({ status: 'rolled' } & TableRoll) | { status: 'no-table'; message: string };

/**
 * 001: "The controlling player must roll on the deep strike Mishap table and apply the results." No seed prints that
 * table, so it is the club's (a DiceTable of the ruleset schema). `modifier` is for rules that change the roll, e.g.
 * 004 "Built-up Area": "any model that suffers a Deep Strike mishap must take a -1 penalty to the result rolled".
 * Nothing is rolled when the club has not entered a table.
 *
 * @example
 * rollDeepStrikeMishap(null, new PhysicalDice()).status; // → 'no-table' (no seed prints the table)
 * const clubTable = { id: 'mishap', name: 'Mishap', expression: 'D6', rows: [{ from: 0, to: 6, result: 'delayed', text: 'Delayed.' }], citation: { source: 'club', section: 'Mishaps' } };
 * rollDeepStrikeMishap(clubTable, new PhysicalDice([[1]]), BUILT_UP_AREA_MISHAP_MODIFIER); // → { status: 'rolled', modified: 0 }
 */
export function rollDeepStrikeMishap(table: DiceTable | null, dice: DiceSource, modifier = 0, unit?: string): MishapRoll {
  if (table === null) {
    return { status: 'no-table', message: "This ruleset has no Deep Strike Mishap table yet: the seeds do not print one. Enter the club's table first." };
  }
  return { status: 'rolled', ...rollOnTable(table, dice, unit === undefined ? 'Deep Strike mishap' : `Deep Strike mishap, ${unit}`, modifier) };
}
