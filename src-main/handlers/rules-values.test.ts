/**
 * Integration (issue 19): the values of a club's ruleset are what Herald applies — its own mission is planned, its
 * result scored from the mission's data and its Bonus Campaign Experience written to the ledger; the roster cap after
 * founding is the ruleset's (docs/progression.md: "A roster holds at most 400 pts of models and gear").
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { RulesetPreview, RulesetView } from '../../shared/ipc/schemas/rulesets';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import type { Mission } from '../../shared/rules';
import { withOptionalRules } from '../../shared/rules';
import type { Core } from '../core';
import { call, testCore } from '../test-support';
import { aliceAndBob } from '../test-support/two-teams';
import { wolvesAndBoyz } from '../test-support/founded-teams';

let uid = 0;
const foundedPair = (core: Core, pointsLimit = 250) => wolvesAndBoyz(core, { pointsLimit });

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

  it('docs/progression.md Injuries, "mauled for the next game only … incapacitated, sits the next game out": in the next game, then gone', async () => {
    const core = testCore();
    const { campaign, a, b } = await foundedPair(core);
    const nameOf = (g: GameDetail, name: string) => g.draft.report.models.find((m) => m.name === name)!;

    // Game 1: Brother Kaelen (Special) is taken out of action; the club rules his injury roll 21 (mauled), then 1 (incapacitated).
    const g1 = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' });
    const kaelenId = nameOf(g1, 'Brother Kaelen').id;
    const gorbag = nameOf(g1, 'Gorbag').id;
    const draft = structuredClone(g1.draft);
    draft.report.models = draft.report.models.map((m) =>
      m.id === kaelenId ? { ...m, aliveAtEnd: false, outOfAction: { by: gorbag, how: 'melee' as const } } : m,
    );
    draft.step = 'review';
    const ruling = (faces: number[]) => ({ faces, by: 'Organiser', reason: 'club ruling for the test' });
    let saved = await call<GameDetail>(core, 'games.saveDraft', { id: g1.game.id, draft });
    const injuryKey = saved.preview.rolls.find((r) => r.expression === 'D66')!.key!;
    draft.overrides = { [injuryKey]: ruling([2, 1]) };
    saved = await call<GameDetail>(core, 'games.saveDraft', { id: g1.game.id, draft });
    const followKey = saved.preview.rolls.find((r) => /mauled/i.test(r.purpose))!.key!;
    draft.overrides[followKey] = ruling([1]);
    saved = await call<GameDetail>(core, 'games.saveDraft', { id: g1.game.id, draft });
    expect(saved.preview.changes.find((c) => c.kind === 'injury.rolled')?.text).toMatch(/Incapacitated/);
    await call(core, 'games.commit', { id: g1.game.id });

    // Game 2 is "the next game": Kaelen sits it out — listed so in the plan's models and not taking part in the result.
    const g2 = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' });
    expect(g2.models.find((m) => m.id === kaelenId)?.mauled).toMatchObject({ effect: 'incapacitated', sitsOut: true });
    expect(nameOf(g2, 'Brother Kaelen').tookPart).toBe(false);
    expect(g2.models.filter((m) => m.mauled).map((m) => m.name)).toEqual(['Brother Kaelen']);
    // Marking him as taking part is refused in words.
    const wrong = structuredClone(g2.draft);
    wrong.report.models = wrong.report.models.map((m) => (m.id === kaelenId ? { ...m, tookPart: true } : m));
    const refused = await call<GameDetail>(core, 'games.saveDraft', { id: g2.game.id, draft: wrong });
    expect(refused.preview.problems).toContain(
      'Brother Kaelen was incapacitated (mauled) in the team\'s last game and sits this game out: untick "took part".',
    );
    const right = structuredClone(g2.draft);
    right.step = 'review';
    const ok = await call<GameDetail>(core, 'games.saveDraft', { id: g2.game.id, draft: right });
    expect(ok.preview.problems).toEqual([]);
    await call(core, 'games.commit', { id: g2.game.id });

    // Game 3: the injury was for one game only.
    const g3 = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' });
    expect(g3.models.find((m) => m.id === kaelenId)?.mauled).toBeNull();
    expect(nameOf(g3, 'Brother Kaelen').tookPart).toBe(true);
    core.close();
  });

  it("004 Squad: a surviving member's lasting injury is shown on the squad's card (a club whose Core table has permanent injuries)", async () => {
    const core = testCore();
    const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: `Squad injuries ${++uid}` });
    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    const next = structuredClone(current.ruleset);
    next.progression.injuries.core = next.progression.injuries.special; // the D66 table: 14–16 permanent injury
    await call(core, 'rulesets.apply', { campaignId: campaign.id, ruleset: next, expectedHash: current.hash, reason: 'Core models get hurt too' });
    const { a: guard, b: orks } = await aliceAndBob(core, campaign.id, { list: 'imperial-guard-sample', name: 'Hydra Platoon' });
    const model = (id: string, entryId: string, name: string, extra = {}) => ({ id, entryId, name, options: {}, armoury: [], grenades: {}, ...extra });
    await call(core, 'teams.saveDraft', {
      id: guard.team.id,
      roster: { models: [model('sarge', 'veteran-sergeant', 'Sergeant Harker'), model('third', 'guardsman-squad', 'Third Squad', { squadSize: 5 })] },
    });
    await call(core, 'teams.saveDraft', {
      id: orks.team.id,
      roster: { models: [model('nob', 'boss-nob', 'Gorbag'), ...['Grub', 'Snik', 'Mek'].map((n) => model(n.toLowerCase(), 'boy', n))] },
    });
    await call(core, 'teams.found', { id: guard.team.id });
    await call(core, 'teams.found', { id: orks.team.id });

    const g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: guard.team.id, teamB: orks.team.id, mission: 'skirmish' });
    const draft = structuredClone(g.draft);
    draft.report.models = draft.report.models.map((m) =>
      m.id === 'third#3' ? { ...m, aliveAtEnd: false, outOfAction: { by: 'nob', how: 'melee' as const } } : m,
    );
    draft.step = 'review';
    const ruling = (faces: number[]) => ({ faces, by: 'Organiser', reason: 'club ruling for the test' });
    let saved = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
    draft.overrides = { [saved.preview.rolls.find((r) => r.expression === 'D66')!.key!]: ruling([1, 4]) }; // 14: permanent injury
    saved = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
    draft.overrides[saved.preview.rolls.find((r) => /permanent/i.test(r.purpose))!.key!] = ruling([2]); // −1 WS
    saved = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
    expect(saved.preview.problems).toEqual([]);
    await call(core, 'games.commit', { id: g.game.id });

    const team = await call<TeamDetail>(core, 'teams.get', { id: guard.team.id });
    expect(team.progress['third']?.members).toEqual([{ member: 'Member #3', injuries: [expect.stringMatching(/WS/)], mauled: null }]);
    core.close();
  });

  it('docs/progression.md "a team is the models taken to one game": chosen at set-up, checked against the game\'s size, the rest sit at home', async () => {
    const core = testCore();
    const { campaign, a, b } = await foundedPair(core);
    const ids = (t: TeamDetail) => t.report.models.map((c) => c.modelId);
    const team = await call<TeamDetail>(core, 'teams.get', { id: a.team.id });
    const orks = await call<TeamDetail>(core, 'teams.get', { id: b.team.id });
    const cato = team.report.models.find((c) => c.name === 'Brother Cato')!;
    const base = { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' };
    // Every model of the Iron Wolves in a game too small for them: refused, naming the team and the points over.
    const tooBig = await core.invoke('games.create', { ...base, taken: { a: ids(team), b: ids(orks) }, gameSize: team.report.points - 1 });
    expect(tooBig.ok ? '' : tooBig.error.message).toMatch(
      new RegExp(`Iron Wolves takes ${team.report.points} pts to a ${team.report.points - 1}-pt game: leave 1 pts`),
    );
    // 004 "You must follow all Model Allowance rules set out in your list": the team taken too (issue 30) — no Team
    // Leader, or one Core model where the list asks for two, is refused in words and no game is set up.
    const tarkus = team.report.models.find((c) => c.name === 'Sergeant Tarkus')!;
    const leaderless = await core.invoke('games.create', { ...base, taken: { a: ids(team).filter((x) => x !== tarkus.modelId), b: ids(orks) } });
    expect(leaderless.ok ? '' : leaderless.error.message).toBe(
      'Iron Wolves as taken to this game breaks its list\'s Model Allowance — No Team Leader: every team needs one (004: "You must follow all Model Allowance rules set out in your list").',
    );
    const core1 = team.report.models
      .filter((c) => c.entryName === 'Tactical Marine')
      .slice(0, 2)
      .map((c) => c.modelId);
    const oneCore = await core.invoke('games.create', { ...base, taken: { a: ids(team).filter((x) => !core1.includes(x)), b: ids(orks) } });
    expect(oneCore.ok ? '' : oneCore.error.message).toMatch(
      /Iron Wolves as taken to this game breaks its list's Model Allowance — At least 2 Core models: this team has 1/,
    );
    expect(await call<unknown[]>(core, 'games.list', { campaignId: campaign.id })).toHaveLength(0);
    // Brother Cato stays at home: the game fits, and he is listed as not taking part.
    const g = await call<GameDetail>(core, 'games.create', {
      ...base,
      taken: { a: ids(team).filter((x) => x !== cato.modelId), b: ids(orks) },
      gameSize: team.report.points - cato.points,
    });
    expect(g.draft.report.models.find((m) => m.id === cato.modelId)?.tookPart).toBe(false);
    expect(g.draft.report.models.filter((m) => m.side === 'a' && m.tookPart)).toHaveLength(4);
    const wrong = structuredClone(g.draft);
    wrong.report.models = wrong.report.models.map((m) => (m.id === cato.modelId ? { ...m, tookPart: true } : m));
    const refused = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft: wrong });
    expect(refused.preview.problems).toContain(
      `Brother Cato was not taken to this game at set-up (a ${team.report.points - cato.points}-pt game): untick "took part".`,
    );
    core.close();
  });

  it('003 DEPLOYMENT ("alternate deploying their units … until both sides have set up their army"): the units counted are the lines taken to the game', async () => {
    const core = testCore();
    const { campaign, a, b } = await foundedPair(core);
    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    const ruleset = withOptionalRules(current.ruleset, { 'club-8th-missions': true });
    await call(core, 'rulesets.apply', { campaignId: campaign.id, ruleset, expectedHash: current.hash, reason: 'We play the 8th-edition supplement' });
    const wolves = await call<TeamDetail>(core, 'teams.get', { id: a.team.id });
    const orks = await call<TeamDetail>(core, 'teams.get', { id: b.team.id });
    const ids = (t: TeamDetail, names?: string[]) => t.report.models.filter((c) => !names || names.includes(c.name)).map((c) => c.modelId);
    // Deadlock: the Iron Wolves placed the sixth marker and pick the zone; Da Boyz start setting up, one unit at a time.
    const base = { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'deadlock', deployment: 'picked-by-a' };
    const all = await call<GameDetail>(core, 'games.create', base);
    // Five lines each: the side that starts finishes first.
    expect(all.plan?.firstTurn.reason).toMatch(/^Player B finished setting up first/);
    await call(core, 'games.discard', { id: all.game.id });
    // The Wolves take three of their five: they finish first.
    const three = await call<GameDetail>(core, 'games.create', {
      ...base,
      taken: { a: ids(wolves, ['Sergeant Tarkus', 'Brother Cato', 'Brother Varro']), b: ids(orks) },
    });
    expect(three.plan?.firstTurn.reason).toMatch(/^Player A finished setting up first/);
    core.close();
  });

  it('docs/progression.md "A roster holds at most 400 pts": a lower cap names, before it is applied, the teams over it', async () => {
    const core = testCore();
    const { campaign, a } = await foundedPair(core, 90);
    // After founding, the Iron Wolves (85 pts) recruit a 14-pt marine with Req: 99 pts, within the 400-pt cap.
    await call(core, 'teams.adjustRequisition', { id: a.team.id, amount: 50, reason: 'Test: Req to recruit with' });
    const wolves = await call<TeamDetail>(core, 'teams.recruit', {
      id: a.team.id,
      model: { id: `m${++uid}`, entryId: 'tactical-marine', name: 'Brother Hale', options: {}, armoury: [], grenades: {} },
    });
    expect(wolves.report.points).toBe(99);
    const current = await call<RulesetView>(core, 'rulesets.current', { id: campaign.id });
    const next = structuredClone(current.ruleset);
    next.team.rosterCap = 95;
    const preview = await call<RulesetPreview>(core, 'rulesets.preview', { campaignId: campaign.id, ruleset: next });
    expect(preview.changes.map((c) => c.text)).toContain('Roster cap after founding 400 → 95 pts.');
    expect(preview.rosterProblems).toContain('Iron Wolves holds 99 pts of models and gear: over the roster cap of 95 pts.');
    core.close();
  });
});
