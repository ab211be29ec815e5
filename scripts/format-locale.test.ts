/**
 * Issue 31: dates and numbers follow the organiser's locale, through one module (shared/format). This fails when a
 * locale is hard-coded again ('en-GB', "en-US"), or a date or number is formatted by hand with toLocale…String or
 * a new Intl formatter, anywhere in the app's code outside that module: screens, prints, the phone view, main's
 * messages and the shared schemas. Tests name their locale on purpose and are not looked at.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src-renderer', 'src-main', 'shared'];
const MODULE = path.join('shared', 'format') + path.sep;
const isTest = (file: string) => /\.(test|spec)\.ts$/.test(file) || file.includes(`${path.sep}test-support${path.sep}`);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return /\.(ts|svelte)$/.test(e.name) && !isTest(p) && !p.startsWith(MODULE) ? [p] : [];
  });
}

const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'a hard-coded locale', pattern: /['"`][a-z]{2}-[A-Z]{2}['"`]/ },
  { what: 'toLocaleDateString / toLocaleTimeString / toLocaleString', pattern: /\.toLocale(Date|Time)?String\(/ },
  { what: 'a new Intl formatter', pattern: /new Intl\.(DateTimeFormat|NumberFormat|RelativeTimeFormat|PluralRules)\(/ },
  { what: 'month names written out', pattern: /\[\s*['"](Jan|January)['"],\s*['"](Feb|February)['"]/ },
];

/** Every line of the app's code that formats a date or number by itself: "file:line: what". */
export function formattingOutsideTheModule(files: string[]): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => FORBIDDEN.filter((f) => f.pattern.test(line)).map((f) => `${file}:${i + 1}: ${f.what}`)),
  );
}

describe('dates and numbers go through shared/format (issue 31)', () => {
  it('no locale is hard-coded and nothing formats by itself outside shared/format', () => {
    const files = ROOTS.flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    expect(formattingOutsideTheModule(files)).toEqual([]);
  });

  it('the check finds what it looks for', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-format-'));
    const probe = path.join(dir, 'Probe.svelte');
    fs.writeFileSync(
      probe,
      [
        "const day = new Date().toLocaleDateString('en-GB');",
        'const n = (1204).toLocaleString();',
        'const f = new Intl.NumberFormat(undefined);',
        "const months = ['Jan', 'Feb', 'Mar'];",
        'const fine = formatDay(day);',
      ].join('\n'),
    );
    expect(formattingOutsideTheModule([probe]).map((l) => l.slice(probe.length + 1))).toEqual([
      '1: a hard-coded locale',
      '1: toLocaleDateString / toLocaleTimeString / toLocaleString',
      '2: toLocaleDateString / toLocaleTimeString / toLocaleString',
      '3: a new Intl formatter',
      '4: month names written out',
    ]);
  });
});
