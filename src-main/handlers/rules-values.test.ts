/**
 * Integration (issue 19): the values of a club's ruleset are what Herald applies — its own mission is planned, its
 * result scored from the mission's data and its Bonus Campaign Experience written to the ledger; the roster cap after
 * founding is the ruleset's (docs/progression.md: "A roster holds at most 400 pts of models and gear").
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { RulesetView } from '../../shared/ipc/schemas/rulesets';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { Mission } from '../../shared/rules';
import type { Core } from '../core';
import { call, testCore } from '../test-support';

let uid = 0;
async function foundedPair(core: Core) {
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: `Vraks ${++uid}`, preset: 'hor-battle-honours' });
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const listId = (key: string) => lists.find((l) => l.listKey === key)!.id;
  const alice = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: 'Alice' });
  const bob = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: 'Bob' });
  const a = await call<TeamDetail>(core, 'teams.create', {
    campaignId: campaign.id,
    playerId: alice.id,
    teamListId: listId('space-marines-sample'),
    name: 'Iron Wolves',
  });
  const b = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: bob.id, teamListId: listId('orks-sample'), name: 'Da Boyz' });
  const m = (entryId: string, name: string) => ({ id: `m${++uid}`, entryId, name, options: {}, armoury: [], grenades: {} });
  await call(core, 'teams.saveDraft', {
    id: a.team.id,
    roster: {
      models: [
        m('sergeant', 'Sergeant Tarkus'),
        m('veteran', 'Brother Kaelen'),
        m('tactical-marine', 'Brother Cato'),
        m('tactical-marine', 'Brother Varro'),
        m('tactical-marine', 'Brother Lucan'),
      ],
    },
  });
  await call(core, 'teams.saveDraft', {
    id: b.team.id,
    roster: { models: [m('boss-nob', 'Gorbag'), m('burna-boy', 'Skorcha'), m('boy', 'Grub'), m('boy', 'Snik'), m('boy', 'Zog')] },
  });
  await call(core, 'teams.found', { id: a.team.id });
  await call(core, 'teams.found', { id: b.team.id });
  return { campaign, a, b };
}

/** A club's own mission: three markers, 2 VP each claimed; a Team Leader or Special model holding one gains +3 EXP. */
const HOLD_THE_BRIDGE: Mission = {
  id: 'hold-the-bridge',
  name: 'Hold the Bridge',
  summary: 'Both teams fight over three crossings.',
  specialRules: [],
  setup: ['Place three objective markers on the bridges.'],
  counters: [{ kind: 'objective', count: 3, placement: 'One on each bridge.' }],
  victoryPoints: ['Each marker claimed at the end is worth 2 VP.'],
  secondaryOverrides: {},
  endingConditions: [],
  automaticWins: [],
  bonusExperience: [
    { id: 'bridge-holder', exp: 3, per: 'once', modelTypes: ['team-leader', 'special'], earnedFor: 'objective-claimed', condition: 'Holds a bridge: +3 EXP.' },
  ],
  requisition: [],
  scoring: { vpPerClaimedMarker: 2 },
  citation: { source: 'house rule', section: 'Hold the Bridge' },
};

describe("issue 19: the club's ruleset values are applied", () => {
  it("a club's own mission is planned, scored from its data and its bonus EXP reaches the ledger; the roster cap is the ruleset's", async () => {
    const core = testCore();
    const { campaign, a, b } = await foundedPair(core);
    expect((await call<TeamDetail>(core, 'teams.get', { id: a.team.id })).pointsLimit).toBe(400);

    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    const next = structuredClone(current.ruleset);
    next.missions.push(HOLD_THE_BRIDGE);
    next.team.rosterCap = 500;
    await call(core, 'rulesets.apply', { campaignId: campaign.id, ruleset: next, expectedHash: current.hash, reason: 'Our own mission' });
    // docs/progression.md "A roster holds at most 400 pts": the club's value now, after founding.
    expect((await call<TeamDetail>(core, 'teams.get', { id: a.team.id })).pointsLimit).toBe(500);

    const g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'hold-the-bridge' });
    expect(g.plan?.mission).toMatchObject({ id: 'hold-the-bridge', scoring: { vpPerClaimedMarker: 2 } });
    const draft = structuredClone(g.draft);
    expect(draft.report.objectives).toHaveLength(3);
    draft.report.objectives = [{ claimedBy: 'a' }, { claimedBy: 'a' }, { claimedBy: null }];
    draft.report.models = draft.report.models.map((x) => (x.name === 'Brother Kaelen' ? { ...x, claimedObjective: true } : x));
    draft.step = 'review';
    const saved = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
    expect(saved.preview.problems).toEqual([]);
    // 2 markers × 2 VP; both teams keep over 75% of their models (Survival, 1 VP each).
    expect(saved.preview.score?.vp).toEqual({ a: 5, b: 1 });
    expect(saved.preview.score?.lines.find((l) => l.source === 'mission')).toMatchObject({ vp: 4, citation: 'house rule · Hold the Bridge / Victory Points' });
    expect(saved.preview.changes.some((c) => c.kind === 'exp.gained' && /\+3/.test(c.text))).toBe(true);
    await call(core, 'games.commit', { id: g.game.id });
    const team = await call<TeamDetail>(core, 'teams.get', { id: a.team.id });
    const kaelen = team.roster.models.find((x) => x.name === 'Brother Kaelen')!;
    expect(team.progress[kaelen.id]).toMatchObject({ exp: 3 });
    core.close();
  });
});
