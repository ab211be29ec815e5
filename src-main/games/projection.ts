/**
 * Each founded team's projection of its ledger, kept in the campaign file (issue 9: a ten-year campaign has ~100,000
 * ledger entries; reading them all on every request is too slow). docs/architecture.md: "Any cache of derived state
 * must equal a rebuild from the ledger". So:
 * - every write to a team's ledger folds ONLY the new entries into the stored projection, in the same transaction
 *   (`foldIntoTeam`); the roster cache (teams.roster) is folded the same way (`foldRosterFrom`);
 * - voiding, importing and a new projection version rebuild from the ledger (`rebuildTeam`);
 * - a test rebuilds every team and compares it with what is stored (projection.test.ts).
 * What a projection holds: Req, each model's progression (shared/rules projectModels), the directory of every model
 * the team ever had (names survive death and dismissal), and games and kills per model from the committed reports.
 */
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { prepared, rawStatement } from '../db/prepared';
import {
  PROGRESSION_ENTRY_KINDS,
  foldProgression,
  foldRoster,
  type LedgerData,
  type Projection,
  type ProgressionEntry,
  type Roster,
} from '../../shared/rules';
import type { Db } from '../db/open';
import { games, ledgerEntries, teamProjections, teams, type LedgerRow, type TeamProjectionRow } from '../db/schema';
import { parseLedgerData, updateTeamRoster } from '../repos/teams';

/** Bump when what a projection holds or how it is folded changes: older rows are rebuilt when the file opens. */
export const PROJECTION_VERSION = 2;

export interface DirectoryEntry {
  name: string;
  entryId: string;
  status: 'active' | 'dead' | 'dismissed';
}

export interface TeamState {
  /** shared/rules Projection of this team's progression entries (its models and its own team row). */
  progression: Projection;
  /** Every model the team ever had, by id. */
  directory: Record<string, DirectoryEntry>;
  /** Games played and enemy models taken out of action, per model, over the committed games. */
  stats: Record<string, { games: number; kills: number }>;
}

/** Games, W/D/L and VP over the team's committed games. */
export interface TeamRecord {
  games: number;
  wins: number;
  draws: number;
  losses: number;
  vpFor: number;
  vpAgainst: number;
}

/**
 * The parts of a stored report the statistics need, checked with a narrow schema: reports were fully checked when
 * their game was committed, and a rebuild reads thousands of them (issue 9).
 */
const ReportForStats = z.object({
  sides: z.object({ a: z.object({ teamId: z.string() }), b: z.object({ teamId: z.string() }) }),
  models: z.array(z.object({ id: z.string(), side: z.enum(['a', 'b']), tookPart: z.boolean(), outOfAction: z.object({ by: z.string().nullable().optional() }).nullable().optional() })),
});

type StatsReport = z.infer<typeof ReportForStats>;

/** One committed game's result, as a team's record counts it. */
export interface GameResult {
  teamAId: string;
  teamBId: string;
  winner: 'a' | 'b' | 'draw' | null;
  vpA: number | null;
  vpB: number | null;
  report: StatsReport;
}

/** What a team's projection and roster were before its latest committed game (team_projections.undo). */
export interface Undo {
  gameId: string;
  lastSeq: number;
  req: number;
  record: TeamRecord;
  state: TeamState;
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
  state: TeamState;
  undo: Undo | null;
}

export const NO_RECORD: TeamRecord = { games: 0, wins: 0, draws: 0, losses: 0, vpFor: 0, vpAgainst: 0 };

/** Add (sign 1) or take away (sign −1) one committed game's result from a team's record. */
function countResult(record: TeamRecord, g: GameResult, teamId: string, sign: 1 | -1): TeamRecord {
  const side = g.teamAId === teamId ? 'a' : g.teamBId === teamId ? 'b' : null;
  if (side === null) return record;
  const won = g.winner === side;
  const drawn = g.winner === 'draw';
  return {
    games: record.games + sign,
    wins: record.wins + (won ? sign : 0),
    draws: record.draws + (drawn ? sign : 0),
    losses: record.losses + (!won && !drawn ? sign : 0),
    vpFor: record.vpFor + sign * ((side === 'a' ? g.vpA : g.vpB) ?? 0),
    vpAgainst: record.vpAgainst + sign * ((side === 'a' ? g.vpB : g.vpA) ?? 0),
  };
}

const emptyState = (): TeamState => ({ progression: { models: {}, teams: {} }, directory: {}, stats: {} });

const isProgression = (row: Pick<LedgerRow, 'kind'>) => (PROGRESSION_ENTRY_KINDS as readonly string[]).includes(row.kind);

