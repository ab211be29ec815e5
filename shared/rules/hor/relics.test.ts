import { describe, expect, it } from 'vitest';
import { PhysicalDice, SeededDice } from '../dice';
import { cashInRelics, postGameRequisition } from './relics';

describe('004 Relic Hunt: Relic cash-in', () => {
  it('004 Relic Hunt: each Relic counter is worth D6 Requisition Points', () => {
    const r = cashInRelics('a', 3, new PhysicalDice([[2], [6], [1]]));
    expect(r.req).toBe(9);
    expect(r.rolls.map((x) => x.purpose)).toEqual([
      'Relic cash-in, Player A, relic 1 of 3',
      'Relic cash-in, Player A, relic 2 of 3',
      'Relic cash-in, Player A, relic 3 of 3',
    ]);
    expect(cashInRelics('b', 0, new PhysicalDice()).req).toBe(0);
    expect(() => cashInRelics('b', -1, new PhysicalDice())).toThrow(RangeError);
  });

  it('004 Relic Hunt: relic Req is added once both players have rolled on the Requisition Chart', () => {
    const dice = new PhysicalDice([[4], [5], [6], [1], [2]]);
    const out = postGameRequisition(
      {
        relics: { a: 2, b: 1 },
        rollChart: (side, d) => {
          const roll = d.roll('D6', `Requisition chart, ${side}`);
          return { result: roll.total, rolls: [roll] };
        },
      },
      dice,
    );
    expect(out.rolls.map((r) => r.purpose)).toEqual([
      'Requisition chart, a',
      'Requisition chart, b',
      'Relic cash-in, Player A, relic 1 of 2',
      'Relic cash-in, Player A, relic 2 of 2',
      'Relic cash-in, Player B, relic 1 of 1',
    ]);
    expect(out.chart).toEqual({ a: 4, b: 5 });
    expect([out.relics.a.req, out.relics.b.req]).toEqual([7, 2]);
  });

  it('004 Relic Hunt: seeded cash-in is reproducible and within relics..6×relics', () => {
    const a = cashInRelics('a', 5, SeededDice.fromSeed('relics'));
    const b = cashInRelics('a', 5, SeededDice.fromSeed('relics'));
    expect(a).toEqual(b);
    expect(a.req).toBeGreaterThanOrEqual(5);
    expect(a.req).toBeLessThanOrEqual(30);
  });
});
