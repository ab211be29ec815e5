/**
 * The campaign as pictures (issue 33): the series its charts draw, as plain functions over `db`.
 * - standings over time: every team's wins after each game night, from one read of the committed games' results;
 * - a team's Threat and Req after each of its game nights, and each of its models' careers (EXP, level, injuries per
 *   game), from one read of its ledger and one of its committed games — never a query per game.
 * A game night is the committed games played on one date (`played_on`, the day the organiser gave the game); voided
 * games and voided entries count for nothing, as in the standings.
 */
import { and, eq, or } from 'drizzle-orm';
import type { CampaignProgress, TeamProgress, TeamProgressPoint } from '../../shared/ipc/schemas/progress';
import { AppError } from '../../shared/ipc/result';
import {
  PROGRESSION_ENTRY_KINDS,
  emptyTeamFold,
  foldRosterFrom,
  foldTeamRows,
  inPlaceOrder,
  squadOfMember,
  threat,
  threatHonourPoints,
  validateRoster,
  type LedgerData,
  type ProgressionEntry,
  type Roster,
  type TeamList,
} from '../../shared/rules';
import type { Db } from '../db/open';
import { rawStatement } from '../db/prepared';
import { games, type CampaignRow, type LedgerRow } from '../db/schema';
import { memoByState } from '../db/state-memo';
import { campaignRuleset } from '../games/context';
import { parseLedgerData, teamLedger } from '../ledger';
import { findCampaignRow } from '../repos/campaigns';
import { listPlayers } from '../repos/players';
import { loadTeamList } from '../repos/team-lists';
import * as teamsRepo from '../repos/teams';

/** How many teams the standings chart draws: the leaders. More lines than this cannot be told apart. */
export const CHARTED_TEAMS = 8;
/**
 * At most this many game nights are sent: a ten-year campaign's thousands would be more points than a chart has
 * pixels (and a phone reads the answer every 30 s). Wins only grow, so evenly spaced nights and the last lose nothing
 * a reader can see.
 */
export const CHARTED_NIGHTS = 400;

interface Record {
  games: number;
  wins: number;
  losses: number;
  vpFor: number;
  vpAgainst: number;
}

/** The order a club reads a league table in, as campaigns.standings sorts it: wins, fewest losses, VP difference, name. */
const leagueOrder = (x: Record & { name: string }, y: Record & { name: string }) =>
  y.wins - x.wins || x.losses - y.losses || y.vpFor - y.vpAgainst - (x.vpFor - x.vpAgainst) || x.name.localeCompare(y.name);

function mustFindCampaign(db: Db, id: string): CampaignRow {
  const c = findCampaignRow(db, id);
  if (!c) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  return c;
}

interface ResultRow {
  date: string;
  a: string;
  b: string;
  winner: 'a' | 'b' | 'draw' | null;
  vpA: number | null;
  vpB: number | null;
}

/** Standings over time: one read of the committed games' result columns (the games_results index), walked by date. */
export function campaignProgress(db: Db, campaignId: string): CampaignProgress {
  mustFindCampaign(db, campaignId);
  return memoByState(db, `progress:${campaignId}`, () => campaignProgressNow(db, campaignId));
}

function campaignProgressNow(db: Db, campaignId: string): CampaignProgress {
  const playerNames = new Map(listPlayers(db, campaignId).map((p) => [p.id, p.name]));
  const teams = teamsRepo
    .listTeams(db, campaignId)
    .filter((t) => t.foundedAt !== null)
    .map((t) => ({
      id: t.id,
      name: t.name,
      playerName: playerNames.get(t.playerId) ?? '',
      record: { games: 0, wins: 0, losses: 0, vpFor: 0, vpAgainst: 0 },
      wins: [] as (number | null)[],
    }));
  const byId = new Map(teams.map((t) => [t.id, t]));
  const results = rawStatement(
    db,
    'progress.results',
    `SELECT played_on AS date, team_a_id AS a, team_b_id AS b, winner, vp_a AS vpA, vp_b AS vpB
       FROM games WHERE campaign_id = ? AND status = 'committed' ORDER BY played_on, number`,
  ).all(campaignId) as ResultRow[];

  const nights: CampaignProgress['nights'] = [];
  for (let i = 0; i < results.length;) {
    const date = results[i]!.date;
    let n = 0;
    for (; i < results.length && results[i]!.date === date; i++, n++) count(byId, results[i]!);
    nights.push({ date, games: n });
    for (const t of teams) t.wins.push(t.record.games > 0 ? t.record.wins : null);
  }
  const ordered = [...teams].sort((x, y) => leagueOrder({ ...x.record, name: x.name }, { ...y.record, name: y.name }));
  const kept = evenlySpaced(nights.length, CHARTED_NIGHTS);
  return {
    campaignId,
    nights: kept.map((i) => nights[i]!),
    nightCount: nights.length,
    teams: ordered
      .slice(0, CHARTED_TEAMS)
      .map((t, i) => ({ teamId: t.id, teamName: t.name, playerName: t.playerName, place: i + 1, wins: kept.map((k) => t.wins[k]!) })),
    teamCount: teams.length,
  };
}

