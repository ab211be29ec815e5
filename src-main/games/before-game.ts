/**
 * The campaign as it stood just before a committed game (issue 27: "what a step judged from the state of its moment —
 * Underdog, Threat, the roster cap, the team taken — is judged from the replayed state before that step, never from
 * today's"). An amendment works the game out again from this, so a model parked in Tactical Reserves since, a team
 * founded since or a house rule edited since changes nothing the game decided.
 *
 * A game's place is its first ledger entry's seq over both of its teams: a game amended earlier keeps its place even
 * though the entries its amendment added were appended later. "Before the game" is every entry whose place is lower,
 * voided entries counting for nothing (as in every fold). Read-only.
 */
import {
  RESERVE_KINDS,
  emptyTeamFold,
  foldRoster,
  foldTeamRows,
  rosterCapOf,
  rosterPointsLimit,
  threat,
  threatHonourPoints,
  type LedgerData,
  type ProgressionEntry,
  type Roster,
  type Ruleset,
  type TeamFold,
} from '../../shared/rules';
import type { Db } from '../db/open';
import type { CampaignRow, GameRow, LedgerRow } from '../db/schema';
import { parseLedgerData, readCampaignFigures, teamsLedgerBefore } from '../ledger';
import { parsePinned, rulesetHistory } from '../repos/rulesets';
import { loadTeamList } from '../repos/team-lists';
import * as teamsRepo from '../repos/teams';
import { campaignRuleset, checkedRoster, loadTeam, projectionOfFold, type LoadedTeam } from './context';

/** A row's place: its game's place for a game's entry, its own seq otherwise. */
export function placeOf(places: ReadonlyMap<string, number>): (r: LedgerRow) => number {
  return (r) => (r.gameId === null ? r.seq : Math.min(places.get(r.gameId) ?? r.seq, r.seq));
}

/** Ledger rows in the order things happened: a game's entries at its place (see placeOf). */
export function ordered(rows: readonly LedgerRow[], places: ReadonlyMap<string, number>): LedgerRow[] {
  const own = new Map(places);
  for (const r of rows) if (r.gameId !== null) own.set(r.gameId, Math.min(own.get(r.gameId) ?? r.seq, r.seq));
  const at = placeOf(own);
  return [...rows].sort((x, y) => at(x) - at(y) || x.seq - y.seq);
}

/** A team's ledger rows (in order) folded: its state, Req and roster, and whether it was founded by then. */
function foldRows(rows: readonly LedgerRow[], dataOf: (r: LedgerRow) => LedgerData | ProgressionEntry): { fold: TeamFold; roster: Roster; founded: boolean } {
  const parsed: (LedgerData | ProgressionEntry)[] = rows.map(dataOf);
  const fold = foldTeamRows(
    emptyTeamFold(),
    rows.map((r) => ({ seq: r.seq, kind: r.kind, req: r.req, voided: r.voidedAt !== null })),
    parsed,
  );
  // A team founded after the place has no roster yet (foldRoster refuses a ledger without its founding).
  const founded = rows.some((r) => r.kind === 'team.founded' && r.voidedAt === null);
  const roster = founded ? foldRoster(rows.map((r, i) => ({ data: parsed[i]!, req: r.req, voided: r.voidedAt !== null }))) : { models: [] };
  return { fold, roster, founded };
}

/**
 * The ruleset the game was played with: the one pinned to the campaign when the game was committed (a house rule
 * edited since does not reach back into it; docs/decisions.md "House rules": committed games keep their entries).
 * A game committed before the campaign's first pin (pinned when an older file was first opened) plays the first.
 */
export function rulesetOfGame(db: Db, campaign: CampaignRow, game: GameRow): Ruleset {
  const history = rulesetHistory(db, campaign.id); // newest first
  const at = game.committedAt ?? game.createdAt;
  const row = history.find((r) => r.pinnedAt <= at) ?? history.at(-1);
  if (!row || row === history[0]) return campaignRuleset(db, campaign);
  // A pinned row never changes: parsed once (the preview is asked again at every edit of the amended result).
  const key = `${row.seq}|${row.hash}`;
  let ruleset = earlier.get(key);
  if (!ruleset) {
    if (earlier.size > 20) earlier.clear();
    earlier.set(key, (ruleset = parsePinned(row)));
  }
  return ruleset;
}
const earlier = new Map<string, Ruleset>();

/**
 * A team as it stood just before the game: its roster and projection folded from `rows` (its ledger before it).
 * `dataOf`: each row's data already parsed (an amendment parses its teams' ledgers once), else parsed here.
 */
export function teamBeforeGame(
  db: Db,
  teamId: string,
  campaign: CampaignRow,
  ruleset: Ruleset,
  rows: readonly LedgerRow[],
  dataOf: (r: LedgerRow) => LedgerData | ProgressionEntry = parseLedgerData,
): LoadedTeam {
  const now = loadTeam(db, teamId, campaign.pointsLimit);
  const { fold, roster } = foldRows(rows, dataOf);
  const projection = projectionOfFold(teamId, fold);
  // The roster cap of the ruleset the game was played with (issue 19), as loadTeam applies the campaign's.
  const rosterCap = rosterCapOf(ruleset);
  const limit = rosterPointsLimit(campaign.pointsLimit, now.row.foundedAt !== null, rosterCap);
  return { ...now, roster, report: checkedRoster(now.list, roster, limit), req: fold.req, projection, rosterCap };
}

/**
 * The entries a team's Threat depends on: its roster (founding, recruits, dismissals, wargear, deaths, Tactical
 * Reserves) and its honours. The rest (EXP, Req awards, injuries: most of a ledger) is not read.
 */
const THREAT_KINDS = [
  'team.founded',
  'model.recruited',
  'model.dismissed',
  'model.wargear',
  'model.died',
  ...RESERVE_KINDS,
  'honour.bought',
] as const satisfies readonly (LedgerData | ProgressionEntry)['kind'][];

/**
 * The Threat of every founded team of the campaign other than `exclude` just before `place` (docs/progression.md
 * Threat: points on the roster, reserves left out, plus the Req value of the honours its models on the roster hold).
 * A team founded after the game is not in the list. A team with no entry at or after the place stands as it stood
 * then, so its stored roster and figures are read; the others' ledgers up to the place are read in one go and folded.
 */
export function otherThreatsBefore(db: Db, campaignId: string, exclude: readonly string[], place: number): number[] {
  const figures = readCampaignFigures(db, campaignId);
  const others = teamsRepo.listTeams(db, campaignId).filter((t) => t.foundedAt !== null && !exclude.includes(t.id));
  const since = new Set(others.filter((t) => (figures.get(t.id)?.lastSeq ?? Number.MAX_SAFE_INTEGER) >= place).map((t) => t.id));
  const before = new Map<string, LedgerRow[]>();
  for (const r of teamsLedgerBefore(db, [...since], place, THREAT_KINDS)) {
    const rows = before.get(r.teamId);
    if (rows) rows.push(r);
    else before.set(r.teamId, [r]);
  }
  const points = (teamListId: string, roster: Roster) => checkedRoster(loadTeamList(db, teamListId)!, roster, Number.MAX_SAFE_INTEGER).points;
  return others.flatMap((t) => {
    if (!since.has(t.id)) return [threat(points(t.teamListId, teamsRepo.storedRoster(t)) + (figures.get(t.id)?.honourPoints ?? 0))];
    const { fold, roster, founded } = foldRows(ordered(before.get(t.id) ?? [], new Map()), parseLedgerData);
    return founded ? [threat(points(t.teamListId, roster) + threatHonourPoints(fold.state, t.id))] : [];
  });
}
