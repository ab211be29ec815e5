/**
 * The disk figures of issue 21 in reports/bench.json: the campaign file, one verified (compressed) backup of it, and
 * what the backups folder holds after ten years of the thinning policy (src-main/db/thinning.ts).
 *
 * How `backupsAfterTenYears` is computed: while the benchmark campaign is generated, a real verified backup is taken
 * at eleven points (no games, then every tenth of them) and its size kept (`GrowthPoint`). Then the ten years are
 * replayed: the club's games on their days (bench/scenario.ts `dayOf`, evenings from 19:00, ten minutes apart), one
 * backup after each game (in the app several commits in a row make one backup, and the daily and before-void backups
 * fall on the same evenings, so this counts at least as many), each as large as the campaign was then (interpolated
 * between the two nearest growth points by games played), and the history thinned after every backup exactly as
 * Backups does. The figure is the sum of the sizes of the backups still kept after the last game.
 */
import type Database from 'better-sqlite3';
import fs from 'node:fs';
import { createVerifiedBackup } from '../src-main/db/backup';
import { backupsToThin, type Dated } from '../src-main/db/thinning';

export interface GrowthPoint {
  games: number;
  dbBytes: number;
  backupBytes: number;
}

/** The campaign file's size (pages in use, WAL folded in) and a real verified backup's size, taken and removed. */
export function measureGrowth(sqlite: Database.Database, games: number, scratchDir: string): GrowthPoint {
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const info = createVerifiedBackup(sqlite, scratchDir, 'growth', new Date());
  fs.rmSync(info.path, { force: true });
  fs.rmSync(`${info.path}.manifest.json`, { force: true });
  return { games, dbBytes: fs.statSync(sqlite.name).size, backupBytes: info.bytes };
}

/** The games after which growth is measured: none, then every tenth of `total`. */
export function growthCheckpoints(total: number): Set<number> {
  return new Set(Array.from({ length: 11 }, (_, i) => Math.round((i * total) / 10)));
}

/** A backup's size after `games` games, by linear interpolation between the measured points. */
export function backupBytesAt(growth: readonly GrowthPoint[], games: number): number {
  const points = [...growth].sort((a, b) => a.games - b.games);
  if (points.length === 0) return 0;
  let lo = points[0]!;
  if (games <= lo.games) return lo.backupBytes;
  for (const p of points) {
    if (p.games === games) return p.backupBytes;
    if (p.games > games) {
      const f = (games - lo.games) / Math.max(1, p.games - lo.games);
      return Math.round(lo.backupBytes + f * (p.backupBytes - lo.backupBytes));
    }
    lo = p;
  }
  return lo.backupBytes;
}

/** Ten years of backups thinned by the policy: the bytes and the number of backups kept after the last game. */
export function backupsAfterTenYears(
  growth: readonly GrowthPoint[],
  games: number,
  dayOf: (g: number, games: number) => string,
): { bytes: number; kept: number } {
  let kept: (Dated & { bytes: number })[] = [];
  let evening = '';
  let nth = 0;
  for (let g = 1; g <= games; g++) {
    const day = dayOf(g - 1, games);
    nth = day === evening ? nth + 1 : 0;
    evening = day;
    const at = new Date(Date.parse(`${day}T19:00:00.000Z`) + nth * 10 * 60_000);
    kept.push({ file: `after-game-${g}`, createdAt: at.toISOString(), bytes: backupBytesAt(growth, g) });
    const thin = new Set(backupsToThin(kept, at));
    kept = kept.filter((b) => !thin.has(b.file));
  }
  return { bytes: kept.reduce((n, b) => n + b.bytes, 0), kept: kept.length };
}

/**
 * Where the campaign file's bytes are (issue 21, "measure first"): pages per table and index (SQLite's dbstat), and
 * the stored bytes of the large columns (packed ones as stored: db/packed-json.ts). Informational, in `sizes.where` of reports/bench.json.
 */
export function whereTheBytesAre(sqlite: Database.Database): { pages: Record<string, number>; columns: Record<string, number> } {
  const pages: Record<string, number> = {};
  try {
    const rows = sqlite.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 15').all() as {
      name: string;
      bytes: number;
    }[];
    for (const r of rows) pages[r.name] = r.bytes;
  } catch {
    // dbstat is not compiled into every SQLite: the column lengths below still say most of it.
  }
  const columns: Record<string, number> = {};
  const has = new Set(
    sqlite.prepare(`SELECT m.name || '.' || c.name FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table'`).pluck().all() as string[],
  );
  const wanted = [
    'games.plan',
    'games.draft',
    'games.report',
    'games.setup',
    'ledger_entries.data',
    'ledger_entries.reason',
    'ledger_entries.id',
    'ledger_entries.campaign_id',
    'ledger_entries.team_id',
    'ledger_entries.game_id',
    'ledger_entries.created_at',
    'team_projections.state',
    'team_projections.undo',
    'teams.roster',
    'game_rolls.purpose',
  ];
  for (const key of wanted) {
    if (!has.has(key)) continue;
    const [table, column] = key.split('.') as [string, string];
    columns[key] = Number(sqlite.prepare(`SELECT coalesce(sum(length(CAST("${column}" AS BLOB))), 0) FROM "${table}"`).pluck().get());
  }
  return { pages, columns };
}
