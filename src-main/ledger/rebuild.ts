/**
 * Rebuilding teams' projections and roster caches from their whole ledgers and their committed games: after an
 * import, when a projection version changes (at start-up), and in tests and the benchmark to prove that what is
 * stored equals a rebuild (docs/architecture.md property 5).
 */
import { eq, inArray } from 'drizzle-orm';
import {
  countGameInto,
  countResult,
  emptyTeamFold,
  foldRoster,
  foldTeamRows,
  canonicalTeamState,
  type GameFigures,
  type GameResult,
  type LedgerData,
  type ProgressionEntry,
  type Roster,
  type TeamFold,
} from '../../shared/rules';
import type { Db } from '../db/open';
import { rawStatement } from '../db/prepared';
import { unpackJson } from '../db/packed-json';
import { teamProjections, teams, type GameRow, type LedgerRow } from '../db/schema';
import { figuresOfReport, writeFigures } from '../repos/game-figures';
import { recordOf } from './read';
import { PROJECTION_VERSION, writeProjection, writeRoster } from './store';

/** Which teams to rebuild: some teams, one campaign's, every founded team of the file, or those whose projection is missing or older. */
export type RebuildScope = { teams: readonly string[] } | { campaignId: string } | 'all' | 'stale';

/**
 * A ledger row as a rebuild folds it: its place, team, kind, Req, data and whether it is voided — not its id, reason,
 * dates or links, which a ten-year campaign's ninety thousand rows would otherwise read and keep for nothing (issue 29).
 */
interface FoldSource {
  seq: number;
  teamId: string;
  kind: string;
  req: number;
  /** Read as written: every row's data was checked against its schema when it was written or imported (issue 9). */
  data: LedgerData | ProgressionEntry;
  voided: boolean;
}

const foldSource = (r: LedgerRow): FoldSource => ({
  seq: r.seq,
  teamId: r.teamId,
  kind: r.kind,
  req: r.req,
  data: r.data as LedgerData | ProgressionEntry,
  voided: r.voidedAt !== null,
});

/** A ledger row as the campaign's read gives it (seq, team, kind, Req, packed data, voided), its data unpacked. */
const unpackedSource = (r: unknown[]): FoldSource => ({
  seq: r[0] as number,
  teamId: r[1] as string,
  kind: r[2] as string,
  req: r[3] as number,
  data: unpackJson(r[4] as string) as LedgerData | ProgressionEntry,
  voided: r[5] === 1,
});

/** One team's ledger as a rebuild folds it, in seq order, its data unpacked (one plain read: see rawStatement). */
const teamRowsForRebuild = (db: Db, teamId: string): FoldSource[] =>
  (
    rawStatement(db, 'ledger.teamForRebuild', 'SELECT seq, team_id, kind, req, data, voided_at IS NOT NULL FROM ledger_entries WHERE team_id = ? ORDER BY seq')
      .raw(true)
      .all(teamId) as unknown[][]
  ).map(unpackedSource);

/**
 * What an import has just written of one campaign (issue 29): its whole ledger as stored, each entry's data parsed,
 * and its games as written — rebuilt from these instead of read back and unpacked.
 */
export interface WrittenCampaign {
  ledger: readonly LedgerRow[];
  games: readonly Pick<GameRow, 'id' | 'teamAId' | 'teamBId' | 'winner' | 'vpA' | 'vpB' | 'report' | 'status'>[];
}

/** A committed game's figures a rebuild read off its report because none were stored: the rebuild stores them. */
export interface MissingFigures {
  gameId: string;
  figures: GameFigures;
}

/**
 * Every committed game of the given teams, one at a time, as its stored figures (issue 29): a few hundred bytes of
 * plain JSON each. A game without them (just imported, or a file from before migration 0012) is read off its report,
 * and noted in `missing` for the rebuild to store.
 */
