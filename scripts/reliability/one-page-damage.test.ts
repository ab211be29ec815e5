/**
 * Issue 16, "start-up runs only quick_check": a healthy campaign file (teams, a committed game, a draft), vacuumed so
 * that every page holds something, copied once per page with that one page zeroed. Each copy is started as the
 * organiser would start it, and then the full check in the worker is awaited. Counted into reports/reliability.json:
 * copies tried; refused or set aside at start; set aside after the full check; opened as healthy (must be 0); and,
 * should any open, the screens that answered "please report this" on it. `npm run test:reliability` tries every page,
 * `npm test` a spread of them.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { Core } from '../../src-main/core';
import { DbOpenError } from '../../src-main/db/errors';
import { call, tempDir, testCore } from '../../src-main/test-support';
import { mergeReliabilityReport } from './report-file';

const FULL = process.env.RELIABILITY_FULL === '1' || process.env.npm_lifecycle_event === 'test:reliability';
const PAGE = 4096;

async function healthyFile(dir: string) {
  const core = testCore(dir, { fullCheck: false });
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: 'One page' });
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const orks = lists.find((l) => l.listKey === 'orks-sample')!.id;
  const teams: string[] = [];
  for (const [player, name] of [
    ['Alice', 'Snaggas'],
    ['Bob', 'Krumpas'],
  ] as const) {
    const p = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: player });
    const t = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: p.id, teamListId: orks, name });
    const models = [{ entryId: 'boss-nob', name: `${name} Boss` }, ...Array.from({ length: 9 }, (_, i) => ({ entryId: 'boy', name: `${name} Boy ${i + 1}` }))];
    await call(core, 'teams.saveDraft', {
      id: t.team.id,
      roster: { models: models.map((m, i) => ({ id: `${name}-${i}`, ...m, options: {}, armoury: [], grenades: {} })) },
    });
    await call(core, 'teams.found', { id: t.team.id });
    teams.push(t.team.id);
  }
  const game = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: teams[0], teamB: teams[1], mission: 'skirmish' });
  const draft = structuredClone(game.draft);
  const boss = draft.report.models.find((m) => m.side === 'a')!.id;
  draft.report.models = draft.report.models.map((m) =>
    m.side === 'b' && m.type === 'core' && m.id.endsWith('-1') ? { ...m, aliveAtEnd: false, outOfAction: { by: boss, how: 'melee' } } : m,
  );
  draft.report.sides.a.firstBlood = true;
  await call(core, 'games.saveDraft', { id: game.game.id, draft });
  const committed = await call<GameDetail>(core, 'games.commit', { id: game.game.id });
  await call(core, 'games.create', { campaignId: campaign.id, teamA: teams[1], teamB: teams[0], mission: 'relic-hunt' }); // a draft too
  core.close();
  // Every page holds something (no free pages), and the WAL is folded in.
  const file = path.join(dir, 'herald.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = DELETE');
  db.exec('VACUUM');
  db.close();
  return { file, campaignId: campaign.id, teams, gameId: committed.game.id };
}

/** The screens an organiser opens on a campaign: the answers that say "please report this". */
async function reportThis(core: Core, campaignId: string, teams: string[], gameId: string): Promise<string[]> {
  const asks: [string, unknown][] = [
    ['app.info', {}],
    ['campaigns.list', { includeArchived: true }],
    ['campaigns.get', { id: campaignId }],
    ['players.list', { campaignId }],
    ['teams.list', { campaignId }],
    ...teams.flatMap((id): [string, unknown][] => [
      ['teams.get', { id }],
      ['teams.history', { id }],
    ]),
    ['games.list', { campaignId }],
    ['games.get', { id: gameId }],
    ['campaigns.bulletin', { id: campaignId }],
    ['rulesets.current', { campaignId }],
    ['teamLists.list', {}],
    ['backups.list', {}],
  ];
  const bad: string[] = [];
  for (const [channel, input] of asks) {
    const r = await core.invoke(channel, input);
    if (!r.ok && /report this/i.test(r.error.message)) bad.push(`${channel}: ${r.error.message}`);
  }
  return bad;
}

const counts = {
  onePageDamagedFilesTried: 0,
  onePageDamagedRefusedAtStart: 0,
  onePageDamagedSetAsideAtStart: 0,
  onePageDamagedSetAsideAfterFullCheck: 0,
  onePageDamagedOpenedAsHealthy: 0,
  onePageDamagedScreensReportThis: 0,
};
const openedAsHealthy: string[] = [];

afterAll(() => {
  mergeReliabilityReport({
    ...counts,
    onePageDamagedEveryPage: FULL,
    ...(openedAsHealthy.length > 0 ? { onePageDamagedOpenedAsHealthyCases: openedAsHealthy } : {}),
  });
});

describe('one page zeroed (issue 16)', () => {
  it(
    'no copy of a healthy file with one page zeroed opens as healthy: start-up or the full check after it sets it aside',
    async () => {
      const { file, campaignId, teams, gameId } = await healthyFile(tempDir('herald-one-page-src-'));
      const bytes = fs.readFileSync(file);
      const pages = bytes.length / PAGE;
      expect(Number.isInteger(pages)).toBe(true);
      const tried = FULL ? Array.from({ length: pages }, (_, i) => i) : Array.from({ length: 16 }, (_, k) => Math.floor((k * pages) / 16));
      for (const page of tried) {
        const dir = tempDir('herald-one-page-');
        const copy = Buffer.from(bytes);
        copy.fill(0, page * PAGE, (page + 1) * PAGE);
        fs.writeFileSync(path.join(dir, 'herald.sqlite'), copy);
        counts.onePageDamagedFilesTried++;
        let core: Core | undefined;
        try {
          core = testCore(dir);
          if (core.info.recovery) {
            counts.onePageDamagedSetAsideAtStart++;
            continue;
          }
          await core.fullCheck();
          if (core.info.recovery) {
            counts.onePageDamagedSetAsideAfterFullCheck++;
            // The recovery is what app.info answers now (the renderer shows the recovery screen).
            const info = await call<{ recovery: unknown }>(core, 'app.info', {});
            expect(info.recovery).not.toBeNull();
            continue;
          }
          counts.onePageDamagedOpenedAsHealthy++;
          const bad = await reportThis(core, campaignId, teams, gameId);
          counts.onePageDamagedScreensReportThis += bad.length;
          openedAsHealthy.push(`page ${page + 1} of ${pages}${bad.length > 0 ? `: ${bad.join(' | ').slice(0, 300)}` : ''}`);
        } catch (e) {
          if (!(e instanceof DbOpenError)) throw e;
          counts.onePageDamagedRefusedAtStart++;
        } finally {
          core?.close();
        }
      }
      expect(openedAsHealthy).toEqual([]);
      expect(counts.onePageDamagedOpenedAsHealthy).toBe(0);
    },
    FULL ? 900_000 : 300_000,
  );
});
