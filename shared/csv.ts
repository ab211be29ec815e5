/**
 * A small CSV writer for what players take home (issue 22): RFC 4180 (CRLF line ends, a field quoted when it holds a
 * comma, a quote, CR or LF, quotes doubled), UTF-8 with a byte-order mark so Excel reads accents and names right, and
 * cells a spreadsheet would run as a formula (starting with = + - @, a tab or CR) prefixed with ' (docs/decisions.md).
 * Pure: no I/O.
 */

export type CsvCell = string | number | boolean | null | undefined;

/** The byte-order mark that tells Excel the file is UTF-8. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet would read as a formula ("=HYPERLINK(…)", "+1", "-2", "@SUM") gets a leading '. Numbers
 * are written as numbers (a negative number is data, not a formula), so only text is guarded.
 */
export function safeCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One field, quoted when RFC 4180 needs it. */
export function quoteField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV file: a header row, then the rows, CRLF after each, with the BOM in front. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const line = (cells: readonly CsvCell[]) => cells.map((c) => quoteField(safeCell(c))).join(',');
  return CSV_BOM + [header, ...rows].map((r) => `${line(r)}\r\n`).join('');
}
