/** Teams. Their ledger, roster cache and projections are read and written by src-main/ledger only (issue 32). */
import { eq, sql } from 'drizzle-orm';
import type { Roster } from '../../shared/rules';
import type { Db } from '../db/open';
import { prepared } from '../db/prepared';
import { teams, type TeamRow } from '../db/schema';
import { nameKey } from '../../shared/names';

export const listTeams = (db: Db, campaignId: string) =>
  prepared(db, 'teams.ofCampaign', (d) =>
    d
      .select()
      .from(teams)
      .where(eq(teams.campaignId, sql.placeholder('campaignId')))
      .orderBy(teams.name)
      .prepare(),
  ).all({ campaignId });
export const findTeam = (db: Db, id: string) =>
  prepared(db, 'teams.byId', (d) =>
    d
      .select()
      .from(teams)
      .where(eq(teams.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });

export function findTeamByName(db: Db, campaignId: string, name: string): TeamRow | undefined {
  const key = nameKey(name);
  return listTeams(db, campaignId).find((t) => nameKey(t.name) === key);
}

/**
 * The roster stored on a team row. Not parsed again (issue 9: every page reads every team's roster): the column is
 * only ever written from a zod-parsed roster (teams.saveDraft's input, or foldRoster over parsed ledger entries).
 */
export const storedRoster = (row: TeamRow): Roster => row.roster as Roster;

/** A new team, with an empty roster (its roster is the ledger module's to write: src-main/ledger, issue 18). */
export function insertTeam(db: Db, row: Omit<TeamRow, 'roster'>) {
  db.insert(teams)
    .values({ ...row, roster: { models: [] } })
    .run();
}

/** A team's name, founding time and last change; its roster is written by src-main/ledger only. */
export function updateTeam(db: Db, id: string, patch: Partial<Pick<TeamRow, 'name' | 'foundedAt' | 'updatedAt'>>) {
  // Named columns (a lint rule refuses a whole patch on teams: it could carry a roster); drizzle skips the undefined.
  const { name, foundedAt, updatedAt } = patch;
  db.update(teams).set({ name, foundedAt, updatedAt }).where(eq(teams.id, id)).run();
}
