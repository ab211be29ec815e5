/**
 * The campaign file as it travels (issue 29): zstd-packed lines, one row per line, so a campaign of any age fits — a
 * ten-year club's 140 MB of rows packs to about 4 MB — and no step ever holds the whole file as one string (at 20,000
 * games that string would pass what JavaScript can hold). The rows are the same as in the single-JSON file Herald
 * wrote before (format version 1), which still imports.
 *
 *   line 1:  {"format":"herald-campaign","formatVersion":3,"exportedAt":…,"campaign":{…},"rows":{"games":5000,…}}
 *   then:    ["rulesets",{…}]  ["players",{…}]  …  ["games",{…}]  ["rolls",{…}]  ["notes",{…}]
 *
 * Reading checks every line as it comes (its depth, then its row's schema, in words with its place: "Game 3 in the
 * file (games[2].vpA)"), stops a file that would unpack past its limit (db/zstd.ts), and requires as many rows of each
 * kind as the header promised, so a cut-off file is refused, not half-read. zstd's own checksum finds a damaged byte.
 */
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { z } from 'zod';
import { AppError } from '../../shared/ipc/result';
import { wordsErrorMap } from '../../shared/ipc/issue-words';
import { MAX_JSON_DEPTH, jsonDepth } from '../input-guards';
import { isZstdBytes, sizeInWords, unpackLimit, zstdParams } from '../db/zstd';
import { rowLine } from './stored-json';
import {
  CAMPAIGN_FILE_FORMAT,
  CAMPAIGN_FILE_MAX_BYTES,
  CampaignRow,
  FileTime,
  MAX_ROWS,
  ROW_SCHEMAS,
  fileLocation,
  parseCampaignFile,
  type CampaignFile,
  type RowSection,
} from './schema';

/**
 * 3: an applied game carries no draft (null), as Herald stores it; 2 gave a stand-in made from its report (a copy of
 * every report, a fifth of a ten-year file, checked and thrown away). Both are read; 3 is written.
 */
export const PACKED_FORMAT_VERSION = 3;
const PACKED_FORMAT_VERSIONS = [2, 3] as const;
/** The sections in the order they are written (and the order a reader may rely on). */
const SECTIONS = Object.keys(ROW_SCHEMAS) as RowSection[];
/** One row's line: the largest game report is a few tens of KB; a line this long is not a row Herald wrote. */
const LINE_MAX_CHARS = 16 * 1024 * 1024;

const Header = z
  .object({
    format: z.literal(CAMPAIGN_FILE_FORMAT),
    formatVersion: z.union(PACKED_FORMAT_VERSIONS.map((v) => z.literal(v))),
    exportedAt: FileTime,
    campaign: CampaignRow,
    rows: z.object(Object.fromEntries(SECTIONS.map((s) => [s, z.number().int().min(0).max(MAX_ROWS[s])])) as Record<RowSection, z.ZodNumber>).strict(),
  })
  .strict();

/** Is this a packed campaign file (by its first bytes, whatever its name says)? */
export const isPacked = isZstdBytes;

/** The file's lines, packed: header first, then each section's rows. Written piece by piece, never as one string. */
export async function packCampaignFile(file: CampaignFile): Promise<Buffer> {
  const rows = Object.fromEntries(SECTIONS.map((s) => [s, (file[s] ?? []).length])) as Record<RowSection, number>;
  const header = { format: CAMPAIGN_FILE_FORMAT, formatVersion: PACKED_FORMAT_VERSION, exportedAt: file.exportedAt, campaign: file.campaign, rows };
  function* lines(): Generator<Buffer> {
    yield Buffer.from(`${JSON.stringify(header)}\n`, 'utf8');
    // About a megabyte per piece: few enough calls into zstd, small enough to never be a large string. Each line is
    // encoded as it is made (issue 29): a megabyte-long string built by += is a rope, and flattening and encoding those
    // ropes was two thirds of a ten-year export.
    let piece: Buffer[] = [];
    let bytes = 0;
    for (const section of SECTIONS)
      for (const row of file[section] ?? []) {
        const line = Buffer.from(`${rowLine(section, row)}\n`, 'utf8');
        piece.push(line);
        bytes += line.length;
        if (bytes >= 1 << 20) {
          yield Buffer.concat(piece, bytes);
          piece = [];
          bytes = 0;
        }
      }
    if (bytes > 0) yield Buffer.concat(piece, bytes);
  }
  const out: Buffer[] = [];
  const zstd = zlib.createZstdCompress({ params: zstdParams() });
  const done = (async () => {
    for await (const chunk of zstd) out.push(chunk as Buffer);
  })();
  for (const piece of lines()) if (!zstd.write(piece)) await new Promise((r) => zstd.once('drain', r));
  zstd.end();
  await done;
  return Buffer.concat(out);
}

/**
 * A campaign file as picked, dropped or uploaded: packed (format 2) or one JSON document (format 1, Herald before
 * issue 29). Checked as it is read; throws AppError in words, naming the file and the place. Nothing is written.
 */
