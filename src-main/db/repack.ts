/**
 * Migration 0010's data step (issue 21), which SQL alone cannot make: every value of a packed column (db/packed-json.ts)
 * still stored as plain JSON is rewritten packed. The JSON text itself is packed, untouched, so each value reads back
 * byte for byte as before. Idempotent (packed values are left alone), and nothing depends on it having run: packed
 * columns read plain JSON too. Run by db/migrate.ts in one transaction, after the migration's SQL.
 */
import type Database from 'better-sqlite3';
import { repackLedgerData } from '../ledger/repack';
import { packText } from './packed-json';

/** The packed columns (schema.ts), with the key of their rows and their codec. */
export const PACKED_COLUMNS: readonly { table: string; key: string; column: string; codec: 'z' | 'c' }[] = [
  { table: 'games', key: 'id', column: 'plan', codec: 'z' },
  { table: 'games', key: 'id', column: 'draft', codec: 'z' },
  { table: 'games', key: 'id', column: 'report', codec: 'z' },
];
/** Packed by the ledger module (src-main/ledger/repack.ts), the only writer of ledger_entries. */
export const PACKED_LEDGER_COLUMN = { table: 'ledger_entries', key: 'seq', column: 'data', codec: 'c' } as const;

/** Pack every plain-JSON value of the packed columns; returns how many values were rewritten. */
export function repackJsonColumns(sqlite: Database.Database): number {
  let rewritten = repackLedgerData(sqlite);
  for (const { table, key, column, codec } of PACKED_COLUMNS) {
    const update = sqlite.prepare(`UPDATE "${table}" SET "${column}" = ? WHERE "${key}" = ?`);
    const rows = sqlite.prepare(`SELECT "${key}" AS k, "${column}" AS v FROM "${table}" WHERE substr("${column}", 1, 1) <> '"'`).iterate() as IterableIterator<{
      k: string | number;
      v: string;
    }>;
    // Collected first: SQLite does not promise what an UPDATE does to a SELECT still being read on the same table.
    const pending = [...rows];
    for (const r of pending) {
      const packed = packText(r.v, codec);
      if (packed === r.v) continue; // codec `c` cannot code (private-use characters): kept plain
      update.run(packed, r.k);
      rewritten += 1;
    }
  }
  return rewritten;
}
