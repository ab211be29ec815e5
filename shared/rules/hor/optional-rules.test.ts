import { describe, expect, it } from 'vitest';
import { PhysicalDice } from '../dice';
import { validateTableCoverage } from '../ruleset/coverage';
import {
  DESTRUCTIBLE_TERRAIN,
  GRENADE_COSTS,
  IN_GAME_INJURY_TABLE,
  WEATHER_TABLE,
  destructibleTerrainRemoved,
  priceGrenades,
  proneCoverSave,
  rollInGameInjury,
  rollWeather,
} from './optional-rules';

const plainWound = { toWoundRoll: 4, needsSixesToWound: false, instantDeath: false };

describe('004 Optional rules', () => {
  it('004 Weather: D6 — 1 Blizzard, 2 Stormy, 3-5 Fine conditions, 6 Perfect Weather (numbers 1, 2, 6 restored from OCR)', () => {
    expect(validateTableCoverage(WEATHER_TABLE).ok).toBe(true);
    const ids = [1, 2, 3, 4, 5, 6].map((n) => rollWeather(new PhysicalDice([[n]])).weather.id);
    expect(ids).toEqual(['blizzard', 'stormy', 'fine', 'fine', 'fine', 'perfect']);
  });

  it('004 Weather: Blizzard — no Infiltrate/Scout, no running, Night Fighting all game; Stormy -3" and 3D6 scatter; Perfect +3"', () => {
    const [blizzard, stormy, , , , perfect] = [1, 2, 3, 4, 5, 6].map((n) => rollWeather(new PhysicalDice([[n]])).weather);
    expect(blizzard).toMatchObject({ infiltrateAndScoutAllowed: false, runningAllowed: false, nightFightingAllGame: true });
    expect(stormy).toMatchObject({ weaponRangeModifierInches: -3, scatterDice: '3D6' });
    expect(perfect).toMatchObject({ weaponRangeModifierInches: 3, scatterDice: '2D6' });
  });

  it('004 Rolling for Injury: D6 1-2 knocked down, 3-4 stunned, 5-6 out of action', () => {
    expect(validateTableCoverage(IN_GAME_INJURY_TABLE).ok).toBe(true);
    const results = [1, 2, 3, 4, 5, 6].map((n) => rollInGameInjury([plainWound], new PhysicalDice([[n]])).injury);
    expect(results).toEqual(['knocked-down', 'knocked-down', 'stunned', 'stunned', 'out-of-action', 'out-of-action']);
  });

  it('004 Rolling for Injury: several wounds at once — roll for each and apply the highest', () => {
    const r = rollInGameInjury([plainWound, plainWound, plainWound], new PhysicalDice([[3], [1], [2]]));
    expect(r.injury).toBe('stunned');
    expect(r.rolls).toHaveLength(3);
    expect(r.rolls[1]?.purpose).toBe('Injury roll, wound 2 of 3');
  });

  it('004 Critical Hits & Instant Death: a 6 To Wound adds +1, unless the attacker normally needs 6s to wound', () => {
    expect(rollInGameInjury([{ ...plainWound, toWoundRoll: 6 }], new PhysicalDice([[2]])).injury).toBe('stunned');
    expect(rollInGameInjury([{ ...plainWound, toWoundRoll: 6 }], new PhysicalDice([[4]])).injury).toBe('out-of-action');
    expect(rollInGameInjury([{ toWoundRoll: 6, needsSixesToWound: true, instantDeath: false }], new PhysicalDice([[2]])).injury).toBe('knocked-down');
  });

  it('004 Critical Hits & Instant Death: Instant Death counts as Out of Action without a roll', () => {
    const r = rollInGameInjury([{ ...plainWound, instantDeath: true }], new PhysicalDice());
    expect(r).toMatchObject({ injury: 'out-of-action', rolls: [] });
    expect(() => rollInGameInjury([], new PhysicalDice())).toThrow(RangeError);
  });

  it('004 Being Injured: prone models gain +1 to their cover save, or 5+ without one', () => {
    expect(proneCoverSave(null)).toBe(5);
    expect(proneCoverSave(5)).toBe(4);
    expect(proneCoverSave(2)).toBe(2);
  });

  it('004 Destructible Terrain: Armour Value 10, WS 0, removed by any glancing or penetrating hit', () => {
    expect(DESTRUCTIBLE_TERRAIN).toEqual({ armourValue: 10, weaponSkill: 0 });
    expect(destructibleTerrainRemoved('glancing')).toBe(true);
    expect(destructibleTerrainRemoved('penetrating')).toBe(true);
    expect(destructibleTerrainRemoved('none')).toBe(false);
  });

  it('004 Grenades: costs 1/1/1/2/2/5 pts, only of a grenade type the model already has', () => {
    expect(GRENADE_COSTS.map((g) => g.pts)).toEqual([1, 1, 1, 2, 2, 5]);
    expect(
      priceGrenades(
        ['krak', 'melta-bomb'],
        [
          { grenade: 'krak', count: 3 },
          { grenade: 'melta-bomb', count: 1 },
        ],
      ),
    ).toEqual({ pts: 8, problems: [] });
    expect(priceGrenades(['krak'], [{ grenade: 'plasma', count: 1 }]).problems).toEqual([
      'Plasma Grenade: only a model that already has this grenade may buy more.',
    ]);
    expect(priceGrenades(['krak'], [{ grenade: 'krak', count: 1.5 }]).problems).toHaveLength(1);
  });
});
