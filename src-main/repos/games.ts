/** Games and their stored rolls: data access only. The caller owns the transaction. */
import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { prepared, rawStatement } from '../db/prepared';
import { gameRolls, games, type GameRollRow, type GameRow } from '../db/schema';
import { figuresOfReport, writeFigures } from './game-figures';
import type { RollRecord } from '../../shared/rules';

export const findGame = (db: Db, id: string): GameRow | undefined =>
  prepared(db, 'games.byId', (d) =>
    d
      .select()
      .from(games)
      .where(eq(games.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });

export interface GameFilter {
  status?: GameRow['status'][];
  teamId?: string;
  missionId?: string;
  /** Only games numbered after this one (an amendment reads the later games, never the whole history: issue 29). */
  after?: number;
}

function whereGames(campaignId: string, filter: GameFilter) {
  const where = [eq(games.campaignId, campaignId)];
  if (filter.status && filter.status.length > 0) where.push(inArray(games.status, filter.status));
  if (filter.teamId) where.push(or(eq(games.teamAId, filter.teamId), eq(games.teamBId, filter.teamId))!);
  if (filter.missionId) where.push(eq(games.missionId, filter.missionId));
  if (filter.after !== undefined) where.push(gt(games.number, filter.after));
  return and(...where);
}

export function listGames(db: Db, campaignId: string, filter: GameFilter = {}): GameRow[] {
  return db.select().from(games).where(whereGames(campaignId, filter)).orderBy(desc(games.number)).all();
}

/** A game without its JSON documents: what a walk over a campaign's games needs before it reads one whole. */
export type GameHead = Pick<GameRow, 'id' | 'number' | 'status' | 'teamAId' | 'teamBId' | 'playedOn'>;

/** The heads of a campaign's games with these statuses (the history's replay reads each game whole when it judges it). */
export function listGameHeads(db: Db, campaignId: string, status: GameRow['status'][]): GameHead[] {
  return db
    .select({ id: games.id, number: games.number, status: games.status, teamAId: games.teamAId, teamBId: games.teamBId, playedOn: games.playedOn })
    .from(games)
    .where(whereGames(campaignId, { status }))
    .all();
}

/** How many committed games the campaign has: counted in the games_results index, no row read. */
export function committedCount(db: Db, campaignId: string): number {
  return (
    rawStatement(db, 'games.committedCount', `SELECT count(*) AS n FROM games WHERE campaign_id = ? AND status = 'committed'`).get(campaignId) as { n: number }
  ).n;
}

/** The committed games' results (the records' winning runs, the bulletin's battle reports): the result columns only, never a report. */
export function committedResults(db: Db, campaignId: string): { id: string; number: number; teamA: string; teamB: string; winner: GameRow['winner'] }[] {
  // Plain SQL in game order (the campaign/number index): drizzle's row mapping cost more than the read at 5,000 games.
  return rawStatement(
    db,
    'games.committedResults',
    `SELECT id, number, team_a_id AS teamA, team_b_id AS teamB, winner FROM games WHERE campaign_id = ? AND status = 'committed' ORDER BY number`,
  ).all(campaignId) as { id: string; number: number; teamA: string; teamB: string; winner: GameRow['winner'] }[];
}

/**
 * The games list's lines, newest first, at most `limit`: the columns a summary shows and the mission's name from the
 * plan, without reading the report and draft JSON of every game (issue 9).
 */
/** The columns of a games-list line: a game without its JSON documents, and its mission's name from the plan. */
const lineColumns = {
  id: games.id,
  campaignId: games.campaignId,
  number: games.number,
  status: games.status,
  playedOn: games.playedOn,
  diceMode: games.diceMode,
  missionId: games.missionId,
  // The plan is packed (db/packed-json.ts, issue 21), so its mission's name is read from it (missionNameOf), not by
  // json_extract; a line reads only the plan's fingerprint, and the plan itself when that is new to this connection.
  planKey: sql<string | null>`${games.updatedAt} || ':' || length(${games.plan}) || ':' || substr(${games.plan}, -40)`,
  teamAId: games.teamAId,
  teamBId: games.teamBId,
  vpA: games.vpA,
  vpB: games.vpB,
  winner: games.winner,
  committedAt: games.committedAt,
  voidedAt: games.voidedAt,
  voidReason: games.voidReason,
  updatedAt: games.updatedAt,
};

type LineRow = { [K in Exclude<keyof typeof lineColumns, 'planKey'>]: GameRow[K] } & { planKey: string | null };
export type GameLine = Omit<LineRow, 'planKey'> & { missionName: string | null };

/**
 * Mission names already read off plans, per connection, by game, with the plan's fingerprint (its game's updatedAt,
 * which every write of a plan sets, and the packed text's length and tail). Inflating a plan costs zlib native memory
 * that the process keeps (issue 29: thirty openings of the campaign page held 54 MB more, and the evening page lists
 * up to 2,000 games), so each plan is inflated once per connection, not on every list; a new connection (a restore,
 * an import) starts empty.
 */
const missionNames = new WeakMap<Db, Map<string, { key: string; name: string | null }>>();

function missionNameOf(db: Db, id: string, key: string | null): string | null {
  if (key === null) return null; // no plan yet (physical dice for the set-up still being typed in)
  let names = missionNames.get(db);
  if (!names) missionNames.set(db, (names = new Map()));
  const known = names.get(id);
  if (known?.key === key) return known.name;
  const row = prepared(db, 'games.planById', (d) =>
    d
      .select({ plan: games.plan })
      .from(games)
      .where(eq(games.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
  const mission = (row?.plan as { mission?: { name?: unknown } } | null | undefined)?.mission;
  const name = typeof mission?.name === 'string' ? mission.name : null;
  names.set(id, { key, name });
  return name;
}

const lineOf = (db: Db, { planKey, ...row }: LineRow): GameLine => ({ ...row, missionName: missionNameOf(db, row.id, planKey) });

/** One game's line (see listGameLines): what a void plans with and answers, without the game's report and draft. */
export function findGameLine(db: Db, id: string): GameLine | undefined {
  const row = prepared(db, 'games.lineById', (d) =>
    d
      .select(lineColumns)
      .from(games)
      .where(eq(games.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
  return row && lineOf(db, row);
}

export function listGameLines(db: Db, campaignId: string, filter: GameFilter, limit: number): GameLine[] {
  return db
    .select(lineColumns)
    .from(games)
    .where(whereGames(campaignId, filter))
    .orderBy(desc(games.number))
    .limit(limit)
    .all()
    .map((row) => lineOf(db, row));
}

export function nextGameNumber(db: Db, campaignId: string): number {
  // The last number by the (campaign_id, number) unique index: one index step, however many games there are.
  const row = prepared(db, 'games.lastNumber', (d) =>
    d
      .select({ n: games.number })
      .from(games)
      .where(eq(games.campaignId, sql.placeholder('campaignId')))
      .orderBy(desc(games.number))
      .limit(1)
      .prepare(),
  ).get({ campaignId });
  return (row?.n ?? 0) + 1;
}

export const insertGame = (db: Db, row: GameRow) => db.insert(games).values(row).run();

export function updateGame(db: Db, id: string, patch: Partial<Omit<GameRow, 'id' | 'campaignId' | 'number'>>) {
  db.update(games).set(patch).where(eq(games.id, id)).run();
  // A new report (an amendment): its figures, in the same transaction (the trigger forgot the old ones).
  if (patch.report !== undefined && patch.report !== null) writeFigures(db, id, figuresOfReport(patch.report));
}

/** Placeholders for a prepared statement's values (drizzle still encodes JSON columns through them). */
const ph = <T>(name: string) => sql.placeholder(name) as unknown as T;

/** A game's committed result, with a statement prepared once per connection (the commit path: issue 9). */
/** A committed game keeps its report, rolls and ledger entries; its draft is cleared in the same transaction (issue 21). */
export function markCommitted(db: Db, id: string, r: Pick<GameRow, 'report' | 'vpA' | 'vpB' | 'winner' | 'committedAt' | 'updatedAt'>) {
  prepared(db, 'games.markCommitted', (d) =>
    d
      .update(games)
      .set({
        status: 'committed',
        draft: null,
        report: ph('report'),
        vpA: ph('vpA'),
        vpB: ph('vpB'),
        winner: ph('winner'),
        committedAt: ph('committedAt'),
        updatedAt: ph('updatedAt'),
      })
      .where(eq(games.id, sql.placeholder('id')))
      .prepare(),
  ).run({ id, ...r });
  if (r.report !== null) writeFigures(db, id, figuresOfReport(r.report));
}

/** A game voided, with a statement prepared once per connection (the void path: issue 9). */
export function markVoided(db: Db, id: string, r: { voidedAt: string; voidReason: string; updatedAt: string }) {
  prepared(db, 'games.markVoided', (d) =>
    d
      .update(games)
      .set({ status: 'voided', voidedAt: ph('voidedAt'), voidReason: ph('voidReason'), updatedAt: ph('updatedAt') })
      .where(eq(games.id, sql.placeholder('id')))
      .prepare(),
  ).run({ id, ...r });
}

export const deleteDraftGame = (db: Db, id: string) =>
  db
    .delete(games)
    .where(and(eq(games.id, id), eq(games.status, 'draft')))
    .run();

export const insertRolls = (db: Db, rows: GameRollRow[]) => {
  // One prepared statement run per roll: cheaper than compiling a many-row insert for every game (issue 9).
  const insert = prepared(db, 'rolls.insert', (d) =>
    d
      .insert(gameRolls)
      .values({
        gameId: ph('gameId'),
        seq: ph('seq'),
        phase: ph('phase'),
        purpose: ph('purpose'),
        expression: ph('expression'),
        faces: ph('faces'),
        total: ph('total'),
        source: ph('source'),
      })
      .prepare(),
  );
  for (const row of rows) insert.run(row);
};

/** Issue 20: an amended game's after-game rolls, in place of those stored at commit (the plan's rolls stay). */
export function replacePostRolls(db: Db, gameId: string, planRolls: number, rolls: readonly RollRecord[]) {
  db.delete(gameRolls)
    .where(and(eq(gameRolls.gameId, gameId), eq(gameRolls.phase, 'post')))
    .run();
  insertRolls(
    db,
    rolls.map((r, i) => ({
      gameId,
      seq: planRolls + i + 1,
      phase: 'post',
      purpose: r.purpose,
      expression: r.expression,
      faces: r.faces,
      total: r.total,
      source: r.source,
    })),
  );
}

export const gameRollsOf = (db: Db, gameId: string): GameRollRow[] =>
  prepared(db, 'rolls.ofGame', (d) =>
    d
      .select()
      .from(gameRolls)
      .where(eq(gameRolls.gameId, sql.placeholder('gameId')))
      .orderBy(asc(gameRolls.seq))
      .prepare(),
  ).all({ gameId });

/** Game id → its number in the campaign (light: two columns). */
export function gameNumbers(db: Db, campaignId: string): Map<string, number> {
  return new Map(
    db
      .select({ id: games.id, number: games.number })
      .from(games)
      .where(eq(games.campaignId, campaignId))
      .all()
      .map((g) => [g.id, g.number]),
  );
}

/** Game id → number, for the given games only. */
export function gameNumbersOf(db: Db, ids: readonly string[]): Map<string, number> {
  if (ids.length === 0) return new Map();
  // One statement for any number of ids (a JSON array), compiled once per connection: the team page asks on every
  // visit, and compiling an IN (…) list of its own each time cost more than the read (issue 9).
  const rows = rawStatement(db, 'games.numbersOf', 'SELECT id, number FROM games WHERE id IN (SELECT value FROM json_each(?))').all(
    JSON.stringify([...new Set(ids)]),
  ) as {
    id: string;
    number: number;
  }[];
  return new Map(rows.map((g) => [g.id, g.number]));
}
