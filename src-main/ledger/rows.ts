/**
 * Reads of ledger rows (issue 32: the ledger's tables are read only here and in read.ts, like they are written only in
 * this module; eslint.config.js). Pages, voids, amendments, exports and the replay read a team's or a campaign's
 * ledger through these; how a row's data is parsed lives here too.
 */
import { and, asc, count, desc, eq, exists, getTableColumns, inArray, isNotNull, isNull, lt, min, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { CampaignLedgerItem, LedgerItem } from '../../shared/rules';
import { LedgerData, PROGRESSION_ENTRY_KINDS, ProgressionEntry } from '../../shared/rules';
import type { Db } from '../db/open';
import { unpackJson, unpackText } from '../db/packed-json';
import { prepared, rawStatement } from '../db/prepared';
import { ledgerEntries, ledgerMarkKinds, type LEDGER_MARK_KINDS, type LedgerRow } from '../db/schema';

/**
 * What a void needs from before its game about injuries (void-plan's `before.injuries`): the live permanent injuries
 * and Restorative Surgery honours of a team before `seq`, in order. Only the rows of those two kinds are read (the
 * ledger_team_marks index), and only their data is unpacked (issue 21: packed JSON, which SQL's JSON functions cannot
 * read); the paths are those of ledger data v1.
 */
export function injuryMarksBefore(
  db: Db,
  teamId: string,
  seq: number,
  surgery: string,
): { seq: number; kind: 'injury.rolled' | 'honour.bought'; model: string | null }[] {
  // Sorted here, not by ORDER BY: ordering by seq makes SQLite walk the team's whole ledger by (team_id, seq) instead of
  // the few rows of these kinds by ledger_team_marks (a tenth of a millisecond instead of one, at ten years).
  const rows = prepared(db, 'ledger.injuryMarksBefore', (d) =>
    d
      .select({ seq: ledgerEntries.seq, kind: ledgerEntries.kind, data: ledgerEntries.data })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.teamId, sql.placeholder('teamId')),
          inArray(ledgerEntries.kind, ['injury.rolled', 'honour.bought']),
          ledgerMarkKinds,
          lt(ledgerEntries.seq, sql.placeholder('seq')),
          isNull(ledgerEntries.voidedAt),
        ),
      )
      .prepare(),
  ).all({ teamId, seq });
  return rows
    .flatMap((r) => {
      const data = r.data as { model?: unknown; result?: { kind?: unknown }; honour?: unknown };
      if (data.result?.kind !== 'permanent-injury' && data.honour !== surgery) return [];
      return [{ seq: r.seq, kind: r.kind as 'injury.rolled' | 'honour.bought', model: typeof data.model === 'string' ? data.model : null }];
    })
    .sort((a, b) => a.seq - b.seq);
}

export const teamLedger = (db: Db, teamId: string): LedgerRow[] =>
  prepared(db, 'ledger.ofTeam', (d) =>
    d
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.teamId, sql.placeholder('teamId')))
      .orderBy(asc(ledgerEntries.seq))
      .prepare(),
  ).all({ teamId });

/**
 * The ledger rows of several teams, in seq order, in one read (by the ledger_team_seq index). A plain statement, each
 * row mapped here (issue 29): an amendment reads both its teams' whole ledgers, and drizzle's mapping of every column
 * of every row was a fifth of it.
 */
export function teamsLedger(db: Db, teamIds: readonly string[]): LedgerRow[] {
  if (teamIds.length === 0) return [];
  const rows = rawStatement(
    db,
    'ledger.ofTeams',
    `SELECT seq, id, campaign_id, team_id, game_id, model_id, kind, req, data, reason, created_at, voided_at, origin_id
       FROM ledger_entries WHERE team_id IN (SELECT value FROM json_each(?)) ORDER BY seq`,
  )
    .raw(true)
    .all(JSON.stringify(teamIds)) as unknown[][];
  return rows.map((r) => ({
    seq: r[0] as number,
    id: r[1] as string,
    campaignId: r[2] as string,
    teamId: r[3] as string,
    gameId: r[4] as string | null,
    modelId: r[5] as string | null,
    kind: r[6] as string,
    req: r[7] as number,
    data: unpackJson(r[8] as string),
    reason: r[9] as string,
    createdAt: r[10] as string,
    voidedAt: r[11] as string | null,
    originId: r[12] as string | null,
  }));
}

