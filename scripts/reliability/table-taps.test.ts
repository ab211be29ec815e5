/**
 * Issue 33, docs/reliability.md rule 2 at the table: a child process taps a game at the table in a loop and is
 * SIGKILLed at random moments, found by events (its READY line, its acknowledged taps), never by the clock alone.
 * Every tap it acknowledged must be in the log afterwards, exactly as sent, the file must pass integrity_check, and
 * the production core must fold the log again after the restart. Writes `tableTapsLost` (and the kills and taps) to
 * reports/reliability.json. `npm run test:reliability` kills it 50 times; `npm test` 10 times.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { TableView } from '../../shared/ipc/schemas/table';
import { MIGRATIONS, call, tempDir, testCore } from '../../src-main/test-support';
import { foundedTeams } from '../../src-main/test-support/founded-teams';
import { mergeReliabilityReport } from './report-file';

const FULL = process.env.RELIABILITY_FULL === '1' || process.env.npm_lifecycle_event === 'test:reliability';
const KILLS = FULL ? 50 : 10;

let tapper: string;
beforeAll(async () => {
  tapper = path.join(tempDir('herald-tapper-build-'), 'tapper.cjs');
  await build({
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['better-sqlite3'],
    logLevel: 'silent',
    nodePaths: [path.resolve('node_modules')],
    entryPoints: ['scripts/reliability/tapper.ts'],
    outfile: tapper,
  });
});

/** The log as stored: each tap's event text by its number, and whether the file is whole. */
function storedLog(dir: string, gameId: string) {
  const db = new Database(path.join(dir, 'herald.sqlite'), { readonly: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true }) === 'ok';
    const rows = db.prepare('SELECT seq, event FROM table_taps WHERE game_id = ? ORDER BY seq').all(gameId) as { seq: number; event: string }[];
    return { integrity, taps: new Map(rows.map((r) => [r.seq, JSON.stringify(JSON.parse(r.event))])) };
  } finally {
    db.close();
  }
}

describe('issue 33: taps at the table survive a crash', () => {
  it(`${KILLS} SIGKILLs of a child tapping a game at the table lose no acknowledged tap`, async () => {
    const dir = tempDir('herald-table-kill-');
    const core = testCore(dir);
    const { campaignId, a, b } = await foundedTeams(core, 'app', 'Table kills');
    const game = await call<GameDetail>(core, 'games.create', { campaignId, teamA: a, teamB: b, mission: 'skirmish' });
    const gameId = game.game.id;
    core.close();

    /** Every acknowledged tap: its number and the tap as sent. */
    const acked = new Map<number, string>();
    let kills = 0;
    let lost = 0;
    let corrupt = 0;
    for (let i = 0; i < KILLS; i++) {
      const proc = spawn(process.execPath, [tapper, dir, MIGRATIONS, gameId], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_PATH: path.resolve('node_modules') },
      });
      const exited = new Promise((r) => proc.once('exit', r));
      let buffer = '';
      let heard: (line: string) => void = () => {};
      proc.stdout.on('data', (d: Buffer) => {
        buffer += d.toString();
        for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          const ack = /^ACK (\d+) (.*)$/.exec(line);
          if (ack) acked.set(Number(ack[1]), ack[2]!);
          heard(line);
        }
      });
      const line = (wanted: (l: string) => boolean) => Promise.race([exited, new Promise<void>((r) => (heard = (l) => wanted(l) && r()))]);
      // One kill in five while the child starts; the others a random number of acknowledged taps into this run.
      if (i % 5 === 0) await line((l) => l === 'READY');
      else {
        let n = 1 + Math.floor(Math.random() * 30);
        await line((l) => l.startsWith('ACK ') && --n === 0);
      }
      proc.kill('SIGKILL');
      await exited;
      kills++;
      const stored = storedLog(dir, gameId);
      if (!stored.integrity) corrupt++;
      lost = [...acked].filter(([seq, tap]) => stored.taps.get(seq) !== tap).length;
      if (!stored.integrity || lost > 0) break;
    }

    // The production core opens the file again and folds the whole log.
    const after = testCore(dir);
    const view = await call<TableView>(after, 'table.get', { gameId });
    after.close();
    mergeReliabilityReport({ tableTapKills: kills, tableTapsAcknowledged: acked.size, tableTapsLost: lost, tableTapCorruptDatabases: corrupt });
    expect({ lost, corrupt }).toEqual({ lost: 0, corrupt: 0 });
    expect(acked.size).toBeGreaterThan(KILLS);
    expect(view.seq).toBeGreaterThanOrEqual(Math.max(...acked.keys()));
  }, 1_800_000);
});
