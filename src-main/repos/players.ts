/** Players of a campaign: data access only. */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Player } from '../../shared/ipc/schemas/teams';
import type { Db } from '../db/open';
import { prepared } from '../db/prepared';
import { players, teams, type PlayerRow } from '../db/schema';
import { nameKey } from './campaigns';

export function toPlayer(db: Db, row: PlayerRow): Player {
  const n = db.select({ n: count() }).from(teams).where(eq(teams.playerId, row.id)).get()?.n ?? 0;
  return { id: row.id, campaignId: row.campaignId, name: row.name, retiredAt: row.retiredAt, teams: n };
}

export const listPlayers = (db: Db, campaignId: string) =>
  db.select().from(players).where(eq(players.campaignId, campaignId)).orderBy(players.name).all();
export const findPlayer = (db: Db, id: string) =>
  prepared(db, 'players.byId', (d) => d.select().from(players).where(eq(players.id, sql.placeholder('id'))).prepare()).get({ id });

export function findPlayerByName(db: Db, campaignId: string, name: string): PlayerRow | undefined {
  const key = nameKey(name);
  return listPlayers(db, campaignId).find((p) => nameKey(p.name) === key);
}

export function insertPlayer(db: Db, row: PlayerRow) {
  db.insert(players).values(row).run();
}

export function updatePlayer(db: Db, id: string, patch: Partial<Pick<PlayerRow, 'name' | 'retiredAt' | 'updatedAt'>>) {
  db.update(players).set(patch).where(and(eq(players.id, id))).run();
}
