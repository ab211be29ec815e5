/** A game's table log (issue 33): data access only, append and read. The caller owns the transaction. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { prepared } from '../db/prepared';
import { tableTaps } from '../db/schema';
import { TableEvent } from '../../shared/rules';

/** The log's taps in order, each parsed (a row no Herald wrote is refused by the caller's parse, not guessed at). */
export function readTaps(db: Db, gameId: string): { seq: number; event: TableEvent }[] {
  const rows = prepared(db, 'table.taps', (d) =>
    d
      .select({ seq: tableTaps.seq, event: tableTaps.event })
      .from(tableTaps)
      .where(eq(tableTaps.gameId, sql.placeholder('gameId')))
      .orderBy(asc(tableTaps.seq))
      .prepare(),
  ).all({ gameId });
  return rows.map((r) => ({ seq: r.seq, event: TableEvent.parse(r.event) }));
}

export const appendTap = (db: Db, row: { gameId: string; seq: number; event: TableEvent; at: string }) =>
  prepared(db, 'table.append', (d) =>
    d
      .insert(tableTaps)
      .values({ gameId: sql.placeholder('gameId'), seq: sql.placeholder('seq'), event: sql.placeholder('event'), at: sql.placeholder('at') })
      .prepare(),
  ).run(row);

/** The log is the table's scratch pad: gone once the game is committed or thrown away (the report keeps what it gave). */
export const deleteTaps = (db: Db, gameId: string) => db.delete(tableTaps).where(eq(tableTaps.gameId, gameId)).run();
