/** Reads of team state (issue 18: they go through the ledger module, like its writes). */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Roster, TeamFold, TeamLedgerState, TeamRecord } from '../../shared/rules';
import type { Db } from '../db/open';
import { prepared } from '../db/prepared';
import { ledgerEntries, teamProjections, type LedgerRow, type TeamProjectionRow } from '../db/schema';

/** What a team's projection and roster were before its latest committed game (team_projections.undo). */
export interface Undo {
  gameId: string;
  lastSeq: number;
  req: number;
  record: TeamRecord;
  state: TeamLedgerState;
  roster: Roster;
}

/** A projection as stored, with its row's figures. */
export interface StoredTeamState {
  teamId: string;
  req: number;
  honourPoints: number;
  modelsLost: number;
  lastSeq: number;
  record: TeamRecord;
  state: TeamLedgerState;
  undo: Undo | null;
}

export const recordOf = (row: Pick<TeamProjectionRow, 'gamesPlayed' | 'wins' | 'draws' | 'losses' | 'vpFor' | 'vpAgainst'>): TeamRecord => ({
  games: row.gamesPlayed,
  wins: row.wins,
  draws: row.draws,
  losses: row.losses,
  vpFor: row.vpFor,
  vpAgainst: row.vpAgainst,
});

const stored = (row: TeamProjectionRow): StoredTeamState => ({
  teamId: row.teamId,
  req: row.req,
  honourPoints: row.honourPoints,
  modelsLost: row.modelsLost,
  lastSeq: row.lastSeq,
  record: recordOf(row),
  state: row.state as TeamLedgerState,
  undo: (row.undo as Undo | null) ?? null,
});

/** The fold a stored projection continues from. */
export const foldOf = (s: StoredTeamState): TeamFold => ({ state: s.state, req: s.req, lastSeq: s.lastSeq, record: s.record });

/** A team's stored projection (undefined for a team not founded yet). */
export function readTeamState(db: Db, teamId: string): StoredTeamState | undefined {
  const row = prepared(db, 'projections.byTeam', (d) =>
    d
      .select()
      .from(teamProjections)
      .where(eq(teamProjections.teamId, sql.placeholder('teamId')))
      .prepare(),
  ).get({ teamId });
  return row ? stored(row) : undefined;
}

/** The figures of every team's projection in a campaign (Req, honour points, models lost), without the JSON. */
export function readCampaignFigures(
  db: Db,
  campaignId: string,
): Map<string, { req: number; honourPoints: number; modelsLost: number; lastSeq: number; record: TeamRecord }> {
  const rows = prepared(db, 'projections.figures', (d) =>
    d
      .select({
        teamId: teamProjections.teamId,
        req: teamProjections.req,
        honourPoints: teamProjections.honourPoints,
        modelsLost: teamProjections.modelsLost,
        lastSeq: teamProjections.lastSeq,
        gamesPlayed: teamProjections.gamesPlayed,
        wins: teamProjections.wins,
        draws: teamProjections.draws,
        losses: teamProjections.losses,
        vpFor: teamProjections.vpFor,
        vpAgainst: teamProjections.vpAgainst,
      })
      .from(teamProjections)
      .where(eq(teamProjections.campaignId, sql.placeholder('campaignId')))
      .prepare(),
  ).all({ campaignId });
  return new Map(rows.map((r) => [r.teamId, { req: r.req, honourPoints: r.honourPoints, modelsLost: r.modelsLost, lastSeq: r.lastSeq, record: recordOf(r) }]));
}

/** The honour points of every team's projection in a campaign, by team id (the Underdog's Threats). */
export function readCampaignHonourPoints(db: Db, campaignId: string): Map<string, number> {
  const rows = prepared(db, 'projections.honourPoints', (d) =>
    d
      .select({ teamId: teamProjections.teamId, honourPoints: teamProjections.honourPoints })
      .from(teamProjections)
      .where(eq(teamProjections.campaignId, sql.placeholder('campaignId')))
      .prepare(),
  ).all({ campaignId });
  return new Map(rows.map((h) => [h.teamId, h.honourPoints]));
}

/** Every stored projection of a campaign, by team id. */
export function readCampaignStates(db: Db, campaignId: string): Map<string, StoredTeamState> {
  return new Map(
    db
      .select()
      .from(teamProjections)
      .where(eq(teamProjections.campaignId, campaignId))
      .all()
      .map((r) => [r.teamId, stored(r)]),
  );
}

/** The ledger rows with seq above `afterSeq` for a team, in order. */
export const teamRowsAfter = (db: Db, teamId: string, afterSeq: number): LedgerRow[] =>
  prepared(db, 'ledger.ofTeamAfter', (d) =>
    d
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.teamId, sql.placeholder('teamId')), gt(ledgerEntries.seq, sql.placeholder('afterSeq'))))
      .orderBy(asc(ledgerEntries.seq))
      .prepare(),
  ).all({ teamId, afterSeq });
