/**
 * The only SQL that writes the three tables of the campaign's central promise (issue 18): ledger_entries,
 * teams.roster and team_projections. Everything here is called by the rest of src-main/ledger/, which folds and
 * checks before it writes; a lint rule (eslint.config.js) keeps every other module from writing these tables.
 */
import { eq, sql } from 'drizzle-orm';
import { canonicalTeamState, modelsLost, threatHonourPoints, type Roster, type TeamFold } from '../../shared/rules';
import type { Db } from '../db/open';
import { insertRows, prepared } from '../db/prepared';
import { ledgerEntries, teamProjections, teams, type LedgerRow, type TeamRow } from '../db/schema';
import type { StoredTeamState, Undo } from './read';

/** Bump when what a projection holds or how it is folded changes: older rows are rebuilt when the file opens. */
// 3: the honour points Threat reads leave out the honours of models parked in Tactical Reserves or dismissed.
// 4 (issue 27): an amendment of an earlier game no longer ends a mauled model's sitting out.
// 5 (issue 30): a squad's directory entry counts the members that died (membersLost), so models lost counts them.
export const PROJECTION_VERSION = 5;

/** Append one ledger row; returns it as stored (with its seq). */
export function appendRow(db: Db, row: Omit<LedgerRow, 'seq' | 'voidedAt'>): LedgerRow {
  const p = (name: keyof typeof row) => sql.placeholder(name);
  const result = prepared(db, 'ledger.append', (d) =>
    d
      .insert(ledgerEntries)
      .values({
        id: p('id'),
        campaignId: p('campaignId'),
        teamId: p('teamId'),
        gameId: p('gameId'),
        modelId: p('modelId'),
        kind: p('kind'),
        req: p('req'),
        data: p('data'),
        reason: p('reason'),
        createdAt: p('createdAt'),
        voidedAt: null,
      })
      .prepare(),
  ).run(row); // drizzle encodes each placeholder with its column (data → JSON)
  return { ...row, seq: Number(result.lastInsertRowid), voidedAt: null };
}

/**
 * Rows of a campaign file being imported, kept as the file has them (their seq is the file's own order). Returns them
 * as stored, with their seq: an import judges and rebuilds from these instead of reading them back (issue 29).
 */
export function importRows(db: Db, rows: readonly Omit<LedgerRow, 'seq'>[]): LedgerRow[] {
  // One statement per connection, not one per row: a ten-year import brings ninety thousand entries (issue 29).
  const seqs = insertRows(db, ledgerEntries, rows);
  return rows.map((r, i) => ({ ...r, seq: seqs[i]! }));
}

/** Mark an entry voided (rows are never deleted: the history keeps what was reversed). */
export function voidRow(db: Db, id: string, at: string) {
  prepared(db, 'ledger.void', (d) =>
    d
      .update(ledgerEntries)
      .set({ voidedAt: sql.placeholder('at') as unknown as string })
      .where(eq(ledgerEntries.id, sql.placeholder('id')))
      .prepare(),
  ).run({ id, at });
}

/** A team's stored roster, with a statement prepared once per connection (commit and void: issue 9). */
export function writeRoster(db: Db, id: string, roster: Roster, updatedAt: string) {
  prepared(db, 'teams.updateRoster', (d) =>
    d
      .update(teams)
      .set({ roster: sql.placeholder('roster') as unknown as TeamRow['roster'], updatedAt: sql.placeholder('updatedAt') as unknown as string })
      .where(eq(teams.id, sql.placeholder('id')))
      .prepare(),
  ).run({ id, roster, updatedAt });
}

/**
 * Store a team's projection; `undo` undefined leaves the stored one as it is, null forgets it. Returns what was
 * stored (without the undo), so callers answer from what they wrote (issue 18).
 */
export function writeProjection(db: Db, teamId: string, campaignId: string, f: TeamFold, undo?: Undo | null): Omit<StoredTeamState, 'undo'> {
  const state = canonicalTeamState(f.state);
  const r = f.record;
  const row = {
    teamId,
    campaignId,
    version: PROJECTION_VERSION,
    req: f.req,
    honourPoints: threatHonourPoints(state, teamId),
    modelsLost: modelsLost(state),
    lastSeq: f.lastSeq,
    gamesPlayed: r.games,
    wins: r.wins,
    draws: r.draws,
    losses: r.losses,
    vpFor: r.vpFor,
    vpAgainst: r.vpAgainst,
    state,
  };
  // Prepared once per connection (issue 9): one statement that keeps the stored undo, one that sets it.
  const p = <K extends string>(name: K) => sql.placeholder(name);
  const columns = {
    version: p('version'),
    req: p('req'),
    honourPoints: p('honourPoints'),
    modelsLost: p('modelsLost'),
    lastSeq: p('lastSeq'),
    gamesPlayed: p('gamesPlayed'),
    wins: p('wins'),
    draws: p('draws'),
    losses: p('losses'),
    vpFor: p('vpFor'),
    vpAgainst: p('vpAgainst'),
    state: p('state'),
  };
  if (undo === undefined) {
    prepared(db, 'projections.write', (d) =>
      d
        .insert(teamProjections)
        .values({ teamId: p('teamId'), campaignId: p('campaignId'), ...columns })
        .onConflictDoUpdate({ target: teamProjections.teamId, set: asSet(columns) })
        .prepare(),
    ).run(row);
  } else if (undo === null) {
    prepared(db, 'projections.writeForgetUndo', (d) =>
      d
        .insert(teamProjections)
        .values({ teamId: p('teamId'), campaignId: p('campaignId'), ...columns })
        .onConflictDoUpdate({ target: teamProjections.teamId, set: { ...asSet(columns), undo: sql`NULL` } })
        .prepare(),
    ).run(row);
  } else {
    // drizzle encodes each placeholder with its column (state and undo → JSON).
    prepared(db, 'projections.writeWithUndo', (d) =>
      d
        .insert(teamProjections)
        .values({ teamId: p('teamId'), campaignId: p('campaignId'), ...columns, undo: p('undo') })
        .onConflictDoUpdate({ target: teamProjections.teamId, set: asSet({ ...columns, undo: p('undo') }) })
        .prepare(),
    ).run({ ...row, undo });
  }
  return { teamId, req: row.req, honourPoints: row.honourPoints, modelsLost: row.modelsLost, lastSeq: row.lastSeq, record: r, state };
}

/** The update half of an upsert: each column from the row that was to be inserted (SQLite's `excluded`). */
function asSet(columns: Record<string, unknown>) {
  const names: Record<string, string> = {
    version: 'version',
    req: 'req',
    honourPoints: 'honour_points',
    modelsLost: 'models_lost',
    lastSeq: 'last_seq',
    gamesPlayed: 'games_played',
    wins: 'wins',
    draws: 'draws',
    losses: 'losses',
    vpFor: 'vp_for',
    vpAgainst: 'vp_against',
    state: 'state',
    undo: 'undo',
  };
  return Object.fromEntries(Object.keys(columns).map((k) => [k, sql.raw(`excluded.${names[k]!}`)]));
}
