import { describe, expect, it } from 'vitest';
import { PhysicalDice } from '../dice';
import { lookupRow, validateTableCoverage } from '../ruleset/coverage';
import { Ruleset } from '../ruleset/schema';
import { MissingTableError, battleHonoursPreset, experienceLevelsPreset, missingTables, presets, requireTable, tableCoverageProblems } from './index';

describe('presets', () => {
  it('both presets validate against the Ruleset schema, also after a JSON round trip (export/import)', () => {
    for (const p of presets()) {
      expect(Ruleset.parse(p)).toEqual(p);
      expect(Ruleset.parse(JSON.parse(JSON.stringify(p)))).toEqual(p);
    }
  });

  it('docs/progression.md: "HoR campaign, Battle Honours" is the default (first) preset', () => {
    expect(presets()[0]?.name).toBe('HoR campaign, Battle Honours');
  });

  it('every dice table of both presets covers each result exactly once', () => {
    for (const p of presets()) expect(tableCoverageProblems(p)).toEqual([]);
  });
});

describe('docs/progression.md preset "HoR campaign, Battle Honours"', () => {
  const bh = battleHonoursPreset();

  it('is complete: no table is missing', () => {
    expect(missingTables(bh)).toEqual([]);
  });

  it('Requisition awards: Took part +20, Victory +10, Stalemate +5 … Kayfabe +10; Underdog ×1.5', () => {
    const awards = requireTable(bh, 'requisition-awards').map((a) => [a.name, a.req]);
    expect(awards).toEqual([
      ['Took part', 20],
      ['Victory', 10],
      ['Stalemate', 5],
      ['Assassin', 10],
      ['Considerate Commander', 10],
      ['Sweeping Advance', 5],
      ['First Blood', 5],
      ['Linebreaker', 5],
      ['Mistakes Were Made', 10],
      ['Kayfabe', 10],
    ]);
    expect(bh.progression.requisition.multipliers).toMatchObject([{ id: 'underdog', factor: 1.5 }]);
  });

  it('Injuries: Core D6 — 1–2 dead, 3–6 full recovery', () => {
    const core = requireTable(bh, 'injury-core');
    expect([1, 2, 3, 6].map((n) => lookupRow(core.rows, n)?.result)).toEqual(['dead', 'dead', 'full-recovery', 'full-recovery']);
  });

  it('Injuries: Team Leader and Special D66 — 11–13 dead, 14–16 permanent, 21–26 mauled (21 included, with a note), 31–66 recovery', () => {
    const t = requireTable(bh, 'injury-team-leader');
    expect(requireTable(bh, 'injury-special')).toEqual(t);
    expect(t.expression).toBe('D66');
    expect([11, 13, 14, 16, 21, 22, 26, 31, 66].map((n) => lookupRow(t.rows, n)?.result)).toEqual([
      'dead',
      'dead',
      'permanent-injury',
      'permanent-injury',
      'mauled',
      'mauled',
      'mauled',
      'full-recovery',
      'full-recovery',
    ]);
    expect(t.note).toMatch(/leaves 21 uncovered/);
    expect(t.citation.note).toMatch(/21 is treated as mauled/);
    expect(validateTableCoverage(t).ok).toBe(true);
  });

  it('Injuries: a D66 roll of 2 then 1 is 21 → mauled, then D6 on the mauled table', () => {
    const t = requireTable(bh, 'injury-special');
    const dice = new PhysicalDice([[2, 1], [3]]);
    const first = dice.roll(t.expression, 'Injury');
    const row = lookupRow(t.rows, first.total);
    expect(row?.result).toBe('mauled');
    const follow = bh.progression.injuryFollowUps.find((x) => x.id === row?.followUpTable);
    expect(follow && lookupRow(follow.rows, dice.roll(follow.expression, 'Mauled').total)?.result).toBe('winded');
  });

  it('Injuries: permanent injury D6 — 1 Move, 2 WS, 3 BS, 4 S, 5 T, 6 A', () => {
    const t = bh.progression.injuryFollowUps.find((x) => x.id === 'bh-permanent-injury');
    expect(t?.rows.map((r) => r.text)).toEqual(['-1 Move', '-1 WS', '-1 BS', '-1 S', '-1 T', '-1 A']);
  });

  it('Battle Honours: caps per model type, elite surcharge +5, group costs', () => {
    const honours = requireTable(bh, 'honours');
    expect(honours.caps).toEqual([
      { modelType: 'team-leader', maxGroups: 4, maxHonours: 'unlimited' },
      { modelType: 'special', maxGroups: 3, maxHonours: 4 },
      { modelType: 'special-as-core', maxGroups: 2, maxHonours: 3 },
      { modelType: 'core', maxGroups: 1, maxHonours: 2 },
    ]);
    expect(honours.eliteSurcharge.req).toBe(5);
    expect(honours.groups.map((g) => [g.name, g.honours.length])).toEqual([
      ['Kill Team', 7],
      ['Leadership', 7],
      ['Psychic', 6],
      ['Strength', 7],
      ['Unconventional Warfare', 9],
      ['Speed', 7],
      ['Combat', 6],
      ['Shooting', 7],
      ['Skill', 7],
    ]);
    const all = honours.groups.flatMap((g) => g.honours);
    const cost = (id: string) => all.find((x) => x.id === id)?.cost;
    expect([cost('the-specialist'), cost('master-tactician'), cost('water-stance'), cost('battle-psyker'), cost('taunt')]).toEqual([25, 30, 12, 8, 10]);
    expect(all.filter((x) => x.repeatable).map((x) => x.id)).toEqual(['the-specialist', 'critical-personnel']);
    expect(new Set(all.map((x) => x.id)).size).toBe(all.length);
  });
});

describe('docs/progression.md preset "HoR campaign, Experience & Levels"', () => {
  const el = experienceLevelsPreset();

  it('ships structure only: the organiser-entered tables are null', () => {
    expect(missingTables(el).map((m) => m.key)).toEqual([
      'experience-awards',
      'level-thresholds',
      'advance-table',
      'skills',
      'injury-team-leader',
      'injury-special',
      'injury-core',
      'requisition-chart',
    ]);
  });

  it('names the missing table and where to enter it', () => {
    expect(() => requireTable(el, 'level-thresholds')).toThrow(
      "The ruleset 'HoR campaign, Experience & Levels' has no level thresholds yet: enter them in House rules → Progression → Level thresholds",
    );
    expect(() => requireTable(el, 'injury-core')).toThrow(MissingTableError);
    expect(missingTables(el).find((m) => m.key === 'advance-table')?.message).toBe(
      "The ruleset 'HoR campaign, Experience & Levels' has no advance table yet: enter it in House rules → Progression → Advance table",
    );
  });

  it("keeps the seed's mission EXP bonuses (004) and knows tables once entered", () => {
    expect(el.progression.experience.missionBonuses).toBe(true);
    expect(el.missions.flatMap((m) => m.bonusExperience).length).toBeGreaterThan(0);
    const filled: Ruleset = { ...el, progression: { ...el.progression, levelThresholds: [{ level: 1, exp: 0 }] } };
    expect(requireTable(filled, 'level-thresholds')).toEqual([{ level: 1, exp: 0 }]);
    expect(missingTables(filled).some((m) => m.key === 'level-thresholds')).toBe(false);
  });
});
