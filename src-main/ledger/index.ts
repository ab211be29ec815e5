/**
 * The ledger module (issue 18): the only code that writes `ledger_entries`, `teams.roster` and `team_projections`
 * (eslint.config.js forbids it anywhere else; scripts/lint-boundaries.test.ts proves the rule fires). It keeps the
 * campaign's central promise: a team's ledger, its roster cache and its stored projection always agree, and Req
 * never goes below 0 (docs/architecture.md properties 2–5; scripts/reliability/ledger-sequences.test.ts).
 *
 * - `append` writes entries, folds them into rosters and projections, checks, and returns the new team states;
 * - `voidEntries` voids what a void plan decided; `rebuild` refolds teams from their whole ledgers;
 * - `saveDraftRoster` keeps a roster not founded yet; `importRows` puts a campaign file's ledger in place, `extendRows`
 *   a newer copy's new entries and voids (issue 22 hand-over);
 * - reads of team state: `readTeamState`, `readCampaignFigures`, `readCampaignStates`, `teamRowsAfter` (read.ts);
 *   reads of ledger rows: a team's, a game's, a campaign's, the newest of some kinds (rows.ts, newest.ts). Nothing
 *   outside this module imports the ledger's tables or names them in SQL (issue 32).
 * The pure folds are the rules package's (shared/rules/progression/team-fold.ts).
 */
import { AppError } from '../../shared/ipc/result';
import type { Roster } from '../../shared/rules';
import type { Db } from '../db/open';
import type { LedgerRow } from '../db/schema';
import { importRows as insertEntries, voidRow, writeRoster } from './store';

export { append, teamBefore, type AppendInput, type NewEntry, type TeamAfter, type TeamBefore } from './append';
export { voidEntries, type VoidInput } from './void';
export { amendEntries, type AmendInput } from './amend';
export { rebuild, staleTeams, type RebuildScope } from './rebuild';
export { readTeamState, readCampaignFigures, readCampaignHonourPoints, readCampaignStates, teamRowsAfter, type StoredTeamState, type Undo } from './read';
export {
  campaignEntryMarks,
  campaignLedger,
  campaignLedgerItems,
  campaignLedgerText,
  firstSeqOfGame,
  gameLedger,
  gamePlaces,
  injuryMarksBefore,
  latestTeamLedger,
  ledgerItems,
  liveRowsBefore,
  parseLedgerData,
  progressionEntries,
  teamEntry,
  teamLedger,
  teamLedgerOfKind,
  teamsLedger,
  teamsLedgerBefore,
} from './rows';
export { newestLiveEntries, type NewestEntry } from './newest';
export { PROJECTION_VERSION } from './store';
export { removeTeamsLedgers } from './remove';
export { modelsNamed, type FoundModel } from './search';
export { NO_RECORD, type TeamRecord, type TeamLedgerState, type DirectoryEntry } from '../../shared/rules';

/** The roster of a team not founded yet: a draft, kept legal or not. A founded team's roster is its ledger's. */
export function saveDraftRoster(db: Db, team: { id: string; name: string; foundedAt: string | null }, roster: Roster, at: string) {
  if (team.foundedAt) throw new AppError('VALIDATION', `${team.name} is founded: recruit, dismiss or buy wargear instead (they are kept in its ledger).`);
  writeRoster(db, team.id, roster, at);
}

/** A campaign file's ledger rows, as the file has them, returned as stored; the caller rebuilds the campaign's teams afterwards. */
export function importRows(db: Db, rows: readonly Omit<LedgerRow, 'seq'>[]): LedgerRow[] {
  return insertEntries(db, rows);
}

/**
 * A newer copy of a campaign coming back from another laptop (issue 22 hand-over): the entries it voids that are live
 * here are voided (at the time the other laptop voided them) and its new entries are added after this laptop's, in
 * the file's order. The caller has checked that the file's ledger extends this one and rebuilds the teams afterwards.
 */
export function extendRows(db: Db, voids: readonly { id: string; at: string }[], rows: readonly Omit<LedgerRow, 'seq'>[]) {
  for (const v of voids) voidRow(db, v.id, v.at);
  insertEntries(db, rows);
}

/**
 * A campaign file's rosters, as the file has them, with each team's own last change: called once the import has
 * checked that every founded team's roster equals its ledger folded (a draft's roster is the draft).
 */
export function importRosters(db: Db, teams: readonly { id: string; roster: unknown; updatedAt: string }[]) {
  for (const t of teams) writeRoster(db, t.id, t.roster as Roster, t.updatedAt);
}
