/** Teams and their ledger: data access only. */
import { asc, eq } from 'drizzle-orm';
import type { LedgerItem } from '../../shared/rules';
import { LedgerData } from '../../shared/rules';
import { Roster } from '../../shared/rules';
import type { Db } from '../db/open';
import { ledgerEntries, teams, type LedgerRow, type TeamRow } from '../db/schema';
import { nameKey } from './campaigns';

export const listTeams = (db: Db, campaignId: string) =>
  db.select().from(teams).where(eq(teams.campaignId, campaignId)).orderBy(teams.name).all();
export const findTeam = (db: Db, id: string) => db.select().from(teams).where(eq(teams.id, id)).get();

export function findTeamByName(db: Db, campaignId: string, name: string): TeamRow | undefined {
  const key = nameKey(name);
  return listTeams(db, campaignId).find((t) => nameKey(t.name) === key);
}

export const storedRoster = (row: TeamRow): Roster => Roster.parse(row.roster);

export function insertTeam(db: Db, row: TeamRow) {
  db.insert(teams).values(row).run();
}

export function updateTeam(db: Db, id: string, patch: Partial<Pick<TeamRow, 'name' | 'roster' | 'foundedAt' | 'updatedAt'>>) {
  db.update(teams).set(patch).where(eq(teams.id, id)).run();
}

export const teamLedger = (db: Db, teamId: string): LedgerRow[] =>
  db.select().from(ledgerEntries).where(eq(ledgerEntries.teamId, teamId)).orderBy(asc(ledgerEntries.seq)).all();

export const ledgerItems = (rows: readonly LedgerRow[]): LedgerItem[] =>
  rows.map((r) => ({ data: LedgerData.parse(r.data), req: r.req, voided: r.voidedAt !== null }));

export function appendLedger(db: Db, row: Omit<LedgerRow, 'seq' | 'voidedAt'>) {
  db.insert(ledgerEntries).values({ ...row, voidedAt: null }).run();
}
