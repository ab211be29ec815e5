/**
 * Issue 31: a campaign file's import tells the windows game by game as it checks the file ("checking game 2 of 3"),
 * lets their other requests in between games, and never sends more than a hundred such events, however large the file.
 */
import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../shared/ipc/contract';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import { call, tempDir, testCore } from '../test-support';
import { PROGRESS_EVENTS_MAX, runTelling } from './progress';

type Progress = EventPayload<'campaigns.importProgress'>;

function* counting(total: number): Generator<number, string> {
  for (let done = 1; done < total; done++) yield done;
  return 'checked';
}

describe('runTelling', () => {
  it('tells every hundredth of the games, at most a hundred times, and returns what the steps return', async () => {
    const told: number[] = [];
    expect(await runTelling(counting(5000), 5000, async (done) => void told.push(done))).toBe('checked');
    expect(told.length).toBeLessThanOrEqual(PROGRESS_EVENTS_MAX);
    expect(told.slice(0, 3)).toEqual([50, 100, 150]);
    expect(told.at(-1)).toBe(4950);
  });

  it('tells each game of a small file', async () => {
    const told: number[] = [];
    await runTelling(counting(3), 3, async (done) => void told.push(done));
    expect(told).toEqual([1, 2]);
  });
});

describe('an import of a played campaign (the sample: three games)', () => {
  it('says which game it is checking, before it writes, and answers other requests meanwhile', async () => {
    const home = testCore(tempDir());
    const { campaign } = await call<{ campaign: Campaign }>(home, 'campaigns.createSample', {});
    const file = await call<{ fileName: string; base64: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' });

    const club = testCore(tempDir());
    const seen: Progress[] = [];
    // What happened, in order: each event, a turn of the event loop (where a window's requests and the stream to the
    // window get their go), a window's request answered, and the import's answer.
    const order: string[] = [];
    club.onEvent((event, payload) => {
      if (event !== 'campaigns.importProgress') return;
      const p = payload as Progress;
      seen.push(p);
      // The ledger's entries are counted before the games (issue 29): one mark for them all here.
      if (p.entriesChecked !== undefined) return void (order.at(-1) === 'entries' || order.push('entries'));
      order.push(`${p.step}${p.gamesChecked === undefined ? '' : ` ${p.gamesChecked}`}`);
      if (p.gamesChecked === 1) {
        setImmediate(() => order.push('turn'));
        void call(club, 'campaigns.list', {}).then(() => order.push('listed'));
      }
    });
    await call(club, 'campaigns.importFile', { source: 'upload', fileName: file.fileName, base64: file.base64 });
    order.push('answered');

    expect(seen.filter((p) => p.step !== 'reading').every((p) => p.games === 3)).toBe(true);
    // The writing tells its own count (several 'writing' events, handlers/import-progress.test.ts): one here.
    const steps = order.filter((o, i) => o !== 'turn' && o !== 'listed' && !(o === 'writing' && order[i - 1] === 'writing'));
    expect(steps).toEqual(['reading', 'checking', 'entries', 'checking 1', 'checking 2', 'writing', 'answered']);
    // Between game 1 and game 2 the loop turned and the window's request was answered.
    expect(order.indexOf('turn')).toBeLessThan(order.indexOf('checking 2'));
    expect(order.indexOf('listed')).toBeLessThan(order.indexOf('checking 2'));
  });
});
