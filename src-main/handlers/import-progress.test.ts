/**
 * Issue 31: an import tells the windows which step it is at — reading, checking what the file holds (its games and
 * ledger entries counted), writing — each before its work starts, and a refused file never says it is writing.
 */
import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../shared/ipc/contract';
import { call, failure, tempDir, testCore } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';
import type { Core } from '../core';
import type { HandlerContext } from '../context';
import { writeTeller } from '../campaign-file/import-bytes';

type Progress = EventPayload<'campaigns.importProgress'>;

/** The progress events in order, and whether each came out before the import answered. */
function recordProgress(core: Core) {
  const seen: { progress: Progress; beforeAnswer: boolean }[] = [];
  let answered = false;
  core.onEvent((event, payload) => {
    if (event === 'campaigns.importProgress') seen.push({ progress: payload as Progress, beforeAnswer: !answered });
  });
  return { seen, answer: () => (answered = true) };
}

describe('import progress (issue 31)', () => {
  it('reading, checking the file’s games and entries, then writing: each told before the import answers', async () => {
    const home = testCore(tempDir());
    const { campaign } = await playedCampaign(home);
    const file = await call<{ fileName: string; base64: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' });

    const club = testCore(tempDir());
    const events = recordProgress(club);
    await call(club, 'campaigns.importFile', { source: 'upload', fileName: file.fileName, base64: file.base64 });
    events.answer();
    const counts = { games: 1, entries: expect.any(Number) as number };
    // The check counts the file's ledger entries first (issue 29), each told before the games and the writing.
    const entries = events.seen[1]!.progress.entries!;
    const entriesChecked = events.seen.flatMap((s, i) => (s.progress.entriesChecked === undefined ? [] : [[i, s.progress.entriesChecked]]));
    expect(entriesChecked).toEqual(Array.from({ length: entries - 1 }, (_, n) => [2 + n, n + 1]));
    expect(events.seen.filter((s) => s.progress.entriesChecked === undefined).map((s) => s.progress)).toEqual([
      { fileName: file.fileName, step: 'reading' },
      { fileName: file.fileName, step: 'checking', ...counts },
      { fileName: file.fileName, step: 'writing', ...counts },
      // The writing's own count, told from inside its transaction: the game stored, its ledger entries stored (all in
      // one slice here), then the game judged again by the replay.
      { fileName: file.fileName, step: 'writing', ...counts, gamesWritten: 1 },
      { fileName: file.fileName, step: 'writing', ...counts, entriesWritten: events.seen[1]!.progress.entries },
      { fileName: file.fileName, step: 'writing', ...counts, gamesJudged: 0, gamesToJudge: 1 },
      { fileName: file.fileName, step: 'writing', ...counts, gamesJudged: 1, gamesToJudge: 1 },
      // Its last part, after the replay's last game: the rosters checked and the standings worked out.
      { fileName: file.fileName, step: 'writing', ...counts, finishing: true },
    ]);
    expect(events.seen[1]!.progress.entries).toBeGreaterThan(5);
    expect(events.seen.every((s) => s.beforeAnswer)).toBe(true);
  });

  it('the sample’s writing counts its games stored, its entries stored, its games judged by the replay, then says it is finishing', async () => {
    const home = testCore(tempDir());
    const { campaign } = await call<{ campaign: { id: string } }>(home, 'campaigns.createSample', {});
    const file = await call<{ fileName: string; base64: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' });
    const club = testCore(tempDir());
    const events = recordProgress(club);
    await call(club, 'campaigns.importFile', { source: 'upload', fileName: file.fileName, base64: file.base64 });
    const writing = events.seen
      .map((s) => s.progress)
      .filter((p) => p.step === 'writing' && (p.gamesWritten ?? p.entriesWritten ?? p.gamesJudged ?? p.finishing) !== undefined);
    const entries = writing[0]!.entries!;
    expect(writing.map((p) => [p.gamesWritten, p.entriesWritten, p.gamesJudged, p.gamesToJudge, p.finishing])).toEqual([
      [3, undefined, undefined, undefined, undefined],
      [undefined, entries, undefined, undefined, undefined],
      [undefined, undefined, 0, 3, undefined],
      [undefined, undefined, 1, 3, undefined],
      [undefined, undefined, 2, 3, undefined],
      [undefined, undefined, 3, 3, undefined],
      [undefined, undefined, undefined, undefined, true],
    ]);
  });

  it('a ten-year ledger’s writing is told in steps as its entries are stored, rising to the last, at most a hundred', () => {
    const told: Progress[] = [];
    const tell = writeTeller({ emit: (_e: string, p: Progress) => told.push(p) } as unknown as HandlerContext, 'ten.herald-campaign', {
      games: 5000,
      entries: 93366,
    });
    // As importChecked stores them: games first, then entries in fiftieths, then the replay.
    tell({ gamesWritten: 5000 });
    for (let n = 1868; n < 93366; n += 1868) tell({ entriesWritten: n });
    tell({ entriesWritten: 93366 });
    tell({ gamesJudged: 0, gamesToJudge: 4990 });
    const kinds = told.map((p) => (p.gamesWritten !== undefined ? 'games' : p.entriesWritten !== undefined ? 'entries' : 'judged'));
    expect(kinds[0]).toBe('games');
    expect(kinds.at(-1)).toBe('judged');
    const entries = told.flatMap((p) => (p.entriesWritten === undefined ? [] : [p.entriesWritten]));
    expect(entries.length).toBeGreaterThan(40);
    expect(entries.length).toBeLessThanOrEqual(100);
    expect(entries.every((n, i) => i === 0 || n > entries[i - 1]!)).toBe(true);
    expect(entries.at(-1)).toBe(93366);
  });

  it('a large file’s writing is told at most a hundred times for each count, the last count always', () => {
    const told: Progress[] = [];
    const tell = writeTeller({ emit: (_e: string, p: Progress) => told.push(p) } as unknown as HandlerContext, 'ten.herald-campaign', {
      games: 5000,
      entries: 9,
    });
    for (let n = 25; n <= 5000; n += 25) tell({ gamesWritten: n });
    for (let n = 0; n <= 4990; n++) tell({ gamesJudged: n, gamesToJudge: 4990 });
    const written = told.flatMap((p) => (p.gamesWritten === undefined ? [] : [p.gamesWritten]));
    const judged = told.flatMap((p) => (p.gamesJudged === undefined ? [] : [p.gamesJudged]));
    expect(written.length).toBeLessThanOrEqual(100);
    expect(written.slice(0, 2)).toEqual([50, 100]);
    expect(written.at(-1)).toBe(5000);
    expect(judged.length).toBeLessThanOrEqual(101);
    expect(judged.slice(0, 2)).toEqual([0, 50]);
    expect(judged.at(-1)).toBe(4990);
  });

  it('a file that is not a campaign file is refused as it is read: never checked, never written', async () => {
    const club = testCore(tempDir());
    const events = recordProgress(club);
    await failure(club, 'campaigns.importFile', {
      source: 'upload',
      fileName: 'shopping.herald-campaign',
      base64: Buffer.from('eggs, milk').toString('base64'),
    });
    expect(events.seen.map((s) => s.progress.step)).toEqual(['reading']);
  });

  it('a file of a campaign already here is checked against it, and says so', async () => {
    const home = testCore(tempDir());
    const { campaign } = await playedCampaign(home);
    const file = await call<{ fileName: string; base64: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' });
    const events = recordProgress(home);
    const result = await call<{ outcome: string }>(home, 'campaigns.importFile', { source: 'upload', fileName: file.fileName, base64: file.base64 });
    expect(result.outcome).toBe('unchanged');
    expect(events.seen.map((s) => s.progress.step)).toEqual(['reading', 'checking']);
  });
});
