import { describe, expect, it } from 'vitest';
import { PhysicalDice } from '../dice';
import { battleHonoursPreset } from '../presets/battle-honours';
import { applyGame } from './apply';
import { amendmentEntryId, isAmendmentEntryId, type ProgressionEntry } from './entries';
import { HonourPurchaseError, buyHonour } from './honours';
import { projectModels, teamStateFor, threat } from './project';
import { VoidGameError, dependentsOf, voidGame } from './void';
import { input, withModel } from './test-helpers';

const out = (ids: string[], base = input()) =>
  ids.reduce((f, id) => withModel(f, id, { aliveAtEnd: false, outOfAction: { by: null, how: 'other' } }), base.facts);

describe('projectModels and threat (docs/progression.md, docs/architecture.md "Progression is a ledger")', () => {
  it('docs/progression.md Threat: points including honours ÷ 100, rounded up; a new 250-pt team is 3', () => {
    expect(threat(250)).toBe(3);
    expect(threat(300)).toBe(3);
    expect(threat(301)).toBe(4);
    expect(threat(0)).toBe(0);
    expect(() => threat(-1)).toThrow(RangeError);
  });

  it('folds Req per team, EXP per model, permanent injuries and deaths; mauled lasts for the next game only', () => {
    const g1 = applyGame({ ...input(), facts: out(['a-tl', 'a-sp', 'a-c1']), winner: 'b' }, new PhysicalDice([[1, 5], [4], [2, 2], [5], [1]]));
    const p1 = projectModels(g1);
    expect(p1.teams['team-a']).toMatchObject({ req: 20, earned: 20, spent: 0, lastGameId: 'g1' });
    expect(p1.teams['team-b']?.req).toBe(50); // took part, victory, assassin, considerate commander
    expect(p1.models['a-tl']?.permanentInjuries).toEqual([{ characteristic: 'minus-1-s', text: expect.any(String), gameId: 'g1' }]);
    expect(p1.models['a-sp']?.mauled).toEqual({ effect: 'wounded-pride', text: expect.any(String), gameId: 'g1' });
    expect(p1.models['a-c1']?.dead).toBe(true);

    const g2 = applyGame(
      { ...input({ gameId: 'g2' }), facts: { ...input().facts, models: input().facts.models.filter((x) => x.id !== 'a-c1' && x.id !== 'a-sp') } },
      new PhysicalDice(),
    );
    const p2 = projectModels([...g1, ...g2]);
    expect(p2.models['a-sp']?.mauled).toBeNull();
    // An amendment of an earlier game, written after g1 (issue 27): g1 stays the team's latest game, so the mauled
    // model still sits the next game out.
    const amended: ProgressionEntry = { ...g1.find((e) => e.team === 'team-a')!, id: amendmentEntryId('g0', 1, 0), gameId: 'g0' };
    const p1b = projectModels([...g1, amended]);
    expect(p1b.teams['team-a']?.lastGameId).toBe('g1');
    expect(p1b.models['a-sp']?.mauled).toMatchObject({ gameId: 'g1' });
    expect(isAmendmentEntryId('g0/7')).toBe(false);
    expect(p2.models['a-tl']?.permanentInjuries).toHaveLength(1);
    expect(teamStateFor(p2, 'team-a', 250)).toMatchObject({
      team: 'team-a',
      threat: 3,
      models: expect.arrayContaining([{ model: 'a-c1', exp: 0, level: 0, dead: true }]),
    });
  });
});

