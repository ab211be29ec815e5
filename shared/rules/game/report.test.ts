import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GameReport, killsBy, sideOutcomes, toGameFacts } from './report';
import { validateReport } from './report-checks';
import type { ModelReport } from './report';
import { validReportArb } from './test-helpers';

const model = (id: string, side: 'a' | 'b', extra: Partial<ModelReport> = {}): ModelReport => ({
  id,
  side,
  type: 'core',
  tookPart: true,
  aliveAtEnd: true,
  ...extra,
});

const base = (models: ModelReport[], extra: Partial<GameReport> = {}): GameReport => ({
  reportVersion: 1,
  missionId: 'skirmish',
  sides: {
    a: { teamId: 'orks', firstBlood: false, sweepingAdvance: false, kayfabe: false },
    b: { teamId: 'guard', firstBlood: false, sweepingAdvance: false, kayfabe: false },
  },
  models,
  ending: { kind: 'turns' },
  rolls: [],
  ...extra,
});

describe('game report (docs/progression.md "The game facts progression works from")', () => {
  const good = base([
    model('a-boss', 'a', { type: 'team-leader' }),
    model('a-nob', 'a', { type: 'special', aliveAtEnd: false, outOfAction: { by: 'b-sarge', how: 'shooting' } }),
    model('a-boy', 'a', { aliveAtEnd: false, outOfAction: { by: null, how: 'other', misadventure: true } }),
    model('a-spare', 'a', { tookPart: false }),
    model('b-sarge', 'b', { type: 'team-leader', inEnemyDeploymentZone: true }),
    model('b-vox', 'b', { type: 'special', squad: true, aliveAtEnd: false, outOfAction: { by: 'a-boss', how: 'melee' } }),
  ]);

  it('004 facts: a consistent Skirmish report has no problems and converts to GameFacts of the models that took part', () => {
    expect(validateReport(good)).toEqual([]);
    const facts = toGameFacts(good);
    expect(facts.models.map((m) => m.id)).toEqual(['a-boss', 'a-nob', 'a-boy', 'b-sarge', 'b-vox']);
    expect(facts.models.find((m) => m.id === 'a-boy')?.outOfAction).toEqual({ by: null, how: 'other' });
    expect(facts.ending).toEqual({ kind: 'turns' });
    expect(facts).not.toHaveProperty('attacker');
  });

  it('004 Lead from the Front ("A player\'s Team Leader is in the enemy deployment zone"): Breakthrough sets up without deployment zones, so nobody ends in the enemy\'s', () => {
    const breakthrough = base([model('a-boss', 'a', { type: 'team-leader', inEnemyDeploymentZone: true }), model('b-sarge', 'b', { type: 'team-leader' })], {
      missionId: 'breakthrough',
      attacker: 'a',
    });
    expect(validateReport(breakthrough)).toEqual([
      'Model {model:a-boss} is marked in the enemy deployment zone, but Breakthrough is set up without deployment zones: untick it.',
    ]);
  });

  it('004 Squad / docs/progression.md kills: killsBy reads each victim once; sideOutcomes counts misadventure (Mistakes Were Made)', () => {
    expect(killsBy(good, 'a-boss')).toEqual([{ modelId: 'b-vox', type: 'special', squad: true }]);
    expect(killsBy(good, 'b-sarge')).toEqual([{ modelId: 'a-nob', type: 'special', squad: false }]);
    const s = sideOutcomes(good);
    expect(s.a).toMatchObject({ teamId: 'orks', misadventureLosses: 1, modelsTookPart: 3, modelsAliveAtEnd: 1 });
    expect(s.b).toMatchObject({ misadventureLosses: 0, modelsTookPart: 2 });
  });

  it('validateReport: problems in plain words (both sides, unknown killer, not in the game, friendly kill)', () => {
    const bad = base([
      model('x', 'a', { type: 'team-leader' }),
      model('x', 'b'),
      model('y', 'b', { aliveAtEnd: false, outOfAction: { by: 'ghost', how: 'melee' } }),
      model('z', 'b', { aliveAtEnd: false, outOfAction: { by: 'bench', how: 'melee' } }),
      model('bench', 'a', { tookPart: false }),
      model('w', 'a', { aliveAtEnd: false, outOfAction: { by: 'x', how: 'shooting' } }),
      model('v', 'a', { aliveAtEnd: false }),
    ]);
    const problems = validateReport(bad);
    expect(problems).toContain('Model {model:x} is on both sides (Player A and Player B).');
    expect(problems).toContain('Model {model:y} was taken out of action by {model:ghost}, a model that is not in this game.');
    expect(problems).toContain('Model {model:z} was taken out of action by {model:bench}, a model that did not take part in the game.');
    expect(problems.some((p) => p.startsWith('Model {model:w} was taken out of action by {model:x} from its own side'))).toBe(true);
    expect(problems).toContain('Model {model:v} is a casualty: record how it was taken out of action (by whom, or misadventure).');
  });

  it('validateReport: mission facts (004 Relic Hunt count, Last Stand attacker, relics only in Relic Hunt)', () => {
    const relics = base([model('a1', 'a', { relicsCarried: 2 }), model('b1', 'b')]);
    expect(validateReport(relics)).toContain('Model {model:a1} carries relics, but Skirmish has no Relic counters.');
    expect(validateReport({ ...relics, missionId: 'relic-hunt' })).toContain('Relic Hunt: record how many Relic counters were placed.');
    expect(validateReport({ ...relics, missionId: 'relic-hunt', relicCount: 1 })).toContain('More relics are carried (2 + 0) than were placed (1).');
    expect(validateReport(base([model('a1', 'a'), model('b1', 'b')], { missionId: 'last-stand' }))).toContain('Last Stand: record which side is the attacker.');
    expect(validateReport(base([model('a1', 'a'), model('b1', 'b')], { missionId: 'kill-the-king' }))[0]).toMatch(
      /not one of seed 004's missions .* or seed 003's/,
    );
    // A seed-003 mission is scored (the 8th-edition supplement), once its victory points are recorded.
    expect(validateReport(base([model('a1', 'a'), model('b1', 'b')], { missionId: 'vital-intelligence' }))).toEqual([
      'Vital Intelligence: record the victory points both teams scored.',
    ]);
  });

  it('validateReport: 004 Step 5 endings and the per-side award facts (First Blood, Sweeping Advance)', () => {
    const wiped = base([model('a1', 'a', { aliveAtEnd: false, outOfAction: { by: 'b1', how: 'melee' } }), model('b1', 'b')]);
    expect(validateReport(wiped)[0]).toMatch(/Player A has no models left on the table/);
    expect(validateReport({ ...wiped, ending: { kind: 'no-models-left', side: 'a' } })).toEqual([]);
    const blood = { ...wiped, ending: { kind: 'no-models-left', side: 'a' } as const };
    blood.sides = { a: { ...blood.sides.a, firstBlood: true }, b: { ...blood.sides.b, sweepingAdvance: true } };
    expect(validateReport(blood)).toEqual(['Player A has First Blood but no enemy model was taken out of action.']);
  });

  it('validateReport: a roll whose dice do not make its total is reported', () => {
    const r = base([model('a1', 'a'), model('b1', 'b')], { rolls: [{ purpose: 'Mission', expression: 'D6', faces: [3], total: 4, source: 'physical' }] });
    expect(validateReport(r)).toEqual(['Roll 1 (Mission): the dice 3 make 3, not 4.']);
  });

  it('validateReport: schema problems of an imported file are words too, never a throw', () => {
    expect(validateReport({ reportVersion: 2 }).length).toBeGreaterThan(0);
    expect(validateReport(null).length).toBeGreaterThan(0);
  });

  it('docs/progression.md game facts (property, 1,000 runs): generated rule-following reports are valid and round-trip JSON', () => {
    fc.assert(
      fc.property(validReportArb, (r) => {
        expect(validateReport(r)).toEqual([]);
        expect(GameReport.parse(JSON.parse(JSON.stringify(r)))).toEqual(r);
      }),
      { numRuns: 1000 },
    );
  });

  it('validateReport never throws on arbitrary input (property, 1,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          validReportArb.map((r) => ({ ...r, models: [...r.models, ...r.models.slice(0, 1)] })),
        ),
        (x) => {
          expect(Array.isArray(validateReport(x))).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
