import { describe, expect, it } from 'vitest';
import { validateTableCoverage } from '../ruleset/coverage';
import { Ruleset } from '../ruleset/schema';
import { horCoreRules } from './core';
import { MISSIONS } from './missions';
import { SECONDARY_OBJECTIVES } from './secondary-objectives';
import { ALWAYS_IN_EFFECT } from './special-rules';
import { MODEL_TYPES } from './model-types';

describe('004 core rules as data', () => {
  it('validate as a Ruleset (with an empty progression) and every table has full coverage', () => {
    const ruleset: Ruleset = {
      id: 'core-only',
      name: 'Core only',
      version: '2.1.0',
      schemaVersion: 1,
      description: 'Seed 004 without progression',
      ...horCoreRules(),
      progression: {
        system: 'experience-levels',
        experience: { awards: null, missionBonuses: true },
        levelThresholds: null,
        advanceTable: null,
        skills: null,
        injuries: { 'team-leader': null, special: null, core: null },
        injuryFollowUps: [],
        requisition: { awards: null, multipliers: [], chart: null, usesChart: true },
        honours: null,
        notes: [],
      },
    };
    expect(Ruleset.parse(ruleset)).toEqual(ruleset);
    for (const t of ruleset.diceTables) expect(validateTableCoverage(t).issues, t.name).toEqual([]);
  });

  it('004 Kill Team Special Rules: Night Fighting, Reserves, Built-up Area and Run Away! are always in effect', () => {
    expect([...ALWAYS_IN_EFFECT]).toEqual(['night-fighting', 'reserves', 'built-up-area', 'run-away']);
  });

  it('004 Missions: six missions, each citing seed 004', () => {
    expect(MISSIONS.map((m) => m.name)).toEqual(['Skirmish', 'Relic Hunt', 'Breakthrough', 'Sabotage', 'Seize Ground', 'Last Stand']);
    for (const m of MISSIONS) expect(m.citation.source).toBe('004');
  });

  it('004 Secondary Objectives: five objectives worth 1 VP each', () => {
    expect(SECONDARY_OBJECTIVES.map((s) => [s.name, s.vp])).toEqual([
      ['Come Back You Cowards!', 1],
      ['Assassination', 1],
      ['Survival', 1],
      ['Destroyer', 1],
      ['Lead from the Front', 1],
    ]);
  });

  it('004 model types: Team Leader, Special, Core', () => {
    expect(MODEL_TYPES.map((m) => m.name)).toEqual(['Team Leader', 'Special', 'Core']);
  });

  it('horCoreRules returns a fresh copy each time', () => {
    const a = horCoreRules();
    a.missions.pop();
    expect(horCoreRules().missions).toHaveLength(6);
  });
});
