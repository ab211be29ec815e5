/** Players of a campaign: data access only. */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Player } from '../../shared/ipc/schemas/teams';
import type { Db } from '../db/open';
import { prepared } from '../db/prepared';
import { players, teams, type PlayerRow } from '../db/schema';
import { nameKey } from '../../shared/names';

export function toPlayer(db: Db, row: PlayerRow): Player {
  const n =
    prepared(db, 'teams.countOfPlayer', (d) =>
      d
        .select({ n: count() })
        .from(teams)
        .where(eq(teams.playerId, sql.placeholder('playerId')))
        .prepare(),
    ).get({ playerId: row.id })?.n ?? 0;
  return { id: row.id, campaignId: row.campaignId, name: row.name, retiredAt: row.retiredAt, teams: n };
}

export const listPlayers = (db: Db, campaignId: string) =>
  prepared(db, 'players.ofCampaign', (d) =>
    d
      .select()
      .from(players)
      .where(eq(players.campaignId, sql.placeholder('campaignId')))
      .orderBy(players.name)
      .prepare(),
  ).all({ campaignId });
export const findPlayer = (db: Db, id: string) =>
  prepared(db, 'players.byId', (d) =>
    d
      .select()
      .from(players)
      .where(eq(players.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });

export function findPlayerByName(db: Db, campaignId: string, name: string): PlayerRow | undefined {
  const key = nameKey(name);
  return listPlayers(db, campaignId).find((p) => nameKey(p.name) === key);
}

export function insertPlayer(db: Db, row: PlayerRow) {
  db.insert(players).values(row).run();
}

export function updatePlayer(db: Db, id: string, patch: Partial<Pick<PlayerRow, 'name' | 'retiredAt' | 'updatedAt'>>) {
  db.update(players)
    .set(patch)
    .where(and(eq(players.id, id)))
    .run();
}
