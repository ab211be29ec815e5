/**
 * Issue 31: Back up now and a whole-file restore tell the windows their steps as each begins (`backups.progress`):
 * a backup the backup thread's four (copying a snapshot, compressing, writing, reading back and checking), a restore
 * its three (backing up the current file, checking the chosen backup, putting it in place), in order, each once,
 * before the answer; and a reporter that throws never fails the backup. Automatic backups tell nothing (no reporter).
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../shared/ipc/contract';
import { tellBackupSteps } from '../backup-progress';
import { Backups } from '../backups';
import type { Core } from '../core';
import { call, tempDir, testCore } from '../test-support';

type Progress = EventPayload<'backups.progress'>;

function recordProgress(core: Core) {
  const seen: { progress: Progress; beforeAnswer: boolean }[] = [];
  let answered = false;
  core.onEvent((event, payload) => {
    if (event === 'backups.progress') seen.push({ progress: payload as Progress, beforeAnswer: !answered });
  });
  return { seen, answer: () => (answered = true) };
}

describe('backup and restore progress (issue 31)', () => {
  it('Back up now tells its four steps in order, each with the bytes it works on, before it answers', async () => {
    const core = testCore(tempDir());
    await call(core, 'campaigns.create', { name: 'Vraks', pointsLimit: 250 });
    const events = recordProgress(core);
    const made = await call<{ bytes: number }>(core, 'backups.create', {});
    events.answer();
    expect(events.seen.map((s) => [s.progress.action, s.progress.step, s.progress.stepNumber, s.progress.steps])).toEqual([
      ['backup', 'copying', 1, 4],
      ['backup', 'compressing', 2, 4],
      ['backup', 'writing', 3, 4],
      ['backup', 'checking', 4, 4],
    ]);
    expect(events.seen.every((s) => s.beforeAnswer)).toBe(true);
    const [copying, compressing, writing, checking] = events.seen.map((s) => s.progress.bytes);
    expect(copying).toBeGreaterThan(0);
    expect(compressing).toBe(copying); // the snapshot is the whole file
    expect(writing).toBe(made.bytes); // what is written is the compressed backup kept
    expect(checking).toBe(made.bytes);
  });

  it('a restore tells its three steps in order before it answers', async () => {
    const core = testCore(tempDir());
    await call(core, 'campaigns.create', { name: 'Vraks', pointsLimit: 250 });
    const made = await call<{ file: string }>(core, 'backups.create', {});
    const events = recordProgress(core);
    await call(core, 'backups.restore', { file: made.file });
    events.answer();
    expect(events.seen.map((s) => [s.progress.action, s.progress.step, s.progress.stepNumber, s.progress.steps])).toEqual([
      ['restore', 'backing-up', 1, 3],
      ['restore', 'checking-backup', 2, 3],
      ['restore', 'replacing', 3, 3],
    ]);
    expect(events.seen.every((s) => s.beforeAnswer)).toBe(true);
  });

  it('a window that cannot be told never fails the backup, and a step is never told twice or backwards', async () => {
    const dir = tempDir();
    const db = new Database(path.join(dir, 'herald.sqlite'));
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE games (n INTEGER)');
    const backups = new Backups(
      () => db,
      path.join(dir, 'backups'),
      () => new Date(),
      () => {},
    );
    const failing = tellBackupSteps(() => {
      throw new Error('the window is gone');
    });
    try {
      const info = await backups.takeInBackground('by-hand', failing);
      expect(info.reason).toBe('by-hand');
    } finally {
      backups.stop();
      db.close();
    }
    const seen: number[] = [];
    const tell = tellBackupSteps((_e, p) => void seen.push((p as Progress).stepNumber), true);
    for (const step of ['writing', 'copying', 'writing', 'checking'] as const) tell({ step });
    expect(seen).toEqual([3, 4]);
  });
});