/** Indexes of `n` items, at most `max`, evenly spaced, the first and the last among them. */
function evenlySpaced(n: number, max: number): number[] {
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  return [...new Set(Array.from({ length: max }, (_, k) => Math.round((k * (n - 1)) / (max - 1))))];
}

/** One committed game's result added to both teams' records. */
function count(byId: Map<string, { record: Record }>, g: ResultRow) {
  const sides = [
    [g.a, 'a', g.vpA, g.vpB],
    [g.b, 'b', g.vpB, g.vpA],
  ] as const;
  for (const [id, side, vpFor, vpAgainst] of sides) {
    const r = byId.get(id)?.record;
    if (!r) continue;
    r.games++;
    if (g.winner === side) r.wins++;
    else if (g.winner !== 'draw' && g.winner !== null) r.losses++;
    r.vpFor += vpFor ?? 0;
    r.vpAgainst += vpAgainst ?? 0;
  }
}

/** A team's Threat and Req after each of its game nights, and its models' careers. */
export function teamProgress(db: Db, teamId: string): TeamProgress {
  const team = teamsRepo.findTeam(db, teamId);
  if (!team) throw new AppError('NOT_FOUND', 'That team no longer exists.');
  return memoByState(db, `progress:team:${teamId}`, () => {
    const campaign = mustFindCampaign(db, team.campaignId);
    const list = loadTeamList(db, team.teamListId)!;
    const played = teamGames(db, team.campaignId, teamId);
    const walk = walkLedger(teamLedger(db, teamId), list, teamId);
    const levels = campaignRuleset(db, campaign).progression.system === 'experience-levels';
    return { teamId, points: nightPoints(played, walk.after), careers: careers(played, walk, levels), levels };
  });
}

interface PlayedGame {
  id: string;
  number: number;
  date: string;
  /** The roster models (a Squad by its roster line) of this team that took part. */
  tookPart: Set<string>;
}

/** The team's committed games in number order, with who took part (from the stored reports, read once each). */
function teamGames(db: Db, campaignId: string, teamId: string): PlayedGame[] {
  const rows = db
    .select({ id: games.id, number: games.number, date: games.playedOn, report: games.report })
    .from(games)
    .where(and(eq(games.campaignId, campaignId), eq(games.status, 'committed'), or(eq(games.teamAId, teamId), eq(games.teamBId, teamId))))
    .orderBy(games.number)
    .all();
  return rows.map((g) => ({ id: g.id, number: g.number, date: g.date, tookPart: tookPartIn(g.report, teamId) }));
}

/**
 * The roster models of `teamId` that took part in a committed game, read from its stored report by hand: the report
 * was checked against GameReport when it was committed, and parsing a ten-year team's 250 reports again cost more
 * than the rest of the chart. Anything not shaped as expected counts as not taking part.
 */
function tookPartIn(report: unknown, teamId: string): Set<string> {
  const r = report as { sides?: { a?: { teamId?: unknown } }; models?: unknown } | null;
  const side = r?.sides?.a?.teamId === teamId ? 'a' : 'b';
  const out = new Set<string>();
  for (const m of Array.isArray(r?.models) ? (r.models as unknown[]) : []) {
    const x = m as { id?: unknown; side?: unknown; tookPart?: unknown } | null;
    if (x && typeof x.id === 'string' && x.side === side && x.tookPart === true) out.add(unitOf(x.id));
  }
  return out;
}

/** A Squad member (shared/rules/game/squads.ts) counts for its Squad's roster line. */
const unitOf = (id: string) => squadOfMember(id)?.squadId ?? id;

/** What one game's entries did to one model. */
interface ModelInGame {
  gained: number;
  level: number;
  injuries: string[];
  died: boolean;
}

interface Walk {
  /** Req and Threat right after each game's entries (a game stands at its first entry's place: inPlaceOrder). */
  after: Map<string, { place: number; req: number; threat: number }>;
  /** Per game, per model (a Squad by its roster line): what the game's live entries did to it. */
  byGame: Map<string, Map<string, ModelInGame>>;
}

