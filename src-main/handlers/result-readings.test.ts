/**
 * Integration (issue 30 item 10): the readings the campaign tables leave open are the ruleset's, and the game page
 * names one where it decided something — docs/progression.md "Underdog ×1.5 — the team with the lowest Threat", with
 * two teams on the same lowest Threat.
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { RulesetView } from '../../shared/ipc/schemas/rulesets';
import { setReading } from '../../shared/rules';
import type { Core } from '../core';
import { call, testCore } from '../test-support';
import { wolvesAndBoyz } from '../test-support/founded-teams';

async function reviewed(core: Core, campaignId: string, a: string, b: string): Promise<GameDetail> {
  const g = await call<GameDetail>(core, 'games.create', { campaignId, teamA: a, teamB: b, mission: 'skirmish' });
  const draft = structuredClone(g.draft);
  draft.step = 'review';
  return call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
}

describe('issue 30 item 10: house readings of the campaign tables', () => {
  it('two teams on the lowest Threat: by default no Underdog, and the game page says so; the club can read it as both', async () => {
    const core = testCore();
    const { campaign, a, b } = await wolvesAndBoyz(core, { pointsLimit: 250 });
    const before = await reviewed(core, campaign.id, a.team.id, b.team.id);
    expect(before.preview.problems).toEqual([]);
    expect(before.preview.score?.notes.filter((n) => n.startsWith('House reading'))).toEqual([
      expect.stringMatching(/^House reading “Underdog on a tie” \(No Underdog\): .+ share the lowest Threat, \d+: neither is the Underdog\.$/),
    ]);
    expect(before.preview.changes.some((c) => c.kind === 'req.underdog')).toBe(false);

    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    const next = structuredClone(current.ruleset);
    setReading(next, 'underdogOnTie', 'every-tied-team');
    await call(core, 'rulesets.apply', { campaignId: campaign.id, ruleset: next, expectedHash: current.hash, reason: 'Both are underdogs' });
    const after = await reviewed(core, campaign.id, a.team.id, b.team.id);
    expect(after.preview.score?.notes.filter((n) => n.startsWith('House reading'))).toEqual([
      expect.stringMatching(/^House reading “Underdog on a tie” \(Every team on the lowest Threat\): .+: each is an Underdog\.$/),
    ]);
    expect(after.preview.changes.filter((c) => c.kind === 'req.underdog')).toHaveLength(2);
    core.close();
  });
});
