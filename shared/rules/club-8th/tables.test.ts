import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhysicalDice, SeededDice } from '../dice';
import { validateTableCoverage } from '../ruleset/coverage';
import { DiceTable } from '../ruleset/schema';
import { COVER_TABLE, CoverTable, coverOf, coverSaveBonus, hazardousCoverCheck } from './cover';
import { MORTAL_PERIL_TABLE, isTerrorsOfTheWarp, overloadBlast, rollMortalPeril } from './mortal-peril';
import { MYSTERIOUS_OBJECTIVES_TABLE, fireSupport, identifyObjective, mustIdentifyObjective } from './mysterious-objectives';
import {
  LIGHT_EM_UP,
  TWIST_MODIFIERS,
  TWIST_TABLE,
  TwistModifiers,
  acidRainCheck,
  checkMeetingBattleContingents,
  deadOfNightCheck,
  deadOfNightMaxRange,
  fogOfWarCheck,
  lowVisibilityPenalty,
  meetingBattleSetUp,
  orbitalDebris,
  restoratives,
  rollTwist,
} from './twist';

describe('003 dice tables', () => {
  it('003 Mysterious Objectives (D6), Mortal Peril (D6), Twist (2D6): valid ruleset tables, every result covered once', () => {
    for (const t of [MYSTERIOUS_OBJECTIVES_TABLE, MORTAL_PERIL_TABLE, TWIST_TABLE]) {
      expect(() => DiceTable.parse(t)).not.toThrow();
      expect(validateTableCoverage(t).issues, t.id).toEqual([]);
      expect(t.citation.source).toBe('003');
    }
  });

  it('003 Twist: eleven results, 2 Restoratives … 7 Low Visibility … 12 Meeting Battle', () => {
    expect(TWIST_TABLE.rows).toHaveLength(11);
    const names = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => {
      const a = Math.min(6, n - 1);
      return rollTwist(new PhysicalDice([[a, n - a]])).twist;
    });
    expect(names).toEqual([
      'restoratives',
      'acid-rain',
      'warp-storm',
      'eager-for-the-fight',
      'battle-frenzy',
      'low-visibility',
      'grudge-match',
      'orbital-debris',
      'fog-of-war',
      'dead-of-night',
      'meeting-battle',
    ]);
    for (const m of Object.values(TWIST_MODIFIERS)) expect(() => TwistModifiers.parse(m)).not.toThrow();
  });
});

