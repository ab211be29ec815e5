/**
 * Issue 31: one date and number module over Intl for screens, prints, the phone view and main's messages. Each case
 * names its locale, as every test must: the module itself formats in the system's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  currentLocale,
  formatDateTime,
  formatDay,
  formatDayMonth,
  formatDecimal,
  formatLongDateTime,
  formatLongDay,
  formatMonth,
  formatNumber,
  formatOrdinal,
  formatSize,
  formatWeekday,
  printedOn,
  useLocale,
} from './index';

afterEach(() => useLocale('en-GB'));

describe('dates follow the locale Herald formats in', () => {
  it('writes a calendar day the British way in en-GB, the American way in en-US, the German way in de-DE', () => {
    useLocale('en-GB');
    expect(formatDay('2026-04-12')).toBe('12 Apr 2026');
    expect(formatLongDay('2026-04-12')).toBe('12 April 2026');
    expect(formatWeekday('2026-04-12')).toBe('Sun, 12 April 2026');
    expect(formatDayMonth('2026-04-12')).toBe('12 Apr');
    useLocale('en-US');
    expect(formatDay('2026-04-12')).toBe('Apr 12, 2026');
    expect(formatWeekday('2026-04-12')).toBe('Sun, April 12, 2026');
    useLocale('de-DE');
    expect(formatDay('2026-04-12')).toBe('12. Apr. 2026');
    expect(formatLongDay('2026-04-12')).toBe('12. April 2026');
  });

  it('a calendar day stays that day in any time zone; a moment read in UTC when main asks for it', () => {
    useLocale('en-GB');
    // Midnight local time, so never the day before (UTC would be, east of Greenwich).
    expect(formatDay('2026-01-01', { utc: true })).toBe('1 Jan 2026');
    expect(formatDay('2026-11-01T23:30:00.000Z', { utc: true })).toBe('1 Nov 2026');
    const lastOfMonth = new Date(Date.UTC(2025, 1, 28, 23, 30));
    expect([formatMonth(lastOfMonth, { utc: true }), formatMonth(lastOfMonth, { utc: true, year: false }), formatDayMonth(lastOfMonth, { utc: true })]).toEqual(
      ['Feb 2025', 'Feb', '28 Feb'],
    );
  });

  it('writes a moment with its time, and anything it cannot read as given', () => {
    useLocale('en-GB');
    const at = new Date(2026, 3, 12, 14, 5);
    expect(formatDateTime(at)).toBe('12 Apr 2026, 14:05');
    expect(formatLongDateTime(at)).toBe('12 April 2026 at 14:05');
    useLocale('en-US');
    expect(formatDateTime(at)).toBe('Apr 12, 2026, 2:05 PM');
    expect(formatDay('sometime in spring')).toBe('sometime in spring');
    expect(printedOn(at)).toBe('April 12, 2026');
  });
});

describe('numbers follow the locale Herald formats in', () => {
  it('groups thousands as the locale does', () => {
    useLocale('en-GB');
    expect(formatNumber(1204)).toBe('1,204');
    expect(formatNumber(5000)).toBe('5,000');
    useLocale('de-DE');
    expect(formatNumber(1204)).toBe('1.204');
    expect(formatDecimal(1.5)).toBe('1,5');
    useLocale('fr-FR');
    expect(formatNumber(93366)).toBe('93\u202f366');
  });

  it('writes sizes in KB and MB, the decimal point as the locale has it', () => {
    useLocale('en-GB');
    expect(formatSize(24_000)).toBe('24 KB');
    expect(formatSize(1_500_000)).toBe('1.5 MB');
    expect(formatSize(71_900_000)).toBe('72 MB');
    expect(formatSize(11.2 * 1024 * 1024, { binary: true })).toBe('11.2 MB');
    expect(formatSize(300, { binary: true })).toBe('1 KB');
    useLocale('de-DE');
    expect(formatSize(1_500_000)).toBe('1,5 MB');
  });

  it('places in English take st, nd, rd and th; other languages write the number with a point', () => {
    useLocale('en-GB');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(formatOrdinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']);
    useLocale('de-DE');
    expect(formatOrdinal(2)).toBe('2.');
  });

  it('undefined goes back to the system’s locale', () => {
    useLocale(undefined);
    expect(currentLocale()).toBe(new Intl.DateTimeFormat().resolvedOptions().locale);
    expect(formatNumber(1204)).toBe((1204).toLocaleString());
  });
});
