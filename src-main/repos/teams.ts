/** Teams and their ledger: data access only. */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { CampaignLedgerItem, LedgerItem } from '../../shared/rules';
import { LedgerData, PROGRESSION_ENTRY_KINDS, ProgressionEntry } from '../../shared/rules';
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

/** A team's ledger rows of one kind, in order (the ledger_team_kind index). */
export const teamLedgerOfKind = (db: Db, teamId: string, kind: string): LedgerRow[] =>
  db.select().from(ledgerEntries).where(and(eq(ledgerEntries.teamId, teamId), eq(ledgerEntries.kind, kind))).orderBy(asc(ledgerEntries.seq)).all();

/** A team's latest `limit` ledger rows (oldest first) and how many it has in all. */
export function latestTeamLedger(db: Db, teamId: string, limit: number): { rows: LedgerRow[]; total: number } {
  const rows = db.select().from(ledgerEntries).where(eq(ledgerEntries.teamId, teamId)).orderBy(desc(ledgerEntries.seq)).limit(limit).all().reverse();
  const total = db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.teamId, teamId)).get()?.n ?? 0;
  return { rows, total };
}

/** The ledger rows a game wrote (voided or not), in order. */
export const gameLedger = (db: Db, gameId: string): LedgerRow[] =>
  db.select().from(ledgerEntries).where(eq(ledgerEntries.gameId, gameId)).orderBy(asc(ledgerEntries.seq)).all();

/** A ledger row's data: a roster entry (roster/ledger.ts) or a game's progression entry (progression/entries.ts). */
export function parseLedgerData(row: Pick<LedgerRow, 'kind' | 'data'>): LedgerData | ProgressionEntry {
  return (PROGRESSION_ENTRY_KINDS as readonly string[]).includes(row.kind) ? ProgressionEntry.parse(row.data) : LedgerData.parse(row.data);
}

export const ledgerItems = (rows: readonly LedgerRow[]): LedgerItem[] =>
  rows.map((r) => ({ data: parseLedgerData(r), req: r.req, voided: r.voidedAt !== null }));

export const campaignLedger = (db: Db, campaignId: string): LedgerRow[] =>
  db.select().from(ledgerEntries).where(eq(ledgerEntries.campaignId, campaignId)).orderBy(asc(ledgerEntries.seq)).all();

export const campaignLedgerItems = (rows: readonly LedgerRow[]): CampaignLedgerItem[] =>
  rows.map((r) => ({ id: r.id, seq: r.seq, team: r.teamId, gameId: r.gameId, modelId: r.modelId, req: r.req, voided: r.voidedAt !== null, data: parseLedgerData(r) }));

/** The progression entries (games' entries and honours) of a ledger, as the rules read them, voided flag from the row. */
export const progressionEntries = (rows: readonly LedgerRow[]): ProgressionEntry[] =>
  rows.flatMap((r) => {
    if (!(PROGRESSION_ENTRY_KINDS as readonly string[]).includes(r.kind)) return [];
    return [{ ...ProgressionEntry.parse(r.data), voided: r.voidedAt !== null }];
  });

export function appendLedger(db: Db, row: Omit<LedgerRow, 'seq' | 'voidedAt'>) {
  db.insert(ledgerEntries).values({ ...row, voidedAt: null }).run();
}

/** Mark an entry voided (rows are never deleted: the history keeps what was reversed). */
export function voidLedgerEntry(db: Db, id: string, at: string) {
  db.update(ledgerEntries).set({ voidedAt: at }).where(eq(ledgerEntries.id, id)).run();
}
