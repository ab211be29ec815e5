/** A game's table log (issue 33): data access only, append and read. The caller owns the transaction. */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { prepared } from '../db/prepared';
import { games, tableTaps } from '../db/schema';
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

/** The taps after `afterSeq`, in order (a screen's state is kept in memory and only the new taps are read). */
export function readTapsAfter(db: Db, gameId: string, afterSeq: number): { seq: number; event: TableEvent }[] {
  const rows = prepared(db, 'table.tapsAfter', (d) =>
    d
      .select({ seq: tableTaps.seq, event: tableTaps.event })
      .from(tableTaps)
      .where(and(eq(tableTaps.gameId, sql.placeholder('gameId')), gt(tableTaps.seq, sql.placeholder('afterSeq'))))
      .orderBy(asc(tableTaps.seq))
      .prepare(),
  ).all({ gameId, afterSeq });
  return rows.map((r) => ({ seq: r.seq, event: TableEvent.parse(r.event) }));
}

/** The last tap's number (0: none). */
export const lastSeq = (db: Db, gameId: string): number =>
  prepared(db, 'table.lastSeq', (d) =>
    d
      .select({ seq: sql<number>`coalesce(max(${tableTaps.seq}), 0)` })
      .from(tableTaps)
      .where(eq(tableTaps.gameId, sql.placeholder('gameId')))
      .prepare(),
  ).get({ gameId })?.seq ?? 0;

/** A game's status and when it last changed, without its JSON documents (a tap reads the rest only when it changed). */
export const gameHead = (db: Db, id: string) =>
  prepared(db, 'table.gameHead', (d) =>
    d
      .select({ status: games.status, number: games.number, updatedAt: games.updatedAt })
      .from(games)
      .where(eq(games.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });

export const appendTap = (db: Db, row: { gameId: string; seq: number; event: TableEvent; at: string }) =>
  prepared(db, 'table.append', (d) =>
    d
      .insert(tableTaps)
      .values({ gameId: sql.placeholder('gameId'), seq: sql.placeholder('seq'), event: sql.placeholder('event'), at: sql.placeholder('at') })
      .prepare(),
  ).run(row);

/** The log is the table's scratch pad: gone once the game is committed or thrown away (the report keeps what it gave). */
export const deleteTaps = (db: Db, gameId: string) => db.delete(tableTaps).where(eq(tableTaps.gameId, gameId)).run();
