/**
 * Appending to teams' ledgers (issue 18): write the entries, fold ONLY them into each team's roster cache and stored
 * projection (issue 9: never the whole ledger), check the promises, and hand back the new team states — all in the
 * caller's transaction, so a refusal writes nothing.
 *
 * The promises checked on every append (docs/architecture.md properties 3 and 5):
 * 1. Req never goes below 0, at any point of the appended entries;
 * 2. every entry about a model names a model of its team: on the roster before, or recruited by this append
 *    (for a game: in its report too);
 * 3. the roster and the projection stored are the fold of what was stored before and the new entries.
 */
import { AppError } from '../../shared/ipc/result';
import {
  countCommitted,
  emptyTeamFold,
  foldRosterFrom,
  foldTeamRows,
  lowestBalances,
  rosterModelIds,
  type GameResult,
  type LedgerData,
  type LedgerItem,
  type ProgressionEntry,
  type Roster,
} from '../../shared/rules';
import type { Db } from '../db/open';
import type { LedgerRow } from '../db/schema';
import { foldOf, readTeamState, type StoredTeamState, type Undo } from './read';
import { appendRow, writeProjection, writeRoster } from './store';

/** One new ledger entry. */
export interface NewEntry {
  id: string;
  teamId: string;
  modelId: string | null;
  kind: string;
  req: number;
  data: LedgerData | ProgressionEntry;
  reason: string;
}

/** A team as the caller loaded it in this transaction: its row, its roster cache and its stored projection. */
export interface TeamBefore {
  row: { id: string; campaignId: string; name: string };
  roster: Roster;
  projection: StoredTeamState | undefined;
}

export interface AppendInput {
  campaignId: string;
  at: string;
  /** The game the entries belong to (a commit), or null (a roster change). */
  gameId: string | null;
  /** Written in this order (the campaign ledger's order). */
  entries: readonly NewEntry[];
  /** Every team an entry names; a committed game's two teams even when one gets no entry. */
  teams: readonly TeamBefore[];
  /** A committed game: counted into both teams' records and statistics, with the undo a quick void puts back. */
  committed?: GameResult | undefined;
  /** A further check of a team's new roster (the roster builder's rules); throws to refuse. */
  checkRoster?: ((team: TeamBefore, roster: Roster) => void) | undefined;
}

export interface TeamAfter {
  roster: Roster;
  /** The team's projection as stored by this append. */
  req: number;
  rows: LedgerRow[];
  /** The projection as stored by this append (a commit answers from it: issue 18). */
  projection: StoredTeamState;
}

/** Write `entries`, fold them into their teams' roster caches and projections, check, and return the new states. */
export function append(db: Db, input: AppendInput): Map<string, TeamAfter> {
  const written = input.entries.map((e) => ({
    entry: e,
    row: appendRow(db, { ...e, campaignId: input.campaignId, gameId: input.gameId, createdAt: input.at }),
  }));
  const out = new Map<string, TeamAfter>();
  for (const team of input.teams) {
    const mine = written.filter((w) => w.row.teamId === team.row.id);
    if (mine.length === 0 && !input.committed) continue;
    const items: LedgerItem[] = mine.map((w) => ({ data: w.entry.data, req: w.row.req, voided: false }));
    const roster = foldRosterFrom(team.roster, items);
    mustNameItsModels(
      team,
      mine.map((w) => w.row),
      items,
    );
    input.checkRoster?.(team, roster);
    const start = team.projection ? foldOf(team.projection) : emptyTeamFold();
    // Req never below 0: from the stored balance, through every new entry in order.
    const low = lowestBalances([
      { id: 'start', seq: 0, team: team.row.id, gameId: null, modelId: null, req: start.req, voided: false, data: { kind: 'req.adjusted' } },
      ...mine.map((w) => ({
        id: w.row.id,
        seq: w.row.seq,
        team: team.row.id,
        gameId: w.row.gameId,
        modelId: w.row.modelId,
        req: w.row.req,
        voided: false,
        data: w.entry.data,
      })),
    ]);
    if ((low[team.row.id] ?? 0) < 0) {
      const cost = -mine.reduce((sum, w) => sum + w.row.req, 0);
      throw new AppError(
        'VALIDATION',
        input.committed
          ? `${team.row.name} would owe Req: nothing was applied.`
          : `That costs ${cost} Req; ${team.row.name} has ${start.req} Req. Nothing was changed.`,
      );
    }
    let fold = foldTeamRows(
      start,
      mine.map((w) => ({ seq: w.row.seq, kind: w.row.kind, req: w.row.req, voided: false })),
      mine.map((w) => w.entry.data),
    );
    let undo: Undo | undefined;
    if (input.committed && input.gameId) {
      fold = countCommitted(fold, input.committed, team.row.id, 1);
      // What voiding this game right away puts back (the state before it, as stored).
      undo = { gameId: input.gameId, lastSeq: start.lastSeq, req: start.req, record: start.record, state: start.state, roster: team.roster };
    }
    if (JSON.stringify(roster) !== JSON.stringify(team.roster)) writeRoster(db, team.row.id, roster, input.at);
    const stored = writeProjection(db, team.row.id, team.row.campaignId, fold, undo);
    const projection = { ...stored, undo: undo ?? team.projection?.undo ?? null };
    out.set(team.row.id, { roster, req: fold.req, rows: mine.map((w) => w.row), projection });
  }
  return out;
}

/** Promise 2: an entry about a model names one of its team's models (on the roster before, or recruited now). */
function mustNameItsModels(team: TeamBefore, rows: readonly LedgerRow[], items: readonly LedgerItem[]) {
  // A Squad's members (shared/rules/game/squads.ts) are models of its team too: injuries and deaths name them.
  // A model parked in Tactical Reserves (shared/rules/roster/reserves.ts) is still the team's.
  const known = new Set([...team.roster.models, ...(team.roster.reserve?.models ?? [])].flatMap(rosterModelIds));
  for (const item of items) {
    const data = item.data;
    if (data.kind === 'model.recruited') known.add(data.model.id);
    if (data.kind === 'team.founded') for (const m of data.roster.models) known.add(m.id);
  }
  for (const row of rows) {
    if (row.modelId !== null && !known.has(row.modelId)) {
      throw new AppError('VALIDATION', `${row.reason} names a model that is not on ${team.row.name}'s roster: nothing was changed.`);
    }
  }
}

/** A team as stored now, for a caller that has only its id's row and roster. */
export const teamBefore = (db: Db, row: TeamBefore['row'], roster: Roster): TeamBefore => ({ row, roster, projection: readTeamState(db, row.id) });
