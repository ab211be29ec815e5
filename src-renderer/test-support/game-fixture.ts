/**
 * The result wizard's component tests: one real core per test file with two founded teams (src-main/test-support), and
 * a fresh draft game for each test, loaded into the game screen's state the components are given.
 */
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { Core } from '../../src-main/core';
import { call, testCore } from '../../src-main/test-support';
import { foundedTeams } from '../../src-main/test-support/founded-teams';
import { GameState } from '../state/game.svelte';
import { bridge } from './fake-bridge';

export interface GameFixture {
  core: Core;
  campaignId: string;
  a: string;
  b: string;
}

export async function gameFixture(diceMode: 'app' | 'physical' = 'app'): Promise<GameFixture> {
  const core = testCore();
  const teams = await foundedTeams(core, diceMode, 'Wizard');
  return { core, ...teams };
}

/** A new draft game of the fixture's two teams, loaded (the bridge answers with the fixture's core). */
export async function openGame(f: GameFixture, mission = 'skirmish'): Promise<GameState> {
  bridge.useCore(f.core);
  const detail = await call<GameDetail>(f.core, 'games.create', { campaignId: f.campaignId, teamA: f.a, teamB: f.b, mission });
  const g = new GameState(detail.game.id);
  await g.load();
  return g;
}

/** The id of a model of the game, by its name. */
export function modelId(g: GameState, name: string): string {
  const m = g.detail?.models.find((x) => x.name === name);
  if (!m) throw new Error(`No model named ${name} in this game.`);
  return m.id;
}
