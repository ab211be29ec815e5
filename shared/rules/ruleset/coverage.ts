/**
 * Does a dice table give exactly one answer for every possible roll? Organisers type tables in by hand (and the
 * printed Battle Honours D66 table itself leaves 21 uncovered: docs/progression.md), so the app reports gaps and
 * overlaps in words instead of failing at the table when the dice come up.
 */
import { diceRange, parseDice } from '../dice';
import type { DiceExpression } from '../dice';
import type { DiceTable } from './schema';

export type CoverageIssueKind = 'gap' | 'overlap' | 'impossible-row' | 'impossible-bound';

export interface CoverageIssue {
  kind: CoverageIssueKind;
  from: number;
  to: number;
  message: string;
}

export interface CoverageReport {
  ok: boolean;
  /** The results a roll can give, ascending. */
  possible: number[];
  issues: CoverageIssue[];
}

/**
 * Every total an expression can give, ascending (D66 → 11..16, 21..26, …; 2D6×3 → 6, 9, …, 36).
 *
 * @example
 * possibleTotals(parseDice('D3+2')); // → [3, 4, 5]
 */
export function possibleTotals(expr: DiceExpression): number[] {
  const raws: number[] = [];
  if (expr.kind === 'd66') {
    for (let t = 1; t <= 6; t++) for (let u = 1; u <= 6; u++) raws.push(t * 10 + u);
  } else {
    for (let v = expr.count; v <= expr.count * expr.sides; v++) raws.push(v);
  }
  return raws.map((r) => (r + expr.add) * expr.multiply);
}

const TIMES = ['', 'once', 'twice', 'three times'];

function timesWord(n: number): string {
  return TIMES[n] ?? `${n} times`;
}

function span(from: number, to: number): string {
  return from === to ? `${from}` : `${from}–${to}`;
}

/** Group values (in the order of `possible`) into runs of neighbours, keyed by a label (e.g. the overlap count). */
function runs<T>(possible: number[], labelOf: (v: number) => T | undefined): { from: number; to: number; label: T }[] {
  const out: { from: number; to: number; label: T }[] = [];
  let current: { from: number; to: number; label: T } | undefined;
  for (const v of possible) {
    const label = labelOf(v);
    if (label !== undefined && current !== undefined && current.label === label) {
      current.to = v;
    } else {
      if (current) out.push(current);
      current = label === undefined ? undefined : { from: v, to: v, label };
    }
  }
  if (current) out.push(current);
  return out;
}

/**
 * Report gaps and overlaps of a table's ranges over the results its dice can give, e.g.
 * "D66 result 21 is not covered", "D6 results 3–4 appear twice". For D66 only real D66 results count (a row
 * 31–66 covers 31–36, 41–46, …, 61–66). Pure; never throws for a table that passed the schema.
 *
 * @example
 * const rows = [{ from: 1, to: 3, result: 'low', text: 'Low' }, { from: 3, to: 5, result: 'high', text: 'High' }];
 * validateTableCoverage({ expression: 'D6', rows }).issues.map((i) => i.message); // → ['D6 result 3 appears twice.', 'D6 result 6 is not covered.']
 */
export function validateTableCoverage(table: Pick<DiceTable, 'expression' | 'rows'>): CoverageReport {
  const expr = parseDice(table.expression);
  const dice = expr.text;
  const possible = possibleTotals(expr);
  const possibleSet = new Set(possible);
  const { min, max } = diceRange(expr);
  const issues: CoverageIssue[] = [];

  const count = new Map<number, number>();
  for (const row of table.rows) {
    const covered = possible.filter((v) => v >= row.from && v <= row.to);
    const label = `Row "${row.text}" (${span(row.from, row.to)})`;
    if (covered.length === 0) {
      issues.push({
        kind: 'impossible-row',
        from: row.from,
        to: row.to,
        message: `${label} can never be rolled: ${dice} gives ${span(min, max)}${expr.kind === 'd66' ? ' (both digits 1–6)' : ''}.`,
      });
      continue;
    }
    for (const bound of row.from === row.to ? [row.from] : [row.from, row.to]) {
      if (!possibleSet.has(bound)) {
        issues.push({ kind: 'impossible-bound', from: row.from, to: row.to, message: `${label}: ${bound} is not a possible ${dice} result.` });
      }
    }
    for (const v of covered) count.set(v, (count.get(v) ?? 0) + 1);
  }

  for (const r of runs(possible, (v) => ((count.get(v) ?? 0) === 0 ? 0 : undefined))) {
    issues.push({
      kind: 'gap',
      from: r.from,
      to: r.to,
      message: r.from === r.to ? `${dice} result ${r.from} is not covered.` : `${dice} results ${span(r.from, r.to)} are not covered.`,
    });
  }
  for (const r of runs(possible, (v) => ((count.get(v) ?? 0) > 1 ? (count.get(v) ?? 0) : undefined))) {
    issues.push({
      kind: 'overlap',
      from: r.from,
      to: r.to,
      message:
        r.from === r.to ? `${dice} result ${r.from} appears ${timesWord(r.label)}.` : `${dice} results ${span(r.from, r.to)} appear ${timesWord(r.label)}.`,
    });
  }
  issues.sort((a, b) => a.from - b.from || a.to - b.to);
  return { ok: issues.length === 0, possible, issues };
}

/**
 * Find which row of a table a total falls in (undefined when the table has a gap there).
 *
 * @example
 * lookupRow(WEATHER_TABLE.rows, 4)?.result; // → 'fine'
 * lookupRow([{ from: 1, to: 3 }], 6); // → undefined
 */
export function lookupRow<R extends { from: number; to: number }>(rows: readonly R[], total: number): R | undefined {
  return rows.find((r) => total >= r.from && total <= r.to);
}
