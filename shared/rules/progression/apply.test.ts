import { describe, expect, it } from 'vitest';
import { PhysicalDice, SeededDice } from '../dice';
import { experienceLevelsPreset } from '../presets/experience-levels';
import { battleHonoursPreset } from '../presets/battle-honours';
import { MissingTableError } from '../presets/require';
import { applyGame, chartRowReq, isUnderdog, levelFor, multiplierBonus } from './apply';
import type { ProgressionEntry } from './entries';
import { PROGRESSION_ENTRY_KINDS, ProgressionEntry as EntrySchema } from './entries';
import { filledLevels, input, m, side, withModel } from './test-helpers';

const reqOf = (entries: ProgressionEntry[], team: string) =>
  entries
    .filter((e) => e.team === team && (e.kind === 'req.awarded' || e.kind === 'req.underdog' || e.kind === 'relic.cashed' || e.kind === 'req.chart'))
    .reduce((s, e) => s + ('amount' in e ? e.amount : 0), 0);
const reasons = (entries: ProgressionEntry[], team: string) => entries.flatMap((e) => (e.team === team && e.kind === 'req.awarded' ? [e.award] : []));

describe('applyGame, preset Battle Honours (docs/progression.md)', () => {
  it('docs/progression.md Requisition awards: Took part +20, Victory +10, Assassin +10, Considerate Commander +10, First Blood +5', () => {
    const base = input();
    const facts = withModel(base.facts, 'b-tl', { aliveAtEnd: false, outOfAction: { by: 'a-sp', how: 'shooting' } });
    const entries = applyGame(
      { ...base, facts, winner: 'a', awards: { a: { ...base.awards.a, firstBlood: true }, b: base.awards.b } },
      new PhysicalDice([[5, 5]]),
    );
    expect(reasons(entries, 'team-a')).toEqual(['took-part', 'victory', 'assassin', 'considerate-commander', 'first-blood']);
    expect(reqOf(entries, 'team-a')).toBe(55);
    // 4 of 5 survived = 80 % ≥ 75 %.
    expect(reasons(entries, 'team-b')).toEqual(['took-part', 'considerate-commander']);
    const took = entries.find((e) => e.kind === 'req.awarded' && e.award === 'took-part');
    expect(took).toMatchObject({ amount: 20, reason: 'Took part +20: played the mission', gameId: 'g1', rolls: [] });
  });

  it('docs/progression.md Requisition awards: Stalemate +5 each player when VP are tied; Kayfabe, Linebreaker, Mistakes Were Made, Sweeping Advance', () => {
    const base = input();
    let facts = withModel(base.facts, 'a-c1', { inEnemyDeploymentZone: true });
    for (const id of ['b-c1', 'b-c2', 'b-c3']) facts = withModel(facts, id, { aliveAtEnd: false, outOfAction: { by: null, how: 'other' } });
    facts = { ...facts, ending: { kind: 'run-away', side: 'b', voluntary: false } };
    const entries = applyGame(
      { ...base, facts, awards: { a: { ...base.awards.a, kayfabe: true }, b: { ...base.awards.b, misadventureLosses: 3 } } },
      new PhysicalDice([[3], [4], [5]]),
    );
    expect(reasons(entries, 'team-a')).toEqual(['took-part', 'stalemate', 'considerate-commander', 'sweeping-advance', 'linebreaker', 'kayfabe']);
    expect(reasons(entries, 'team-b')).toEqual(['took-part', 'stalemate', 'mistakes-were-made']);
  });

  it('docs/progression.md Underdog ×1.5: only the team with the strictly lowest Threat; the extra is its own entry, rounded down', () => {
    const base = input({ teams: { a: { team: 'team-a', threat: 3 }, b: { team: 'team-b', threat: 4 } } });
    const entries = applyGame(base, new PhysicalDice());
    const underdog = entries.filter((e) => e.kind === 'req.underdog');
    // Team a: Took part 20 + Stalemate 5 + Considerate Commander 10 = 35 → ×1.5 adds 17 (17.5 rounded down).
    expect(underdog).toEqual([expect.objectContaining({ team: 'team-a', base: 35, amount: 17, factor: 1.5 })]);
    expect(applyGame({ ...base, campaignThreats: [2, 3, 4] }, new PhysicalDice()).some((e) => e.kind === 'req.underdog')).toBe(false);
    expect(isUnderdog(3, [3, 3])).toBe(false);
    expect(isUnderdog(3, [3, 4, 5])).toBe(true);
    expect(multiplierBonus(25, 1.5)).toBe(12);
  });

  it('seed 004 Relic Hunt: D6 Req per relic, added after the requisition of both players; a dead carrier holds none', () => {
    const base = input({ missionId: 'relic-hunt' });
    let facts = withModel(base.facts, 'a-sp', { relicsCarried: 2 });
    facts = withModel(facts, 'b-c1', { relicsCarried: 1, aliveAtEnd: false, outOfAction: { by: 'a-tl', how: 'melee' } });
    const entries = applyGame({ ...base, facts, winner: 'a' }, new PhysicalDice([[6], [4], [2]]));
    const relic = entries.filter((e) => e.kind === 'relic.cashed');
    expect(relic).toEqual([expect.objectContaining({ team: 'team-a', relics: 2, amount: 6 })]);
    expect(relic[0]?.rolls.map((r) => r.total)).toEqual([4, 2]);
    const lastReq = entries.map((e) => e.kind).lastIndexOf('req.awarded');
    expect(entries.findIndex((e) => e.kind === 'relic.cashed')).toBeGreaterThan(lastReq);
    // Seed 004 Relic Hunt Bonus Campaign Experience: +1 EXP per relic carried by a Special model.
    expect(entries.filter((e) => e.kind === 'exp.gained')).toEqual([expect.objectContaining({ model: 'a-sp', amount: 2 })]);
  });

  it('docs/progression.md Injuries, Core: D6 1–2 dead (model.died), 3–6 full recovery', () => {
    const base = input();
    let facts = withModel(base.facts, 'a-c1', { aliveAtEnd: false, outOfAction: { by: 'b-c1', how: 'shooting' } });
    facts = withModel(facts, 'a-c2', { aliveAtEnd: false, outOfAction: { by: 'b-c1', how: 'shooting' } });
    const entries = applyGame({ ...base, facts }, new PhysicalDice([[2], [3]]));
    const injuries = entries.filter((e) => e.kind === 'injury.rolled');
    expect(injuries.map((e) => [e.model, e.roll, e.result.kind])).toEqual([
      ['a-c1', 2, 'dead'],
      ['a-c2', 3, 'recovered'],
    ]);
    expect(injuries[0]?.rolls).toEqual([expect.objectContaining({ expression: 'D6', faces: [2], source: 'physical' })]);
    expect(entries.filter((e) => e.kind === 'model.died').map((e) => e.model)).toEqual(['a-c1']);
  });

  it('docs/progression.md Injuries, Team Leader and Special: D66 11–13 dead, 14–16 permanent injury (D6), 21–26 mauled (D6; 21 read as mauled), 31–66 recovered', () => {
    const base = input();
    const out = (ids: string[]) => ids.reduce((f, id) => withModel(f, id, { aliveAtEnd: false, outOfAction: { by: null, how: 'other' } }), base.facts);
    const entries = applyGame({ ...base, facts: out(['a-tl', 'a-sp', 'b-tl', 'b-sp']) }, new PhysicalDice([[1, 4], [2], [2, 1], [3], [3, 1], [1, 3]]));
    const results = entries.flatMap((e) => (e.kind === 'injury.rolled' ? [[e.model, e.roll, e.result]] : []));
    expect(results).toEqual([
      ['a-tl', 14, { kind: 'permanent-injury', characteristic: 'minus-1-ws', text: expect.stringContaining('-1 WS') }],
      ['a-sp', 21, { kind: 'mauled', effect: 'winded', text: expect.stringContaining('Winded') }],
      ['b-tl', 31, { kind: 'recovered', text: 'Full recovery.' }],
      ['b-sp', 13, { kind: 'dead', text: expect.any(String) }],
    ]);
    const permanent = entries.find((e) => e.kind === 'injury.rolled' && e.model === 'a-tl');
    expect(permanent?.rolls.map((r) => r.expression)).toEqual(['D66', 'D6']);
    expect(entries.filter((e) => e.kind === 'model.died').map((e) => e.model)).toEqual(['b-sp']);
  });

  it('docs/progression.md Re-rolls: Medical Gear re-rolls one injury per battle; the re-roll stands and both rolls are logged', () => {
    const base = input();
    const facts = withModel(base.facts, 'a-tl', { aliveAtEnd: false, outOfAction: { by: 'b-tl', how: 'melee' } });
    const awards = { a: { ...base.awards.a, injuryReroll: 'a-tl' }, b: base.awards.b };
    const teams = { ...base.teams, a: { team: 'team-a', threat: 3, honours: ['medical-gear'] } };
    const entries = applyGame(
      { ...base, facts, awards, teams },
      new PhysicalDice([
        [1, 2],
        [4, 4],
      ]),
    );
    const injury = entries.find((e) => e.kind === 'injury.rolled');
    expect(injury).toMatchObject({ model: 'a-tl', roll: 44, result: { kind: 'recovered' } });
    expect(injury?.rolls.map((r) => r.total)).toEqual([12, 44]);
    expect(entries.some((e) => e.kind === 'model.died')).toBe(false);
    expect(() =>
      applyGame(
        { ...base, facts, awards },
        new PhysicalDice([
          [1, 2],
          [4, 4],
        ]),
      ),
    ).toThrow(/no Medical Gear/);
  });

  it('seed 004 Bonus Campaign Experience: +1 EXP for a Special killed (Skirmish); a Non-Learning model never gains EXP', () => {
    const base = input();
    let facts = withModel(base.facts, 'b-sp', { aliveAtEnd: false, outOfAction: { by: 'a-tl', how: 'melee' } });
    facts = withModel(facts, 'a-sp', { aliveAtEnd: false, outOfAction: { by: 'b-tl', how: 'shooting' } });
    facts = withModel(facts, 'b-tl', { nonLearning: true });
    const entries = applyGame(
      { ...base, facts },
      new PhysicalDice([
        [4, 4],
        [4, 4],
      ]),
    );
    expect(entries.filter((e) => e.kind === 'exp.gained')).toEqual([
      expect.objectContaining({ team: 'team-a', model: 'a-tl', amount: 1, source: 'skirmish-special-kill', citation: expect.stringContaining('004') }),
    ]);
  });

  it('docs/architecture.md ledger: entries come in the fixed order, carry their game, unique ids, and parse with the schema', () => {
    const base = input({ missionId: 'relic-hunt' });
    let facts = withModel(base.facts, 'a-sp', { relicsCarried: 1 });
    facts = withModel(facts, 'b-c1', { aliveAtEnd: false, outOfAction: { by: 'a-sp', how: 'shooting' } });
    const entries = applyGame({ ...base, facts, winner: 'a' }, SeededDice.fromSeed('order'));
    const order = entries.map((e) => PROGRESSION_ENTRY_KINDS.indexOf(e.kind));
    expect(order).toEqual([...order].sort((x, y) => x - y));
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const e of entries) expect(EntrySchema.parse(JSON.parse(JSON.stringify(e)))).toEqual(e);
  });

  it('docs/progression.md "the app lets the organiser add them as data": an organiser-added award is earned when listed; an unknown one is refused before any die', () => {
    const ruleset = battleHonoursPreset();
    ruleset.progression.requisition.awards?.push({
      id: 'painted',
      name: 'Fully painted',
      req: 5,
      condition: 'Every model painted.',
      citation: { source: 'house rule', section: 'Painting' },
    });
    const base = input({ ruleset });
    const entries = applyGame({ ...base, awards: { a: { ...base.awards.a, otherAwards: ['painted'] }, b: base.awards.b } }, new PhysicalDice());
    expect(entries.find((e) => e.kind === 'req.awarded' && e.award === 'painted')).toMatchObject({
      team: 'team-a',
      amount: 5,
      reason: 'Fully painted +5: Every model painted.',
    });
    const dice = new PhysicalDice([[1]]);
    const facts = withModel(base.facts, 'a-c1', { aliveAtEnd: false, outOfAction: { by: null, how: 'other' } });
    expect(() => applyGame({ ...base, facts, awards: { a: { ...base.awards.a, otherAwards: ['nope'] }, b: base.awards.b } }, dice)).toThrow(
      /no requisition award "nope"/,
    );
    expect(dice.remaining).toBe(1);
  });

  it('docs/progression.md Requisition multipliers: one other than Underdog is refused before any die, naming it and saying to remove it (Not done)', () => {
    const ruleset = battleHonoursPreset();
    ruleset.progression.requisition.multipliers.push({
      id: 'double-or-nothing',
      name: 'Double or Nothing',
      factor: 2,
      condition: 'House rule.',
      citation: { source: 'house rule', section: 'Req' },
    });
    const dice = new PhysicalDice([[1]]);
    expect(() => applyGame(input({ ruleset }), dice)).toThrow(
      'The requisition multiplier "Double or Nothing" (double-or-nothing) has no rule in the app yet: only "underdog" is applied. Remove "Double or Nothing" from the ruleset\'s requisition multipliers to apply this game.',
    );
    expect(dice.remaining).toBe(1);
  });

  it('refuses contradictory facts: two First Bloods, a dead model playing, more misadventure losses than casualties', () => {
    const base = input();
    expect(() =>
      applyGame({ ...base, awards: { a: { ...base.awards.a, firstBlood: true }, b: { ...base.awards.b, firstBlood: true } } }, new PhysicalDice()),
    ).toThrow(/First Blood/);
    expect(() =>
      applyGame(
        { ...base, teams: { ...base.teams, a: { team: 'team-a', threat: 3, models: [{ model: 'a-c1', exp: 0, level: 0, dead: true }] } } },
        new PhysicalDice(),
      ),
    ).toThrow(/is dead/);
    expect(() => applyGame({ ...base, awards: { a: { ...base.awards.a, misadventureLosses: 1 }, b: base.awards.b } }, new PhysicalDice())).toThrow(
      /misadventure/,
    );
  });
});

