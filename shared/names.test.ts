import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nameKey, normaliseName } from './names';

const ok = (s: string) => {
  const r = normaliseName(s);
  if (!r.ok) throw new Error(r.problem);
  return r.name;
};

describe('names (issue 16): one stored form, refused when nothing visible is left, one key for uniqueness', () => {
  it('trims, collapses inner white space (any kind) and composes to NFC', () => {
    expect(ok('  Iron \u00A0\t Wolves ')).toBe('Iron Wolves');
    expect(ok('Zoe\u0308')).toBe('Zoë');
    expect(ok('Zoe\u0308')).toBe('Zo\u00EB');
  });

  it('takes out zero-width characters, direction controls, the BOM, soft hyphens, tags and control characters', () => {
    expect(ok('Iron\u200BWolves')).toBe('IronWolves');
    expect(ok('\u202EsevloW norI\u202C')).toBe('sevloW norI');
    expect(ok('\u2066Grukk\u2069\uFEFF\u00AD\u0007')).toBe('Grukk');
    expect(ok('Da\u200E \u200FKrumpas\u{E0041}')).toBe('Da Krumpas');
  });

  it('keeps joiners between visible characters (Persian, emoji) but not stray ones', () => {
    expect(ok('می\u200Cخواهم')).toBe('می\u200Cخواهم');
    expect(ok('\u{1F469}\u200D\u{1F680} crew')).toBe('\u{1F469}\u200D\u{1F680} crew');
    expect(ok('\u200DOrks\u200C')).toBe('Orks');
  });

  it('refuses a name with nothing visible left, in words', () => {
    for (const s of ['\u200B', '\u200B\u200C\u200D', '\u202E\u2066\u2069', '\uFEFF \u3164', '\u2800\u115F', '\u0301', ' \u00AD '])
      expect(normaliseName(s, 'team')).toEqual({ ok: false, problem: 'Give the team a name: this one has nothing visible in it.' });
    expect(normaliseName('   ', 'player')).toEqual({ ok: false, problem: 'Give the player a name.' });
  });

  it('nameKey: the same name in case, accents, Unicode form, compatibility form, spacing or invisibles is one key', () => {
    const same = ['Iron Wolves', 'iron wolves', 'IRON  WOLVES', 'Iron\u200B Wolves', '\u202AIron Wolves\u202C', 'Ｉｒｏｎ Ｗｏｌｖｅｓ'];
    for (const s of same) expect(nameKey(s)).toBe(nameKey('Iron Wolves'));
    expect(nameKey('Zoë')).toBe(nameKey('Zoe\u0308'));
    expect(nameKey('Zoë')).toBe(nameKey('ZOE'));
    expect(nameKey('Straße')).toBe(nameKey('STRASSE'));
    expect(nameKey('Iron Wolves')).not.toBe(nameKey('Iron Wolf'));
  });

  it('property: normalising is idempotent, the key ignores normalisation, and a normalised name has no invisible edges', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom('a', 'É', ' ', '\u200B', '\u202E', '\u0301', '\u00A0', 'ß', '\u200D', '\uFEFF'),
            fc.string({ unit: 'grapheme', maxLength: 1 }),
          ),
          maxLength: 20,
        }),
        (s) => {
          const r = normaliseName(s);
          if (!r.ok) return;
          expect(normaliseName(r.name)).toEqual(r);
          expect(nameKey(r.name)).toBe(nameKey(s));
          expect(r.name).toBe(r.name.trim());
          expect(r.name).not.toMatch(/[\u200B\u202A-\u202E\u2066-\u2069\uFEFF]/u);
        },
      ),
      { numRuns: 500 },
    );
  });
});
