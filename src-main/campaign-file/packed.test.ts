/**
 * The packed campaign file (issue 29): a campaign of any size travels as zstd-packed lines, read back row by row with
 * the same checks and words as the JSON file before it; damaged, cut-off, inflated or newer files are refused in words.
 */
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { exportCampaign } from '../campaign-file';
import { campaignLedger } from '../ledger';
import { keptDraft } from '../games/kept-draft';
import type { LedgerRow } from '../db/schema';
import type { Core } from '../core';
import { call, testCore, tempDir } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';
import { isPacked, packCampaignFile, readCampaignFile } from './packed';
import { rowLine, StoredJson } from './stored-json';
import type { CampaignFile } from './schema';

let core: Core | undefined;
afterEach(() => core?.close());

async function played(): Promise<{ core: Core; file: CampaignFile; id: string }> {
  core = testCore(tempDir());
  const { campaign } = await playedCampaign(core);
  return { core, file: exportCampaign(core.opened.db, campaign.id, '2026-11-27T10:00:00.000Z'), id: campaign.id };
}

/** The games as Herald wrote them before format 3: an applied game with the stand-in draft made from its report. */
function withKeptDrafts(games: CampaignFile['games'], ledgerRows: readonly LedgerRow[]): CampaignFile['games'] {
  return games.map((g) =>
    g.draft !== null
      ? g
      : {
          ...g,
          draft: keptDraft(
            { ...g, report: g.report ?? null },
            ledgerRows.filter((r) => r.gameId === g.id),
          ),
        },
  );
}

/** The packed file's lines, and the file packed again from (edited) lines. */
const linesOf = (bytes: Buffer) => zlib.zstdDecompressSync(bytes).toString('utf8').split('\n');
const packLines = (lines: string[]) => zlib.zstdCompressSync(Buffer.from(lines.join('\n')));