describe('applyGame, preset Experience & Levels (docs/progression.md)', () => {
  it('docs/progression.md "it never invents numbers": a null table throws MissingTableError naming it, before any die is rolled', () => {
    const dice = new PhysicalDice([[1]]);
    const base = input({ ruleset: experienceLevelsPreset() });
    expect(() => applyGame(base, dice)).toThrow(MissingTableError);
    expect(() => applyGame(base, dice)).toThrow(
      "The ruleset 'HoR campaign, Experience & Levels' has no EXP awards yet: enter them in House rules → Progression → EXP awards",
    );
    expect(dice.remaining).toBe(1);
    const r = filledLevels();
    r.progression.advanceTable = null;
    expect(() => applyGame(input({ ruleset: r }), dice)).toThrow(expect.objectContaining({ name: 'MissingTableError', key: 'advance-table' }));
    const r2 = filledLevels();
    r2.progression.requisition.chart = null;
    expect(() => applyGame(input({ ruleset: r2 }), dice)).toThrow(expect.objectContaining({ key: 'requisition-chart' }));
  });

  it('docs/progression.md Experience & Levels: EXP reaching a threshold gives level.reached + advance.rolled; chart rolls for both players, then relics (seed 004)', () => {
    const facts = {
      models: [...side('a', 1), ...side('b', 1)].map((x) => (x.id === 'a-sp' ? { ...x, relicsCarried: 1 } : x)),
      ending: { kind: 'turns' as const },
    };
    const entries = applyGame(
      input({
        ruleset: filledLevels(),
        missionId: 'relic-hunt',
        facts,
        winner: 'a',
        awards: {
          a: {
            firstBlood: false,
            kayfabe: false,
            misadventureLosses: 0,
            expAwards: [
              { model: 'a-sp', award: 'survived' },
              { model: 'a-c1', award: 'survived' },
            ],
          },
          b: { firstBlood: false, kayfabe: false, misadventureLosses: 0 },
        },
        teams: { a: { team: 'team-a', threat: 3, models: [{ model: 'a-c1', exp: 0, level: 0 }] }, b: { team: 'team-b', threat: 3 } },
      }),
      // advance for a-sp, chart a, chart b, relic a
      new PhysicalDice([[5], [2], [6], [3]]),
    );
    expect(entries.map((e) => e.kind)).toEqual([
      'exp.gained',
      'exp.gained',
      'exp.gained',
      'level.reached',
      'advance.rolled',
      'req.chart',
      'req.chart',
      'relic.cashed',
    ]);
    expect(entries.find((e) => e.kind === 'advance.rolled')).toMatchObject({ model: 'a-sp', level: 1, result: 'skill' });
    expect(entries.filter((e) => e.kind === 'req.chart').map((e) => [e.team, e.amount])).toEqual([
      ['team-a', 10],
      ['team-b', 20],
    ]);
    expect(entries.at(-1)).toMatchObject({ kind: 'relic.cashed', amount: 3 });
  });

  it('docs/progression.md Levels: a model already at level 1 only rolls for new levels; a model that died in its injury roll gets no advance', () => {
    const facts = {
      models: [...side('a', 1), ...side('b', 1)].map((x) =>
        x.id === 'a-tl' ? { ...x, aliveAtEnd: false, outOfAction: { by: null, how: 'other' as const } } : x,
      ),
      ending: { kind: 'turns' as const },
    };
    const entries = applyGame(
      input({
        ruleset: filledLevels(),
        facts,
        awards: {
          a: {
            firstBlood: false,
            kayfabe: false,
            misadventureLosses: 0,
            expAwards: [
              { model: 'a-sp', award: 'survived', times: 2 },
              { model: 'a-tl', award: 'survived', times: 4 },
            ],
          },
          b: { firstBlood: false, kayfabe: false, misadventureLosses: 0 },
        },
        teams: { a: { team: 'team-a', threat: 3, models: [{ model: 'a-sp', exp: 2, level: 1 }] }, b: { team: 'team-b', threat: 3 } },
      }),
      // injury a-tl (1 = dead), advance a-sp level 2, chart a, chart b
      new PhysicalDice([[1], [2], [1], [1]]),
    );
    expect(entries.filter((e) => e.kind === 'level.reached').map((e) => [e.model, e.level])).toEqual([['a-sp', 2]]);
    expect(entries.find((e) => e.kind === 'advance.rolled')).toMatchObject({ model: 'a-sp', level: 2, result: 'plus-1-ws' });
    expect(entries.find((e) => e.kind === 'model.died')).toMatchObject({ model: 'a-tl' });
  });

  it('readings: chart rows "req-<n>" give n Req; levelFor takes the highest threshold reached', () => {
    expect(chartRowReq('req-15')).toBe(15);
    expect(chartRowReq('re-roll')).toBe(0);
    expect(
      levelFor(3, [
        { level: 1, exp: 2 },
        { level: 2, exp: 4 },
      ]),
    ).toBe(1);
    expect(levelFor(1, [{ level: 1, exp: 2 }])).toBe(0);
  });

  it('seed 004 Non-Learning: organiser EXP awards skip Non-Learning models', () => {
    const facts = {
      models: [...side('a', 1).map((x) => (x.id === 'a-c1' ? { ...x, nonLearning: true } : x)), ...side('b', 1)],
      ending: { kind: 'turns' as const },
    };
    const entries = applyGame(
      input({
        ruleset: filledLevels(),
        facts,
        awards: {
          a: { firstBlood: false, kayfabe: false, misadventureLosses: 0, expAwards: [{ model: 'a-c1', award: 'survived' }] },
          b: { firstBlood: false, kayfabe: false, misadventureLosses: 0 },
        },
      }),
      new PhysicalDice([[1], [1]]),
    );
    expect(entries.some((e) => e.kind === 'exp.gained')).toBe(false);
    expect(m('x', 'a').aliveAtEnd).toBe(true);
  });
});