/** Entries that only move Req (their row's `req` says how much): never unpacked, a ten-year team has thousands. */
const REQ_ONLY: ReadonlySet<string> = new Set(['req.awarded', 'req.chart', 'req.underdog', 'relic.cashed', 'advance.rolled']);
const isProgression = (kind: string) => (PROGRESSION_ENTRY_KINDS as readonly string[]).includes(kind);

/**
 * The team's ledger folded once, in the order things happened: after each game's entries, its Req (every live row's
 * `req`) and Threat (the roster's points, priced again only when the roster changed, plus the honours that count:
 * docs/progression.md). Only the entries that change the roster, the honours or a model's career are unpacked.
 */
function walkLedger(rows: readonly LedgerRow[], list: TeamList, teamId: string): Walk {
  const ordered = inPlaceOrder(rows);
  const after: Walk['after'] = new Map();
  const byGame: Walk['byGame'] = new Map();
  let fold = emptyTeamFold();
  let roster: Roster | undefined;
  let points = 0;
  let req = 0;
  for (let i = 0; i < ordered.length;) {
    const gameId = ordered[i]!.gameId;
    let j = i + 1;
    while (j < ordered.length && ordered[j]!.gameId === gameId) j++;
    const live = ordered.slice(i, j).filter((r) => r.voidedAt === null);
    for (const r of live) req += r.req;
    const read = live.filter((r) => !REQ_ONLY.has(r.kind));
    const data = read.map((r) => parseLedgerData(r));
    fold = foldTeamRows(
      fold,
      read.map((r) => ({ seq: r.seq, kind: r.kind, req: r.req, voided: false })),
      data,
    );
    if (read.some((r) => r.kind === 'model.died' || !isProgression(r.kind))) {
      roster = foldRosterFrom(
        roster,
        data.map((d, k) => ({ data: d, req: read[k]!.req, voided: false })),
      );
      points = validateRoster(list, roster, Number.MAX_SAFE_INTEGER).points;
    }
    if (gameId !== null) {
      after.set(gameId, { place: i, req, threat: threat(points + threatHonourPoints(fold.state, teamId)) });
      byGame.set(gameId, modelsInGame(data));
    }
    i = j;
  }
  return { after, byGame };
}

function modelsInGame(entries: readonly (LedgerData | ProgressionEntry)[]): Map<string, ModelInGame> {
  const out = new Map<string, ModelInGame>();
  const of = (id: string) => {
    const key = unitOf(id);
    let m = out.get(key);
    if (!m) out.set(key, (m = { gained: 0, level: 0, injuries: [], died: false }));
    return m;
  };
  for (const e of entries) {
    if (e.kind === 'exp.gained') of(e.model).gained += e.amount;
    else if (e.kind === 'level.reached') of(e.model).level = Math.max(of(e.model).level, e.level);
    else if (e.kind === 'injury.rolled') of(e.model).injuries.push(e.result.text);
    // A Squad member's death is not its Squad's: the Squad lives on with one model fewer.
    else if (e.kind === 'model.died' && squadOfMember(e.model) === null) of(e.model).died = true;
  }
  return out;
}

/** One point per game night: the team as its last game that night left it. */
function nightPoints(played: readonly PlayedGame[], after: Walk['after']): TeamProgressPoint[] {
  const nights = new Map<string, { games: number[]; last: { place: number; req: number; threat: number } | null }>();
  for (const g of played) {
    const night = nights.get(g.date) ?? { games: [], last: null };
    nights.set(g.date, night);
    night.games.push(g.number);
    const a = after.get(g.id);
    if (a && (night.last === null || a.place > night.last.place)) night.last = a;
  }
  return [...nights]
    .filter(([, n]) => n.last !== null)
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([date, n]) => ({ date, games: n.games, req: n.last!.req, threat: n.last!.threat }));
}

/** Each model's games in order: its EXP and level after each (in columns), and its injuries and death. */
function careers(played: readonly PlayedGame[], walk: Walk, levels: boolean): TeamProgress['careers'] {
  const out: TeamProgress['careers'] = {};
  for (const g of played) {
    const effects = walk.byGame.get(g.id) ?? new Map<string, ModelInGame>();
    for (const id of new Set([...g.tookPart, ...effects.keys()])) {
      const e = effects.get(id);
      const c = (out[id] ??= { games: [], exp: [], levels: [], marks: [] });
      const at = c.games.length;
      c.games.push(g.number);
      c.exp.push((c.exp[at - 1] ?? 0) + (e?.gained ?? 0));
      if (levels) c.levels.push(Math.max(c.levels[at - 1] ?? 0, e?.level ?? 0));
      for (const text of e?.injuries ?? []) c.marks.push({ at, kind: 'injury', text });
      if (e?.died) c.marks.push({ at, kind: 'died', text: 'Died' });
    }
  }
  return out;
}
