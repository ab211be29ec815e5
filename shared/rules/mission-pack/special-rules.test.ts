import { describe, expect, it } from 'vitest';
import { DiceTable, SpecialRule } from '../ruleset/schema';
import { validateTableCoverage } from '../ruleset/coverage';
import { DUSK_AND_DAWN_TABLE } from './dusk-and-dawn';
import { RANDOM_GAME_LENGTH_TABLE } from './random-game-length';
import { MISSION_PACK_SPECIAL_RULES } from './special-rules';
import { DEEP_STRIKE_EDITIONS, DeepStrikeEditionRules } from './deep-strike';
import { RESERVES_TABLE, ReservesTable } from './reserves';
import { VICTORY_POINTS_TABLE, VpTable } from './victory-points';
import { MARGIN_OF_VICTORY, MarginOfVictoryRules } from './margin-of-victory';

describe('000/001 mission special rules as ruleset data', () => {
  it('000 + 001: every special rule parses with the ruleset SpecialRule schema and cites its seed', () => {
    for (const rule of MISSION_PACK_SPECIAL_RULES) {
      expect(() => SpecialRule.parse(rule), rule.id).not.toThrow();
      expect(['000', '001']).toContain(rule.citation.source);
    }
    const ids = MISSION_PACK_SPECIAL_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        'concealment',
        'deep-strike-pack-000',
        'deep-strike-later-001',
        'dusk-and-dawn',
        'escalation',
        'infiltrate-pack-000',
        'infiltrate-later-001',
        'night-fighting',
        'random-game-length',
        'reserves',
        'victory-points',
        'units-with-distinct-elements',
      ]),
    );
  });

  it('000 Dusk & Dawn and Random Game Length: D6 tables that cover every result exactly once', () => {
    for (const table of [DUSK_AND_DAWN_TABLE, RANDOM_GAME_LENGTH_TABLE]) {
      expect(() => DiceTable.parse(table)).not.toThrow();
      expect(validateTableCoverage(table).issues).toEqual([]);
    }
  });

  it('000 Reserves Table, Victory Points Table, Margin of Victory; 000/001 Deep Strike editions: parse with their own schemas', () => {
    expect(() => ReservesTable.parse(RESERVES_TABLE)).not.toThrow();
    expect(() => VpTable.parse(VICTORY_POINTS_TABLE)).not.toThrow();
    expect(() => MarginOfVictoryRules.parse(MARGIN_OF_VICTORY)).not.toThrow();
    for (const e of Object.values(DEEP_STRIKE_EDITIONS)) expect(() => DeepStrikeEditionRules.parse(e)).not.toThrow();
  });

  it('data survives a JSON round trip (rulesets are exported as files)', () => {
    const all = { MISSION_PACK_SPECIAL_RULES, RESERVES_TABLE, VICTORY_POINTS_TABLE, MARGIN_OF_VICTORY, DEEP_STRIKE_EDITIONS };
    expect(JSON.parse(JSON.stringify(all))).toEqual(all);
  });
});