describe('003 Cover', () => {
  it('003 Improving the Benefits of Cover: an "add 2 instead of 1" ability gives +2 in soft cover and +3 in hard cover', () => {
    expect(coverSaveBonus({ cover: 'soft', improvedBonus: 2 }).bonus).toBe(2);
    expect(coverSaveBonus({ cover: 'hard', improvedBonus: 2 }).bonus).toBe(3);
    // "regardless of the actual number listed in its ability"
    expect(coverSaveBonus({ cover: 'hard', improvedBonus: 4 }).bonus).toBe(3);
  });

  it('003 cover bonuses (derived from the example): soft +1, hard +2, none 0', () => {
    expect(coverSaveBonus({ cover: 'soft' }).bonus).toBe(1);
    expect(coverSaveBonus({ cover: 'hard' }).bonus).toBe(2);
    expect(coverSaveBonus({ cover: null }).bonus).toBe(0);
  });

  it('003 Ignoring the Benefits of Cover: no bonus in soft or hard cover, but the obscured hit penalty is not ignored', () => {
    for (const cover of ['soft', 'hard'] as const) {
      expect(coverSaveBonus({ cover, ignoresCover: true, improvedBonus: 2 })).toMatchObject({ bonus: 0, obscuredHitPenaltyStillApplies: true });
    }
  });

  it('003 Agreeing on Cover: woods, craters, Death World Forest (Grapple Weeds) soft; ruins, barricades, Sector Mechanicus hard; others are agreed', () => {
    expect(() => CoverTable.parse(COVER_TABLE)).not.toThrow();
    expect(coverOf('Woods').cover).toBe('soft');
    expect(coverOf('grapple weeds').cover).toBe('soft');
    expect(coverOf('Imperial Statuary').cover).toBe('soft');
    expect(coverOf('Ruins').cover).toBe('hard');
    expect(coverOf('Galvanic Servohaulers').cover).toBe('hard');
    expect(coverOf('Crashed Aquila').cover).toBe('agree');
    expect(coverOf('Crashed Aquila', { 'crashed aquila': 'hard' }).cover).toBe('hard');
    expect(COVER_TABLE.terrain.filter((t) => t.cover === 'soft')).toHaveLength(6);
    expect(COVER_TABLE.terrain.filter((t) => t.cover === 'hard')).toHaveLength(5);
  });

  it('003 Fuel Pipes / Thermic Plasma Regulators and Conduits*: an unmodified save of 6 rolls a D6, a 1 inflicts 1 mortal wound', () => {
    expect(coverOf('Fuel Pipes').hazardous).toBe(true);
    expect(coverOf('Thermic Plasma Conduits').hazardous).toBe(true);
    expect(coverOf('Haemotrope Reactors').hazardous).toBe(false);
    expect(hazardousCoverCheck(5, new PhysicalDice())).toEqual({ rolled: false, roll: null, mortalWounds: 0 });
    expect(hazardousCoverCheck(6, new PhysicalDice([[1]]))).toMatchObject({ rolled: true, mortalWounds: 1 });
    expect(hazardousCoverCheck(6, new PhysicalDice([[2]]))).toMatchObject({ rolled: true, mortalWounds: 0 });
  });
});

describe('003 Mysterious Objectives', () => {
  it('003 Mysterious Objectives: a unit within 3" (moving in, or at the start of the first turn) identifies an unidentified marker', () => {
    expect(mustIdentifyObjective({ distanceInches: 3, trigger: 'moved-within', alreadyIdentified: false })).toBe(true);
    expect(mustIdentifyObjective({ distanceInches: 2, trigger: 'start-of-first-turn', alreadyIdentified: false })).toBe(true);
    expect(mustIdentifyObjective({ distanceInches: 3.5, trigger: 'moved-within', alreadyIdentified: false })).toBe(false);
    expect(mustIdentifyObjective({ distanceInches: 1, trigger: 'moved-within', alreadyIdentified: true })).toBe(false);
  });

  it('003 Mysterious Objectives 1 Sabotaged!: the identifying unit takes D3 mortal wounds', () => {
    const r = identifyObjective(new PhysicalDice([[1], [3]]), 'objective 2', 'Intercessors');
    expect(r).toMatchObject({ result: 'sabotaged', mortalWounds: { count: 3 } });
    expect(r.rolls.map((x) => x.expression)).toEqual(['D6', 'D3']);
  });

  it('003 Mysterious Objectives 2–6: Nothing of Note, Grav-wave Generator, Targeting Relay, Scatterfield, Fire Support', () => {
    const results = [2, 3, 4, 5, 6].map((n) => identifyObjective(new PhysicalDice([[n]]), 'm').result);
    expect(results).toEqual(['nothing-of-note', 'grav-wave-generator', 'targeting-relay', 'scatterfield', 'fire-support']);
  });

  it('003 Fire Support: roll at the end of the Shooting phase; on 5+ an enemy unit within 36" suffers D3 mortal wounds', () => {
    expect(fireSupport(new PhysicalDice([[4]]), 'm')).toMatchObject({ fires: false, mortalWounds: null });
    expect(fireSupport(new PhysicalDice([[5], [2]]), 'm')).toMatchObject({ fires: true, mortalWounds: { count: 2 } });
  });
});

