import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { packText, unpackJson, unpackText } from './packed-json';
import { DICTIONARY_1_BASE64, DICTIONARY_1_SHA256, FRAGMENTS_1 } from './packed-json-dictionary';

const entry = JSON.stringify({
  v: 1,
  id: '4f2fae2e-1d95-4d2c-929a-5db36a960baf/1',
  gameId: '4f2fae2e-1d95-4d2c-929a-5db36a960baf',
  team: '07f6370a-65e4-4a05-bbe0-933d1d7e07a5',
  rolls: [],
  voided: false,
  citation: 'PROGRESSION.md · Preset "HoR campaign, Battle Honours" / Requisition awards',
  kind: 'req.awarded',
  award: 'took-part',
  amount: 20,
  reason: 'Took part +20: played the mission',
});

describe('packed JSON (issue 21)', () => {
  it('keeps its frozen tables byte for byte: every stored value depends on them', () => {
    expect(createHash('sha256').update(Buffer.from(DICTIONARY_1_BASE64, 'base64')).digest('hex')).toBe(DICTIONARY_1_SHA256);
    expect(createHash('sha256').update(JSON.stringify(FRAGMENTS_1)).digest('hex')).toBe('6fe61d85e39df8f0f1f2ec9105ab52d723cdcfc7ddf729ccfaa63dc0034230d1');
  });

  it('reads back exactly the JSON text written, with either codec', () => {
    const texts = [
      entry,
      JSON.stringify({ name: 'Kaëlen “the Bold” \\ "quoted"', rolls: [{ faces: [1, 6] }], nothing: null }),
      JSON.stringify({ ids: ['4f2fae2e-1d95-4d2c-929a-5db36a960baf', '07f6370a-65e4-4a05-bbe0-933d1d7e07a5', '4f2fae2e-1d95-4d2c-929a-5db36a960baf'] }),
      JSON.stringify({ odd: 'a private-use \ue003 character and \ue0ff0' }),
      '[]',
      'null',
      '"a string"',
    ];
    for (const t of texts) {
      for (const codec of ['z', 'c'] as const) {
        const stored = packText(t, codec);
        expect(unpackText(stored)).toBe(t);
        expect(() => JSON.parse(stored) as unknown).not.toThrow(); // still JSON: json_valid and the integrity checks see it
      }
    }
  });

  it('refers back to an id seen before in the same value, even beyond ten ids', () => {
    const ids = Array.from({ length: 14 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const text = JSON.stringify({ a: ids, b: [...ids].reverse() });
    expect(unpackText(packText(text, 'c'))).toBe(text);
  });

  it('still reads JSON stored plain (files from before the repack)', () => {
    expect(unpackJson('{"kind":"model.died"}')).toEqual({ kind: 'model.died' });
  });

  it('stores a ledger entry in far fewer bytes than its text', () => {
    expect(Buffer.byteLength(packText(entry, 'c'))).toBeLessThan(Buffer.byteLength(entry) / 2);
    expect(Buffer.byteLength(packText(entry, 'z'))).toBeLessThan(Buffer.byteLength(entry) / 2);
  });

  it('refuses a value of an unknown codec in words', () => {
    expect(() => unpackText('"q123"')).toThrow(/unknown codec/);
  });
});

describe('the integrity checks see the packed columns', () => {
  it('lists them among the JSON columns every backup and start-up check parses', async () => {
    const { jsonColumns } = await import('./integrity-check');
    const columns = jsonColumns().map((c) => `${c.table}.${c.column}`);
    for (const c of ['games.plan', 'games.draft', 'games.report', 'ledger_entries.data']) expect(columns).toContain(c);
  });
});