/**
 * The ledger rows of some `kinds` of several teams that stand before `place` (a seq), in seq order, in one read: the
 * rows written before it, and those an amendment appended later to a game that has an entry before it (a game's
 * entries stand at its first entry's place). Rows after the place are looked at, never unpacked.
 */
export function teamsLedgerBefore(db: Db, teamIds: readonly string[], place: number, kinds: readonly string[]): LedgerRow[] {
  if (teamIds.length === 0) return [];
  const first = alias(ledgerEntries, 'first_of_game');
  const earlierInGame = db
    .select({ one: sql`1` })
    .from(first)
    .where(and(eq(first.gameId, ledgerEntries.gameId), lt(first.seq, place)));
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.teamId, [...teamIds]),
        inArray(ledgerEntries.kind, [...kinds]),
        or(lt(ledgerEntries.seq, place), and(isNotNull(ledgerEntries.gameId), exists(earlierInGame))),
      ),
    )
    .orderBy(asc(ledgerEntries.seq))
    .all();
}

/**
 * The place of every game the teams took part in: its first ledger entry's seq, over both of its teams (an amendment
 * appends its entries later, and may give a team its first entry of the game). One read, by the ledger_game index.
 */
export function gamePlaces(db: Db, teamIds: readonly string[]): Map<string, number> {
  if (teamIds.length === 0) return new Map();
  const games = db
    .selectDistinct({ gameId: ledgerEntries.gameId })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.teamId, [...teamIds]), isNotNull(ledgerEntries.gameId)));
  const rows = db
    .select({ gameId: ledgerEntries.gameId, place: min(ledgerEntries.seq) })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.gameId, games))
    .groupBy(ledgerEntries.gameId)
    .all();
  return new Map(rows.flatMap((r) => (r.gameId === null || r.place === null ? [] : [[r.gameId, r.place] as const])));
}

/** A team's ledger rows of one of the mark kinds (a death, an injury, an honour), in order (the ledger_team_marks index). */
export const teamLedgerOfKind = (db: Db, teamId: string, kind: (typeof LEDGER_MARK_KINDS)[number]): LedgerRow[] =>
  prepared(db, 'ledger.ofTeamKind', (d) =>
    d
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.teamId, sql.placeholder('teamId')), eq(ledgerEntries.kind, sql.placeholder('kind')), ledgerMarkKinds))
      .orderBy(asc(ledgerEntries.seq))
      .prepare(),
  ).all({ teamId, kind });

/** A team's latest `limit` ledger rows (oldest first) and how many it has in all. */
export function latestTeamLedger(
  db: Db,
  teamId: string,
  limit: number,
): { rows: Pick<LedgerRow, 'id' | 'kind' | 'modelId' | 'req' | 'reason' | 'createdAt' | 'voidedAt'>[]; total: number } {
  // The lines a page shows, without the entries' JSON.
  const rows = prepared(db, 'ledger.latestOfTeam', (d) =>
    d
      .select({
        id: ledgerEntries.id,
        kind: ledgerEntries.kind,
        modelId: ledgerEntries.modelId,
        req: ledgerEntries.req,
        reason: ledgerEntries.reason,
        createdAt: ledgerEntries.createdAt,
        voidedAt: ledgerEntries.voidedAt,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.teamId, sql.placeholder('teamId')))
      .orderBy(desc(ledgerEntries.seq))
      .limit(sql.placeholder('limit'))
      .prepare(),
  )
    .all({ teamId, limit })
    .reverse();
  const total =
    prepared(db, 'ledger.countOfTeam', (d) =>
      d
        .select({ n: count() })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.teamId, sql.placeholder('teamId')))
        .prepare(),
    ).get({ teamId })?.n ?? 0;
  return { rows, total };
}

