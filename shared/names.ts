/**
 * Names as people type them (issue 16): campaigns, players, teams, models, recruits, team lists and rulesets.
 * `normaliseName` makes the one stored form (NFC, trimmed, inner white space collapsed, invisible characters taken
 * out) and refuses a name with nothing visible left; `nameKey` is the key names are compared by for uniqueness, so
 * "Iron Wolves", "IRON  WOLVES", "Iron\u200BWolves" and the same letters in another Unicode form are one name.
 * Pure: no I/O, used by both processes.
 */

/**
 * Characters that show nothing and are taken out of a name: zero-width spaces and joiners, direction marks,
 * embeddings, overrides and isolates, the byte-order mark, word joiners and invisible operators, soft hyphens,
 * tag characters, Hangul fillers, the braille blank, the combining grapheme joiner and control characters.
 * Joiners (U+200C/U+200D) between two visible characters are kept (Persian, Indic scripts and emoji need them).
 */
const INVISIBLE =
  /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B\u200E\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB\u{1D173}-\u{1D17A}\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;
/** Joiners not between two visible characters show nothing either. */
const STRAY_JOINER = /(?<![\p{L}\p{N}\p{M}\p{S}])[\u200C\u200D]|[\u200C\u200D](?![\p{L}\p{N}\p{M}\p{S}])/gu;
/** Something a reader can see: a letter, digit, punctuation or symbol. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

export type NormalisedName = { ok: true; name: string } | { ok: false; problem: string };

/**
 * The stored form of a typed name, or why there is none. `what` names the thing in the problem ("campaign").
 *
 * @example
 * normaliseName('  Iron \u00A0 Wolves\u200B '); // → { ok: true, name: 'Iron Wolves' }
 * normaliseName('\u200B\u202E\u2066', 'team'); // → { ok: false, problem: 'Give the team a name: this one has nothing visible in it.' }
 */
export function normaliseName(input: string, what = 'thing'): NormalisedName {
  // NFC last: taking an invisible character out can leave a letter and its accent side by side.
  const name = input.replace(INVISIBLE, '').replace(STRAY_JOINER, '').replace(/\s+/gu, ' ').trim().normalize('NFC');
  if (!VISIBLE.test(name)) {
    const blank = input.replace(/\s/gu, '') === '';
    return { ok: false, problem: blank ? `Give the ${what} a name.` : `Give the ${what} a name: this one has nothing visible in it.` };
  }
  return { ok: true, name };
}

/**
 * The key two names are compared by: the normalised name in compatibility form (NFKD, so full-width letters and
 * ligatures are their plain letters), without accents, case-folded ("ß" = "ss"). Names that differ only in case,
 * accents, Unicode form, white space or invisible characters have the same key.
 *
 * @example
 * nameKey('Iron Wolves') === nameKey('IRON\u200B  wolves'); // → true
 * nameKey('Zoë') === nameKey('Zoe\u0308'); // → true
 * nameKey('Straße') === nameKey('STRASSE'); // → true
 */
export function nameKey(input: string): string {
  const normal = normaliseName(input);
  const name = normal.ok ? normal.name : input;
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().toLowerCase().normalize('NFKC');
}

/**
 * The stored form of a note (issue 22): like a name (NFC, invisible characters out) but its line breaks kept, so a
 * battle report keeps its paragraphs. Spaces collapse within a line, lines lose their trailing spaces, more than one
 * blank line becomes one. Blank text (nothing visible) is '' — saving it removes the note.
 *
 * @example
 * normaliseNote('  Turn 1:\u200B  the  Boyz charged.\r\n\r\n\r\n\tTurn 2: \n'); // → 'Turn 1: the Boyz charged.\n\nTurn 2:'
 */
export function normaliseNote(input: string): string {
  const text = input
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, '')
    .replace(STRAY_JOINER, '')
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/gu, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .normalize('NFC');
  return VISIBLE.test(text) ? text : '';
}
