/**
 * Issue 16, names through the real handlers on a real SQLite file: a name with nothing visible is refused in words,
 * invisible characters never reach the file, and the same name in another Unicode form, case or with invisibles in
 * it is the same name for uniqueness (campaigns, players, teams).
 */
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import { call, failure, snapshotTables, testCore } from '../test-support';

const INVISIBLE_ONLY = ['\u200B', '\u200B\u200C\u200D\u2060', '\u202E\u2066\u2069', '\uFEFF\u3164', '\u2800'];

describe('names (issue 16)', () => {
  it('a campaign, player or team name made only of invisible characters is refused in words and saves nothing', async () => {
    const core = testCore();
    const campaign = await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
    const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
    const alice = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: 'Alice' });
    const before = snapshotTables(core);
    for (const name of INVISIBLE_ONLY) {
      expect(await failure(core, 'campaigns.create', { name })).toMatchObject({
        code: 'INVALID_INPUT',
        issues: [{ path: 'name', message: 'Give the campaign a name: this one has nothing visible in it.' }],
      });
      expect((await failure(core, 'players.create', { campaignId: campaign.id, name })).issues).toEqual([
        { path: 'name', message: 'Give the player a name: this one has nothing visible in it.' },
      ]);
      expect((await failure(core, 'teams.create', { campaignId: campaign.id, playerId: alice.id, teamListId: lists[0]!.id, name })).issues).toEqual([
        { path: 'name', message: 'Give the team a name: this one has nothing visible in it.' },
      ]);
      expect((await failure(core, 'campaigns.rename', { id: campaign.id, name })).code).toBe('INVALID_INPUT');
    }
    expect(snapshotTables(core)).toEqual(before);
    core.close();
  });

  it('invisible characters are taken out before saving; the same name in another form, case or with invisibles is refused as taken', async () => {
    const core = testCore();
    const c = await call<Campaign>(core, 'campaigns.create', { name: '\u202ASiege\u200B of Vrak\u0073\u202C' });
    expect(c.name).toBe('Siege of Vraks');
    const zoe = await call<Campaign>(core, 'campaigns.create', { name: 'Zoe\u0308 Crusade' }); // decomposed ë
    expect(zoe.name).toBe('Zo\u00EB Crusade');
    for (const name of ['Zo\u00EB Crusade', 'ZOË\u200B CRUSADE', 'Ｚｏë Crusade'])
      expect((await failure(core, 'campaigns.create', { name })).message).toBe('A campaign named “Zoë Crusade” already exists.');

    const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
    const alice = await call<Player>(core, 'players.create', { campaignId: c.id, name: 'Ali\u0301ce' });
    expect((await failure(core, 'players.create', { campaignId: c.id, name: 'ALÍCE\u2066' })).message).toMatch(/already has a player called “Alíce”/);
    await call<TeamDetail>(core, 'teams.create', { campaignId: c.id, playerId: alice.id, teamListId: lists[0]!.id, name: 'Iron Wolves' });
    expect((await failure(core, 'teams.create', { campaignId: c.id, playerId: alice.id, teamListId: lists[0]!.id, name: 'iron\u200D wolves' })).message).toBe(
      'This campaign already has a team called “Iron Wolves”.',
    );
    core.close();
  });
});
