import { describe, expect, it } from 'vitest';
import { chartGeometry, dayLabel, dayNumber, dayTicks, markerIndexes, niceTicks, nightTicks, type ChartBox } from './geometry';

const box: ChartBox = { width: 200, height: 100, margin: { top: 0, right: 0, bottom: 0, left: 0 } };

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten, from the floor past the top', () => {
    expect(niceTicks(0, 37, 5)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(0, 3, 5)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 140, 5)).toEqual([0, 50, 100, 150]);
    expect(niceTicks(0, 9, 4)).toEqual([0, 5, 10]);
  });

  it('never steps below a whole number (wins and Threat are counted)', () => {
    expect(niceTicks(0, 1, 5)).toEqual([0, 1]);
  });
});

describe('days', () => {
  it('numbers days from 1970 and names them as people read them', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayLabel(dayNumber('2025-03-03'))).toBe('3 Mar 2025');
  });

  it('ticks weeks on a short campaign, months on a longer one, years on a ten-year one', () => {
    const weeks = dayTicks(dayNumber('2025-03-01'), dayNumber('2025-04-05'), 6);
    expect(weeks.map((t) => t.label)).toEqual(['3 Mar 2025', '10 Mar', '17 Mar', '24 Mar', '31 Mar']);
    const months = dayTicks(dayNumber('2025-01-10'), dayNumber('2025-06-20'), 6);
    expect(months.map((t) => t.label)).toEqual(['Feb 2025', 'Mar', 'Apr', 'May', 'Jun']);
    const years = dayTicks(dayNumber('2015-02-01'), dayNumber('2025-01-31'), 6);
    expect(years.map((t) => t.label)).toEqual(['2016', '2018', '2020', '2022', '2024']);
    expect(years.length).toBeLessThanOrEqual(6);
  });
});

describe('nightTicks', () => {
  it('labels a few game nights far enough apart, each under its own point', () => {
    const nights = ['2026-10-04', '2026-10-11', '2026-10-18', '2027-01-10'].map(dayNumber);
    expect(nightTicks(nights, 6, 3)?.map((t) => t.label)).toEqual(['4 Oct 2026', '11 Oct', '18 Oct', '10 Jan 2027']);
  });
  it('leaves too many nights, or two too close to label, to calendar ticks', () => {
    const nights = ['2026-10-04', '2026-10-05', '2026-10-18'].map(dayNumber);
    expect(nightTicks(nights, 6, 3)).toBeNull();
    expect(nightTicks(nights, 2, 0)).toBeNull();
  });
});

describe('markerIndexes', () => {
  it('marks every point of a short line, evenly spaced ones of a long one with the last among them', () => {
    expect(markerIndexes(3, 5)).toEqual([0, 1, 2]);
    expect(markerIndexes(101, 5)).toEqual([0, 25, 50, 75, 100]);
  });
});

describe('chartGeometry', () => {
  it('scales points into the plot, y from 0 up to a round top', () => {
    const g = chartGeometry({
      series: [
        {
          id: 'a',
          points: [
            { x: 1, y: 0 },
            { x: 2, y: 3 },
            { x: 3, y: 6 },
          ],
        },
      ],
      box: { width: 240, height: 130, margin: { top: 10, right: 10, bottom: 20, left: 30 } },
      xKind: 'count',
    });
    expect(g.plot).toEqual({ x: 30, y: 10, width: 200, height: 100 });
    expect(g.yTicks.map((t) => t.value)).toEqual([0, 2, 4, 6]);
    expect(g.lines[0]!.path).toBe('M30,110L130,60L230,10');
    expect(g.xTicks.map((t) => [t.label, t.pos])).toEqual([
      ['1', 30],
      ['2', 130],
      ['3', 230],
    ]);
    expect(g.lines[0]!.last).toEqual({ x: 230, y: 10 });
  });

  it('leaves a gap where a series has no value (a team before its first game)', () => {
    const g = chartGeometry({
      series: [
        {
          id: 'first',
          points: [
            { x: 0, y: 0 },
            { x: 1, y: 1 },
            { x: 2, y: 2 },
          ],
        },
        { id: 'late', points: [null, { x: 1, y: 1 }, { x: 2, y: 2 }] },
      ],
      box,
      xKind: 'count',
    });
    expect(g.lines[1]!.path).toBe('M100,50L200,0');
    expect(g.lines[1]!.markers).toHaveLength(2);
  });

  it('puts a single point in the middle of its axis', () => {
    const g = chartGeometry({ series: [{ id: 'one', points: [{ x: dayNumber('2025-03-03'), y: 4 }] }], box, xKind: 'day' });
    expect(g.lines[0]!.path).toBe('M100,0');
    expect(g.xTicks.some((t) => t.label.includes('Mar 2025'))).toBe(true);
  });

  it('draws an empty chart without failing', () => {
    const g = chartGeometry({ series: [{ id: 'none', points: [] }], box, xKind: 'day' });
    expect(g.lines[0]).toEqual({ id: 'none', path: '', markers: [], last: null });
    expect(g.yTicks.map((t) => t.value)).toEqual([0, 1]);
  });

  it('keeps a long line to its markers budget', () => {
    const points = Array.from({ length: 500 }, (_, i) => ({ x: i, y: i % 7 }));
    const g = chartGeometry({ series: [{ id: 'long', points }], box, xKind: 'count', maxMarkers: 12 });
    expect(g.lines[0]!.markers).toHaveLength(12);
    expect(g.lines[0]!.markers.at(-1)).toEqual(g.lines[0]!.last);
  });
});
