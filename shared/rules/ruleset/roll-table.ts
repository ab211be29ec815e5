/**
 * Rolling on a dice table of a ruleset, following "roll again on table X" rows (e.g. the Battle Honours D66 injury
 * table → permanent injury D6). A gap in the table is an error naming the table and the result, never a guess.
 */
import type { DiceSource, RollRecord } from '../dice';
import { lookupRow } from './coverage';
import type { DiceTable, DiceTableRow } from './schema';

export class TableGapError extends Error {
  readonly tableId: string;
  readonly total: number;
  constructor(table: DiceTable, total: number) {
    super(`The table "${table.name}" has no row for ${table.expression} result ${total}: fix the table in House rules.`);
    this.name = 'TableGapError';
    this.tableId = table.id;
    this.total = total;
  }
}

export interface TableResult {
  table: string;
  row: DiceTableRow;
  roll: RollRecord;
}

/**
 * Roll once on `table`; then on each follow-up table the rows name (found in `tables`), at most `maxDepth` deep.
 *
 * @example
 * const bh = battleHonoursPreset(); // D66 injury 14 → roll again on the permanent-injury D6
 * rollOnTable(bh.progression.injuries.special!, new PhysicalDice([[1, 4], [3]]), 'Injury', allTables(bh)).results.map((r) => r.table);
 * // → ['bh-injury-leader-special', 'bh-permanent-injury']
 */
export function rollOnTable(
  table: DiceTable,
  dice: DiceSource,
  purpose: string,
  tables: readonly DiceTable[] = [],
  maxDepth = 5,
): { results: TableResult[]; rolls: RollRecord[] } {
  const results: TableResult[] = [];
  let current: DiceTable | undefined = table;
  for (let depth = 0; current !== undefined && depth < maxDepth; depth++) {
    const roll: RollRecord = dice.roll(current.expression, depth === 0 ? purpose : `${purpose}: ${current.name}`);
    const row: DiceTableRow | undefined = lookupRow(current.rows, roll.total);
    if (!row) throw new TableGapError(current, roll.total);
    // The record the dice source logged (a fresh object) says what it meant, for a preview that stops at a later roll.
    roll.result = row.text;
    results.push({ table: current.id, row, roll });
    const next: string | undefined = row.followUpTable;
    if (next === undefined) break;
    current = tables.find((t: DiceTable) => t.id === next);
    if (!current) throw new Error(`The table "${table.name}" refers to a table "${next}" that the ruleset does not have.`);
  }
  return { results, rolls: results.map((r) => r.roll) };
}
