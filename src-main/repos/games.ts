/** Games and their stored rolls: data access only. The caller owns the transaction. */
import { and, asc, desc, eq, inArray, max, or } from 'drizzle-orm';
import type { Db } from '../db/open';
import { gameRolls, games, type GameRollRow, type GameRow } from '../db/schema';

export const findGame = (db: Db, id: string): GameRow | undefined => db.select().from(games).where(eq(games.id, id)).get();

export function listGames(db: Db, campaignId: string, filter: { status?: GameRow['status'][]; teamId?: string; missionId?: string } = {}): GameRow[] {
  const where = [eq(games.campaignId, campaignId)];
  if (filter.status && filter.status.length > 0) where.push(inArray(games.status, filter.status));
  if (filter.teamId) where.push(or(eq(games.teamAId, filter.teamId), eq(games.teamBId, filter.teamId))!);
  if (filter.missionId) where.push(eq(games.missionId, filter.missionId));
  return db.select().from(games).where(and(...where)).orderBy(desc(games.number)).all();
}

export function nextGameNumber(db: Db, campaignId: string): number {
  const row = db.select({ n: max(games.number) }).from(games).where(eq(games.campaignId, campaignId)).get();
  return (row?.n ?? 0) + 1;
}

export const insertGame = (db: Db, row: GameRow) => db.insert(games).values(row).run();

export function updateGame(db: Db, id: string, patch: Partial<Omit<GameRow, 'id' | 'campaignId' | 'number'>>) {
  db.update(games).set(patch).where(eq(games.id, id)).run();
}

export const deleteDraftGame = (db: Db, id: string) => db.delete(games).where(and(eq(games.id, id), eq(games.status, 'draft'))).run();

export const insertRolls = (db: Db, rows: GameRollRow[]) => {
  if (rows.length > 0) db.insert(gameRolls).values(rows).run();
};

export const gameRollsOf = (db: Db, gameId: string): GameRollRow[] =>
  db.select().from(gameRolls).where(eq(gameRolls.gameId, gameId)).orderBy(asc(gameRolls.seq)).all();
