/**
 * Issue 9 / docs/architecture.md: "Any cache of derived state must equal a rebuild from the ledger". A small club
 * campaign is played through the real handlers (the benchmark's generator: games, deaths, recruits, EXP awards),
 * then games are voided; after every step each team's stored projection and roster cache equal a rebuild.
 */
import { describe, expect, it } from 'vitest';
import type { GameSummary } from '../../shared/ipc/schemas/games';
import type { StandingRow, VoidPlan } from '../../shared/ipc/schemas/games';
import { planVoid } from '../../shared/rules';
import { ledgerModels, loadCampaignState } from '../games/context';
import { call, generate, type ScenarioSize } from '../../bench/scenario';
import { testCore } from '../test-support';
import { listGames } from '../repos/games';
import { findCampaignRow } from '../repos/campaigns';
import { voidRosterLimits } from '../games/void-rosters';
import { rebuild, staleTeams } from '.';

const SMALL: ScenarioSize = { teams: 4, games: 24, modelsPerTeam: 20, outOfActionChance: 0.12, expAwardChance: 0.3 };

describe('stored projections', () => {
  it('equal a rebuild from the ledger after games, deaths, recruits and voids', async () => {
    const core = testCore();
    const info = await generate(core, 'projection-test', SMALL);
    const db = core.opened.db;
    expect(staleTeams(db, info.teamIds)).toEqual([]);
    const died = core.opened.sqlite.prepare(`SELECT count(*) FROM ledger_entries WHERE kind = 'model.died'`).pluck().get() as number;
    const recruited = core.opened.sqlite.prepare(`SELECT count(*) FROM ledger_entries WHERE kind = 'model.recruited'`).pluck().get() as number;
    expect(died).toBeGreaterThan(0);
    expect(recruited).toBeGreaterThan(0);

    // A void's plan, made from the entries from the game on (issue 9), equals planVoid over the whole campaign ledger.
    const state = loadCampaignState(db, info.campaignId);
    const models = ledgerModels(state.items);
    const gameNumber = new Map(listGames(db, info.campaignId).map((g) => [g.id, g.number]));
    for (const game of listGames(db, info.campaignId, { status: ['committed'] }).filter((_, i) => i % 3 === 0)) {
      // Over the whole ledger, with the roster limits that tell a replacement from a routine recruit (issue 20).
      const roster = voidRosterLimits(db, findCampaignRow(db, info.campaignId)!.pointsLimit, 0);
      const full = planVoid(state.items, game.id, { entryOf: (id) => models.get(id)?.entryId, roster });
      const view = await call<VoidPlan>(core, 'games.voidPlan', { id: game.id });
      expect(view.dependents.map((d) => d.id)).toEqual(full.dependents.map((d) => d.entryId));
      expect(view.alsoVoidsGames).toEqual(full.games.slice(1).map((g) => gameNumber.get(g)));
    }

    // Void the latest games one by one (with whatever depends on them): the caches follow exactly.
    for (const game of listGames(db, info.campaignId, { status: ['committed'] }).slice(0, 6)) {
      if ((await core.invoke('games.get', { id: game.id })).ok === false) continue;
      const current = listGames(db, info.campaignId, { status: ['committed'] }).find((g) => g.id === game.id);
      if (!current) continue; // voided with an earlier one
      await call<GameSummary>(core, 'games.void', { id: game.id, reason: 'test', withDependents: true });
      expect(staleTeams(db, info.teamIds)).toEqual([]);
    }

    // Standings read from the projections equal standings after rebuilding them all.
    const before = await call<StandingRow[]>(core, 'campaigns.standings', { id: info.campaignId });
    db.transaction((tx) => rebuild(tx, 'all', new Date().toISOString()));
    expect(await call<StandingRow[]>(core, 'campaigns.standings', { id: info.campaignId })).toEqual(before);
    core.close();
  }, 120_000);

  it('are rebuilt when the file opens without them (a file from before issue 9)', async () => {
    const core = testCore();
    const info = await generate(core, 'projection-open', { ...SMALL, games: 6 });
    const standings = await call<StandingRow[]>(core, 'campaigns.standings', { id: info.campaignId });
    core.opened.sqlite.exec('DELETE FROM team_projections');
    const dir = core.paths.dataDir;
    core.close();
    const reopened = testCore(dir);
    expect(await call<StandingRow[]>(reopened, 'campaigns.standings', { id: info.campaignId })).toEqual(standings);
    expect(staleTeams(reopened.opened.db, info.teamIds)).toEqual([]);
    reopened.close();
  }, 60_000);
});
