/**
 * Dates and numbers in words, over `Intl` (issue 31): the one place Herald formats them, for the screens, the printed
 * pages, the phone view and main's messages alike. They follow the organiser's locale — the system's, which is what
 * `Intl` gives when no locale is named — so a Herald in Lyon prints "12 avr. 2026" and one in Ohio "Apr 12, 2026".
 * Tests name a locale (`useLocale`) so that what they expect does not depend on the machine that runs them.
 * A test (format.test.ts) fails when a locale is hard-coded anywhere else.
 * Pure: no I/O, no clock.
 */

/** undefined: the system's locale. */
let locale: string | undefined;
/**
 * Making a formatter costs tens of milliseconds the first time a page asks (ICU loads its patterns), so each is made
 * once and kept, per locale and options.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules>();

/** Format in `tag` from now on (a test's fixed locale); undefined goes back to the system's. */
export function useLocale(tag: string | undefined): void {
  locale = tag;
  formatters.clear();
}

/** The locale formats are made in now ("en-GB"), as Intl resolved it. */
export const currentLocale = (): string => new Intl.DateTimeFormat(locale).resolvedOptions().locale;

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d${JSON.stringify(options)}`;
  let f = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n${JSON.stringify(options)}`;
  let f = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

/**
 * A date as Herald stores it: a calendar day ("2026-04-12", the day a game was played: that day wherever the laptop
 * is) or a moment (ISO-8601 with a time). Null when it cannot be read.
 */
function dateOf(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Where a moment is read as a day: the laptop's time zone, or UTC where main words a stored moment the same everywhere. */
export interface DayOptions {
  utc?: boolean;
}

function formatWith(value: string | Date, options: Intl.DateTimeFormatOptions, o: DayOptions = {}): string {
  const d = dateOf(value);
  if (!d) return String(value);
  // A calendar day is midnight local time: read in UTC it would be the day before east of Greenwich.
  const utc = o.utc && !(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value));
  return dateFormat(utc ? { ...options, timeZone: 'UTC' } : options).format(d);
}

/** "12 Apr 2026" (en-GB), "Apr 12, 2026" (en-US): a day in lists and messages. Anything unreadable is shown as given. */
export const formatDay = (value: string | Date, o?: DayOptions) => formatWith(value, { day: 'numeric', month: 'short', year: 'numeric' }, o);

/** "12 April 2026": a day on a printed page. */
export const formatLongDay = (value: string | Date) => formatWith(value, { day: 'numeric', month: 'long', year: 'numeric' });

/** "Sun, 12 April 2026": the day of a game, on its page and its kit. */
export const formatWeekday = (value: string | Date) => formatWith(value, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' });

/** "12 Apr": a day in a table of this season's games, or on a chart's axis. */
export const formatDayMonth = (value: string | Date, o?: DayOptions) => formatWith(value, { day: 'numeric', month: 'short' }, o);

/** "Feb 2025", or "Mar" without its year: a month on a chart's axis. */
export const formatMonth = (value: string | Date, o: DayOptions & { year?: boolean } = {}) =>
  formatWith(value, o.year === false ? { month: 'short' } : { month: 'short', year: 'numeric' }, o);

/** "12 Apr 2026, 14:05": a moment (a backup, a ruleset pinned). */
export const formatDateTime = (value: string | Date) => formatWith(value, { dateStyle: 'medium', timeStyle: 'short' });

/** "12 April 2026 at 14:05": a moment in a sentence (an amendment). */
export const formatLongDateTime = (value: string | Date) => formatWith(value, { dateStyle: 'long', timeStyle: 'short' });

/** The day a sheet is printed, at its foot: "12 April 2026" (the caller gives today: shared/ has no clock). */
export const printedOn = (date: Date) => formatLongDay(date);

/** "1,204" (en-GB), "1.204" (de), "1 204" (fr): a count, grouped. */
export const formatNumber = (n: number) => numberFormat({ maximumFractionDigits: 0 }).format(n);

/** "1.5": a number with one decimal at most, as the locale writes it. */
export const formatDecimal = (n: number, digits = 1) => numberFormat({ maximumFractionDigits: digits, minimumFractionDigits: digits }).format(n);

/** "1st", "2nd" (English; other languages write the number): a place in the standings. */
export function formatOrdinal(n: number): string {
  if (!currentLocale().startsWith('en')) return `${formatNumber(n)}.`;
  const key = 'p-ordinal';
  let rules = formatters.get(key) as Intl.PluralRules | undefined;
  if (!rules) formatters.set(key, (rules = new Intl.PluralRules(locale, { type: 'ordinal' })));
  const suffix: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
  return `${formatNumber(n)}${suffix[rules.select(n)] ?? 'th'}`;
}

/**
 * A file's size as an organiser reads it: "24 KB", "1.5 MB", "72 MB" (decimal units, as file managers show them);
 * `binary`: units of 1,024 and megabytes always with one decimal ("11.2 MB"), as the backups have always been listed.
 */
export function formatSize(bytes: number, o: { binary?: boolean } = {}): string {
  const k = o.binary ? 1024 : 1000;
  if (bytes < k * k) return `${formatNumber(Math.max(1, Math.round(bytes / k)))} KB`;
  const mb = bytes / k / k;
  return `${mb < 10 || o.binary ? formatDecimal(mb) : formatNumber(Math.round(mb))} MB`;
}

/** Makes the common formatters now (at an idle moment of start-up), so the first list drawn does not pay for them. */
export function warmFormats(): void {
  formatDay('2000-01-01T00:00:00Z');
  formatNumber(1000);
}

export { injuryResultText, permanentInjuryText } from './injury';