interface Folded {
  state: TeamState;
  req: number;
  lastSeq: number;
  record: TeamRecord;
}

/** Fold ledger rows (in seq order) into a team's state; voided rows count for nothing. Pure over its inputs. */
function foldRows(start: Folded, rows: readonly LedgerRow[], parsed?: readonly (LedgerData | ProgressionEntry)[]): Folded {
  let { req, lastSeq } = start;
  const { record } = start;
  const directory = { ...start.state.directory };
  const progression: ProgressionEntry[] = [];
  for (const [i, row] of rows.entries()) {
    lastSeq = Math.max(lastSeq, row.seq);
    if (row.voidedAt !== null) continue;
    req += row.req;
    const data = parsed?.[i] ?? parseLedgerData(row);
    if (isProgression(row)) {
      const entry = data as ProgressionEntry;
      progression.push(entry);
      if (entry.kind === 'model.died' && directory[entry.model]) directory[entry.model] = { ...directory[entry.model]!, status: 'dead' };
      continue;
    }
    const d = data as LedgerData;
    if (d.kind === 'team.founded') for (const m of d.roster.models) directory[m.id] = { name: m.name || m.id, entryId: m.entryId, status: 'active' };
    if (d.kind === 'model.recruited') directory[d.model.id] = { name: d.model.name || d.model.id, entryId: d.model.entryId, status: 'active' };
    if (d.kind === 'model.renamed' && directory[d.modelId]) directory[d.modelId] = { ...directory[d.modelId]!, name: d.name };
    if (d.kind === 'model.dismissed' && directory[d.modelId]) directory[d.modelId] = { ...directory[d.modelId]!, status: 'dismissed' };
  }
  const state: TeamState = {
    progression: progression.length > 0 ? foldProgression(start.state.progression, progression) : start.state.progression,
    directory,
    stats: start.state.stats,
  };
  return { state, req, lastSeq, record };
}

/** Add (sign 1) or take away (sign −1) one committed game's games and kills for the models of `teamId`. */
function countGame(stats: TeamState['stats'], report: StatsReport, teamId: string, sign: 1 | -1): TeamState['stats'] {
  const out = { ...stats };
  const side = report.sides.a.teamId === teamId ? 'a' : report.sides.b.teamId === teamId ? 'b' : null;
  if (side === null) return out;
  const ours = new Set(report.models.filter((m) => m.side === side).map((m) => m.id));
  const bump = (id: string, field: 'games' | 'kills') => {
    const s = { ...(out[id] ?? { games: 0, kills: 0 }) };
    s[field] += sign;
    out[id] = s;
  };
  for (const m of report.models) {
    if (!m.tookPart) continue;
    if (ours.has(m.id)) bump(m.id, 'games');
    const killer = m.outOfAction?.by;
    if (killer && ours.has(killer)) bump(killer, 'kills');
  }
  return out;
}

/** The stored form: keys sorted and empty statistics dropped, so an incremental fold and a rebuild store the same text. */
function canonical(state: TeamState): TeamState {
  const sorted = <T>(r: Record<string, T>, keep: (v: T) => boolean = () => true) =>
    Object.fromEntries(
      Object.keys(r)
        .sort()
        .filter((k) => keep(r[k]!))
        .map((k) => [k, r[k]!]),
    );
  return {
    progression: { models: sorted(state.progression.models), teams: sorted(state.progression.teams) },
    directory: sorted(state.directory),
    stats: sorted(state.stats, (s) => s.games !== 0 || s.kills !== 0),
  };
}