export async function readCampaignFile(fileName: string, bytes: Uint8Array): Promise<CampaignFile> {
  const name = fileName || 'The file';
  if (bytes.length > CAMPAIGN_FILE_MAX_BYTES)
    throw new AppError('VALIDATION', `${name} is too large for a campaign file (over ${CAMPAIGN_FILE_MAX_BYTES / 1024 / 1024} MB).`);
  if (!isPacked(bytes)) return parseCampaignFile(fileName, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8'));
  return unpack(name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
}

const refuse = (message: string): never => {
  throw new AppError('VALIDATION', message);
};

async function unpack(name: string, packed: Buffer): Promise<CampaignFile> {
  const limit = unpackLimit(packed.length);
  const notValid = (where: string, what: string) => refuse(`${name} is not a valid campaign file: ${where}: ${what} Nothing was imported.`);
  let header: z.infer<typeof Header> | undefined;
  const file = Object.fromEntries(SECTIONS.map((s) => [s, []])) as unknown as Record<RowSection, unknown[]>;
  let lineNo = 0;
  const take = (line: string) => {
    lineNo++;
    if (line === '') return;
    if (jsonDepth(line) > MAX_JSON_DEPTH + 8) refuse(`${name} is nested too deeply to be a campaign file (line ${lineNo}).`);
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch {
      // Read as it unpacks, a changed byte breaks its line before zstd's checksum at the end can say so: in the same words.
      refuse(`${name} is damaged: part of it changed after Herald wrote it (row ${lineNo} cannot be read). Nothing was imported.`);
    }
    if (!header) {
      const read = Header.safeParse(data, { error: wordsErrorMap });
      if (read.success) return void (header = read.data);
      const format = (data as { format?: unknown; formatVersion?: unknown } | null) ?? {};
      if (format.format !== CAMPAIGN_FILE_FORMAT) refuse(`${name} is not a Herald campaign file.`);
      if (typeof format.formatVersion === 'number' && format.formatVersion > PACKED_FORMAT_VERSION)
        refuse(`${name} was written by a newer Herald (campaign file format ${format.formatVersion}): update Herald to import it. Nothing was imported.`);
      const first = read.error.issues[0]!;
      return notValid(first.path[0] === 'campaign' ? fileLocation(first.path) : `its first line (${first.path.join('.')})`, first.message);
    }
    if (!Array.isArray(data) || data.length !== 2 || !SECTIONS.includes(data[0] as RowSection))
      return notValid(`line ${lineNo}`, 'This is not a row of a campaign file.');
    const section = data[0] as RowSection;
    const rows = file[section];
    if (rows.length >= header.rows[section])
      return notValid(`line ${lineNo}`, `The file has more ${section} rows than its first line says (${header.rows[section]}).`);
    const read = ROW_SCHEMAS[section].safeParse(data[1], { error: wordsErrorMap });
    if (!read.success) {
      const first = read.error.issues[0]!;
      return notValid(fileLocation([section, rows.length, ...first.path]), first.message);
    }
    rows.push(read.data);
  };

  const decoder = new StringDecoder('utf8');
  let rest = '';
  let unpacked = 0;
  const zstd = zlib.createZstdDecompress();
  Readable.from([packed]).pipe(zstd);
  try {
    for await (const chunk of zstd as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      if (unpacked > limit) refuse(`${name} would unpack to more than ${sizeInWords(limit)}: it is not a campaign file Herald wrote. Nothing was imported.`);
      const text = rest + decoder.write(chunk);
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        take(text.slice(start, end));
        start = end + 1;
      }
      rest = text.slice(start);
      if (rest.length > LINE_MAX_CHARS) refuse(`${name} has a line longer than any row Herald writes (line ${lineNo + 1}). Nothing was imported.`);
    }
    take(rest + decoder.end());
  } catch (e) {
    zstd.destroy();
    if (e instanceof AppError) throw e;
    // zstd's checksum or a cut-off frame: the bytes are not what Herald wrote. Said in words, not zlib's.
    refuse(`${name} is damaged: ${damageWords((e as Error).message)}. It cannot be read; nothing was imported.`);
  }
  if (!header) return refuse(`${name} is empty: it is not a campaign file.`);
  for (const section of SECTIONS)
    if (file[section].length !== header.rows[section])
      refuse(`${name} is cut short: it should hold ${header.rows[section]} ${section} rows and holds ${file[section].length}. Nothing was imported.`);
  if (file.rulesets.length === 0) notValid('the file', 'It has no ruleset.');
  return {
    format: CAMPAIGN_FILE_FORMAT,
    formatVersion: header.formatVersion,
    exportedAt: header.exportedAt,
    campaign: header.campaign,
    ...file,
  } as CampaignFile;
}

/** What zstd found wrong with a packed file, as an organiser would say it. */
function damageWords(zlibMessage: string): string {
  if (/unexpected end/i.test(zlibMessage)) return 'it ends too early (perhaps it was not copied or downloaded whole)';
  if (/checksum/i.test(zlibMessage)) return 'part of it changed after Herald wrote it';
  return 'its packing is not what Herald writes';
}