describe('the packed campaign file (issue 29)', () => {
  it('carries every row of the campaign, and packs it small', async () => {
    const { file } = await played();
    const bytes = await packCampaignFile(file);
    expect(isPacked(bytes)).toBe(true);
    expect(bytes.length).toBeLessThan(JSON.stringify(file).length / 3);
    const back = await readCampaignFile('vraks.herald-campaign', bytes);
    expect({ ...back, formatVersion: 1 }).toEqual({ ...file, notes: file.notes ?? [] });
    // One row per line after the header: no line holds the whole campaign.
    const lines = linesOf(bytes).filter((l) => l !== '');
    expect(lines.length).toBe(
      1 +
        file.rulesets.length +
        file.players.length +
        file.teamLists.length +
        file.teams.length +
        file.ledger.length +
        file.games.length +
        file.rolls.length +
        (file.notes?.length ?? 0),
    );
  });

  it('written from the stored text of its JSON columns, the file reads back as written from their objects', async () => {
    const { core: home, id } = await played();
    const [a, b] = (await call<{ id: string }[]>(home, 'teams.list', { campaignId: id })).map((t) => t.id);
    // A game still being entered too: its draft travels as stored.
    await call(home, 'games.create', { campaignId: id, teamA: a, teamB: b, mission: 'skirmish' });
    const at = '2026-11-27T12:00:00.000Z';
    const fromObjects = await packCampaignFile(exportCampaign(home.opened.db, id, at));
    const stored = exportCampaign(home.opened.db, id, at, true);
    expect(stored.games.some((g) => g.status === 'draft' && g.draft instanceof StoredJson)).toBe(true);
    expect(stored.ledger.every((e) => e.data instanceof StoredJson)).toBe(true);
    const fromStored = await packCampaignFile(stored);
    expect(await readCampaignFile('stored.herald-campaign', fromStored)).toEqual(await readCampaignFile('objects.herald-campaign', fromObjects));
    // Each line is the same row, its JSON columns written last.
    const [x, y] = [linesOf(fromObjects), linesOf(fromStored)];
    expect(y.length).toBe(x.length);
    for (const [i, line] of y.entries()) expect(line === '' ? '' : JSON.parse(line)).toEqual(line === '' ? '' : JSON.parse(x[i]!));
  });

  it("a changed byte that breaks a row is said in words, not in the JSON parser's", async () => {
    const { file } = await played();
    const lines = linesOf(await packCampaignFile(file));
    lines[1] = lines[1]!.replace('{', '{,');
    await expect(readCampaignFile('vraks.herald-campaign', packLines(lines))).rejects.toThrow(
      /^vraks\.herald-campaign is damaged: part of it changed after Herald wrote it \(row 2 cannot be read\)\. Nothing was imported\.$/,
    );
  });

  it('a row line puts stored JSON text in place, whatever else the row holds', () => {
    expect(rowLine('ledger', { id: 'e1', data: new StoredJson('{"kind":"x"}') })).toBe('["ledger",{"id":"e1","data":{"kind":"x"}}]');
    expect(rowLine('games', { plan: new StoredJson('[1,2]') })).toBe('["games",{"plan":[1,2]}]');
    expect(rowLine('notes', { text: 'a "quoted" note' })).toBe(JSON.stringify(['notes', { text: 'a "quoted" note' }]));
  });

  it('still reads the JSON campaign files Herald wrote before', async () => {
    const { file } = await played();
    const back = await readCampaignFile('old.herald-campaign.json', Buffer.from(JSON.stringify(file)));
    expect(back).toEqual(file);
  });

  it('format 3 carries no draft for an applied game; a format-2 file, which gives a stand-in of its report, still imports', async () => {
    const { core: home, file, id } = await played();
    const applied = file.games.filter((g) => g.status !== 'draft');
    expect(applied.length).toBeGreaterThan(0);
    const lines = linesOf(await packCampaignFile(file));
    expect(JSON.parse(lines[0]!)).toMatchObject({ formatVersion: 3 });
    for (const line of lines.filter((l) => l.startsWith('["games"'))) {
      const game = (JSON.parse(line) as [string, { status: string; draft: unknown }])[1];
      expect(game.draft === null).toBe(game.status !== 'draft');
    }
    // Herald before format 3 wrote each applied game's stand-in draft (games/kept-draft.ts) under format 2.
    const older = { ...file, games: withKeptDrafts(file.games, campaignLedger(home.opened.db, id)) };
    expect(older.games.filter((g) => g.status !== 'draft').every((g) => g.draft !== null)).toBe(true);
    const olderLines = linesOf(await packCampaignFile(older));
    olderLines[0] = JSON.stringify({ ...JSON.parse(olderLines[0]!), formatVersion: 2 });
    const away = testCore(tempDir());
    try {
      const imported = await call<{ outcome: string }>(away, 'campaigns.importFile', {
        source: 'upload',
        fileName: 'older.herald-campaign',
        base64: packLines(olderLines).toString('base64'),
      });
      expect(imported).toMatchObject({ outcome: 'imported' });
    } finally {
      away.close();
    }
  });

  it('a game still being entered needs its draft, in any format', async () => {
    const { core: home, file: before, id } = await played();
    const [a, b] = before.teams;
    await call(home, 'games.create', { campaignId: id, teamA: a!.id, teamB: b!.id, mission: 'skirmish' });
    const file = exportCampaign(home.opened.db, id, '2026-11-27T11:00:00.000Z');
    const draftGame = file.games.find((g) => g.status === 'draft')!;
    expect(draftGame.draft).not.toBeNull();
    const edited = { ...file, games: file.games.map((g) => (g.id === draftGame.id ? { ...g, draft: null } : g)) };
    const away = testCore(tempDir());
    try {
      const bytes = await packCampaignFile(edited);
      await expect(
        call(away, 'campaigns.importFile', { source: 'upload', fileName: 'vraks.herald-campaign', base64: bytes.toString('base64') }),
      ).rejects.toThrow(`Game ${draftGame.number}'s result as entered cannot be read. Nothing was imported.`);
    } finally {
      away.close();
    }
  });

  it('refuses a damaged, cut-off or shortened file in words, naming the file', async () => {
    const { file } = await played();
    const bytes = await packCampaignFile(file);
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    await expect(readCampaignFile('vraks.herald-campaign', damaged)).rejects.toThrow(/^vraks\.herald-campaign is (damaged|not a valid campaign file)/);
    await expect(readCampaignFile('vraks.herald-campaign', bytes.subarray(0, bytes.length - 20))).rejects.toThrow(
      /^vraks\.herald-campaign is damaged: it ends too early \(perhaps it was not copied or downloaded whole\)\. It cannot be read; nothing was imported\.$/,
    );
    // Well packed, but a game's line left out: the header says how many there are.
    const lines = linesOf(bytes);
    const withoutGame = lines.filter((l) => !l.startsWith('["games"'));
    await expect(readCampaignFile('vraks.herald-campaign', packLines(withoutGame))).rejects.toThrow(
      /vraks\.herald-campaign is cut short: it should hold 1 games rows and holds 0\. Nothing was imported\./,
    );
  });

  it('names the row and field that is wrong, as the screens would', async () => {
    const { file } = await played();
    const lines = linesOf(await packCampaignFile(file));
    const edited = lines.map((l) => {
      if (!l.startsWith('["games"')) return l;
      const [section, row] = JSON.parse(l) as [string, Record<string, unknown>];
      return JSON.stringify([section, { ...row, vpA: 'nine' }]);
    });
    await expect(readCampaignFile('vraks.herald-campaign', packLines(edited))).rejects.toThrow(
      /^vraks\.herald-campaign is not a valid campaign file: Game 1 in the file \(games\[0\]\.vpA\): .+ Nothing was imported\.$/,
    );
    const stray = [...lines.slice(0, 1), '["secrets",{"id":"x"}]', ...lines.slice(1)];
    await expect(readCampaignFile('vraks.herald-campaign', packLines(stray))).rejects.toThrow(/line 2: This is not a row of a campaign file\./);
  });

  it('refuses a file from a newer Herald, and one that would unpack far past any campaign', async () => {
    const { file } = await played();
    const lines = linesOf(await packCampaignFile(file));
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    const newer = [JSON.stringify({ ...header, formatVersion: 4 }), ...lines.slice(1)];
    await expect(readCampaignFile('vraks.herald-campaign', packLines(newer))).rejects.toThrow(
      'vraks.herald-campaign was written by a newer Herald (campaign file format 4): update Herald to import it. Nothing was imported.',
    );
    // A few hundred bytes that unpack to 64 MB of blank lines: stopped at the limit, never unpacked whole.
    const bomb = zlib.zstdCompressSync(Buffer.alloc(64 * 1024 * 1024, '\n'), { params: { [zlib.constants.ZSTD_c_compressionLevel]: 19 } });
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(readCampaignFile('bomb.herald-campaign', bomb)).rejects.toThrow(/^bomb\.herald-campaign would unpack to more than .* Nothing was imported\.$/);
  });

  it('a campaign exported packed imports on another laptop through the upload', async () => {
    const { core: home, id } = await played();
    const exported = await call<{ fileName: string; base64: string }>(home, 'campaigns.exportFile', { id, destination: 'download' });
    expect(exported.fileName).toMatch(/\.herald-campaign$/);
    const away = testCore(tempDir());
    try {
      const imported = await call<{ outcome: string; campaign: { name: string } }>(away, 'campaigns.importFile', {
        source: 'upload',
        fileName: exported.fileName,
        base64: exported.base64,
      });
      expect(imported).toMatchObject({ outcome: 'imported', campaign: { name: 'Vraks' } });
    } finally {
      away.close();
    }
  });
});