/** Store a team's projection; `undo` undefined leaves the stored one as it is, null forgets it. */
function write(db: Db, teamId: string, campaignId: string, f: Folded, undo?: Undo | null) {
  const state = canonical(f.state);
  const r = f.record;
  const row = {
    teamId,
    campaignId,
    version: PROJECTION_VERSION,
    req: f.req,
    honourPoints: state.progression.teams[teamId]?.honourPoints ?? 0,
    modelsLost: Object.values(state.directory).filter((m) => m.status === 'dead').length,
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

const recordOf = (row: Pick<TeamProjectionRow, 'gamesPlayed' | 'wins' | 'draws' | 'losses' | 'vpFor' | 'vpAgainst'>): TeamRecord => ({
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
  state: row.state as TeamState,
  undo: (row.undo as Undo | null) ?? null,
});

/** A team's stored projection (undefined for a team not founded yet). */
export function readTeamState(db: Db, teamId: string): StoredTeamState | undefined {
  const row = prepared(db, 'projections.byTeam', (d) => d.select().from(teamProjections).where(eq(teamProjections.teamId, sql.placeholder('teamId'))).prepare()).get({ teamId });
  return row ? stored(row) : undefined;
}

/** The figures of every team's projection in a campaign (Req, honour points, models lost), without the JSON. */
export function readCampaignFigures(db: Db, campaignId: string): Map<string, { req: number; honourPoints: number; modelsLost: number; record: TeamRecord }> {
  const rows = prepared(db, 'projections.figures', (d) =>
    d
      .select({
        teamId: teamProjections.teamId,
        req: teamProjections.req,
        honourPoints: teamProjections.honourPoints,
        modelsLost: teamProjections.modelsLost,
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
  return new Map(rows.map((r) => [r.teamId, { req: r.req, honourPoints: r.honourPoints, modelsLost: r.modelsLost, record: recordOf(r) }]));
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

/**
 * Fold new ledger rows (just written, in seq order) and, for a commit, the game's report into a team's stored
 * projection. The caller's transaction makes it one write with the rows themselves.
 */
export function foldIntoTeam(
  db: Db,
  team: { id: string; campaignId: string },
  rows: readonly LedgerRow[],
  committed?: GameResult & { gameId: string; rosterBefore: Roster },
  /** What the caller already has: the stored projection it read in this transaction, the rows' data parsed. */
  known?: { current: StoredTeamState | undefined; parsed: readonly (LedgerData | ProgressionEntry)[] },
) {
  const current = known ? known.current : readTeamState(db, team.id);
  const start: Folded = current ? { state: current.state, req: current.req, lastSeq: current.lastSeq, record: current.record } : { state: emptyState(), req: 0, lastSeq: 0, record: NO_RECORD };
  const folded = foldRows(start, rows, known?.parsed);
  if (committed) {
    folded.state = { ...folded.state, stats: countGame(folded.state.stats, committed.report, team.id, 1) };
    folded.record = countResult(folded.record, committed, team.id, 1);
    // What voiding this game right away puts back (the state before it, as stored).
    const undo: Undo = { gameId: committed.gameId, lastSeq: start.lastSeq, req: start.req, record: start.record, state: start.state, roster: committed.rosterBefore };
    write(db, team.id, team.campaignId, folded, undo);
  } else write(db, team.id, team.campaignId, folded);
}

/**
 * Voiding a team's latest game when nothing else was written to its ledger since: its projection and roster go
 * back to what they were before the game (what a rebuild would give: the game's rows are all voided, everything
 * before them is as it was). Returns false when that is not the case (the caller refolds instead).
 */
export function undoLatestGame(db: Db, team: { id: string; campaignId: string }, voidedRows: ReadonlySet<string>, suffix: readonly LedgerRow[], at: string): boolean {
  const current = readTeamState(db, team.id);
  const undo = current?.undo;
  if (!current || !undo) return false;
  // Exactly the team's live rows after the snapshot are being voided, and only those.
  const live = suffix.filter((r) => r.teamId === team.id && r.voidedAt === null);
  const after = live.filter((r) => r.seq > undo.lastSeq);
  const voidedHere = live.filter((r) => voidedRows.has(r.id));
  if (after.length === 0 || after.length !== voidedHere.length || !after.every((r) => voidedRows.has(r.id))) return false;
  write(db, team.id, team.campaignId, { state: undo.state, req: undo.req, lastSeq: current.lastSeq, record: undo.record }, null);
  updateTeamRoster(db, team.id, undo.roster, at);
  return true;
}

/** The ledger rows with seq above `afterSeq` for a team, in order (what a write just appended). */
export const teamRowsAfter = (db: Db, teamId: string, afterSeq: number): LedgerRow[] =>
  prepared(db, 'ledger.ofTeamAfter', (d) =>
    d
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.teamId, sql.placeholder('teamId')), gt(ledgerEntries.seq, sql.placeholder('afterSeq'))))
      .orderBy(asc(ledgerEntries.seq))
      .prepare(),
  ).all({ teamId, afterSeq });

/** Every committed game of the given teams, each read and parsed once. */
function committedResults(db: Db, teamIds: readonly string[], campaignId?: string): GameResult[] {
  if (teamIds.length === 0) return [];
  if (campaignId !== undefined) {
    // A whole campaign: one plain read (see rawStatement).
    const rows = rawStatement(db, 'games.resultsForRebuild', `SELECT team_a_id, team_b_id, winner, vp_a, vp_b, report FROM games WHERE campaign_id = ? AND status = 'committed'`).raw(true);
    const out: GameResult[] = [];
    for (const r of rows.iterate(campaignId) as Iterable<unknown[]>) {
      if (r[5] === null) continue;
      out.push({ teamAId: r[0] as string, teamBId: r[1] as string, winner: r[2] as GameResult['winner'], vpA: r[3] as number | null, vpB: r[4] as number | null, report: ReportForStats.parse(JSON.parse(r[5] as string)) });
    }
    return out;
  }
  const ids = [...teamIds];
  return db
    .select({ teamAId: games.teamAId, teamBId: games.teamBId, winner: games.winner, vpA: games.vpA, vpB: games.vpB, report: games.report })
    .from(games)
    .where(and(eq(games.status, 'committed'), or(inArray(games.teamAId, ids), inArray(games.teamBId, ids))))
    .all()
    .flatMap((g) => (g.report === null ? [] : [{ ...g, report: ReportForStats.parse(g.report) }]));
}

/** What teams' projections and roster caches are, rebuilt from their whole ledgers and their committed games. */
function buildTeams(db: Db, teamIds: readonly string[], campaignId?: string): Map<string, { folded: Folded; roster: ReturnType<typeof foldRoster> | null }> {
  const out = new Map<string, { folded: Folded; roster: ReturnType<typeof foldRoster> | null }>();
  // A whole campaign's ledger is read in one pass in seq order (the table's own order: a sequential read), then
  // split by team; a few teams are read through their index.
  const byTeam = new Map<string, LedgerRow[]>(teamIds.map((id) => [id, []]));
  if (campaignId !== undefined) {
    const all = rawStatement(
      db,
      'ledger.campaignForRebuild',
      'SELECT seq, id, campaign_id, team_id, game_id, model_id, kind, req, data, reason, created_at, voided_at FROM ledger_entries WHERE campaign_id = ? ORDER BY seq',
    ).raw(true);
    for (const r of all.iterate(campaignId) as Iterable<unknown[]>) {
      const row: LedgerRow = {
        seq: r[0] as number,
        id: r[1] as string,
        campaignId: r[2] as string,
        teamId: r[3] as string,
        gameId: r[4] as string | null,
        modelId: r[5] as string | null,
        kind: r[6] as string,
        req: r[7] as number,
        data: JSON.parse(r[8] as string) as unknown,
        reason: r[9] as string,
        createdAt: r[10] as string,
        voidedAt: r[11] as string | null,
      };
      byTeam.get(row.teamId)?.push(row);
    }
  } else {
    for (const teamId of teamIds) byTeam.set(teamId, db.select().from(ledgerEntries).where(eq(ledgerEntries.teamId, teamId)).orderBy(asc(ledgerEntries.seq)).all());
  }
  for (const teamId of teamIds) {
    const rows = byTeam.get(teamId)!;
    // Read as written: every row's data was checked against its schema when it was written (or imported), and
    // checking a ten-year ledger again would be a fifth of a rebuild (issue 9). Requests still parse what they read.
    const parsed = rows.map((r) => r.data as LedgerData | ProgressionEntry);
    const folded = foldRows({ state: emptyState(), req: 0, lastSeq: 0, record: NO_RECORD }, rows, parsed);
    const founded = rows.some((r) => r.kind === 'team.founded' && r.voidedAt === null);
    const roster = founded ? foldRoster(rows.map((r, n) => ({ data: parsed[n]!, req: r.req, voided: r.voidedAt !== null }))) : null;
    out.set(teamId, { folded, roster });
  }
  const wanted = new Set(teamIds);
  for (const g of committedResults(db, teamIds, campaignId)) {
    for (const teamId of [g.teamAId, g.teamBId]) {
      const t = wanted.has(teamId) ? out.get(teamId) : undefined;
      if (!t) continue;
      t.folded.state = { ...t.folded.state, stats: countGame(t.folded.state.stats, g.report, teamId, 1) };
      t.folded.record = countResult(t.folded.record, g, teamId, 1);
    }
  }
  return out;
}

/** What one team's projection and roster cache are, rebuilt from its whole ledger and its committed games. */
export function buildTeam(db: Db, teamId: string): { folded: Folded; roster: ReturnType<typeof foldRoster> | null } {
  return buildTeams(db, [teamId]).get(teamId)!;
}

/** Rebuild founded teams' projections and roster caches from their ledgers (void, import, new projection version). */
function rebuildTeams(db: Db, teamIds: readonly string[], at: string) {
  const rows = teamIds.length === 0 ? [] : db.select({ id: teams.id, campaignId: teams.campaignId, foundedAt: teams.foundedAt, roster: teams.roster }).from(teams).where(inArray(teams.id, [...teamIds])).all();
  const founded = rows.filter((t) => t.foundedAt !== null);
  const built = new Map<string, ReturnType<typeof buildTeam>>();
  const campaigns = new Map<string, string[]>();
  for (const t of founded) campaigns.set(t.campaignId, [...(campaigns.get(t.campaignId) ?? []), t.id]);
  for (const [campaignId, ids] of campaigns) {
    for (const [id, b] of buildTeams(db, ids, ids.length > 3 ? campaignId : undefined)) built.set(id, b);
  }
  for (const team of founded) {
    const { folded, roster } = built.get(team.id)!;
    write(db, team.id, team.campaignId, folded, null);
    if (roster && JSON.stringify(team.roster) !== JSON.stringify(roster)) db.update(teams).set({ roster, updatedAt: at }).where(eq(teams.id, team.id)).run();
  }
}

/** Rebuild one founded team's projection and roster cache from its ledger. */
export function rebuildTeam(db: Db, teamId: string, at: string) {
  rebuildTeams(db, [teamId], at);
}

/**
 * After a void: the team's projection refolded from its whole ledger as the void left it (`rows`, already read and
 * parsed by the void, in seq order), and its statistics and record without the voided games (`voided`).
 * Equal to rebuildTeam, without reading and parsing every report the team ever played.
 */
export function refoldAfterVoid(
  db: Db,
  team: { id: string; campaignId: string },
  rows: readonly LedgerRow[],
  parsed: readonly (LedgerData | ProgressionEntry)[],
  voided: readonly GameResult[],
  at: string,
) {
  const current = readTeamState(db, team.id);
  const folded = foldRows({ state: emptyState(), req: 0, lastSeq: 0, record: NO_RECORD }, rows, parsed);
  let stats = current?.state.stats ?? {};
  let record = current?.record ?? NO_RECORD;
  for (const g of voided) {
    stats = countGame(stats, g.report, team.id, -1);
    record = countResult(record, g, team.id, -1);
  }
  folded.state = { ...folded.state, stats };
  folded.record = record;
  write(db, team.id, team.campaignId, folded, null);
  const roster = foldRoster(rows.map((r, i) => ({ data: parsed[i]!, req: r.req, voided: r.voidedAt !== null })));
  db.update(teams).set({ roster, updatedAt: at }).where(eq(teams.id, team.id)).run();
}

/** Rebuild every founded team (of one campaign, or of the file). */
export function rebuildProjections(db: Db, at: string, campaignId?: string): number {
  const founded = db
    .select({ id: teams.id, foundedAt: teams.foundedAt })
    .from(teams)
    .where(campaignId ? eq(teams.campaignId, campaignId) : undefined)
    .all()
    .filter((t) => t.foundedAt !== null);
  rebuildTeams(
    db,
    founded.map((t) => t.id),
    at,
  );
  return founded.length;
}

/** Founded teams whose projection is missing or from another projection version: rebuild them (at start-up). */
export function ensureProjections(db: Db, at: string): number {
  const current = new Map(
    db
      .select({ teamId: teamProjections.teamId, version: teamProjections.version })
      .from(teamProjections)
      .all()
      .map((r) => [r.teamId, r.version]),
  );
  const stale = db
    .select({ id: teams.id, foundedAt: teams.foundedAt })
    .from(teams)
    .all()
    .filter((t) => t.foundedAt !== null && current.get(t.id) !== PROJECTION_VERSION);
  rebuildTeams(
    db,
    stale.map((t) => t.id),
    at,
  );
  return stale.length;
}

/** Compare what is stored with a rebuild (tests and `npm run bench`): the teams whose cache differs. */
export function staleTeams(db: Db, teamIds: readonly string[]): string[] {
  const rows = teamIds.length === 0 ? [] : db.select().from(teamProjections).where(inArray(teamProjections.teamId, [...teamIds])).all();
  const byId = new Map(rows.map((r) => [r.teamId, r]));
  const built = buildTeams(db, teamIds);
  return teamIds.filter((id) => {
    const { folded, roster } = built.get(id)!;
    const row = byId.get(id);
    const team = db.select({ roster: teams.roster }).from(teams).where(eq(teams.id, id)).get();
    return (
      !row ||
      row.req !== folded.req ||
      JSON.stringify(recordOf(row)) !== JSON.stringify(folded.record) ||
      row.lastSeq !== folded.lastSeq ||
      JSON.stringify(row.state) !== JSON.stringify(canonical(folded.state)) ||
      (roster !== null && JSON.stringify(team?.roster) !== JSON.stringify(roster))
    );
  });
}
