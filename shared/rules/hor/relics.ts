/**
 * Relic cash-in (004 "Mission 2: Relic Hunt / Bonus Campaign Experience"): "after the game is over each Kill Team is
 * allowed to cash in its Relics. The Requisition Points generated is added once both players have rolled on the
 * Requisition Chart. Each Relic counter is worth D6 Requisition Points."
 */
import type { DiceSource, RollRecord } from '../dice';
import type { Side } from './facts';
import { SIDES, sideName } from './facts';

export interface RelicCashIn {
  side: Side;
  relics: number;
  req: number;
  rolls: RollRecord[];
}

/**
 * One D6 per relic held at the end of the game.
 *
 * @example
 * cashInRelics('a', 2, new PhysicalDice([[3], [5]])).req; // → 8
 */
export function cashInRelics(side: Side, relics: number, dice: DiceSource): RelicCashIn {
  if (!Number.isInteger(relics) || relics < 0) throw new RangeError(`A number of relics is a whole number, 0 or more; got ${relics}.`);
  const rolls: RollRecord[] = [];
  for (let i = 1; i <= relics; i++) rolls.push(dice.roll('D6', `Relic cash-in, ${sideName(side)}, relic ${i} of ${relics}`));
  return { side, relics, req: rolls.reduce((s, r) => s + r.total, 0), rolls };
}

export interface PostGameRequisition<C> {
  chart: Record<Side, C>;
  relics: Record<Side, RelicCashIn>;
  /** Every roll in the order made: both chart rolls first, then the relics. */
  rolls: RollRecord[];
}

/**
 * Post-game requisition in the seed's order: both players roll on the Requisition Chart first (player A, then B),
 * then the relics are cashed in and added. The chart itself is the ruleset's (docs/progression.md: organiser-entered),
 * so it is passed in as a function that rolls on it with the same dice.
 *
 * @example
 * const rollChart = (side: Side, dice: DiceSource) => { const r = dice.roll('D6', `Requisition Chart, ${side}`); return { result: r.total, rolls: [r] }; };
 * const r = postGameRequisition({ relics: { a: 1, b: 0 }, rollChart }, new PhysicalDice([[4], [2], [6]]));
 * r.chart; // → { a: 4, b: 2 }
 * r.relics.a.req; // → 6 (the relic D6 is rolled after both chart rolls)
 */
export function postGameRequisition<C>(
  input: { relics: Record<Side, number>; rollChart: (side: Side, dice: DiceSource) => { result: C; rolls: RollRecord[] } },
  dice: DiceSource,
): PostGameRequisition<C> {
  const rolls: RollRecord[] = [];
  const chart = {} as Record<Side, C>;
  for (const side of SIDES) {
    const r = input.rollChart(side, dice);
    chart[side] = r.result;
    rolls.push(...r.rolls);
  }
  const relics = {} as Record<Side, RelicCashIn>;
  for (const side of SIDES) {
    relics[side] = cashInRelics(side, input.relics[side], dice);
    rolls.push(...relics[side].rolls);
  }
  return { chart, relics, rolls };
}
