/**
 * The Kill Team special rules that need numbers: Built-up Area, and the Last Stand reinforcements' arrival table
 * (004 "Kill Team Special Rules", "Built-up Area", "Mission 6: Last Stand / Special Rules").
 *
 * Night Fighting and Reserves are only named by 004; their text and table are seed 000's and live once, in
 * `../mission-pack`: `nightFightingCheck` / `judgeNightFighting` (2D6×3) and `RESERVES_TABLE` / `reservesTableTarget`
 * / `rollForReserves`. Last Stand reinforcement groups are rolled with the same `rollForReserves`, on
 * `LAST_STAND_REINFORCEMENTS_TABLE` below.
 */
import type { ReservesTable } from '../mission-pack/reserves';
import { cite004 } from './cite';

/**
 * Last Stand reinforcement groups (004 "Mission 6: Last Stand / Special Rules": "On every turn after the 1st, roll a
 * d6 for every remaining reinforcement group. On a 3+ the group arrives using the Reserve rules"): nothing on turn 1,
 * then 3+ every turn. Roll with mission-pack `rollForReserves(groups, turn, dice, LAST_STAND_REINFORCEMENTS_TABLE)`.
 */
export const LAST_STAND_REINFORCEMENTS_TABLE: ReservesTable = {
  id: 'last-stand-reinforcements',
  arrivesOn: [null, 3],
  citation: cite004('Mission 6: Last Stand / Special Rules'),
};

/**
 * Built-up Area (004 "Built-up Area"): "No models may Deep Strike ... except units which are described as being able
 * to teleport or materialise from the Warp (or a specific exception is noted in its entry in the team list)."
 *
 * @example
 * mayDeepStrikeInBuiltUpArea({ teleportsOrMaterialises: false }); // → false
 * mayDeepStrikeInBuiltUpArea({ teleportsOrMaterialises: true }); // → true
 */
export function mayDeepStrikeInBuiltUpArea(model: { teleportsOrMaterialises: boolean; teamListException?: boolean }): boolean {
  return model.teleportsOrMaterialises || model.teamListException === true;
}

/** "any model that suffers a Deep Strike mishap must take a -1 penalty to the result rolled" (004 "Built-up Area"). */
export const BUILT_UP_AREA_MISHAP_MODIFIER = -1;
