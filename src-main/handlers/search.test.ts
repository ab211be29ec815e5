/**
 * Issue 31: the search palette's one channel. Campaigns, teams, players, models and games found by name across every
 * campaign on the laptop, each named with its campaign and the screen it opens; a dismissed model still found; a
 * team not founded yet found by its draft's models; games by number or by their teams; nothing written.
 */
import { describe, expect, it } from 'vitest';
import type { SearchHit, SearchResult } from '../../shared/ipc/schemas/search';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import { call, failure, snapshotTables, tempDir, testCore } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';
import { aliceAndBob } from '../test-support/two-teams';
import { gameNumberOf, likeLiteral, sidesOf } from '../repos/search';
import type { Core } from '../core';

const find = async (core: Core, query: string) => (await call<SearchResult>(core, 'search.query', { query })).hits;
const brief = (hits: SearchHit[]) => hits.map((h) => `${h.kind}: ${h.name} (${h.campaignName})${h.detail ? ` · ${h.detail}` : ''}`);

describe('search.query (issue 31)', () => {
  it('finds teams, players and models of every campaign, each with its campaign and the page it opens', async () => {
    const core = testCore(tempDir());
    const vraks = await playedCampaign(core, { name: 'Vraks' });
    const armageddon = await playedCampaign(core, { name: 'Armageddon', teamName: 'Iron Hands' });

    const iron = await find(core, 'iron');
    expect(brief(iron)).toEqual(['team: Iron Hands (Armageddon) · Alice’s team', 'team: Iron Wolves (Vraks) · Alice’s team', ...brief(iron).slice(2)]);
    expect(iron[1]!.open).toEqual({ screen: 'team', id: vraks.teamA });
    // "iron" is in no game's number, but in its teams' names: each campaign's game between them.
    expect(brief(iron.filter((h) => h.kind === 'game'))).toEqual([
      'game: Game 1: Iron Hands vs Da Boyz (Armageddon)',
      'game: Game 1: Iron Wolves vs Da Boyz (Vraks)',
    ]);

    const kaelen = await find(core, 'kael');
    expect(brief(kaelen)).toEqual(['model: Kaelen (Armageddon) · Iron Hands', 'model: Kaelen (Vraks) · Iron Wolves']);
    expect(kaelen[1]!.open).toEqual({ screen: 'team', id: vraks.teamA });

    // A player has no page: their team's opens.
    const alice = (await find(core, 'ALICE')).filter((h) => h.campaignId === armageddon.campaign.id);
    expect(alice).toEqual([expect.objectContaining({ kind: 'player', name: 'Alice', detail: 'Iron Hands', open: { screen: 'team', id: armageddon.teamA } })]);

    expect(brief(await find(core, 'vrak'))).toEqual(['campaign: Vraks (Vraks)']);
  });

  it('finds a dismissed model, marked so, and the models of a team not founded yet', async () => {
    const core = testCore(tempDir());
    const pc = await playedCampaign(core);
    const team = await call<TeamDetail>(core, 'teams.get', { id: pc.teamA });
    await call(core, 'teams.dismiss', { id: pc.teamA, modelId: team.roster.models.find((m) => m.name === 'Varro')!.id });
    expect(brief(await find(core, 'varro'))).toEqual(['model: Varro (Vraks) · Iron Wolves · dismissed']);

    const other = await call<{ id: string }>(core, 'campaigns.create', { name: 'Medusa V' });
    const { a } = await aliceAndBob(core, other.id, { name: 'Salamanders' });
    await call(core, 'teams.saveDraft', {
      id: a.team.id,
      roster: { models: [{ id: 'draft-1', entryId: 'sergeant', name: 'Varro the Younger', options: {}, armoury: [], grenades: {} }] },
    });
    const varros = await find(core, 'varro');
    expect(brief(varros)).toEqual(['model: Varro (Vraks) · Iron Wolves · dismissed', 'model: Varro the Younger (Medusa V) · Salamanders · not founded yet']);
    expect(varros[1]!.open).toEqual({ screen: 'team', id: a.team.id });
    expect(brief(await find(core, 'salam'))).toEqual(['team: Salamanders (Medusa V) · Alice’s team, not founded yet']);
  });

  it('finds a game by its number or by its two teams, and a player without a team opens the campaign', async () => {
    const core = testCore(tempDir());
    const pc = await playedCampaign(core);
    for (const query of ['1', 'Game 1', 'game #1', '#1'])
      expect(await find(core, query), query).toEqual([
        expect.objectContaining({
          kind: 'game',
          id: pc.game,
          name: 'Game 1: Iron Wolves vs Da Boyz',
          detail: '',
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        }),
      ]);
    expect((await find(core, 'boyz vs wolves')).map((h) => h.id)).toEqual([pc.game]);
    expect(await find(core, 'wolves v orks')).toEqual([]);
    expect(await find(core, 'Game 2')).toEqual([]);

    await call(core, 'players.create', { campaignId: pc.campaign.id, name: 'Chloé' });
    expect(await find(core, 'chlo')).toEqual([
      expect.objectContaining({ kind: 'player', detail: 'no team yet', open: { screen: 'campaign', id: pc.campaign.id } }),
    ]);
  });

  it('takes % and _ as the letters typed, finds nothing in an empty search, refuses a long one in words, and writes nothing', async () => {
    const core = testCore(tempDir());
    await playedCampaign(core);
    const before = snapshotTables(core);
    expect(await find(core, '%')).toEqual([]);
    expect(await find(core, 'K_elen')).toEqual([]);
    expect(await find(core, '   ')).toEqual([]);
    expect((await failure(core, 'search.query', { query: 'x'.repeat(101) })).message).toContain('A search is at most 100 characters.');
    expect(snapshotTables(core)).toEqual(before);
  });
});

describe('reading what was typed', () => {
  it('a game number, two sides, and a literal LIKE pattern', () => {
    expect([gameNumberOf('12'), gameNumberOf('Game 12'), gameNumberOf('game #7'), gameNumberOf('12 wolves'), gameNumberOf('Gamer 2')]).toEqual([
      12,
      12,
      7,
      null,
      null,
    ]);
    expect(sidesOf('Iron Wolves vs Da Boyz')).toEqual(['Iron Wolves', 'Da Boyz']);
    expect(sidesOf('Wolves v. Boyz')).toEqual(['Wolves', 'Boyz']);
    expect(sidesOf('Vraks')).toBeNull();
    expect(likeLiteral('50% off_road\\')).toBe('50\\% off\\_road\\\\');
  });
});