describe('003 Mortal Peril', () => {
  it('003 Mortal Peril: any double on a Psychic test, including double 1 and double 6, brings Terrors of the Warp', () => {
    expect(isTerrorsOfTheWarp([1, 1])).toBe(true);
    expect(isTerrorsOfTheWarp([6, 6])).toBe(true);
    expect(isTerrorsOfTheWarp([3, 4])).toBe(false);
    expect(isTerrorsOfTheWarp(new PhysicalDice([[2, 2]]).roll('2D6', 'Psychic test'))).toBe(true);
  });

  it('003 Mortal Peril 1 A Fate Worse Than Death: 6 mortal wounds; 2 Overload: D3 (and D3 to each unit within 6" if slain)', () => {
    const psyker = { name: 'Librarian', leadership: 9 };
    expect(rollMortalPeril(new PhysicalDice([[1]]), psyker)).toMatchObject({ result: 'a-fate-worse-than-death', psykerMortalWounds: 6 });
    expect(rollMortalPeril(new PhysicalDice([[2], [2]]), psyker)).toMatchObject({ result: 'overload', psykerMortalWounds: 2 });
    const blast = overloadBlast(['Squad A', 'Squad B'], new PhysicalDice([[1], [3]]));
    expect(blast.map((b) => b.mortalWounds)).toEqual([1, 3]);
  });

  it('003 Mortal Peril 3 A Door Closes, 4 Timeslip, 6 Transformation: no dice beyond the table roll', () => {
    const psyker = { name: 'Farseer', leadership: 9 };
    for (const [n, res] of [
      [3, 'a-door-closes'],
      [4, 'timeslip'],
      [6, 'transformation'],
    ] as const) {
      const r = rollMortalPeril(new PhysicalDice([[n]]), psyker);
      expect(r).toMatchObject({ result: res, psykerMortalWounds: 0, possessed: null });
      expect(r.rolls).toHaveLength(1);
    }
  });

  it('003 Mortal Peril 5 Possession: roll 2D6 — possessed if the total is greater than Leadership', () => {
    const psyker = { name: 'Sorcerer', leadership: 8 };
    expect(rollMortalPeril(new PhysicalDice([[5], [4, 4]]), psyker).possessed).toBe(false);
    expect(rollMortalPeril(new PhysicalDice([[5], [4, 5]]), psyker).possessed).toBe(true);
  });

  it('003 Twist 4 Warp Storm with Mortal Peril: +1 to the mortal wounds a psyker suffers from Perils (Terrors counts as Perils)', () => {
    expect(
      rollMortalPeril(new PhysicalDice([[1]]), { name: 'P', leadership: 9 }, TWIST_MODIFIERS['warp-storm'].perilsExtraMortalWounds).psykerMortalWounds,
    ).toBe(7);
  });
});

