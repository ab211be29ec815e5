/**
 * Night Fighting (000 "Night Fighting"; 002 has the same text, its "Roll .2D6" slip included, read as "Roll 2D6").
 */
import type { DiceSource, RollRecord } from '../dice';

/** 000 "Night Fighting": "Roll 2D6 and multiply the result by 3". */
export const NIGHT_FIGHTING_VISIBILITY_DICE = '2D6×3';

/**
 * What a weapon is, for the rules that treat barrage differently (000 "Night Fighting": "Normal barrage and ordnance
 * barrage weapons may fire at unseen targets").
 */
export type WeaponKind = 'normal' | 'barrage' | 'ordnance-barrage';

export const isBarrage = (weapon: WeaponKind): boolean => weapon === 'barrage' || weapon === 'ordnance-barrage';

export interface NightFightingCheck {
  /** The maximum range any non-barrage weapon of the unit can fire at this time. */
  maxRangeInches: number;
  /** May the unit fire this weapon at the selected target? */
  mayFire: boolean;
  /** The weapon fires at an unseen target: add an extra D6 to the distance scattered. */
  extraScatterD6: boolean;
  roll: RollRecord;
  reason: string;
}

/**
 * 000 "Night Fighting": after selecting a target, before firing, roll 2D6×3 "rolling once per unit only": the maximum
 * range of non-barrage weapons. A target beyond it: "they lose the right to fire". Barrage weapons may fire at unseen
 * targets but "add an extra D6 to the distance scattered".
 * (The seed does not say whether a target exactly at the rolled range is seen; "beyond this range" is read as
 * "farther than", so a target at exactly the rolled distance can be fired at.)
 *
 * @example
 * nightFightingCheck({ targetDistanceInches: 20, weapon: 'normal' }, new PhysicalDice([[3, 4]])); // → { maxRangeInches: 21, mayFire: true }
 */
export function nightFightingCheck(input: { targetDistanceInches: number; weapon: WeaponKind; unit?: string }, dice: DiceSource): NightFightingCheck {
  const purpose = input.unit === undefined ? 'Night Fighting: how far can the firers see?' : `Night Fighting: how far can ${input.unit} see?`;
  const roll = dice.roll(NIGHT_FIGHTING_VISIBILITY_DICE, purpose);
  return { ...judgeNightFighting(input.targetDistanceInches, input.weapon, roll.total), roll };
}

/**
 * The same judgement for a visibility already rolled for this unit this turn ("rolling once per unit only").
 *
 * @example
 * judgeNightFighting(30, 'normal', 21).mayFire; // → false
 * judgeNightFighting(30, 'barrage', 21); // → { mayFire: true, extraScatterD6: true }
 */
export function judgeNightFighting(targetDistanceInches: number, weapon: WeaponKind, maxRangeInches: number): Omit<NightFightingCheck, 'roll'> {
  const seen = targetDistanceInches <= maxRangeInches;
  if (seen) {
    return {
      maxRangeInches,
      mayFire: true,
      extraScatterD6: false,
      reason: `The target (${targetDistanceInches}") is within the ${maxRangeInches}" the firers can see.`,
    };
  }
  if (isBarrage(weapon)) {
    return {
      maxRangeInches,
      mayFire: true,
      extraScatterD6: true,
      reason: `The target is beyond ${maxRangeInches}": a barrage weapon may fire at it unseen, adding an extra D6 to the distance scattered.`,
    };
  }
  return { maxRangeInches, mayFire: false, extraScatterD6: false, reason: `The target is beyond ${maxRangeInches}": the unit loses the right to fire.` };
}
