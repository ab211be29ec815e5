import { describe, expect, it } from 'vitest';
import { CSV_BOM, quoteField, safeCell, toCsv } from './csv';

/** A minimal RFC 4180 reader, to prove what the writer writes reads back as the same cells. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('CSV writer (issue 22)', () => {
  it('starts with the UTF-8 byte-order mark and ends every row with CRLF', () => {
    const csv = toCsv(['a', 'b'], [[1, 2]]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('a,b\r\n1,2\r\n');
    expect(csv.charCodeAt(0)).toBe(0xfeff); // written as UTF-8: EF BB BF (the e2e test reads the bytes)
  });

  it('quotes fields with commas, quotes and newlines, doubling the quotes', () => {
    expect(quoteField('plain')).toBe('plain');
    expect(quoteField('Smith, John')).toBe('"Smith, John"');
    expect(quoteField('the "Butcher"')).toBe('"the ""Butcher"""');
    expect(quoteField('line one\nline two')).toBe('"line one\nline two"');
    expect(quoteField('cr\ronly')).toBe('"cr\ronly"');
  });

  it('reads back as the same cells, accents included', () => {
    const cells = ['Zoë "the Quick", Ork', 'two\r\nlines', 'Ängel', ''];
    const csv = toCsv(['one', 'two', 'three', 'four'], [cells]);
    expect(parse(csv.slice(1))).toEqual([['one', 'two', 'three', 'four'], cells]);
  });

  it('guards cells a spreadsheet would run as formulas with a leading apostrophe', () => {
    for (const evil of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) expect(safeCell(evil)).toBe(`'${evil}`);
    expect(safeCell('Plain team')).toBe('Plain team');
    expect(safeCell('a=b')).toBe('a=b');
    const csv = toCsv(['name'], [['=cmd|" /C calc"!A0']]);
    expect(parse(csv.slice(1))[1]).toEqual([`'=cmd|" /C calc"!A0`]);
  });

  it('writes numbers as numbers (a negative number is not a formula) and blanks for null', () => {
    expect(toCsv(['n', 'm', 'x', 'y'], [[-3, 0, null, undefined]]).slice(1)).toBe('n,m,x,y\r\n-3,0,,\r\n');
    expect(safeCell(true)).toBe('yes');
    expect(safeCell(Number.NaN)).toBe('');
  });
});
