/**
 * Migration 0010's data step for the ledger (issue 21): ledger entries' data still stored as plain JSON is rewritten
 * packed (db/packed-json.ts codec `c`). The same JSON text, coded: every entry reads back byte for byte as before.
 * Here because src-main/ledger/ is the only writer of ledger_entries; db/repack.ts runs it with the games' columns.
 */
import type Database from 'better-sqlite3';
import { packText } from '../db/packed-json';

/** Pack every plain-JSON ledger entry's data; returns how many were rewritten. */
export function repackLedgerData(sqlite: Database.Database): number {
  const update = sqlite.prepare(`UPDATE ledger_entries SET data = ? WHERE seq = ?`);
  // Collected first: SQLite does not promise what an UPDATE does to a SELECT still being read on the same table.
  const pending = sqlite.prepare(`SELECT seq, data FROM ledger_entries WHERE substr(data, 1, 1) <> '"'`).all() as { seq: number; data: string }[];
  let rewritten = 0;
  for (const r of pending) {
    const packed = packText(r.data, 'c');
    if (packed === r.data) continue; // codec `c` cannot code (private-use characters): kept plain
    update.run(packed, r.seq);
    rewritten += 1;
  }
  return rewritten;
}
