/**
 * The geometry of Herald's line charts (issue 33): scales, ticks and paths, as a pure function of the data and the
 * box, so the Svelte component only draws what this returns and every number in it can be tested. Pure: no DOM, no
 * clock (a day is a YYYY-MM-DD string read with Date.UTC).
 */
import { formatDay, formatDayMonth, formatMonth } from '../format';

/** One point: x is a day number (days since 1970-01-01, see dayNumber) or a plain count; y a value. */
export interface ChartPoint {
  x: number;
  y: number;
}

export interface ChartSeries {
  id: string;
  /** Points in x order; null leaves a gap (a team before its first game). */
  points: readonly (ChartPoint | null)[];
}

export interface ChartBox {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

export interface ChartInput {
  series: readonly ChartSeries[];
  box: ChartBox;
  /** 'day': x is a day number, ticks are dates; 'count': x is a whole number (a model's first, second… game). */
  xKind: 'day' | 'count';
  /** At most this many ticks on each axis (fewer on a narrow chart). */
  maxXTicks?: number;
  maxYTicks?: number;
  /** At most this many markers per line: every point of a short line, evenly spaced ones of a long one. */
  maxMarkers?: number;
}

export interface Tick {
  /** Position along its axis, in the box's units. */
  pos: number;
  value: number;
  label: string;
}

export interface ChartLine {
  id: string;
  /** An SVG path (M/L commands, a new M after each gap); empty for a series without points. */
  path: string;
  markers: { x: number; y: number }[];
  /** The last point, where the line's end label may go. */
  last: { x: number; y: number } | null;
}

export interface ChartGeometry {
  plot: { x: number; y: number; width: number; height: number };
  xTicks: Tick[];
  yTicks: Tick[];
  lines: ChartLine[];
  /** Where a data point is drawn (for annotations: injuries, level-ups). */
  at: (p: ChartPoint) => { x: number; y: number };
}

const DAY_MS = 86_400_000;
/** A day number as a moment of its day, to write in the organiser's locale (shared/format, issue 31), read in UTC. */
const dateOfDay = (n: number) => new Date(n * DAY_MS);
const UTC = { utc: true } as const;

/**
 * A YYYY-MM-DD day as a whole number of days since 1970-01-01.
 * @example dayNumber('1970-01-02'); // → 1
 */
export function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Math.round(Date.UTC(y!, m! - 1, d!) / DAY_MS);
}

/** A day number's year, month (0–11) and day of the month. */
function partsOf(n: number) {
  const date = new Date(n * DAY_MS);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth(), d: date.getUTCDate() };
}

/**
 * A day as people read it on a chart: "3 Mar 2025" (in en-GB; the organiser's locale, shared/format).
 * @example dayLabel(dayNumber('2025-03-03')); // → '3 Mar 2025'
 */
export function dayLabel(n: number): string {
  return formatDay(dateOfDay(n), UTC);
}

/**
 * Round steps (1, 2, 5 × 10^k, never below `least`) and the ticks they give from 0 or `min` up past `max`.
 * @example niceTicks(0, 37, 5); // → [0, 10, 20, 30, 40]
 * @example niceTicks(0, 3, 5); // → [0, 1, 2, 3]
 */
export function niceTicks(min: number, max: number, maxTicks: number, least = 1): number[] {
  const span = Math.max(max - min, least);
  const rough = span / Math.max(1, maxTicks - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(least, [1, 2, 5, 10].map((f) => f * power).find((s) => s >= rough) ?? 10 * power);
  const start = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = start; v < max + step; v += step) {
    ticks.push(Number(v.toFixed(6)));
    if (v >= max) break;
  }
  return ticks;
}

/** Calendar steps for a day axis, smallest first: [days, months] (a month step ticks on the 1st). */
const DAY_STEPS: readonly { days?: number; months?: number }[] = [
  { days: 1 },
  { days: 2 },
  { days: 7 },
  { days: 14 },
  { months: 1 },
  { months: 2 },
  { months: 3 },
  { months: 6 },
  { months: 12 },
  { months: 24 },
  { months: 60 },
];

/**
 * Ticks on a day axis: days or weeks ("3 Mar"), months ("Mar 2025", the year on January and the first tick) or years
 * ("2025"), the smallest step that gives at most `maxTicks` inside [min, max].
 */
export function dayTicks(min: number, max: number, maxTicks: number): { value: number; label: string }[] {
  for (const step of DAY_STEPS) {
    const values = step.days ? daySteps(min, max, step.days) : monthSteps(min, max, step.months!);
    if (values.length <= maxTicks || step === DAY_STEPS[DAY_STEPS.length - 1]) {
      return values.map((value, i) => ({ value, label: dayTickLabel(value, step, i === 0) }));
    }
  }
  return [];
}

function daySteps(min: number, max: number, days: number): number[] {
  // Weeks on Mondays (1970-01-05 was one), days on every day.
  const anchor = days >= 7 ? 4 : 0;
  const first = Math.ceil((min - anchor) / days) * days + anchor;
  const out: number[] = [];
  for (let v = first; v <= max; v += days) out.push(v);
  return out;
}