function* committedResults(
  db: Db,
  teamIds: readonly string[],
  missing: MissingFigures[],
  campaignId?: string,
  written?: WrittenCampaign,
): Generator<GameResult> {
  if (teamIds.length === 0) return;
  if (written) {
    for (const g of written.games) {
      if (g.status !== 'committed' || g.report === null) continue;
      const figures = figuresOfReport(g.report);
      missing.push({ gameId: g.id, figures });
      yield { teamAId: g.teamAId, teamBId: g.teamBId, winner: g.winner, vpA: g.vpA, vpB: g.vpB, report: figures };
    }
    return;
  }
  // A whole campaign's games, or the few teams' (by the games_results index's teams); the report read only where no
  // figures are stored. One plain read (see rawStatement).
  const columns = `g.id, g.team_a_id, g.team_b_id, g.winner, g.vp_a, g.vp_b, f.figures, CASE WHEN f.figures IS NULL THEN g.report END
     FROM games g LEFT JOIN game_figures f ON f.game_id = g.id`;
  const rows =
    campaignId !== undefined
      ? rawStatement(db, 'games.resultsForRebuild', `SELECT ${columns} WHERE g.campaign_id = ? AND g.status = 'committed'`).raw(true).iterate(campaignId)
      : rawStatement(
          db,
          'games.teamResultsForRebuild',
          `SELECT ${columns} WHERE g.status = 'committed' AND (g.team_a_id IN (SELECT value FROM json_each(?)) OR g.team_b_id IN (SELECT value FROM json_each(?)))`,
        )
          .raw(true)
          .iterate(JSON.stringify(teamIds), JSON.stringify(teamIds));
  for (const r of rows as Iterable<unknown[]>) {
    let figures: GameFigures;
    if (r[6] !== null) figures = JSON.parse(r[6] as string) as GameFigures;
    else if (r[7] !== null) missing.push({ gameId: r[0] as string, figures: (figures = figuresOfReport(unpackJson(r[7] as string))) });
    else continue;
    yield {
      teamAId: r[1] as string,
      teamBId: r[2] as string,
      winner: r[3] as GameResult['winner'],
      vpA: r[4] as number | null,
      vpB: r[5] as number | null,
      report: figures,
    };
  }
}

export interface Built {
  fold: TeamFold;
  roster: Roster | null;
}

/** What buildTeams made: each team's fold and roster, and the games' figures it had to read off their reports. */
export type BuiltTeams = Map<string, Built> & { missingFigures?: MissingFigures[] };

/** Where a rebuild reads from, besides the file: what an import wrote, or ledgers already read; and whether it counts games. */
export interface BuildFrom {
  /** A whole campaign's teams: its committed games read in one pass. */
  campaignId?: string;
  written?: WrittenCampaign;
  /** Teams' whole ledgers as already read (an amendment reads them for its checks too), in seq order. */
  ledgers?: ReadonlyMap<string, readonly LedgerRow[]>;
  /** false: records and statistics are left empty, for the caller to count (an amendment changes one game's). */
  countGames?: boolean;
}

/** What teams' projections and roster caches are, rebuilt from their whole ledgers and their committed games. */
export function buildTeams(db: Db, teamIds: readonly string[], from: BuildFrom = {}): BuiltTeams {
  const { campaignId, written, ledgers } = from;
  const out: BuiltTeams = new Map<string, Built>();
  // Each team's ledger is read on its own (by the ledger_team_seq index, already in seq order), unpacked just before its
  // fold and let go after it (issue 29): a whole campaign's entries held at once, even as read, made the garbage
  // collector copy them again and again — most of a ten-year rebuild's time — where one team's die young.
  const given = written || ledgers ? new Map<string, FoldSource[]>(teamIds.map((id) => [id, []])) : undefined;
  for (const row of written?.ledger ?? (ledgers ? [...ledgers.values()].flat() : [])) given!.get(row.teamId)?.push(foldSource(row));
  for (const teamId of teamIds) {
    const rows = given ? given.get(teamId)! : teamRowsForRebuild(db, teamId);
    // Checking a ten-year ledger's data again would be a fifth of a rebuild (issue 9); requests still parse what they read.
    const founded = rows.some((r) => r.kind === 'team.founded' && !r.voided);
    // The rows are the folds' own items: each carries its place, kind, Req, voided mark and data.
    const roster = founded ? foldRoster(rows) : null;
    out.set(teamId, {
      fold: foldTeamRows(
        emptyTeamFold(),
        rows,
        rows.map((r) => r.data),
      ),
      roster,
    });
  }
  if (from.countGames === false) return out;
  const wanted = new Set(teamIds);
  out.missingFigures = [];
  for (const g of committedResults(db, teamIds, out.missingFigures, campaignId, written)) {
    for (const teamId of [g.teamAId, g.teamBId]) {
      const t = wanted.has(teamId) ? out.get(teamId) : undefined;
      // Counted into the fold's own statistics and record (they started empty above), not copied per game.
      if (t) {
        countGameInto(t.fold.state.stats, g.report, teamId, 1);
        t.fold.record = countResult(t.fold.record, g, teamId, 1);
      }
    }
  }
  return out;
}

