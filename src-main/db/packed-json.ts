/**
 * Packed JSON (issue 21): the campaign file's bulky JSON columns stored small. The same objects go in and come out
 * (drizzle maps them through these column types), so no reader changes, and the JSON read back is, byte for byte,
 * the JSON written. A packed value is still JSON — a JSON string, so SQLite's json_valid and the integrity checks keep
 * working — whose first character names its codec:
 *
 * - `z`: deflate against a frozen preset dictionary, in base64 — for the large documents (a game's plan, report and
 *   draft: kilobytes of the same keys and rule texts, stored ten times smaller);
 * - `t`: the JSON text with its frozen common fragments (keys, citations, award texts) each replaced by one private-use
 *   character, and an id seen before in the value by a reference to it — for ledger entries' data: a few hundred
 *   bytes each, ninety thousand of them in ten years, which a whole-campaign rebuild reads at a few microseconds each
 *   (inflating each would cost ten times more).
 *
 * A value that is not a JSON string is plain JSON written before migration 0010 (which repacks it); it is read as it
 * is, so nothing depends on the repack. SQL's JSON functions cannot see inside a packed value: read through drizzle,
 * or unpackJson.
 */
import { customType } from 'drizzle-orm/sqlite-core';
import zlib from 'node:zlib';
import { DICTIONARY_1_BASE64, FRAGMENTS_1 } from './packed-json-dictionary';

const dictionary = Buffer.from(DICTIONARY_1_BASE64, 'base64');

// Codec `t`: fragment i is U+E000+i; an id (a UUID) seen before in the same value is U+E0FF then the digit of its order.
const FRAGMENT_BASE = 0xe000;
const ID_AGAIN = '\ue0ff';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fragmentCode = new Map(FRAGMENTS_1.map((f, i) => [f, String.fromCharCode(FRAGMENT_BASE + i)]));
const encodeRe = new RegExp(
  `${[...FRAGMENTS_1]
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join('|')}|${UUID}`,
  'g',
);
const decodeRe = new RegExp(`${ID_AGAIN}(.)|[\\ue000-\\ue0fe]`, 'g');
/** Text that already holds the codec's characters cannot be coded by it (a name typed with private-use characters). */
const codecChars = /[\ue000-\ue0ff]/;

function fragmentsOut(json: string): string {
  const ids: string[] = [];
  return json.replace(encodeRe, (m) => {
    const code = fragmentCode.get(m);
    if (code !== undefined) return code;
    const seen = ids.indexOf(m);
    if (seen >= 0 && seen < 10) return ID_AGAIN + String(seen);
    ids.push(m);
    return m;
  });
}

function fragmentsIn(coded: string): string {
  const ids: string[] = [];
  const uuid = new RegExp(UUID, 'g');
  let out = '';
  let last = 0;
  // Ids are numbered in the order they appear in the decoded text, as fragmentsOut numbered them.
  for (const m of coded.matchAll(decodeRe)) {
    out += coded.slice(last, m.index);
    for (const id of coded.slice(last, m.index).match(uuid) ?? []) if (!ids.includes(id)) ids.push(id);
    if (m[1] !== undefined) out += ids[Number(m[1])]!;
    else {
      const fragment = FRAGMENTS_1[m[0].charCodeAt(0) - FRAGMENT_BASE]!;
      out += fragment;
      for (const id of fragment.match(uuid) ?? []) if (!ids.includes(id)) ids.push(id);
    }
    last = m.index + m[0].length;
  }
  return out + coded.slice(last);
}

/** The stored text of a JSON text, with codec `z` (deflate) or `t` (fragments). */
export function packText(json: string, codec: 'z' | 't'): string {
  if (codec === 'z') return JSON.stringify(`z${zlib.deflateRawSync(Buffer.from(json, 'utf8'), { dictionary }).toString('base64')}`);
  return codecChars.test(json) ? json : JSON.stringify(`t${fragmentsOut(json)}`);
}

/** The JSON text of a stored value: packed, or plain JSON stored before packing. */
export function unpackText(stored: string): string {
  if (!stored.startsWith('"')) return stored;
  const packed = JSON.parse(stored) as string;
  if (packed.startsWith('z')) return zlib.inflateRawSync(Buffer.from(packed.slice(1), 'base64'), { dictionary }).toString('utf8');
  if (packed.startsWith('t')) return fragmentsIn(packed.slice(1));
  throw new Error(`A packed value has an unknown codec (${packed.slice(0, 1) || 'none'}): written by a newer Herald?`);
}

export const packJson = (value: unknown, codec: 'z' | 't'): string => packText(JSON.stringify(value), codec);
export const unpackJson = (stored: string): unknown => JSON.parse(unpackText(stored));
/** Is this stored value packed (not plain JSON from before migration 0010)? */
export const isPacked = (stored: string): boolean => stored.startsWith('"');

const packedColumn = (codec: 'z' | 't') =>
  customType<{ data: unknown; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => packJson(value, codec),
    fromDriver: (stored) => unpackJson(stored),
  });

/** A large JSON document (plan, report, draft), stored deflated: codec `z`. */
export const packedJson = packedColumn('z');
/** A small JSON value of which there are many (ledger data), stored with its common fragments coded: codec `t`. */
export const compactJson = packedColumn('t');
