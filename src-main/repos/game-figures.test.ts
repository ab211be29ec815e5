/**
 * Issue 29: a committed game's stored figures (who took part, whom each took out) are a cache of its report — written
 * by commit and amendment in their transaction, forgotten whenever the report changes, filled by a rebuild and by
 * migration 0012 where missing — so they can be missing but never say something else than the report; the history's
 * replay refuses a file whose figures do.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { amendGame, gameToAmend } from '../../bench/amend';
import { generate, type ScenarioSize } from '../../bench/scenario';
import { Sfc32 } from '../../shared/rules';
import { openCampaignFile } from '../db/open';
import { unpackJson } from '../db/packed-json';
import { replayCampaign } from '../history/replay';
import { rebuild, staleTeams } from '../ledger';
import { MIGRATIONS, tempDir, testCore } from '../test-support';
import type Database from 'better-sqlite3';
import { figuresOfReport } from './game-figures';

const SMALL: ScenarioSize = { teams: 4, games: 10, modelsPerTeam: 20, outOfActionChance: 0.12, expAwardChance: 0.3 };

/** Every game with a report: its stored figures' text (undefined: none) and its report's figures as text. */
function figuresAndReports(sqlite: Database.Database) {
  const rows = sqlite
    .prepare('SELECT g.id, g.status, f.figures, g.report FROM games g LEFT JOIN game_figures f ON f.game_id = g.id WHERE g.report IS NOT NULL')
    .raw(true)
    .all() as [string, string, string | null, string][];
  return rows.map(([id, status, stored, report]) => ({ id, status, stored, fromReport: JSON.stringify(figuresOfReport(unpackJson(report))) }));
}

describe('stored game figures (issue 29)', () => {
  it('are written by commit and amendment, forgotten with a changed report, filled again by a rebuild, and judged by the replay', async () => {
    const core = testCore();
    const info = await generate(core, 'figures-test', SMALL);
    const { db, sqlite } = core.opened;
    const committed = figuresAndReports(sqlite);
    expect(committed.length).toBe(SMALL.games);
    for (const g of committed) expect(g.stored).toBe(g.fromReport);

    // An amendment (a kill moved to another model) stores the amended report's figures, which differ.
    const sfc = Sfc32.fromSeed('figures');
    const toAmend = await gameToAmend(core, info.campaignId, info.teamIds[0]!, info.teamIds[1]!, () => sfc.nextUint32() / 0x1_0000_0000);
    const before = figuresAndReports(sqlite).find((g) => g.id === toAmend.id)!.stored;
    await amendGame(core, toAmend);
    const after = figuresAndReports(sqlite).find((g) => g.id === toAmend.id)!;
    expect(after.stored).toBe(after.fromReport);
    expect(after.stored).not.toBe(before);
    expect(staleTeams(db, info.teamIds)).toEqual([]);

    // Any write of a report forgets its figures (the trigger), whoever writes it; a rebuild reads the report and stores them.
    sqlite.prepare('UPDATE games SET report = report WHERE id = ?').run(toAmend.id);
    expect(figuresAndReports(sqlite).find((g) => g.id === toAmend.id)!.stored).toBeNull();
    db.transaction((tx) => rebuild(tx, { campaignId: info.campaignId }, new Date().toISOString()));
    for (const g of figuresAndReports(sqlite)) expect(g.stored).toBe(g.fromReport);
    expect(staleTeams(db, info.teamIds)).toEqual([]);
    expect(replayCampaign(db, info.campaignId).ok).toBe(true);

    // Figures that say something else than their report (a damaged or doctored file) fail the judge, in words.
    const kills = committed.find((g) => g.status === 'committed' && /"kills":\["/.test(g.fromReport))!;
    sqlite.prepare(`UPDATE game_figures SET figures = replace(figures, '"kills":["', '"kills":["x","') WHERE game_id = ?`).run(kills.id);
    const judged = replayCampaign(db, info.campaignId);
    expect(judged.ok).toBe(false);
    expect(!judged.ok && judged.problem).toMatch(/statistics as stored .* are not what its report says/);
    core.close();
  }, 120_000);

  it('are filled for every game of an old file by migration 0012', () => {
    const dir = tempDir();
    const file = path.join(dir, 'herald.sqlite');
    fs.copyFileSync(path.resolve('src-main/db/fixtures/before-lean.sqlite'), file);
    const opened = openCampaignFile({ file, migrationsFolder: MIGRATIONS, backupsDir: path.join(dir, 'backups') });
    const games = figuresAndReports(opened.sqlite);
    expect(games.length).toBeGreaterThan(10);
    for (const g of games) expect(g.stored).toBe(g.fromReport);
    opened.sqlite.close();
  });
});
