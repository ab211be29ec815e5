/**
 * Rebuilding teams' projections and roster caches from their whole ledgers and their committed games: after an
 * import, when a projection version changes (at start-up), and in tests and the benchmark to prove that what is
 * stored equals a rebuild (docs/architecture.md property 5).
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import {
  countCommitted,
  emptyTeamFold,
  foldRoster,
  foldTeamRows,
  canonicalTeamState,
  type GameResult,
  type LedgerData,
  type ProgressionEntry,
  type Roster,
  type TeamFold,
} from '../../shared/rules';
import type { Db } from '../db/open';
import { rawStatement } from '../db/prepared';
import { unpackJson } from '../db/packed-json';
import { games, ledgerEntries, teamProjections, teams, type GameRow, type LedgerRow } from '../db/schema';
import { recordOf } from './read';
import { PROJECTION_VERSION, writeProjection, writeRoster } from './store';

/**
 * The parts of a stored report the statistics need, checked with a narrow schema: reports were fully checked when
 * their game was committed, and a rebuild reads thousands of them (issue 9).
 */
export const ReportForStats = z.object({
  sides: z.object({ a: z.object({ teamId: z.string() }), b: z.object({ teamId: z.string() }) }),
  models: z.array(
    z.object({
      id: z.string(),
      side: z.enum(['a', 'b']),
      tookPart: z.boolean(),
      outOfAction: z.object({ by: z.string().nullable().optional() }).nullable().optional(),
    }),
  ),
});

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

/**
 * What an import has just written of one campaign (issue 29): its whole ledger as stored, each entry's data parsed,
 * and its games as written — rebuilt from these instead of read back and unpacked.
 */
export interface WrittenCampaign {
  ledger: readonly LedgerRow[];
  games: readonly Pick<GameRow, 'teamAId' | 'teamBId' | 'winner' | 'vpA' | 'vpB' | 'report' | 'status'>[];
}

/**
 * Every committed game of the given teams, each read and parsed once, one at a time: each is counted and let go before
 * the next is read, so a whole campaign's reports (megabytes of JSON) are never held at once (issue 29).
 */
function* committedResults(db: Db, teamIds: readonly string[], campaignId?: string, written?: WrittenCampaign): Generator<GameResult> {
  if (teamIds.length === 0) return;
  if (written) {
    for (const g of written.games)
      if (g.status === 'committed' && g.report !== null)
        yield { teamAId: g.teamAId, teamBId: g.teamBId, winner: g.winner, vpA: g.vpA, vpB: g.vpB, report: ReportForStats.parse(g.report) };
    return;
  }
  if (campaignId !== undefined) {
    // A whole campaign: one plain read (see rawStatement).
    const rows = rawStatement(
      db,
      'games.resultsForRebuild',
      `SELECT team_a_id, team_b_id, winner, vp_a, vp_b, report FROM games WHERE campaign_id = ? AND status = 'committed'`,
    ).raw(true);
    for (const r of rows.iterate(campaignId) as Iterable<unknown[]>) {
      if (r[5] === null) continue;
      yield {
        teamAId: r[0] as string,
        teamBId: r[1] as string,
        winner: r[2] as GameResult['winner'],
        vpA: r[3] as number | null,
        vpB: r[4] as number | null,
        report: ReportForStats.parse(unpackJson(r[5] as string)),
      };
    }
    return;
  }
  const ids = [...teamIds];
  yield* db
    .select({ teamAId: games.teamAId, teamBId: games.teamBId, winner: games.winner, vpA: games.vpA, vpB: games.vpB, report: games.report })
    .from(games)
    .where(and(eq(games.status, 'committed'), or(inArray(games.teamAId, ids), inArray(games.teamBId, ids))))
    .all()
    .flatMap((g) => (g.report === null ? [] : [{ ...g, report: ReportForStats.parse(g.report) }]));
}

export interface Built {
  fold: TeamFold;
  roster: Roster | null;
}

/** Where a rebuild reads from, besides the file: what an import wrote, or ledgers already read; and whether it counts games. */
export interface BuildFrom {
  /** A whole campaign's teams: its ledger and games read in one pass each. */
  campaignId?: string;
  written?: WrittenCampaign;
  /** Teams' whole ledgers as already read (an amendment reads them for its checks too), in seq order. */
  ledgers?: ReadonlyMap<string, readonly LedgerRow[]>;
  /** false: records and statistics are left empty, for the caller to count (an amendment changes one game's). */
  countGames?: boolean;
}

/** What teams' projections and roster caches are, rebuilt from their whole ledgers and their committed games. */
export function buildTeams(db: Db, teamIds: readonly string[], from: BuildFrom = {}): Map<string, Built> {
  const { campaignId, written, ledgers } = from;
  const out = new Map<string, Built>();
  // A whole campaign's ledger is read in one pass in seq order (the table's own order: a sequential read, no index), then
  // split by team; a few teams are read through their index.
  const byTeam = new Map<string, FoldSource[]>(teamIds.map((id) => [id, []]));
  if (written || ledgers) {
    for (const row of written?.ledger ?? [...ledgers!.values()].flat()) byTeam.get(row.teamId)?.push(foldSource(row));
  } else if (campaignId !== undefined) {
    const all = rawStatement(
      db,
      'ledger.campaignForRebuild',
      'SELECT seq, team_id, kind, req, data, voided_at IS NOT NULL FROM ledger_entries WHERE campaign_id = ? ORDER BY seq',
    ).raw(true);
    for (const r of all.iterate(campaignId) as Iterable<unknown[]>)
      byTeam.get(r[1] as string)?.push({
        seq: r[0] as number,
        teamId: r[1] as string,
        kind: r[2] as string,
        req: r[3] as number,
        data: unpackJson(r[4] as string) as LedgerData | ProgressionEntry,
        voided: r[5] === 1,
      });
  } else {
    for (const teamId of teamIds)
      byTeam.set(
        teamId,
        db
          .select({
            seq: ledgerEntries.seq,
            teamId: ledgerEntries.teamId,
            kind: ledgerEntries.kind,
            req: ledgerEntries.req,
            data: ledgerEntries.data,
            voidedAt: ledgerEntries.voidedAt,
          })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.teamId, teamId))
          .orderBy(asc(ledgerEntries.seq))
          .all()
          .map(({ voidedAt, data, ...r }) => ({ ...r, data: data as LedgerData | ProgressionEntry, voided: voidedAt !== null })),
      );
  }
  for (const teamId of teamIds) {
    const rows = byTeam.get(teamId)!;
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
  for (const g of committedResults(db, teamIds, campaignId, written)) {
    for (const teamId of [g.teamAId, g.teamBId]) {
      const t = wanted.has(teamId) ? out.get(teamId) : undefined;
      if (t) t.fold = countCommitted(t.fold, g, teamId, 1);
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
    for (const [id, b] of buildTeams(db, teamIds, { campaignId: teamIds.length > 3 || given ? campaignId : undefined, written: given })) built.set(id, b);
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
