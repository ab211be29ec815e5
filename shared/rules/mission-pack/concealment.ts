/**
 * Concealment (000 "Concealment"; 002 identical).
 */
import type { DiceSource } from '../dice';
import type { NightFightingCheck, WeaponKind } from './night-fighting';
import { nightFightingCheck } from './night-fighting';

export interface ConcealmentFacts {
  isVehicle: boolean;
  /** Deployed at the beginning of the game (not arrived from reserve). */
  deployedAtStart: boolean;
  /** The game turn now being played (1 = first). */
  turn: number;
  /** Since deployment the unit has moved, shot or used a psychic power. */
  hasMoved: boolean;
  hasShot: boolean;
  usedPsychicPower: boolean;
  /** The Night Fight rules apply this turn (e.g. Dusk & Dawn rolled a 1). */
  nightFightingThisTurn: boolean;
}

/**
 * Is the unit concealed? 000 "Concealment": all non-vehicle units deployed at the beginning of the game; lost as soon as
 * the unit moves, shoots or uses a psychic power; ignored in a turn where the Night Fight rules apply; "always ends
 * after the first turn".
 *
 * @example
 * const unit = { isVehicle: false, deployedAtStart: true, turn: 1, hasMoved: false, hasShot: false, usedPsychicPower: false, nightFightingThisTurn: false };
 * isConcealed(unit); // → true
 * isConcealed({ ...unit, hasShot: true }); // → false
 */
export function isConcealed(unit: ConcealmentFacts): boolean {
  if (!Number.isInteger(unit.turn) || unit.turn < 1) throw new RangeError(`A turn is 1 or more; got ${unit.turn}.`);
  if (unit.isVehicle || !unit.deployedAtStart) return false;
  if (unit.turn > 1) return false;
  if (unit.nightFightingThisTurn) return false;
  return !(unit.hasMoved || unit.hasShot || unit.usedPsychicPower);
}

export type ConcealedShot =
  | { concealed: false; mayFire: true; extraScatterD6: false; check: null }
  | ({ concealed: true; check: NightFightingCheck } & Pick<NightFightingCheck, 'mayFire' | 'extraScatterD6'>);

/**
 * Firing at a unit: if it is concealed, the firers "must determine if they can actually see their target using the
 * Night Fight rules" (a 2D6×3 roll); if they cannot, they may not fire, except barrage weapons, which fire with an
 * extra D6 of scatter (000 "Concealment"). Rolls only when the target is concealed.
 *
 * @example
 * const unit = { isVehicle: false, deployedAtStart: true, turn: 1, hasMoved: false, hasShot: false, usedPsychicPower: false, nightFightingThisTurn: false };
 * fireAtPossiblyConcealed(unit, { targetDistanceInches: 24, weapon: 'normal' }, new PhysicalDice([[2, 3]])); // → { concealed: true, mayFire: false } (sees 15")
 */
export function fireAtPossiblyConcealed(
  target: ConcealmentFacts,
  shot: { targetDistanceInches: number; weapon: WeaponKind; firingUnit?: string },
  dice: DiceSource,
): ConcealedShot {
  if (!isConcealed(target)) return { concealed: false, mayFire: true, extraScatterD6: false, check: null };
  const check = nightFightingCheck(
    shot.firingUnit === undefined
      ? { targetDistanceInches: shot.targetDistanceInches, weapon: shot.weapon }
      : { targetDistanceInches: shot.targetDistanceInches, weapon: shot.weapon, unit: shot.firingUnit },
    dice,
  );
  return { concealed: true, check, mayFire: check.mayFire, extraScatterD6: check.extraScatterD6 };
}
