/** Rolling on a dice table of the ruleset schema; shared by the mission-pack rules. */
import type { DiceSource, RollRecord } from '../dice';
import { lookupRow } from '../ruleset/coverage';
import type { DiceTable, DiceTableRow } from '../ruleset/schema';

export interface TableRoll {
  roll: RollRecord;
  /** The dice total plus `modifier`: the value looked up in the table. */
  modified: number;
  /** The row hit, or null when the (modified) total falls outside the table. */
  row: DiceTableRow | null;
}

/**
 * Roll `table.expression`, add `modifier`, and look the result up. Never throws for a gap: `row` is null instead.
 *
 * @example
 * rollOnTable(DUSK_AND_DAWN_TABLE, new PhysicalDice([[6]]), 'Dusk & Dawn').row?.result; // → 'dusk'
 * rollOnTable(DUSK_AND_DAWN_TABLE, new PhysicalDice([[6]]), 'Dusk & Dawn', 1).row; // → null (7 is off the table)
 */
export function rollOnTable(table: DiceTable, dice: DiceSource, purpose: string, modifier = 0): TableRoll {
  const roll = dice.roll(table.expression, purpose);
  const modified = roll.total + modifier;
  return { roll, modified, row: lookupRow(table.rows, modified) ?? null };
}

/**
 * Look up a row that the table must have (for tables shipped with the app and checked by tests).
 *
 * @example
 * rowFor(DUSK_AND_DAWN_TABLE, 3).result; // → 'daylight'
 */
export function rowFor(table: DiceTable, total: number): DiceTableRow {
  const row = lookupRow(table.rows, total);
  if (!row) throw new Error(`Table "${table.name}" has no row for ${total}.`);
  return row;
}
