/**
 * The Kill Team special rules that need dice or numbers: Night Fighting, Reserves and Built-up Area
 * (004 "Kill Team Special Rules"; Night Fighting and Reserves are only named in 004, their text is seed 000's).
 */
import type { DiceSource, RollRecord } from '../dice';
// 004 only names Night Fighting and Reserves; their numbers are seed 000's, kept once in mission-pack.
import { NIGHT_FIGHTING_VISIBILITY_DICE } from '../mission-pack/night-fighting';
import { reservesTableTarget } from '../mission-pack/reserves';

/**
 * Night Fighting visibility (000 "Night Fighting": "Roll 2D6 and multiply the result by 3, rolling once per unit
 * only. This is the maximum range that any non-barrage weapon can be fired at.").
 */
export function nightFightingVisibility(dice: DiceSource, shooter = ''): { maxRangeInches: number; roll: RollRecord } {
  const roll = dice.roll(NIGHT_FIGHTING_VISIBILITY_DICE, shooter === '' ? 'Night Fighting visibility' : `Night Fighting visibility, ${shooter}`);
  return { maxRangeInches: roll.total, roll };
}

/** May a non-barrage weapon fire at a target this far away at night? (000 "Night Fighting") */
export function canFireAtNight(targetDistanceInches: number, maxRangeInches: number): boolean {
  return targetDistanceInches <= maxRangeInches;
}

/**
 * Reserves arrival (000 "Reserves", Reserves Table: Turn 1 N/A, Turn 2 4+, Turn 3 3+, Turn 4+ 2+).
 * Last Stand reinforcement groups arrive on 3+ every turn after the 1st instead
 * (004 "Mission 6: Last Stand / Special Rules": "On every turn after the 1st ... On a 3+ the group arrives").
 * Returns the D6 score needed, or null when nothing can arrive this turn.
 */
export function reserveArrivalTarget(turn: number, kind: 'reserves' | 'last-stand-reinforcements' = 'reserves'): number | null {
  if (kind === 'reserves') return reservesTableTarget(turn);
  if (!Number.isInteger(turn) || turn < 1) throw new RangeError(`A turn is 1 or more; got ${turn}.`);
  return turn === 1 ? null : 3;
}

export interface ReserveRoll {
  group: string;
  arrives: boolean;
  roll: RollRecord | null;
}

/** Roll for every reserve (or reinforcement group) still off the table, one D6 each, in the order given. */
export function rollReserves(
  groups: readonly string[],
  turn: number,
  dice: DiceSource,
  kind: 'reserves' | 'last-stand-reinforcements' = 'reserves',
): { target: number | null; results: ReserveRoll[]; rolls: RollRecord[] } {
  const target = reserveArrivalTarget(turn, kind);
  if (target === null) return { target, results: groups.map((group) => ({ group, arrives: false, roll: null })), rolls: [] };
  const results = groups.map((group) => {
    const roll = dice.roll('D6', `Reserves, turn ${turn}: ${group}`);
    return { group, arrives: roll.total >= target, roll };
  });
  return { target, results, rolls: results.map((r) => r.roll) };
}

/**
 * Built-up Area (004 "Built-up Area"): "No models may Deep Strike ... except units which are described as being able
 * to teleport or materialise from the Warp (or a specific exception is noted in its entry in the team list)."
 */
export function mayDeepStrikeInBuiltUpArea(model: { teleportsOrMaterialises: boolean; teamListException?: boolean }): boolean {
  return model.teleportsOrMaterialises || model.teamListException === true;
}

/** "any model that suffers a Deep Strike mishap must take a -1 penalty to the result rolled" (004 "Built-up Area"). */
export const BUILT_UP_AREA_MISHAP_MODIFIER = -1;