/** The founded teams a scope names. */
function scopeTeams(db: Db, scope: RebuildScope): string[] {
  const rows = db.select({ id: teams.id, campaignId: teams.campaignId, foundedAt: teams.foundedAt }).from(teams).all();
  const founded = rows.filter((t) => t.foundedAt !== null);
  if (scope === 'all') return founded.map((t) => t.id);
  if (scope === 'stale') {
    const current = new Map(
      db
        .select({ teamId: teamProjections.teamId, version: teamProjections.version })
        .from(teamProjections)
        .all()
        .map((r) => [r.teamId, r.version]),
    );
    return founded.filter((t) => current.get(t.id) !== PROJECTION_VERSION).map((t) => t.id);
  }
  if ('campaignId' in scope) return founded.filter((t) => t.campaignId === scope.campaignId).map((t) => t.id);
  const wanted = new Set(scope.teams);
  return founded.filter((t) => wanted.has(t.id)).map((t) => t.id);
}

/**
 * Rebuild founded teams' projections and roster caches from their ledgers; returns how many were rebuilt. `written`:
 * the campaign of a `{ campaignId }` scope as an import has just written it, in seq order.
 */
export function rebuild(db: Db, scope: RebuildScope, at: string, written?: WrittenCampaign): number {
  const ids = scopeTeams(db, scope);
  if (ids.length === 0) return 0;
  const rows = db.select({ id: teams.id, campaignId: teams.campaignId, roster: teams.roster }).from(teams).where(inArray(teams.id, ids)).all();
  const byCampaign = new Map<string, string[]>();
  for (const t of rows) byCampaign.set(t.campaignId, [...(byCampaign.get(t.campaignId) ?? []), t.id]);
  const built = new Map<string, Built>();
  for (const [campaignId, teamIds] of byCampaign) {
    const given = written && typeof scope === 'object' && 'campaignId' in scope && scope.campaignId === campaignId ? written : undefined;
    const teamsBuilt = buildTeams(db, teamIds, { campaignId: teamIds.length > 3 || given ? campaignId : undefined, written: given });
    for (const [id, b] of teamsBuilt) built.set(id, b);
    // The figures read off reports are stored (issue 29): the next rebuild reads them instead.
    for (const m of teamsBuilt.missingFigures ?? []) writeFigures(db, m.gameId, m.figures);
  }
  for (const team of rows) {
    const { fold, roster } = built.get(team.id)!;
    writeProjection(db, team.id, team.campaignId, fold, null);
    if (roster && JSON.stringify(team.roster) !== JSON.stringify(roster)) writeRoster(db, team.id, roster, at);
  }
  return ids.length;
}

/** Compare what is stored with a rebuild (tests and `npm run bench`): the teams whose cache differs. */
export function staleTeams(db: Db, teamIds: readonly string[]): string[] {
  const rows =
    teamIds.length === 0
      ? []
      : db
          .select()
          .from(teamProjections)
          .where(inArray(teamProjections.teamId, [...teamIds]))
          .all();
  const byId = new Map(rows.map((r) => [r.teamId, r]));
  const built = buildTeams(db, teamIds);
  return teamIds.filter((id) => {
    const { fold, roster } = built.get(id)!;
    const row = byId.get(id);
    const team = db.select({ roster: teams.roster }).from(teams).where(eq(teams.id, id)).get();
    return (
      !row ||
      row.req !== fold.req ||
      JSON.stringify(recordOf(row)) !== JSON.stringify(fold.record) ||
      row.lastSeq !== fold.lastSeq ||
      JSON.stringify(row.state) !== JSON.stringify(canonicalTeamState(fold.state)) ||
      (roster !== null && JSON.stringify(team?.roster) !== JSON.stringify(roster))
    );
  });
}
