import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhysicalDice, SeededDice } from '../dice';
import { fireAtPossiblyConcealed, isConcealed } from './concealment';
import type { ConcealmentFacts } from './concealment';
import { isNightTurn, rollDuskAndDawn } from './dusk-and-dawn';
import { judgeNightFighting, nightFightingCheck } from './night-fighting';
import { randomGameLengthCheck, rollRandomGameLength } from './random-game-length';

const hidden: ConcealmentFacts = {
  isVehicle: false,
  deployedAtStart: true,
  turn: 1,
  hasMoved: false,
  hasShot: false,
  usedPsychicPower: false,
  nightFightingThisTurn: false,
};

describe('000 Night Fighting', () => {
  it('000 Night Fighting: roll 2D6 and multiply by 3 — the maximum range of non-barrage weapons', () => {
    const r = nightFightingCheck({ targetDistanceInches: 20, weapon: 'normal', unit: 'Tactical Squad' }, new PhysicalDice([[3, 4]]));
    expect(r.maxRangeInches).toBe(21);
    expect(r.mayFire).toBe(true);
    expect(r.roll).toMatchObject({ expression: '2D6×3', faces: [3, 4], total: 21, purpose: 'Night Fighting: how far can Tactical Squad see?' });
  });

  it('000 Night Fighting: a target beyond this range — the shooters lose the right to fire', () => {
    const r = nightFightingCheck({ targetDistanceInches: 22, weapon: 'normal' }, new PhysicalDice([[3, 4]]));
    expect(r).toMatchObject({ mayFire: false, extraScatterD6: false });
  });

  it('000 Night Fighting: normal and ordnance barrage may fire at unseen targets but add an extra D6 to the scatter', () => {
    expect(judgeNightFighting(30, 'barrage', 6)).toMatchObject({ mayFire: true, extraScatterD6: true });
    expect(judgeNightFighting(30, 'ordnance-barrage', 6)).toMatchObject({ mayFire: true, extraScatterD6: true });
    expect(judgeNightFighting(5, 'barrage', 6)).toMatchObject({ mayFire: true, extraScatterD6: false });
  });

  it('000 Night Fighting: seeded visibility is always a multiple of 3 from 6 to 36', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const r = nightFightingCheck({ targetDistanceInches: 1, weapon: 'normal' }, SeededDice.fromSeed(seed));
        return r.maxRangeInches % 3 === 0 && r.maxRangeInches >= 6 && r.maxRangeInches <= 36 && r.roll.source === 'app';
      }),
    );
  });
});

describe('000 Concealment', () => {
  it('000 Concealment: non-vehicle units deployed at the start are concealed in turn 1 only', () => {
    expect(isConcealed(hidden)).toBe(true);
    expect(isConcealed({ ...hidden, isVehicle: true })).toBe(false);
    expect(isConcealed({ ...hidden, deployedAtStart: false })).toBe(false);
    expect(isConcealed({ ...hidden, turn: 2 })).toBe(false);
  });

  it('000 Concealment: lost as soon as the unit moves, shoots or uses a psychic power; ignored when Night Fight applies', () => {
    expect(isConcealed({ ...hidden, hasMoved: true })).toBe(false);
    expect(isConcealed({ ...hidden, hasShot: true })).toBe(false);
    expect(isConcealed({ ...hidden, usedPsychicPower: true })).toBe(false);
    expect(isConcealed({ ...hidden, nightFightingThisTurn: true })).toBe(false);
  });

  it('000 Concealment: firers must see a concealed target with the Night Fight rules; barrage fires with +D6 scatter', () => {
    const blocked = fireAtPossiblyConcealed(hidden, { targetDistanceInches: 24, weapon: 'normal' }, new PhysicalDice([[1, 2]]));
    expect(blocked).toMatchObject({ concealed: true, mayFire: false });
    expect(blocked.check?.roll.total).toBe(9);
    const barrage = fireAtPossiblyConcealed(hidden, { targetDistanceInches: 24, weapon: 'barrage' }, new PhysicalDice([[1, 2]]));
    expect(barrage).toMatchObject({ concealed: true, mayFire: true, extraScatterD6: true });
    const open = fireAtPossiblyConcealed({ ...hidden, turn: 2 }, { targetDistanceInches: 24, weapon: 'normal' }, new PhysicalDice());
    expect(open).toEqual({ concealed: false, mayFire: true, extraScatterD6: false, check: null });
  });
});

describe('000 Dusk & Dawn', () => {
  it('000 Dusk & Dawn: a D6 of 1 — before dawn, Night Fighting on Turn 1 only', () => {
    const r = rollDuskAndDawn(new PhysicalDice([[1]]));
    expect(r.result).toBe('before-dawn');
    expect(r.roll).toMatchObject({ purpose: 'Dusk & Dawn', expression: 'D6', total: 1 });
    expect([1, 2, 3, 6].map((t) => isNightTurn(r.result, t))).toEqual([true, false, false, false]);
  });

  it('000 Dusk & Dawn: a 6 — dusk, Night Fighting on Turn 6 and any subsequent turns; 2–5 no effect', () => {
    expect(rollDuskAndDawn(new PhysicalDice([[6]])).result).toBe('dusk');
    expect([1, 5, 6, 7, 9].map((t) => isNightTurn('dusk', t))).toEqual([false, false, true, true, true]);
    for (const n of [2, 3, 4, 5]) expect(rollDuskAndDawn(new PhysicalDice([[n]])).result).toBe('daylight');
    expect([1, 6, 7].map((t) => isNightTurn('daylight', t))).toEqual([false, false, false]);
  });

  it('000 Random Game Length: if it is dark on Turn 6 it remains dark for the extra turns', () => {
    expect([6, 7, 8, 9].every((t) => isNightTurn('dusk', t))).toBe(true);
  });
});

describe('000 Random Game Length', () => {
  it('000 Random Game Length: no roll before the stated number of turns ends', () => {
    expect(randomGameLengthCheck(6, 3, new PhysicalDice())).toMatchObject({ continues: true, roll: null });
  });

  it('000 Random Game Length: at the end of the stated turns a D6 of 4, 5 or 6 plays a further turn; 1, 2 or 3 ends it', () => {
    for (const n of [4, 5, 6]) expect(randomGameLengthCheck(6, 6, new PhysicalDice([[n]])).continues).toBe(true);
    for (const n of [1, 2, 3]) expect(randomGameLengthCheck(6, 6, new PhysicalDice([[n]])).continues).toBe(false);
  });

  it('000 Random Game Length: repeat each turn until a 1–3 or three extra turns are played', () => {
    expect(rollRandomGameLength(6, new PhysicalDice([[5], [2]]))).toMatchObject({ lastTurn: 7, extraTurns: 1 });
    const all = rollRandomGameLength(6, new PhysicalDice([[4], [5], [6]]));
    expect(all).toMatchObject({ lastTurn: 9, extraTurns: 3 });
    expect(all.rolls).toHaveLength(3);
    expect(randomGameLengthCheck(6, 9, new PhysicalDice())).toMatchObject({ continues: false, roll: null });
  });

  it('000 Random Game Length: never fewer than the stated turns nor more than three extra (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 10 }), (seed, stated) => {
        const r = rollRandomGameLength(stated, SeededDice.fromSeed(seed));
        return r.extraTurns >= 0 && r.extraTurns <= 3 && r.rolls.length === Math.min(r.extraTurns + 1, 3);
      }),
    );
  });
});
