/**
 * Packed JSON (issue 21): the campaign file's bulky JSON columns stored small. The same objects go in and come out
 * (drizzle maps them through these column types), so no reader changes, and the JSON read back is, byte for byte,
 * the JSON written. A packed value is still JSON — a JSON string, so SQLite's json_valid and the integrity checks keep
 * working — whose first character names its codec:
 *
 * - `z`: deflate against a frozen preset dictionary, in base64 — for the large documents (a game's plan, report and
 *   draft: kilobytes of the same keys and rule texts, stored ten times smaller);
 * - `c`: the JSON text with its frozen common fragments (keys, citations, award texts) each replaced by one private-use
 *   character, and an id seen before in the value by a reference to where it was — for ledger entries' data: a few
 *   hundred bytes each, ninety thousand of them in ten years, which a whole-campaign rebuild reads at a few
 *   microseconds each (inflating each would cost ten times more).
 *
 * A value that is not a JSON string is plain JSON written before migration 0010 (which repacks it); it is read as it
 * is, so nothing depends on the repack. SQL's JSON functions cannot see inside a packed value: read through drizzle,
 * or unpackJson.
 */
import { customType } from 'drizzle-orm/sqlite-core';
import zlib from 'node:zlib';
import { DICTIONARY_1_BASE64, FRAGMENTS_1 } from './packed-json-dictionary';

const dictionary = Buffer.from(DICTIONARY_1_BASE64, 'base64');

// Codec `c`: fragment i is U+E000+i; an id (a UUID) that already appeared in the value is U+E0FF then, in two base64
// digits, where its first appearance stands in the coded text (under 4,096), so reading copies it from there.
const FRAGMENT_BASE = 0xe000;
const ID_AGAIN = '\ue0ff';
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fragmentCode = new Map(FRAGMENTS_1.map((f, i) => [f, String.fromCharCode(FRAGMENT_BASE + i)]));
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const encodeRe = new RegExp(
  `${[...FRAGMENTS_1]
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join('|')}|${UUID}`,
  'g',
);
/** Text that already holds the codec's characters cannot be coded by it (a name typed with private-use characters). */
const codecChars = /[\ue000-\ue0ff]/;

function fragmentsOut(json: string): string {
  const firstAt = new Map<string, number>();
  let out = '';
  let last = 0;
  for (const m of json.matchAll(encodeRe)) {
    out += json.slice(last, m.index);
    last = m.index + m[0].length;
    const code = fragmentCode.get(m[0]);
    const at = code === undefined ? firstAt.get(m[0]) : undefined;
    if (code !== undefined) out += code;
    else if (at !== undefined) out += ID_AGAIN + B64[at >> 6]! + B64[at & 63]!;
    else {
      if (out.length < 4096) firstAt.set(m[0], out.length);
      out += m[0];
    }
  }
  return out + json.slice(last);
}

function fragmentsIn(coded: string): string {
  // A plain loop: several times faster than a regular expression over the private-use range (a rebuild reads ~90,000).
  let out = '';
  let last = 0;
  for (let i = 0; i < coded.length; i++) {
    const c = coded.charCodeAt(i);
    if (c < FRAGMENT_BASE || c > 0xe0ff) continue;
    if (i > last) out += coded.slice(last, i);
    if (c === 0xe0ff) {
      const at = (B64.indexOf(coded[i + 1]!) << 6) | B64.indexOf(coded[i + 2]!);
      out += coded.slice(at, at + 36);
      i += 2;
    } else out += FRAGMENTS_1[c - FRAGMENT_BASE]!;
    last = i + 1;
  }
  return out + coded.slice(last);
}

/** The stored text of a JSON text, with codec `z` (deflate) or `c` (fragments coded). */
export function packText(json: string, codec: 'z' | 'c'): string {
  if (codec === 'z') return JSON.stringify(`z${zlib.deflateRawSync(Buffer.from(json, 'utf8'), { dictionary }).toString('base64')}`);
  return codecChars.test(json) ? json : JSON.stringify(`c${fragmentsOut(json)}`);
}

/** The JSON text of a stored value: packed, or plain JSON stored before packing. */
export function unpackText(stored: string): string {
  if (!stored.startsWith('"')) return stored;
  // Most coded values hold no escape (the escaped quotes of citations are inside fragments): no JSON.parse needed.
  const packed = stored.includes('\\') ? (JSON.parse(stored) as string) : stored.slice(1, -1);
  if (packed.startsWith('z')) return zlib.inflateRawSync(Buffer.from(packed.slice(1), 'base64'), { dictionary }).toString('utf8');
  if (packed.startsWith('c')) return fragmentsIn(packed.slice(1));
  throw new Error(`A packed value has an unknown codec (${packed.slice(0, 1) || 'none'}): written by a newer Herald?`);
}

export const packJson = (value: unknown, codec: 'z' | 'c'): string => packText(JSON.stringify(value), codec);
export const unpackJson = (stored: string): unknown => JSON.parse(unpackText(stored));
/** Is this stored value packed (not plain JSON from before migration 0010)? */
export const isPacked = (stored: string): boolean => stored.startsWith('"');

const packedColumn = (codec: 'z' | 'c') =>
  customType<{ data: unknown; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => packJson(value, codec),
    fromDriver: (stored) => unpackJson(stored),
  });

/** A large JSON document (plan, report, draft), stored deflated: codec `z`. */
export const packedJson = packedColumn('z');
/** A small JSON value of which there are many (ledger data), stored with its common fragments coded: codec `c`. */
export const compactJson = packedColumn('c');
