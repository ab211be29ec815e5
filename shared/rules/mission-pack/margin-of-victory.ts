/**
 * Margin of Victory (000 "Margin of Victory" and its chart; 002 has the text but not the chart).
 *
 * Text: "A difference of less than 10% of the points limit is a Draw. Anything greater is a win for the player with the
 * highest Victory Point total. A difference of more than 10% and up to 50% is a Solid Victory. A difference of more than
 * 50% and up to 80% is a Crushing Victory. A difference of more than 80% is a Victorious Slaughter!"
 *
 * Readings chosen (the text leaves "exactly 10%" in no band): the printed chart puts exactly 10% in the Draw row
 * (500 pts: "0-50 Draw", "51-250 Solid"), so a difference up to and including 10% is a Draw.
 * Chart slips: the 1,500 column's Draw cell reads "1-150" (OCR for "0-150": every other column starts at 0) and the
 * 2,000 column's last cell reads "1600+" although "1,001-1600" is Crushing (read as "1601+", as the text's "more than
 * 80%" says). PRINTED_MARGIN_CHART keeps the cells as printed; marginBands() gives the corrected ones.
 */
import { z } from 'zod';
import { Citation, RuleId } from '../ruleset/schema';
import type { Side } from './cite';
import { cite000 } from './cite';

export const MarginResult = z.enum(['draw', 'solid-victory', 'crushing-victory', 'victorious-slaughter']);
export type MarginResult = z.infer<typeof MarginResult>;

export const MARGIN_RESULT_NAMES: Readonly<Record<MarginResult, string>> = {
  draw: 'Draw',
  'solid-victory': 'Solid Victory',
  'crushing-victory': 'Crushing Victory',
  'victorious-slaughter': 'Victorious Slaughter!',
};

/**
 * A band in percent of the points limit: the difference is more than `abovePercent` (null = from 0) and at most
 * `upToPercent` (null = no top). Percent, not fractions, so the comparisons are exact in integer arithmetic.
 */
export const MarginBand = z.object({
  result: MarginResult,
  abovePercent: z.number().min(0).nullable(),
  upToPercent: z.number().positive().nullable(),
});
export type MarginBand = z.infer<typeof MarginBand>;

export const MarginOfVictoryRules = z.object({ id: RuleId, bands: z.array(MarginBand).min(1), citation: Citation });
export type MarginOfVictoryRules = z.infer<typeof MarginOfVictoryRules>;

/** 000: Draw ≤10%, Solid >10–50%, Crushing >50–80%, Victorious Slaughter >80% of the points limit. */
export const MARGIN_OF_VICTORY: MarginOfVictoryRules = {
  id: 'margin-of-victory',
  bands: [
    { result: 'draw', abovePercent: null, upToPercent: 10 },
    { result: 'solid-victory', abovePercent: 10, upToPercent: 50 },
    { result: 'crushing-victory', abovePercent: 50, upToPercent: 80 },
    { result: 'victorious-slaughter', abovePercent: 80, upToPercent: null },
  ],
  citation: cite000('Margin of Victory', 'A difference of exactly 10% is a Draw, as in the printed chart (the text says "less than 10%").'),
};

/** One printed cell: the VP difference range for a result and points limit (`to` null = "and more"). */
export interface MarginCell {
  from: number;
  to: number | null;
}

/** The chart exactly as printed in 000 (slips included: see the file comment). */
export const PRINTED_MARGIN_CHART: Readonly<Record<500 | 1000 | 1500 | 2000, Readonly<Record<MarginResult, MarginCell>>>> = {
  500: {
    draw: { from: 0, to: 50 },
    'solid-victory': { from: 51, to: 250 },
    'crushing-victory': { from: 251, to: 400 },
    'victorious-slaughter': { from: 401, to: null },
  },
  1000: {
    draw: { from: 0, to: 100 },
    'solid-victory': { from: 101, to: 500 },
    'crushing-victory': { from: 501, to: 800 },
    'victorious-slaughter': { from: 801, to: null },
  },
  1500: {
    draw: { from: 1, to: 150 },
    'solid-victory': { from: 151, to: 750 },
    'crushing-victory': { from: 751, to: 1200 },
    'victorious-slaughter': { from: 1201, to: null },
  },
  2000: {
    draw: { from: 0, to: 200 },
    'solid-victory': { from: 201, to: 1000 },
    'crushing-victory': { from: 1001, to: 1600 },
    'victorious-slaughter': { from: 1600, to: null },
  },
};

/**
 * The chart column for any points limit, in whole Victory Points (as the printed chart counts them): each band runs
 * from one more than the previous band's top. Matches the printed chart except its two slips.
 *
 * @example
 * marginBands(1000).map((b) => [b.from, b.to]); // → [[0, 100], [101, 500], [501, 800], [801, null]]
 */
export function marginBands(pointsLimit: number, rules: MarginOfVictoryRules = MARGIN_OF_VICTORY): { result: MarginResult; from: number; to: number | null }[] {
  checkLimit(pointsLimit);
  return rules.bands.map((b) => ({
    result: b.result,
    from: b.abovePercent === null ? 0 : Math.floor((b.abovePercent * pointsLimit) / 100) + 1,
    to: b.upToPercent === null ? null : Math.floor((b.upToPercent * pointsLimit) / 100),
  }));
}

export interface MarginOfVictory {
  result: MarginResult;
  name: string;
  /** The player with the higher total; null for a Draw. */
  winner: Side | null;
  /** |vpA − vpB|. */
  difference: number;
  /** The difference in percent of the points limit (31.5 = 31.5%). */
  percent: number;
}

/**
 * Margin of victory between player A's and player B's Victory Points (000 "Margin of Victory"). Works on exact values
 * (half points from the Victory Points table included): e.g. 472 in a 1,500 point game is a Solid Victory.
 *
 * @example
 * marginOfVictory(972, 500, 1500); // → { result: 'solid-victory', winner: 'a', difference: 472 }
 * marginOfVictory(3, 1, 250).result; // → 'draw'
 */
export function marginOfVictory(vpA: number, vpB: number, pointsLimit: number, rules: MarginOfVictoryRules = MARGIN_OF_VICTORY): MarginOfVictory {
  checkLimit(pointsLimit);
  for (const [name, vp] of [
    ['vpA', vpA],
    ['vpB', vpB],
  ] as const) {
    if (!Number.isFinite(vp) || vp < 0) throw new RangeError(`${name} must be 0 or more; got ${vp}.`);
  }
  const difference = Math.abs(vpA - vpB);
  const percent = (difference * 100) / pointsLimit;
  // difference × 100 against percent × limit: exact for whole and half Victory Points (no 0.1 in floating point).
  const hundredfold = difference * 100;
  const band = rules.bands.find(
    (b) => (b.abovePercent === null || hundredfold > b.abovePercent * pointsLimit) && (b.upToPercent === null || hundredfold <= b.upToPercent * pointsLimit),
  );
  if (!band) throw new Error(`The margin of victory bands do not cover a difference of ${difference}.`);
  const winner = band.result === 'draw' ? null : vpA > vpB ? 'a' : 'b';
  return { result: band.result, name: MARGIN_RESULT_NAMES[band.result], winner, difference, percent };
}

function checkLimit(pointsLimit: number): void {
  if (!Number.isFinite(pointsLimit) || pointsLimit <= 0) throw new RangeError(`A points limit is more than 0; got ${pointsLimit}.`);
}