/** The seq of a game's first ledger entry (undefined when it wrote none). */
export const firstSeqOfGame = (db: Db, gameId: string): number | undefined =>
  prepared(db, 'ledger.firstOfGame', (d) =>
    d
      .select({ seq: ledgerEntries.seq })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.gameId, sql.placeholder('gameId')))
      .orderBy(asc(ledgerEntries.seq))
      .limit(1)
      .prepare(),
  ).get({ gameId })?.seq;

/** The ledger rows a game wrote (voided or not), in order. */
export const gameLedger = (db: Db, gameId: string): LedgerRow[] =>
  prepared(db, 'ledger.ofGame', (d) =>
    d
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.gameId, sql.placeholder('gameId')))
      .orderBy(asc(ledgerEntries.seq))
      .prepare(),
  ).all({ gameId });

/** A ledger row's data: a roster entry (roster/ledger.ts) or a game's progression entry (progression/entries.ts). */
export function parseLedgerData(row: Pick<LedgerRow, 'kind' | 'data'>): LedgerData | ProgressionEntry {
  return (PROGRESSION_ENTRY_KINDS as readonly string[]).includes(row.kind) ? ProgressionEntry.parse(row.data) : LedgerData.parse(row.data);
}

export const ledgerItems = (rows: readonly LedgerRow[]): LedgerItem[] =>
  rows.map((r) => ({ data: parseLedgerData(r), req: r.req, voided: r.voidedAt !== null }));

export const campaignLedger = (db: Db, campaignId: string): LedgerRow[] =>
  db.select().from(ledgerEntries).where(eq(ledgerEntries.campaignId, campaignId)).orderBy(asc(ledgerEntries.seq)).all();

/**
 * A campaign's ledger in seq order, each entry's data as its JSON text (unpacked, not parsed): for the campaign file's
 * writing, which writes it as it is (issue 29).
 */
export function campaignLedgerText(db: Db, campaignId: string): (Omit<LedgerRow, 'data'> & { data: string })[] {
  const { data, ...plain } = getTableColumns(ledgerEntries);
  return db
    .select({ ...plain, data: sql<string>`${data}` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.campaignId, campaignId))
    .orderBy(asc(ledgerEntries.seq))
    .all()
    .map((r) => ({ ...r, data: unpackText(r.data) }));
}

/** `dataOf`: each row's data already parsed (the replay parses every row once), else parsed here. */
export const campaignLedgerItems = (
  rows: readonly LedgerRow[],
  dataOf: (r: LedgerRow) => LedgerData | ProgressionEntry = parseLedgerData,
): CampaignLedgerItem[] =>
  rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    team: r.teamId,
    gameId: r.gameId,
    modelId: r.modelId,
    req: r.req,
    voided: r.voidedAt !== null,
    data: dataOf(r),
  }));

/** The progression entries (games' entries and honours) of a ledger, as the rules read them, voided flag from the row. */
export const progressionEntries = (rows: readonly LedgerRow[]): ProgressionEntry[] =>
  rows.flatMap((r) => {
    if (!(PROGRESSION_ENTRY_KINDS as readonly string[]).includes(r.kind)) return [];
    return [{ ...ProgressionEntry.parse(r.data), voided: r.voidedAt !== null }];
  });

/** One entry of a team's ledger by its id (undefined: not this team's). */
export const teamEntry = (db: Db, teamId: string, entryId: string): LedgerRow | undefined =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, entryId), eq(ledgerEntries.teamId, teamId)))
    .get();

/** A team's live ledger rows of some `kinds` before entry `seq`, in order. */
export const liveRowsBefore = (db: Db, teamId: string, seq: number, kinds: readonly string[]): LedgerRow[] =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.teamId, teamId), lt(ledgerEntries.seq, seq), isNull(ledgerEntries.voidedAt), inArray(ledgerEntries.kind, [...kinds])))
    .orderBy(asc(ledgerEntries.seq))
    .all();

/** Every entry of a campaign's ledger by id, with its identity across laptops and its void mark (issue 22 hand-over). */
export const campaignEntryMarks = (db: Db, campaignId: string): { id: string; originId: string | null; voidedAt: string | null }[] =>
  db
    .select({ id: ledgerEntries.id, originId: ledgerEntries.originId, voidedAt: ledgerEntries.voidedAt })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.campaignId, campaignId))
    .all();
