/**
 * Issue 31: an import tells the windows which step it is at — reading, checking what the file holds (its games and
 * ledger entries counted), writing — each before its work starts, and a refused file never says it is writing.
 */
import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../shared/ipc/contract';
import { call, failure, tempDir, testCore } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';
import type { Core } from '../core';

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
    expect(events.seen.map((s) => s.progress)).toEqual([
      { fileName: file.fileName, step: 'reading' },
      { fileName: file.fileName, step: 'checking', ...counts },
      { fileName: file.fileName, step: 'writing', ...counts },
    ]);
    expect(events.seen[1]!.progress.entries).toBeGreaterThan(5);
    expect(events.seen.every((s) => s.beforeAnswer)).toBe(true);
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
