/**
 * Issue 31: "Explore a sample campaign" makes a small played campaign through the real handlers, marked as a sample
 * wherever a campaign is read, made once, deletable like any campaign, and never left half-made.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../shared/ipc/schemas/campaigns';
import type { GameSummary, StandingRow } from '../shared/ipc/schemas/games';
import type { Player, TeamSummary } from '../shared/ipc/schemas/teams';
import type { HandlerContext } from './context';
import { buildSample, SAMPLE_NAME } from './sample-campaign';
import { call, failure, snapshotTables, testCore } from './test-support';

type Sample = { campaign: Campaign; created: boolean };

describe('the sample campaign', () => {
  it('is a played campaign — four players, three founded teams and a draft, three committed games — marked as a sample', async () => {
    const core = testCore();
    const mine = await call<Campaign>(core, 'campaigns.create', { name: 'Our league' });
    const { campaign, created } = await call<Sample>(core, 'campaigns.createSample', {});
    expect(created).toBe(true);
    expect(campaign).toMatchObject({ name: SAMPLE_NAME, sample: true, archivedAt: null });

    const players = await call<Player[]>(core, 'players.list', { campaignId: campaign.id });
    expect(players.map((p) => p.name).sort()).toEqual(['Alice', 'Bob', 'Chen', 'Dana']);
    const teams = await call<TeamSummary[]>(core, 'teams.list', { campaignId: campaign.id });
    expect(
      teams
        .filter((t) => t.founded)
        .map((t) => t.name)
        .sort(),
    ).toEqual(['Cadian 88th', 'Da Krumpas', 'Iron Wolves']);
    expect(teams.filter((t) => !t.founded).map((t) => t.name)).toEqual(['Storm Hawks']);
    expect(teams.filter((t) => !t.legal).map((t) => t.name)).toEqual([]);
    const games = await call<GameSummary[]>(core, 'games.list', { campaignId: campaign.id });
    expect(games.map((g) => g.status)).toEqual(['committed', 'committed', 'committed']);
    // Three club nights, a week apart, the last a week before today (the test clock: 1 Nov 2026).
    expect(games.map((g) => g.playedOn).sort()).toEqual(['2026-10-11', '2026-10-18', '2026-10-25']);
    const standings = await call<StandingRow[]>(core, 'campaigns.standings', { id: campaign.id });
    expect(standings.reduce((n, s) => n + s.games, 0)).toBe(6);

    // The mark is read wherever a campaign is: the list, one campaign, and nowhere else.
    const list = await call<Campaign[]>(core, 'campaigns.list', { includeArchived: true });
    expect(list.map((c) => [c.name, c.sample])).toEqual(
      expect.arrayContaining([
        [SAMPLE_NAME, true],
        ['Our league', false],
      ]),
    );
    expect((await call<Campaign>(core, 'campaigns.get', { id: campaign.id })).sample).toBe(true);
    expect((await call<Campaign>(core, 'campaigns.get', { id: mine.id })).sample).toBe(false);
    core.close();
  });

  it('is made once: asked again, it gives the sample already here and changes nothing', async () => {
    const core = testCore();
    const first = await call<Sample>(core, 'campaigns.createSample', {});
    const before = snapshotTables(core);
    const again = await call<Sample>(core, 'campaigns.createSample', {});
    expect(again).toEqual({ campaign: first.campaign, created: false });
    expect(snapshotTables(core)).toEqual(before);
    core.close();
  });

  it('is deleted like any campaign, and can then be made again', async () => {
    const core = testCore(undefined, { automaticBackups: true });
    const { campaign } = await call<Sample>(core, 'campaigns.createSample', {});
    await call(core, 'campaigns.delete', { id: campaign.id, confirmName: campaign.name });
    expect(await call<Campaign[]>(core, 'campaigns.list', { includeArchived: true })).toEqual([]);
    const next = await call<Sample>(core, 'campaigns.createSample', {});
    expect(next.created).toBe(true);
    await core.backupsIdle();
    core.close();
  });

  it('takes another name when the club already has a campaign called like it, and is still the one marked', async () => {
    const core = testCore();
    await call(core, 'campaigns.create', { name: SAMPLE_NAME });
    const { campaign } = await call<Sample>(core, 'campaigns.createSample', {});
    expect(campaign).toMatchObject({ name: `${SAMPLE_NAME} 2`, sample: true });
    core.close();
  });

  it('stays the sample when renamed: the mark is the campaign’s own, not its name; a campaign named like it is not one', async () => {
    const core = testCore();
    const { campaign } = await call<Sample>(core, 'campaigns.createSample', {});
    await call(core, 'campaigns.rename', { id: campaign.id, name: 'Ashfall Crusade' });
    const lookalike = await call<Campaign>(core, 'campaigns.create', { name: SAMPLE_NAME });
    expect((await call<Campaign>(core, 'campaigns.get', { id: campaign.id })).sample).toBe(true);
    expect((await call<Campaign[]>(core, 'campaigns.list', { includeArchived: true })).map((c) => [c.name, c.sample])).toEqual(
      expect.arrayContaining([
        ['Ashfall Crusade', true],
        [SAMPLE_NAME, false],
      ]),
    );
    expect(lookalike.sample).toBe(false);
    // Asked again, it finds the renamed sample rather than making a second.
    expect(await call<Sample>(core, 'campaigns.createSample', {})).toMatchObject({ created: false, campaign: { id: campaign.id, name: 'Ashfall Crusade' } });
    core.close();
  });

  it('plays its games whatever the dice: every seed gives a committed campaign', async () => {
    for (let i = 0; i < 4; i++) {
      const core = testCore(undefined, { newId: randomUUID });
      const { campaign } = await call<Sample>(core, 'campaigns.createSample', {});
      const games = await call<GameSummary[]>(core, 'games.list', { campaignId: campaign.id });
      expect(games.filter((g) => g.status === 'committed')).toHaveLength(3);
      core.close();
    }
  });

  it('a step that fails takes back everything made, and says so in words', async () => {
    const core = testCore();
    const before = snapshotTables(core);
    let commits = 0;
    const ctx = { db: core.opened.db, now: () => new Date(), newId: randomUUID, emit: () => {} } as unknown as HandlerContext;
    const failing = (channel: string, input: unknown) =>
      channel === 'games.commit' && ++commits === 2
        ? Promise.resolve({ ok: false as const, error: { code: 'DISK_FULL' as const, message: 'The disk is full.' } })
        : core.invoke(channel, input);
    await expect(buildSample(ctx, failing)).rejects.toThrow('Herald could not make the sample campaign (The disk is full.); nothing of it was kept.');
    expect(snapshotTables(core)).toEqual(before);
    expect((await failure(core, 'campaigns.get', { id: randomUUID() })).code).toBe('NOT_FOUND');
    core.close();
  });
});
