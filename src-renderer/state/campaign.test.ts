/** One campaign's page (state/campaign.svelte.ts) over the real handlers: players, teams, standings, games, settings. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../src-main/core';
import { call, testCore } from '../../src-main/test-support';
import { playedCampaign, type PlayedCampaign } from '../../src-main/test-support/played-campaign';
import { bridge } from '../test-support/fake-bridge';
import { CampaignState } from './campaign.svelte';

let core: Core;
let played: PlayedCampaign;
beforeAll(async () => {
  core = testCore();
  played = await playedCampaign(core);
});
afterAll(() => core.close());
beforeEach(() => bridge.useCore(core));

async function loaded() {
  const s = new CampaignState(played.campaign.id);
  await s.load();
  return s;
}

describe('CampaignState', () => {
  it('loads the campaign, its players, teams, lists, standings, games and settings', async () => {
    const s = await loaded();
    expect(s.loaded).toBe(true);
    expect(s.error).toBeNull();
    expect(s.campaign?.name).toBe('Vraks');
    expect(s.players.map((p) => p.name).sort()).toEqual(['Alice', 'Bob']);
    expect(s.foundedTeams.map((t) => t.name).sort()).toEqual(['Da Boyz', 'Iron Wolves']);
    expect(s.teamLists.length).toBeGreaterThan(0);
    expect(s.standings).toHaveLength(2);
    expect(s.games).toHaveLength(1);
    expect(s.settings?.diceMode).toBeTruthy();
  });

  it('adds a player and shows them at once', async () => {
    const s = await loaded();
    expect(await s.addPlayer('Carol')).toBeNull();
    expect(s.activePlayers.map((p) => p.name)).toContain('Carol');
  });

  it('puts a refused name next to the name field, and adds no one', async () => {
    const s = await loaded();
    const before = s.players.length;
    const errors = await s.addPlayer('');
    expect(errors?.name ?? errors?.form).toBeTruthy();
    expect(s.players).toHaveLength(before);
  });

  it('renames a player, retires and brings them back', async () => {
    const s = await loaded();
    const id = (await call<{ id: string }>(core, 'players.create', { campaignId: played.campaign.id, name: 'Dave' })).id;
    await s.load();
    expect(await s.renamePlayer(id, 'David')).toBeNull();
    expect(s.players.find((p) => p.id === id)?.name).toBe('David');
    expect(await s.setRetired(id, true)).toBeNull();
    expect(s.activePlayers.some((p) => p.id === id)).toBe(false);
    expect(await s.setRetired(id, false)).toBeNull();
    expect(s.activePlayers.some((p) => p.id === id)).toBe(true);
  });

  it('creates a team for a player and lists it, not founded yet', async () => {
    const s = await loaded();
    const list = s.teamLists.find((l) => l.listKey === 'orks-sample')!;
    const out = await s.createTeam({ playerId: played.player, teamListId: list.id, name: 'Snotlings' });
    expect('id' in out).toBe(true);
    expect(s.teams.find((t) => t.name === 'Snotlings')?.founded).toBe(false);
    expect(s.foundedTeams.some((t) => t.name === 'Snotlings')).toBe(false);
  });

  it('says why a team could not be created', async () => {
    const s = await loaded();
    const out = await s.createTeam({ playerId: played.player, teamListId: '00000000-0000-4000-8000-999999999999', name: 'Nobody' });
    expect('id' in out).toBe(false);
    expect(Object.values(out).join(' ')).not.toBe('');
  });

  it('filters the games, and an answer to an older filter does not replace a newer one', async () => {
    const s = await loaded();
    bridge.hold('games.list');
    s.setFilters({ status: 'voided' });
    s.setFilters({ status: 'committed' });
    await vi.waitFor(() => expect(bridge.heldCalls('games.list')).toHaveLength(2));
    const [older, newer] = bridge.heldCalls('games.list');
    newer!.pass();
    await vi.waitFor(() => expect(bridge.heldCalls('games.list')).toHaveLength(1));
    older!.answer([]);
    await vi.waitFor(() => expect(s.games).toHaveLength(1));
    expect(bridge.inputsOf('games.list').at(-1)).toMatchObject({ status: ['committed'] });
  });

  it('asks for one more page of games with Show more, and starts again from one page on a new filter', async () => {
    const s = await loaded();
    const first = bridge.inputsOf('games.list').at(-1)!.limit!;
    s.showMoreGames();
    expect(bridge.inputsOf('games.list').at(-1)!.limit).toBeGreaterThan(first);
    s.setFilters({ teamId: played.teamA });
    expect(bridge.inputsOf('games.list').at(-1)).toMatchObject({ teamId: played.teamA, limit: first });
  });

  it('shows a games failure in its own section, and keeps the players and teams', async () => {
    bridge.answer('games.list', () => {
      throw { code: 'INTERNAL', message: 'The games could not be read.' };
    });
    const s = await loaded();
    expect(s.gamesError).toBe('The games could not be read.');
    expect(s.error).toBeNull();
    expect(s.teams.length).toBeGreaterThan(0);
  });

  it('shows a standings failure apart', async () => {
    bridge.answer('campaigns.standings', () => {
      throw { code: 'INTERNAL', message: 'No standings today.' };
    });
    const s = await loaded();
    expect(s.standingsError).toBe('No standings today.');
    expect(s.games).toHaveLength(1);
  });

  it('says the campaign is gone when it cannot be read', async () => {
    const s = new CampaignState('00000000-0000-4000-8000-999999999999');
    await s.load();
    expect(s.error).toMatch(/./);
    expect(s.loaded).toBe(true);
  });

  it('saves the dice mode, shows it at once, and puts it back when main refuses', async () => {
    const s = await loaded();
    const was = s.settings!.diceMode;
    const next = was === 'app' ? 'physical' : 'app';
    await s.saveSettings({ diceMode: next });
    expect(s.settingsStatus).toBe('saved');
    expect(s.settings?.diceMode).toBe(next);
    bridge.answer('campaigns.updateSettings', () => {
      throw { code: 'VALIDATION', message: 'Not now.' };
    });
    await s.saveSettings({ diceMode: was });
    expect(s.settingsStatus).toBe('error');
    expect(s.settingsError).toBe('Not now.');
    expect(s.settings?.diceMode).toBe(next);
    bridge.reset();
    bridge.useCore(core);
    await s.saveSettings({ diceMode: was });
  });

  it('refreshes only what an event names, once for a burst', async () => {
    const s = await loaded();
    const off = s.subscribe();
    const count = (c: Parameters<typeof bridge.inputsOf>[0]) => bridge.inputsOf(c).length;
    const before = { teams: count('teams.list'), standings: count('campaigns.standings'), games: count('games.list'), players: count('players.list') };
    const id = played.campaign.id;
    bridge.emit('games.changed', { id: played.game, campaignId: id, status: 'committed' } as never);
    bridge.emit('teams.changed', { id: played.teamA, campaignId: id } as never);
    await vi.waitFor(() => expect(count('games.list')).toBe(before.games + 1));
    expect(count('teams.list')).toBe(before.teams + 1);
    expect(count('campaigns.standings')).toBe(before.standings + 1);
    expect(count('players.list')).toBe(before.players);
    // Another campaign's news changes nothing here.
    bridge.emit('players.changed', { id: 'x', campaignId: 'another' } as never);
    off();
  });

  it('a draft set up reloads only the games list', async () => {
    const s = await loaded();
    const off = s.subscribe();
    const teams = bridge.inputsOf('teams.list').length;
    const games = bridge.inputsOf('games.list').length;
    bridge.emit('games.changed', { id: 'g', campaignId: played.campaign.id, status: 'draft' } as never);
    await vi.waitFor(() => expect(bridge.inputsOf('games.list')).toHaveLength(games + 1));
    expect(bridge.inputsOf('teams.list')).toHaveLength(teams);
    off();
  });
});
