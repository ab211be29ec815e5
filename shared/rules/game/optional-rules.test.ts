/**
 * Issue 6: the optional rules are switched in one place, the ruleset — 004 Weather, Injuries (in game), Destructible
 * Terrain; 000 Dusk & Dawn; 003 Twist, Mysterious Objectives and the 8th-edition supplement's missions.
 */
import { describe, expect, it } from 'vitest';
import { battleHonoursPreset, experienceLevelsPreset } from '../presets';
import { Ruleset, allTables } from '../ruleset/schema';
import { checkRuleset } from '../ruleset/validate';
import { diffRulesets } from '../ruleset/diff';
import { CLUB_MISSION_TABLE } from '../club-8th/missions';
import {
  HOUSE_OPTIONAL_RULES,
  atTheTableOptionalRules,
  clubMissionsOn,
  isOptionalRuleOn,
  optionalRuleSwitches,
  planOptionalRulesOf,
  switchOptionalRule,
  withOptionalRules,
} from './optional-rules';

describe('optional rules in the ruleset (004 OPTIONAL RULES, 000 Dusk & Dawn, 003 Twist, Mysterious Objectives, Приложение 3.)', () => {
  it('004 OPTIONAL RULES: the presets list Weather, Injuries (in game) and Destructible Terrain, all off; every known rule cites its seed', () => {
    for (const preset of [battleHonoursPreset(), experienceLevelsPreset()]) {
      expect(preset.optionalRules.map((o) => [o.id, o.enabledByDefault])).toEqual([
        ['weather', false],
        ['in-game-injuries', false],
        ['destructible-terrain', false],
      ]);
      expect(planOptionalRulesOf(preset)).toEqual({ weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false });
      expect(clubMissionsOn(preset)).toBe(false);
    }
    expect(HOUSE_OPTIONAL_RULES.map((h) => `${h.rule.citation.source} ${h.rule.name}`)).toEqual([
      '004 Weather',
      '000 Dusk & Dawn',
      '003 Twist',
      '003 Mysterious Objectives',
      '004 Injuries (in game)',
      '004 Destructible Terrain',
      '003 8th-edition supplement missions',
    ]);
  });

  it('switching a rule on adds it with the tables it rolls on (003 Twist, Mysterious Objectives, the mission table); the ruleset stays valid and the plan options follow', () => {
    const on = withOptionalRules(battleHonoursPreset(), {
      weather: true,
      'dusk-and-dawn': true,
      twist: true,
      'mysterious-objectives': true,
      'club-8th-missions': true,
    });
    expect(Ruleset.safeParse(on).success).toBe(true);
    expect(checkRuleset(on)).toEqual({ problems: [], missing: [] });
    expect(planOptionalRulesOf(on)).toEqual({ weather: true, duskAndDawn: true, twist: true, mysteriousObjectives: true });
    expect(clubMissionsOn(on)).toBe(true);
    expect(allTables(on).map((t) => t.id)).toEqual(
      expect.arrayContaining(['hor-weather', 'dusk-and-dawn', 'twist', 'mysterious-objectives', 'club-8th-missions']),
    );
    // Off again: the rule stays listed (with its tables, which the club may have edited), switched off.
    const off = withOptionalRules(on, { twist: false });
    expect(isOptionalRuleOn(off, 'twist')).toBe(false);
    expect(off.optionalRules.some((o) => o.id === 'twist')).toBe(true);
    expect(allTables(off).some((t) => t.id === 'twist')).toBe(true);
    // Switching off a rule the ruleset does not list changes nothing; an unknown rule is refused.
    expect(withOptionalRules(battleHonoursPreset(), { twist: false })).toEqual(battleHonoursPreset());
    expect(() => withOptionalRules(battleHonoursPreset(), { 'moon-phase': true })).toThrow('There is no optional rule "moon-phase".');
  });

  it('a table the club already edited is kept when its rule is switched on again', () => {
    const r = battleHonoursPreset();
    switchOptionalRule(r, 'club-8th-missions', true);
    const table = r.diceTables.find((t) => t.id === CLUB_MISSION_TABLE.id)!;
    table.rows = [{ from: 1, to: 6, result: 'no-mercy', text: 'No Mercy' }];
    switchOptionalRule(r, 'club-8th-missions', false);
    switchOptionalRule(r, 'club-8th-missions', true);
    expect(r.diceTables.filter((t) => t.id === CLUB_MISSION_TABLE.id)).toEqual([table]);
  });

  it("checkRuleset: the 8th-edition mission table may only name seed 003's six missions", () => {
    const r = withOptionalRules(battleHonoursPreset(), { 'club-8th-missions': true });
    r.diceTables.find((t) => t.id === CLUB_MISSION_TABLE.id)!.rows[0]!.result = 'skirmish';
    expect(checkRuleset(r).problems).toEqual(['8th-edition mission table: the row 1 names "skirmish", which is not one of the supplement\'s six missions.']);
  });

  it('the diff says which optional rules were switched on or off', () => {
    const before = withOptionalRules(battleHonoursPreset(), { weather: true });
    const after = withOptionalRules(before, { weather: false, twist: true });
    expect(diffRulesets(before, after)).toEqual([
      { area: 'Optional rules', kind: 'changed', text: 'Weather switched off.' },
      { area: 'Optional rules', kind: 'added', text: 'Twist added, switched on.' },
      { area: 'Dice tables', kind: 'added', text: 'Twist added.' },
    ]);
  });

  it("the switches list Herald's rules in order, then a club's own; rules played at the table are listed for the plan", () => {
    const r = withOptionalRules(battleHonoursPreset(), { 'in-game-injuries': true, weather: true });
    r.optionalRules.push({
      id: 'fog',
      name: 'Fog',
      description: 'Our club’s fog.',
      enabledByDefault: true,
      tables: [],
      citation: { source: 'house rule', section: 'Fog' },
    });
    const switches = optionalRuleSwitches(r);
    expect(switches.map((s) => [s.id, s.on, s.known])).toEqual([
      ['weather', true, true],
      ['dusk-and-dawn', false, true],
      ['twist', false, true],
      ['mysterious-objectives', false, true],
      ['in-game-injuries', true, true],
      ['destructible-terrain', false, true],
      ['club-8th-missions', false, true],
      ['fog', true, false],
    ]);
    expect(switches[1]).toMatchObject({ name: 'Dusk & Dawn', source: '000' });
    expect(atTheTableOptionalRules(r).map((o) => o.id)).toEqual(['in-game-injuries', 'fog']);
  });
});
