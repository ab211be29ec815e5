/**
 * A committed game's figures (issue 29, `game_figures`): what its statistics count — who took part, whom each took
 * out — read off its report once, when the report is written, so a rebuild of twenty thousand games reads a few
 * hundred bytes of plain JSON per game instead of inflating and parsing each report. A cache of the report: the
 * migration's trigger forgets a game's figures whenever its report changes, commit and amendment write them again in
 * the same transaction, and a rebuild writes any that are missing (an import, an old file), so figures can be missing
 * but never disagree with their report. The history's replay checks that too.
 */
import type Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { gameFigures, type GameFigures } from '../../shared/rules';
import type { Db } from '../db/open';
import { unpackJson } from '../db/packed-json';
import { prepared, rawStatement } from '../db/prepared';
import { gameFiguresTable } from '../db/schema';

/**
 * The parts of a stored report the statistics need, checked with a narrow schema: reports were fully checked when
 * their game was committed, and a rebuild may read thousands of them (issue 9).
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

/** A stored report's figures (the report as drizzle reads it: an object). */
export const figuresOfReport = (report: unknown): GameFigures => gameFigures(ReportForStats.parse(report));

/** Store a game's figures (in the transaction that wrote its report), with a statement prepared once per connection. */
export function writeFigures(db: Db, gameId: string, figures: GameFigures) {
  prepared(db, 'gameFigures.write', (d) =>
    d
      .insert(gameFiguresTable)
      .values({ gameId: sql.placeholder('gameId') as unknown as string, figures: sql.placeholder('figures') as unknown as GameFigures })
      .onConflictDoUpdate({ target: gameFiguresTable.gameId, set: { figures: sql`excluded.figures` } })
      .prepare(),
  ).run({ gameId, figures });
}

/**
 * Migration 0012's data step: the figures of every game that has a report, read off it. Returns 0 — nothing was
 * rewritten, so the migration needs no VACUUM (the rows are new; db/migrate.ts reclaims space after rewrites only).
 */
export function fillGameFigures(sqlite: Database.Database): number {
  const insert = sqlite.prepare('INSERT OR REPLACE INTO game_figures (game_id, figures) VALUES (?, ?)');
  // Read a page at a time, each page collected before its writes (SQLite does not promise what a write does to a SELECT
  // still being read on the same connection), so a 20,000-game file's reports are never all held at once.
  const page = sqlite.prepare('SELECT rowid, id, report FROM games WHERE report IS NOT NULL AND rowid > ? ORDER BY rowid LIMIT 500').raw(true);
  for (let after = 0; ;) {
    const rows = page.all(after) as [number, string, string][];
    if (rows.length === 0) return 0;
    for (const [, id, report] of rows) insert.run(id, JSON.stringify(figuresOfReport(unpackJson(report))));
    after = rows.at(-1)![0];
  }
}

/** A campaign's stored figures as their JSON text, by game id (the replay compares each with its report). */
export function storedFigures(db: Db, campaignId: string): Map<string, string> {
  const rows = rawStatement(
    db,
    'gameFigures.ofCampaign',
    'SELECT f.game_id, f.figures FROM game_figures f JOIN games g ON g.id = f.game_id WHERE g.campaign_id = ?',
  )
    .raw(true)
    .all(campaignId) as [string, string][];
  return new Map(rows);
}
