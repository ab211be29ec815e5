/**
 * Issue 6: "rosters that would become illegal" — every founded team's current state (the projection of its ledger)
 * checked again against a new ruleset (docs/progression.md Battle Honours caps and rules; Experience & Levels levels and
 * skills).
 */
import { describe, expect, it } from 'vitest';
import { battleHonoursPreset, experienceLevelsPreset } from '../presets';
import type { ModelProjection, Projection } from '../progression/project';
import type { Ruleset } from './schema';
import { rosterLegality } from './roster-legality';
import type { LegalityTeam } from './roster-legality';

const held = (honour: string, group: string, i = 0) => ({ honour, group, cost: 5, entryId: `e-${honour}-${i}` });
const model = (id: string, extra: Partial<ModelProjection> = {}): ModelProjection => ({
  model: id,
  team: 't1',
  exp: 0,
  level: 0,
  advances: [],
  permanentInjuries: [],
  mauled: null,
  dead: false,
  honours: [],
  ...extra,
});
const projection = (models: ModelProjection[], teamHonours: ReturnType<typeof held>[] = []): Projection => ({
  models: Object.fromEntries(models.map((m) => [m.model, m])),
  teams: { t1: { team: 't1', req: 0, earned: 0, spent: 0, teamHonours, honourPoints: 0, lastGameId: null } },
});
const wolves: LegalityTeam = {
  id: 't1',
  name: 'Iron Wolves',
  models: [
    { id: 'tarkus', name: 'Sergeant Tarkus', type: 'team-leader' },
    { id: 'kaelen', name: 'Brother Kaelen', type: 'special' },
    { id: 'cato', name: 'Brother Cato', type: 'core' },
  ],
};
const bh = battleHonoursPreset();
const edit = (r: Ruleset, change: (x: Ruleset) => void): Ruleset => {
  const copy = JSON.parse(JSON.stringify(r)) as Ruleset;
  change(copy);
  return copy;
};

