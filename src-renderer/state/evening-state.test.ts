/** Tonight's state (state/evening.svelte.ts), more cases over the real handlers: ticks, swaps, locks, set-up, coming back. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { Core } from '../../src-main/core';
import { call, testCore } from '../../src-main/test-support';
import { playedCampaign } from '../../src-main/test-support/played-campaign';
import { bridge } from '../test-support/fake-bridge';
import { EveningState } from './evening.svelte';

let core: Core;
let n = 0;
beforeAll(() => {
  core = testCore();
});
afterAll(() => core.close());
beforeEach(() => bridge.useCore(core));

/** A played campaign (Iron Wolves and Da Boyz) with Carol's Gitz founded too: three teams, one sits out. */
async function threeTeams() {
  const played = await playedCampaign(core, { name: `Night ${++n}` });
  const campaignId = played.campaign.id;
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const carol = await call<Player>(core, 'players.create', { campaignId, name: 'Carol' });
  const gitz = await call<TeamDetail>(core, 'teams.create', {
    campaignId,
    playerId: carol.id,
    teamListId: lists.find((l) => l.listKey === 'orks-sample')!.id,
    name: 'Gitz',
  });
  const m = (entryId: string, name: string) => ({ id: `${campaignId}-${name}`, entryId, name, options: {}, armoury: [], grenades: {} });
  await call(core, 'teams.saveDraft', { id: gitz.team.id, roster: { models: [m('boss-nob', 'Grotsnik'), m('boy', 'Ug'), m('boy', 'Ag'), m('boy', 'Og')] } });
  await call(core, 'teams.found', { id: gitz.team.id });
  const s = new EveningState(campaignId);
  await s.load();
  return { s, played, gitz: gitz.team.id };
}

describe('EveningState', () => {
  it('lists the campaign’s founded teams by name, with nobody ticked yet', async () => {
    const { s } = await threeTeams();
    expect(s.loaded).toBe(true);
    expect(s.loadError).toBeNull();
    expect(s.campaignName).toMatch(/^Night/);
    expect(s.teams.map((t) => t.name)).toEqual(['Da Boyz', 'Gitz', 'Iron Wolves']);
    expect(s.present).toEqual([]);
    expect(s.proposal?.pairings ?? []).toEqual([]);
  });

  it('pairs the two teams that are here', async () => {
    const { s, played } = await threeTeams();
    s.toggle(played.teamA);
    s.toggle(played.teamB);
    expect(s.proposal?.pairings).toHaveLength(1);
    expect([s.proposal!.pairings[0]!.a, s.proposal!.pairings[0]!.b].sort()).toEqual([played.teamA, played.teamB].sort());
    expect(s.proposal?.bye).toBeNull();
  });

  it('with everyone here, one team sits out', async () => {
    const { s } = await threeTeams();
    s.setEveryone(true);
    expect(s.present).toHaveLength(3);
    expect(s.proposal?.pairings).toHaveLength(1);
    expect(s.proposal?.bye).not.toBeNull();
    s.setEveryone(false);
    expect(s.present).toEqual([]);
  });

  it('a click picks a team, a second click on it drops it, a click on another swaps them', async () => {
    const { s } = await threeTeams();
    s.setEveryone(true);
    const bye = s.proposal!.bye!;
    const paired = s.proposal!.pairings[0]!.a;
    s.pick(paired);
    expect(s.picked).toBe(paired);
    s.pick(paired);
    expect(s.picked).toBeNull();
    s.pick(paired);
    s.pick(bye);
    expect(s.picked).toBeNull();
    expect(s.proposal!.bye).toBe(paired);
    expect([s.proposal!.pairings[0]!.a, s.proposal!.pairings[0]!.b]).toContain(bye);
  });

  it('locks a pairing, and a new draw keeps it', async () => {
    const { s } = await threeTeams();
    s.setEveryone(true);
    s.toggleLock(0);
    const locked = s.proposal!.pairings[0]!;
    expect(locked.locked).toBe(true);
    s.propose();
    expect(s.proposal!.pairings[0]).toMatchObject({ a: locked.a, b: locked.b, locked: true });
  });

  it('sets a pairing’s game up for today, with the mission and deployment rolled', async () => {
    const { s } = await threeTeams();
    s.setEveryone(true);
    const p = s.proposal!.pairings[0]!;
    await s.setUp(p);
    expect(bridge.inputsOf('games.create').at(-1)).toMatchObject({ teamA: p.a, teamB: p.b, mission: 'roll', deployment: 'roll', playedOn: s.today });
    expect(s.gameOf(p)?.status).toBe('draft');
    expect(s.proposal!.pairings[0]!.locked).toBe(true);
    expect(s.setUpBusy).toBeNull();
  });

  it('a team in tonight’s game stays here and cannot be swapped away', async () => {
    const { s } = await threeTeams();
    s.setEveryone(true);
    const p = s.proposal!.pairings[0]!;
    await s.setUp(p);
    s.toggle(p.a);
    expect(s.isHere(p.a)).toBe(true);
    s.pick(p.a);
    expect(s.picked).toBeNull();
    s.setEveryone(false);
    expect(s.present.sort()).toEqual([p.a, p.b].sort());
  });

  it('says under the pairing why its game was not set up', async () => {
    const { s } = await threeTeams();
    s.setEveryone(true);
    bridge.answer('games.create', () => {
      throw { code: 'VALIDATION', message: 'Iron Wolves has a game still being recorded.' };
    });
    const p = s.proposal!.pairings[0]!;
    await s.setUp(p);
    expect(Object.values(s.pairingError)).toEqual(['This game was not set up: Iron Wolves has a game still being recorded.']);
    expect(s.gameOf(p)).toBeNull();
  });

  it('keeps the evening when the organiser leaves the screen and comes back', async () => {
    const { s } = await threeTeams();
    s.toggle(s.teams[0]!.id);
    const again = new EveningState(s.campaignId);
    await again.load();
    expect(again.present).toEqual([s.teams[0]!.id]);
  });

  it('tonight’s games come back as locked pairings on a fresh screen', async () => {
    const { s } = await threeTeams();
    s.setEveryone(true);
    const p = s.proposal!.pairings[0]!;
    await s.setUp(p);
    const again = new EveningState(s.campaignId);
    await again.load();
    expect(again.gameOf(p)).not.toBeNull();
    expect(again.isHere(p.a) && again.isHere(p.b)).toBe(true);
    expect(again.sheetCode.length).toBeGreaterThan(0);
  });

  it('says why the evening could not load', async () => {
    bridge.answer('rulesets.current', () => {
      throw { code: 'INTERNAL', message: 'The house rules could not be read.' };
    });
    const s = new EveningState('00000000-0000-4000-8000-999999999999');
    await s.load();
    expect(s.loadError).toMatch(/./);
    expect(s.loaded).toBe(true);
  });

  it('names a team no longer here plainly', async () => {
    const { s } = await threeTeams();
    expect(s.team('gone').name).toBe('A team no longer here');
    expect(s.byesOf('gone')).toBe(0);
  });
});
