/**
 * Dusk & Dawn (000 "Dusk & Dawn"; 002 identical) and how darkness carries into Random Game Length's extra turns
 * (000 "Random Game Length": "If it is dark on Turn 6, it remains dark for these extra game turns").
 */
import type { DiceSource, RollRecord } from '../dice';
import type { DiceTable } from '../ruleset/schema';
import { cite000 } from './cite';
import { rowFor } from './tables';

export type DuskAndDawn = 'before-dawn' | 'daylight' | 'dusk';

/** 000 "Dusk & Dawn": "roll a D6. On a 1, the battle starts before dawn ... On a roll of 6, the battle starts at dusk". */
export const DUSK_AND_DAWN_TABLE: DiceTable = {
  id: 'dusk-and-dawn',
  name: 'Dusk & Dawn',
  expression: 'D6',
  rows: [
    { from: 1, to: 1, result: 'before-dawn', text: 'The battle starts before dawn: Night Fighting rules on Turn 1.' },
    { from: 2, to: 5, result: 'daylight', text: 'No effect: the battle is fought in daylight.' },
    { from: 6, to: 6, result: 'dusk', text: 'The battle starts at dusk: Night Fighting rules on Turn 6 and any subsequent turns.' },
  ],
  citation: cite000('Dusk & Dawn', 'Results 2–5 are not named in the seed; they have no effect.'),
};

/**
 * Roll after deployment, "but before determining who has first turn" (000 "Dusk & Dawn").
 *
 * @example
 * rollDuskAndDawn(new PhysicalDice([[1]])).result; // → 'before-dawn'
 * rollDuskAndDawn(new PhysicalDice([[4]])).result; // → 'daylight'
 */
export function rollDuskAndDawn(dice: DiceSource): { result: DuskAndDawn; roll: RollRecord } {
  const roll = dice.roll(DUSK_AND_DAWN_TABLE.expression, 'Dusk & Dawn');
  return { result: rowFor(DUSK_AND_DAWN_TABLE, roll.total).result as DuskAndDawn, roll };
}

/**
 * Do the Night Fighting rules apply on `turn`? Before dawn: Turn 1 only. Dusk: Turn 6 and every later turn, which
 * includes Random Game Length's extra turns (000 "Random Game Length": dark on Turn 6 stays dark).
 * `alwaysNight` is for missions that use Night Fighting throughout.
 *
 * @example
 * isNightTurn('dusk', 7); // → true
 * isNightTurn('before-dawn', 2); // → false
 */
export function isNightTurn(duskAndDawn: DuskAndDawn | null, turn: number, alwaysNight = false): boolean {
  if (!Number.isInteger(turn) || turn < 1) throw new RangeError(`A turn is 1 or more; got ${turn}.`);
  if (alwaysNight) return true;
  if (duskAndDawn === 'before-dawn') return turn === 1;
  if (duskAndDawn === 'dusk') return turn >= 6;
  return false;
}