describe('rosters that would become illegal under a new ruleset (docs/progression.md)', () => {
  it('docs/progression.md Battle Honours: a roster that fits the ruleset has no problems', () => {
    const p = projection(
      [
        model('tarkus', { honours: [held('warplate', 'leadership'), held('deadeye', 'shooting')] }),
        model('kaelen', { honours: [held('deadeye', 'shooting')] }),
      ],
      [held('medical-gear', 'kill-team')],
    );
    expect(rosterLegality({ before: bh, after: bh, projection: p, teams: [wolves] })).toEqual([]);
  });

  it('docs/progression.md Battle Honours: honours the new ruleset no longer has (Kill Team and model), or no Battle Honours at all', () => {
    const p = projection([model('kaelen', { honours: [held('deadeye', 'shooting')] })], [held('medical-gear', 'kill-team')]);
    const after = edit(bh, (r) => {
      for (const g of r.progression.honours!.groups) g.honours = g.honours.filter((h) => h.id !== 'deadeye' && h.id !== 'medical-gear');
    });
    expect(rosterLegality({ before: bh, after, projection: p, teams: [wolves] })).toEqual([
      'Iron Wolves holds the Kill Team honour Medical Gear, which the new ruleset does not have.',
      'Iron Wolves: Brother Kaelen holds Deadeye, which the new ruleset does not have.',
    ]);
    const levels = experienceLevelsPreset();
    expect(rosterLegality({ before: bh, after: levels, projection: p, teams: [wolves] })).toEqual([
      'Iron Wolves holds the Kill Team honour Medical Gear, but the new ruleset has no Battle Honours.',
      'Iron Wolves: Brother Kaelen holds an honour (Deadeye), but the new ruleset has no Battle Honours.',
    ]);
  });

  it('docs/progression.md honour caps per model type (groups, honours), "each honour once unless it says otherwise", a repeat cap', () => {
    const p = projection([
      model('cato', { honours: [held('deadeye', 'shooting'), held('fast-mover', 'speed')] }),
      model('kaelen', { honours: [held('iron-jaw', 'strength', 1), held('iron-jaw', 'strength', 2), held('iron-jaw', 'strength', 3)] }),
    ]);
    expect(rosterLegality({ before: bh, after: bh, projection: p, teams: [wolves] })).toEqual([
      'Iron Wolves: Brother Kaelen holds Iron Jaw 3 times; the new ruleset allows each honour once unless it says otherwise.',
      'Iron Wolves: Brother Cato holds honours from 2 groups; the new ruleset allows a Core model at most 1.',
    ]);
    const after = edit(bh, (r) => {
      const caps = r.progression.honours!.caps;
      caps.find((c) => c.modelType === 'special')!.maxHonours = 2;
      const ironJaw = r.progression.honours!.groups.flatMap((g) => g.honours).find((h) => h.id === 'iron-jaw')!;
      ironJaw.repeatable = true;
      ironJaw.maxTimes = 2;
      const deadeye = r.progression.honours!.groups.flatMap((g) => g.honours).find((h) => h.id === 'deadeye')!;
      deadeye.repeatable = false;
    });
    expect(rosterLegality({ before: bh, after, projection: p, teams: [wolves] })).toEqual([
      'Iron Wolves: Brother Kaelen holds Iron Jaw 3 times; the new ruleset allows it at most twice.',
      'Iron Wolves: Brother Kaelen holds 3 honours; the new ruleset allows a Special model at most 2.',
      'Iron Wolves: Brother Cato holds honours from 2 groups; the new ruleset allows a Core model at most 1.',
    ]);
  });

  it('docs/progression.md Warplate "(Leader only)": an honour whose restriction the model no longer meets; a Kill Team honour made a model\'s', () => {
    const p = projection([model('kaelen', { honours: [held('deadeye', 'shooting')] })], [held('medical-gear', 'kill-team')]);
    const after = edit(bh, (r) => {
      const deadeye = r.progression.honours!.groups.flatMap((g) => g.honours).find((h) => h.id === 'deadeye')!;
      deadeye.restriction = 'Team Leader only';
      const kt = r.progression.honours!.groups.find((g) => g.scope === 'team')!;
      const gear = kt.honours.find((h) => h.id === 'medical-gear')!;
      kt.honours = kt.honours.filter((h) => h !== gear);
      r.progression.honours!.groups.find((g) => g.id === 'skill')!.honours.push(gear);
    });
    expect(rosterLegality({ before: bh, after, projection: p, teams: [wolves] })).toEqual([
      'Iron Wolves holds Medical Gear as a Kill Team honour; the new ruleset makes it an honour for one model.',
      'Iron Wolves: Brother Kaelen holds Deadeye, which the new ruleset allows the Team Leader only (Brother Kaelen is a Special model).',
    ]);
  });

  it('docs/progression.md Experience & Levels: levels beyond the new highest level or the new thresholds, and levels under a ruleset without levels', () => {
    const before = edit(experienceLevelsPreset(), (r) => {
      r.progression.levelThresholds = [
        { level: 1, exp: 2 },
        { level: 2, exp: 5 },
        { level: 3, exp: 9 },
      ];
      r.progression.skills = [];
    });
    const p = projection([model('kaelen', { exp: 10, level: 3 }), model('cato', { exp: 5, level: 2 })]);
    expect(rosterLegality({ before, after: before, projection: p, teams: [wolves] })).toEqual([]);
    const fewer = edit(before, (r) => {
      r.progression.levelThresholds = [
        { level: 1, exp: 2 },
        { level: 2, exp: 6 },
      ];
    });
    expect(rosterLegality({ before, after: fewer, projection: p, teams: [wolves] })).toEqual([
      "Iron Wolves: Brother Kaelen is level 3; the new ruleset's highest level is 2.",
      'Iron Wolves: Brother Cato is level 2 with 5 EXP; the new thresholds give level 1 (level 2 needs 6 EXP).',
    ]);
    expect(rosterLegality({ before, after: edit(before, (r) => (r.progression.levelThresholds = null)), projection: p, teams: [wolves] })[0]).toBe(
      'Iron Wolves: Brother Kaelen is level 3, but the new ruleset has no level thresholds entered yet.',
    );
    expect(rosterLegality({ before, after: bh, projection: p, teams: [wolves] })[0]).toMatch(/Brother Kaelen is level 3, but the new ruleset has no levels/);
  });

  it('docs/progression.md Experience & Levels: skills from lists that are gone, or no longer open to the model type; dead and dismissed models are not checked', () => {
    const before = edit(experienceLevelsPreset(), (r) => {
      r.progression.levelThresholds = [{ level: 1, exp: 1 }];
      r.progression.skills = [
        { id: 'combat', name: 'Combat', modelTypes: ['team-leader', 'special'], skills: [{ id: 'mighty-blow', name: 'Mighty Blow', text: '+1 S' }] },
        { id: 'agility', name: 'Agility', skills: [{ id: 'acrobat', name: 'Acrobat', text: 'Jump' }] },
      ];
    });
    const advance = (result: string, followUp?: string) => ({
      level: 1,
      result,
      text: result,
      followUps: followUp ? [{ table: 'skills', result: followUp, text: followUp }] : [],
      gameId: 'g1',
    });
    const p = projection([
      model('kaelen', { exp: 1, level: 1, advances: [advance('skill', 'mighty-blow')] }),
      model('cato', { exp: 1, level: 1, advances: [advance('acrobat')] }),
      model('tarkus', { exp: 1, level: 1, advances: [advance('plus-1-ws')], dead: true }),
    ]);
    expect(rosterLegality({ before, after: before, projection: p, teams: [wolves] })).toEqual([]);
    const after = edit(before, (r) => {
      r.progression.skills = [
        { id: 'combat', name: 'Combat', modelTypes: ['team-leader'], skills: [{ id: 'mighty-blow', name: 'Mighty Blow', text: '+1 S' }] },
      ];
    });
    expect(rosterLegality({ before, after, projection: p, teams: [wolves] })).toEqual([
      'Iron Wolves: Brother Kaelen has the skill Mighty Blow (level 1 advance) from the Combat skills, which the new ruleset no longer opens to Special models.',
      "Iron Wolves: Brother Cato has the skill Acrobat (level 1 advance), which the new ruleset's skill lists no longer have.",
    ]);
    // A model no longer on the roster (dismissed) is not checked.
    expect(rosterLegality({ before, after, projection: p, teams: [{ ...wolves, models: [] }] })).toEqual([]);
  });
});
