/**
 * The evening the Tonight screen's tests share (issue 33): Vraks's played campaign (game 1, Iron Wolves v Da Boyz, on
 * 1 November 2026) and two more founded teams, Grey Ghosts and Waaagh Riders; tonight is 27 November at 19:00.
 */
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { Core } from '../../src-main/core';
import { call, testCore } from '../../src-main/test-support';
import { playedCampaign, type PlayedCampaign } from '../../src-main/test-support/played-campaign';
import { EveningState, forgetEvening } from '../state/evening.svelte';
import { bridge } from './fake-bridge';

export interface EveningOfFour {
  core: Core;
  played: PlayedCampaign;
  ghosts: string;
  riders: string;
}

/** A founded team of a new player, from a sample list. */
async function foundTeam(core: Core, campaignId: string, player: string, listKey: string, name: string, entries: string[]) {
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const p = await call<Player>(core, 'players.create', { campaignId, name: player });
  const t = await call<TeamDetail>(core, 'teams.create', { campaignId, playerId: p.id, teamListId: lists.find((l) => l.listKey === listKey)!.id, name });
  const models = entries.map((entryId, i) => ({ id: `${name}-${i}`, entryId, name: `${name} ${i}`, options: {}, armoury: [], grenades: {} }));
  await call(core, 'teams.saveDraft', { id: t.team.id, roster: { models } });
  await call(core, 'teams.found', { id: t.team.id });
  return t.team.id;
}

/** Registers the file's hooks; the evening is filled in before its first test, and each test starts tonight afresh. */
export function useEveningOfFour(): EveningOfFour {
  const evening = {} as EveningOfFour;
  beforeAll(async () => {
    evening.core = testCore();
    evening.played = await playedCampaign(evening.core);
    const campaignId = evening.played.campaign.id;
    evening.ghosts = await foundTeam(evening.core, campaignId, 'Cara', 'space-marines-sample', 'Grey Ghosts', [
      'sergeant',
      'tactical-marine',
      'tactical-marine',
    ]);
    evening.riders = await foundTeam(evening.core, campaignId, 'Dan', 'orks-sample', 'Waaagh Riders', ['boss-nob', 'boy', 'boy', 'boy']);
  });
  afterAll(() => evening.core.close());
  beforeEach(() => {
    bridge.useCore(evening.core);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 27, 19, 0, 0));
    forgetEvening(evening.played.campaign.id);
  });
  afterEach(() => vi.useRealTimers());
  return evening;
}

export async function loadedEvening(campaignId: string): Promise<EveningState> {
  const s = new EveningState(campaignId);
  await s.load();
  return s;
}

/** The teams' names, sorted: what a test compares a pairing with. */
export const teamNames = (s: EveningState, ids: string[]) => ids.map((id) => s.team(id).name).sort();