describe('buyHonour (docs/progression.md Battle Honours)', () => {
  const ledger = (): ProgressionEntry[] => [
    ...applyGame({ ...input(), winner: 'a' }, new PhysicalDice()),
    ...applyGame({ ...input({ gameId: 'g2' }), winner: 'a' }, new PhysicalDice()),
  ];

  it('docs/progression.md elite surcharge: +5 Req per honour for an elite model; the cost is taken from the team Req', () => {
    const entries = ledger();
    const before = projectModels(entries);
    expect(before.teams['team-a']?.req).toBe(80);
    const e = buyHonour({
      ruleset: battleHonoursPreset(),
      projection: before,
      id: 'h1',
      team: 'team-a',
      model: 'a-tl',
      modelType: 'team-leader',
      honour: 'master-tactician',
      elite: true,
    });
    expect(e).toMatchObject({ kind: 'honour.bought', baseCost: 30, surcharge: 5, cost: 35, gameId: null });
    const after = projectModels([...entries, e]);
    expect(after.teams['team-a']).toMatchObject({ req: 45, spent: 35, honourPoints: 35 });
    expect(after.models['a-tl']?.honours.map((h) => h.honour)).toEqual(['master-tactician']);
    // docs/progression.md Tactical Reserves: "a dead or dismissed model loses all its gear and honours".
    const died: ProgressionEntry = {
      v: 1,
      id: 'd1',
      gameId: 'g3',
      team: 'team-a',
      rolls: [],
      voided: false,
      citation: 'test',
      kind: 'model.died',
      model: 'a-tl',
      reason: 'test',
    };
    const dead = projectModels([...entries, e, died]);
    expect(dead.models['a-tl']).toMatchObject({ dead: true, honours: [] });
    expect(dead.teams['team-a']).toMatchObject({ req: 45, honourPoints: 0 });
  });

  it('docs/progression.md honour caps: Core 1 group / 2 honours; each honour once; a dead model cannot gain honours; Req must suffice', () => {
    const ruleset = battleHonoursPreset();
    let entries = ledger();
    const buy = (id: string, honour: string, model = 'a-c1') =>
      buyHonour({ ruleset, projection: projectModels(entries), id, team: 'team-a', model, modelType: 'core', honour });
    entries = [...entries, buy('h1', 'furious-charge')];
    expect(() => buy('h2', 'furious-charge')).toThrow(/already has Furious Charge/);
    expect(() => buy('h2', 'deadeye')).toThrow(/at most 1 groups/);
    entries = [...entries, buy('h2', 'mighty-blow')];
    expect(() => buy('h3', 'haymaker')).toThrow(/at most 2 honours/);
    expect(() => buyHonour({ ruleset, projection: projectModels([]), id: 'h3', team: 'team-a', model: 'a-c2', modelType: 'core', honour: 'deadeye' })).toThrow(
      'Deadeye costs 5 Req; the team has 0.',
    );
    const died: ProgressionEntry = {
      v: 1,
      id: 'x',
      gameId: 'g3',
      team: 'team-a',
      rolls: [],
      voided: false,
      citation: 'test',
      kind: 'model.died',
      model: 'a-c2',
      reason: 'test',
    };
    entries = [...entries, died];
    expect(() => buy('h3', 'deadeye', 'a-c2')).toThrow(HonourPurchaseError);
    expect(() => buy('h3', 'deadeye', 'a-c2')).toThrow(/is dead/);
  });

  it('docs/progression.md Restorative Surgery removes one permanent injury; Kill Team honours are bought for the team', () => {
    const ruleset = battleHonoursPreset();
    const g1 = applyGame({ ...input(), facts: out(['a-tl']), winner: 'a' }, new PhysicalDice([[1, 6], [6]]));
    const g2 = applyGame({ ...input({ gameId: 'g2' }), winner: 'a' }, new PhysicalDice());
    let entries = [...g1, ...g2];
    const surgery = buyHonour({ ruleset, projection: projectModels(entries), id: 'h1', team: 'team-a', model: 'a-tl', honour: 'restorative-surgery' });
    entries = [...entries, surgery];
    expect(projectModels(entries).models['a-tl']?.permanentInjuries).toEqual([]);
    const gear = buyHonour({ ruleset, projection: projectModels(entries), id: 'h2', team: 'team-a', model: null, honour: 'medical-gear' });
    expect(projectModels([...entries, gear]).teams['team-a']?.teamHonours.map((h) => h.honour)).toEqual(['medical-gear']);
    expect(() => buyHonour({ ruleset, projection: projectModels(entries), id: 'h3', team: 'team-a', model: 'a-sp', honour: 'medical-gear' })).toThrow(
      /bought for the team/,
    );
  });
});

describe('voidGame and dependentsOf (docs/architecture.md "Voiding a game reverses exactly its entries")', () => {
  it("docs/architecture.md: voiding marks exactly that game's entries and the projection forgets them", () => {
    const g1 = applyGame({ ...input(), winner: 'a' }, new PhysicalDice());
    const g2 = applyGame({ ...input({ gameId: 'g2' }), facts: out(['a-c1']), winner: 'b' }, new PhysicalDice([[1]]));
    const voided = voidGame([...g1, ...g2], 'g2');
    expect(voided.filter((e) => e.voided).map((e) => e.id)).toEqual(g2.map((e) => e.id));
    expect(voided.slice(0, g1.length)).toEqual(g1);
    expect(projectModels(voided)).toEqual(projectModels(g1));
    expect(() => voidGame(voided, 'g2')).toThrow(VoidGameError);
    expect(() => voidGame(g1, 'nope')).toThrow(/no entries for game "nope"/);
  });

  it('docs/architecture.md "tells the organiser when a later game depends on them": Req spent, a replaced dead model, a level reached', () => {
    const g1 = applyGame({ ...input(), facts: out(['a-c1']), winner: 'a' }, new PhysicalDice([[2]]));
    const projection = projectModels(g1);
    const honour = buyHonour({
      ruleset: battleHonoursPreset(),
      projection,
      id: 'h1',
      team: 'team-a',
      model: 'a-tl',
      modelType: 'team-leader',
      honour: 'master-tactician',
    });
    const entries = [...g1, honour];
    const deps = dependentsOf(entries, 'g1', {
      later: [{ kind: 'model-recruited', id: 'r1', team: 'team-a', model: 'a-c9', replaces: 'a-c1', what: 'recruit "a-c9"' }],
    });
    expect(deps.map((d) => d.id)).toEqual(['h1', 'r1']);
    expect(deps[0]?.message).toBe(
      'Honour "master-tactician" for model "a-tl" spent 30 Req after game "g1"; without the 40 Req that game gave team "team-a", the team would be 30 Req short.',
    );
    expect(deps[1]?.message).toContain('"a-c1" died in game "g1"');
    // With enough Req from before, nothing depends on the game's Req.
    expect(dependentsOf(entries, 'g1', { openingReq: { 'team-a': 100 } }).map((d) => d.id)).toEqual([]);
    // A later level reached with EXP from the voided game (Experience & Levels).
    const exp = (id: string, gameId: string, amount: number): ProgressionEntry => ({
      v: 1,
      id,
      gameId,
      team: 't',
      rolls: [],
      voided: false,
      citation: 'test',
      kind: 'exp.gained',
      model: 'm1',
      amount,
      source: 'survived',
      reason: 'test',
    });
    const level: ProgressionEntry = {
      v: 1,
      id: 'l1',
      gameId: 'g2',
      team: 't',
      rolls: [],
      voided: false,
      citation: 'test',
      kind: 'level.reached',
      model: 'm1',
      level: 1,
      threshold: 2,
    };
    expect(dependentsOf([exp('e1', 'g1', 1), exp('e2', 'g2', 1), level], 'g1').map((d) => d.message)).toEqual([
      'Model "m1" reached level 1 (2 EXP) in game "g2" with EXP from game "g1"; without it the model has 1 EXP.',
    ]);
    expect(dependentsOf(entries, 'unknown')).toEqual([]);
  });
});