function monthSteps(min: number, max: number, months: number): number[] {
  const start = partsOf(min);
  let index = start.y * 12 + start.m;
  index = Math.ceil(index / months) * months;
  const out: number[] = [];
  for (;;) {
    const v = Math.round(Date.UTC(Math.floor(index / 12), index % 12, 1) / DAY_MS);
    if (v > max) break;
    if (v >= min) out.push(v);
    index += months;
  }
  return out;
}

function dayTickLabel(v: number, step: { days?: number; months?: number }, first: boolean): string {
  const { y, m, d } = partsOf(v);
  if (step.days) return first || (m === 0 && d <= step.days) ? formatDay(dateOfDay(v), UTC) : formatDayMonth(dateOfDay(v), UTC);
  if (step.months! >= 12) return String(y);
  return formatMonth(dateOfDay(v), { ...UTC, year: first || m === 0 });
}

/**
 * A few game nights far enough apart are their own ticks ("4 Oct 2026", "11 Oct", "18 Oct"): a reader finds each
 * night under its point. Null when there are too many, or two are too close to label (calendar ticks then).
 */
export function nightTicks(xs: readonly number[], maxTicks: number, minGap: number): { value: number; label: string }[] | null {
  const nights = [...new Set(xs)].sort((a, b) => a - b);
  if (nights.length === 0 || nights.length > maxTicks) return null;
  if (nights.some((v, i) => i > 0 && v - nights[i - 1]! < minGap)) return null;
  return nights.map((value, i) => {
    return {
      value,
      label: i === 0 || partsOf(nights[i - 1]!).y !== partsOf(value).y ? formatDay(dateOfDay(value), UTC) : formatDayMonth(dateOfDay(value), UTC),
    };
  });
}

/** Evenly spaced indexes of `n` points, at most `max`, the last always among them. */
export function markerIndexes(n: number, max: number): number[] {
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < max; k++) out.add(Math.round((k * (n - 1)) / (max - 1)));
  return [...out];
}

const round = (v: number) => Math.round(v * 10) / 10;

/**
 * Scales, ticks, paths and markers for a line chart.
 *
 * @example
 * const g = chartGeometry({ series: [{ id: 'a', points: [{ x: 0, y: 0 }, { x: 1, y: 2 }] }],
 *   box: { width: 100, height: 60, margin: { top: 0, right: 0, bottom: 0, left: 0 } }, xKind: 'count' });
 * g.lines[0].path; // → 'M0,60L100,0'
 */
export function chartGeometry(input: ChartInput): ChartGeometry {
  const { box, series } = input;
  const plot = {
    x: box.margin.left,
    y: box.margin.top,
    width: Math.max(1, box.width - box.margin.left - box.margin.right),
    height: Math.max(1, box.height - box.margin.top - box.margin.bottom),
  };
  const all = series.flatMap((s) => s.points.filter((p): p is ChartPoint => p !== null));
  const xs = all.map((p) => p.x);
  const ys = all.map((p) => p.y);
  let xMin = xs.length > 0 ? Math.min(...xs) : 0;
  let xMax = xs.length > 0 ? Math.max(...xs) : 1;
  // One night, or one game: the point stands in the middle of a short axis.
  if (xMax === xMin) [xMin, xMax] = [xMin - 1, xMax + 1];
  const yTickValues = niceTicks(Math.min(0, ...ys), Math.max(1, ...ys), input.maxYTicks ?? 5);
  const yMin = yTickValues[0]!;
  const yMax = yTickValues[yTickValues.length - 1]!;

  const sx = (x: number) => round(plot.x + ((x - xMin) / (xMax - xMin)) * plot.width);
  const sy = (y: number) => round(plot.y + plot.height - ((y - yMin) / (yMax - yMin)) * plot.height);
  const at = (p: ChartPoint) => ({ x: sx(p.x), y: sy(p.y) });

  const maxX = input.maxXTicks ?? 6;
  const xTicks: Tick[] =
    input.xKind === 'day'
      ? (nightTicks(xs, maxX, (xMax - xMin) / maxX) ?? dayTicks(xMin, xMax, maxX)).map((t) => ({ pos: sx(t.value), value: t.value, label: t.label }))
      : niceTicks(Math.max(1, Math.ceil(xMin)), xMax, maxX)
          .filter((v) => v >= xMin && v <= xMax)
          .map((v) => ({ pos: sx(v), value: v, label: String(v) }));
  const yTicks: Tick[] = yTickValues.map((v) => ({ pos: sy(v), value: v, label: String(v) }));

  const lines = series.map((s): ChartLine => {
    let path = '';
    let pen = false;
    const drawn: { x: number; y: number }[] = [];
    for (const p of s.points) {
      if (p === null) {
        pen = false;
        continue;
      }
      const q = at(p);
      path += `${pen ? 'L' : 'M'}${q.x},${q.y}`;
      pen = true;
      drawn.push(q);
    }
    const markers = markerIndexes(drawn.length, input.maxMarkers ?? 16).map((i) => drawn[i]!);
    return { id: s.id, path, markers, last: drawn[drawn.length - 1] ?? null };
  });
  return { plot, xTicks, yTicks, lines, at };
}