describe('003 Twist results', () => {
  it('003 Twist 2 Restoratives: a friendly unit regains D3 lost wounds', () => {
    expect(restoratives(new PhysicalDice([[2]]), 'Hellblasters')).toMatchObject({ woundsRegained: 2, roll: { expression: 'D3' } });
  });

  it('003 Twist 3 Acid Rain: -1 to shooting hit rolls, Advance and charge; a 4+ at the start of each later round stops or restarts the rain', () => {
    expect(TWIST_MODIFIERS['acid-rain']).toMatchObject({ shootingHitModifier: -1, advanceModifier: -1, chargeModifier: -1 });
    expect(acidRainCheck(1, true, new PhysicalDice())).toEqual({ raining: true, roll: null });
    expect(acidRainCheck(2, true, new PhysicalDice([[4]])).raining).toBe(false);
    expect(acidRainCheck(3, false, new PhysicalDice([[5]])).raining).toBe(true);
    expect(acidRainCheck(3, false, new PhysicalDice([[3]])).raining).toBe(false);
  });

  it('003 Twist 4–6 and 8: Warp Storm +1 Psychic/Deny; Eager +2" Move, +1 Advance/charge; Battle Frenzy +1 A; Grudge Match no Morale', () => {
    expect(TWIST_MODIFIERS['warp-storm']).toMatchObject({ psychicTestModifier: 1, denyTheWitchModifier: 1, perilsExtraMortalWounds: 1 });
    expect(TWIST_MODIFIERS['eager-for-the-fight']).toMatchObject({ moveModifier: 2, advanceModifier: 1, chargeModifier: 1 });
    expect(TWIST_MODIFIERS['battle-frenzy'].attacksModifier).toBe(1);
    expect(TWIST_MODIFIERS['grudge-match'].moraleTests).toBe(false);
  });

  it('003 Twist 7 Low Visibility: 0-12" none, 12-24" -1, 24-36" -2, 36"+ -3; exactly 12/24/36 uses the lesser penalty', () => {
    expect([0, 12, 12.5, 24, 30, 36, 36.1, 60].map((d) => lowVisibilityPenalty(d))).toEqual([0, 0, -1, -1, -2, -2, -3, -3]);
  });

  it("003 Twist 7 Light 'em up (1CP): that unit can be shot without Low Visibility penalties", () => {
    expect(LIGHT_EM_UP.commandPoints).toBe(1);
    expect(lowVisibilityPenalty(40, true)).toBe(0);
  });

  it('003 Twist 9 Orbital Debris: 3 dice at the start of the turn, D3 mortal wounds for each 6', () => {
    const r = orbitalDebris(new PhysicalDice([[6, 2, 6], [1], [3]]), 'Player A');
    expect(r.sixes).toBe(2);
    expect(r.mortalWoundRolls.map((x) => x.total)).toEqual([1, 3]);
    expect(r.rolls).toHaveLength(3);
  });

  it('003 Twist 10 Fog of War: a 1 or 2 delays an arriving unit to the following turn', () => {
    expect([1, 2, 3, 6].map((n) => fogOfWarCheck(new PhysicalDice([[n]]), 'Deep strikers').delayed)).toEqual([true, true, false, false]);
  });

  it('003 Twist 11 Dead of Night: 12" limit; each 4+ at the start of a later round adds 6", 12", 18" ... to the limit', () => {
    expect([0, 1, 2, 3].map(deadOfNightMaxRange)).toEqual([12, 18, 24, 30]);
    expect(deadOfNightCheck(1, 0, new PhysicalDice())).toEqual({ successes: 0, maxRangeInches: 12, roll: null });
    expect(deadOfNightCheck(2, 0, new PhysicalDice([[4]]))).toMatchObject({ successes: 1, maxRangeInches: 18 });
    expect(deadOfNightCheck(3, 1, new PhysicalDice([[3]]))).toMatchObject({ successes: 1, maxRangeInches: 18 });
  });

  it('003 Twist 12 Meeting Battle: three contingents, none more than half the units; later ones set up >9" from enemy, within 9" of an edge', () => {
    expect(checkMeetingBattleContingents([3, 3, 4]).ok).toBe(true);
    expect(checkMeetingBattleContingents([5, 3, 2]).ok).toBe(true);
    expect(checkMeetingBattleContingents([6, 2, 2]).ok).toBe(false);
    expect(checkMeetingBattleContingents([5, 5]).ok).toBe(false);
    expect(meetingBattleSetUp({ nearestEnemyInches: 10, whollyWithin9OfAnEdge: true, inEnemyDeploymentZone: false }).allowed).toBe(true);
    expect(meetingBattleSetUp({ nearestEnemyInches: 9, whollyWithin9OfAnEdge: true, inEnemyDeploymentZone: false }).allowed).toBe(false);
    expect(meetingBattleSetUp({ nearestEnemyInches: 20, whollyWithin9OfAnEdge: false, inEnemyDeploymentZone: false }).allowed).toBe(false);
    expect(meetingBattleSetUp({ nearestEnemyInches: 20, whollyWithin9OfAnEdge: true, inEnemyDeploymentZone: true }).allowed).toBe(false);
  });

  it('003 Twist: seeded rolls always land on one of the eleven results (property)', () => {
    fc.assert(fc.property(fc.string(), (seed) => TWIST_TABLE.rows.some((r) => r.result === rollTwist(SeededDice.fromSeed(seed)).twist)));
  });
});
