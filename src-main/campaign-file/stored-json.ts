/**
 * A packed JSON column as it is stored, for the campaign file's writing (issue 29): a ten-year campaign's plans, reports
 * and ledger data are about 75 MB of JSON, and parsing each into objects only to write it back out as the same text was
 * a third of an export's time and most of its garbage. The export reads such a column's text (unpacked, not parsed),
 * and the file's line is written with that text in place.
 */
import { unpackText } from '../db/packed-json';

/** A JSON value as its text, written into a file's line as it is. */
export class StoredJson {
  constructor(readonly text: string) {}
}

/** The stored column (packed, or plain JSON from before migration 0010) as its JSON text; null stays null. */
export const storedJson = (stored: string | null): StoredJson | null => (stored === null ? null : new StoredJson(unpackText(stored)));

/**
 * `[section, row]` as one line's JSON text: the row's StoredJson fields written as their text, after its other fields.
 * A row without any is `JSON.stringify([section, row])`.
 */
export function rowLine(section: string, row: object): string {
  let plain: Record<string, unknown> | undefined;
  let raw = '';
  for (const [key, value] of Object.entries(row)) {
    if (!(value instanceof StoredJson)) continue;
    plain ??= { ...row };
    delete plain[key];
    raw += `,${JSON.stringify(key)}:${value.text}`;
  }
  if (plain === undefined) return JSON.stringify([section, row]);
  const head = JSON.stringify(plain);
  return `[${JSON.stringify(section)},${head === '{}' ? `{${raw.slice(1)}` : `${head.slice(0, -1)}${raw}`}}]`;
}
