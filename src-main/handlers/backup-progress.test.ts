/**
 * Issue 31: Back up now and a whole-file restore tell the windows their steps as each begins (`backups.progress`):
 * a backup the backup thread's four (copying a snapshot, compressing, writing, reading back and checking), a restore
 * its three (backing up the current file, checking the chosen backup, putting it in place), in order, each once,
 * before the answer; and a reporter that throws never fails the backup. Automatic backups tell nothing (no reporter).
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../shared/ipc/contract';
import { tellBackupSteps, tellRestoreOneSteps } from '../backup-progress';
import { Backups } from '../backups';
import { startBridgeServer } from '../bridge/server';
import type { Core } from '../core';
import { call, failure, tempDir, testCore } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';

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

  it('a restore tells its four steps in order, and the event loop turns after each before the next begins and before the end', async () => {
    const core = testCore(tempDir());
    await call(core, 'campaigns.create', { name: 'Vraks', pointsLimit: 250 });
    const made = await call<{ file: string; bytes: number }>(core, 'backups.create', {});
    // What happened, in order: each step, and a probe queued the moment it was told. A step told while the restore
    // then runs without a pause has its probe run only after the end (app.restored): the step could not have left for
    // the windows either (browser mode's stream and Electron's IPC send when the loop turns).
    const order: string[] = [];
    const steps: Progress[] = [];
    core.onEvent((event, payload) => {
      if (event === 'backups.progress') {
        const p = payload as Progress;
        steps.push(p);
        order.push(p.step);
        setImmediate(() => order.push(`turned after ${p.step}`));
      } else if (event === 'app.restored') order.push('restored');
    });
    await call(core, 'backups.restore', { file: made.file });
    expect(steps.map((p) => [p.action, p.step, p.stepNumber, p.steps])).toEqual([
      ['restore', 'checking-backup', 1, 4],
      ['restore', 'unpacking', 2, 4],
      ['restore', 'backing-up', 3, 4],
      ['restore', 'replacing', 4, 4],
    ]);
    expect(order).toEqual([
      'checking-backup',
      'turned after checking-backup',
      'unpacking',
      'turned after unpacking',
      'backing-up',
      'turned after backing-up',
      'replacing',
      'turned after replacing',
      'restored',
    ]);
    expect(steps[0]!.bytes).toBe(made.bytes); // the chosen backup, as stored
    expect(steps[1]!.bytes).toBeGreaterThan(made.bytes); // the database inside, unpacked
    expect(steps[2]!.bytes).toBeGreaterThan(0); // the campaign file as it is now
    core.close();
  });

  it('over browser mode’s event stream, each step of a restore reaches the window before the next begins, and before the end', async () => {
    const core = testCore(tempDir());
    await call(core, 'campaigns.create', { name: 'Vraks', pointsLimit: 250 });
    const made = await call<{ file: string }>(core, 'backups.create', {});
    const staticDir = tempDir();
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Herald</title>');
    const token = 'test-token-0123456789';
    const server = await startBridgeServer({ core, staticDir, token });
    const base = `http://127.0.0.1:${server.port}`;
    // Main telling (core.onEvent) and the window hearing (the stream, read as the renderer's api.ts reads it), in order.
    const order: string[] = [];
    core.onEvent((event, payload) => {
      if (event === 'backups.progress') order.push(`told ${(payload as Progress).step}`);
      if (event === 'app.restored') order.push('told restored');
    });
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events`, { headers: { 'x-herald-token': token }, signal: controller.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    await reader.read(); // ": connected"
    const heard = (async () => {
      let buffer = '';
      for (;;) {
        buffer += (await reader.read()).value ?? '';
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const { event, payload } = JSON.parse(buffer.slice(6, end)) as { event: string; payload: Progress };
          buffer = buffer.slice(end + 2);
          if (event === 'backups.progress') order.push(`window ${payload.step}`);
          if (event === 'app.restored') return order.push('window restored');
        }
      }
    })();
    const answered = await fetch(`${base}/api/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-herald-token': token },
      body: JSON.stringify({ channel: 'backups.restore', input: { file: made.file } }),
    });
    expect(((await answered.json()) as { ok: boolean }).ok).toBe(true);
    await heard;
    controller.abort();
    await server.close();
    expect(order).toEqual(['checking-backup', 'unpacking', 'backing-up', 'replacing', 'restored'].flatMap((step) => [`told ${step}`, `window ${step}`]));
    core.close();
  });

  it('what is written while a restore runs is in its undo backup: nothing slips between that backup and the swap', async () => {
    const core = testCore(tempDir());
    await call(core, 'campaigns.create', { name: 'Vraks', pointsLimit: 250 });
    const made = await call<{ file: string }>(core, 'backups.create', {});
    const writes: Promise<unknown>[] = [];
    core.onEvent((event, payload) => {
      if (event !== 'backups.progress') return;
      const { step } = payload as Progress;
      // While the backup of the file as it is now is taken in the worker, and in the turns before the swap.
      if (step === 'backing-up') writes.push(call(core, 'campaigns.create', { name: 'Written during the backup', pointsLimit: 250 }));
      if (step === 'replacing') writes.push(call(core, 'campaigns.create', { name: 'Written just before the swap', pointsLimit: 250 }));
      // A second restore meanwhile is refused in words, changing nothing.
      if (step === 'checking-backup') writes.push(failure(core, 'backups.restore', { file: made.file }));
    });
    const { undo } = await call<{ undo: { file: string } }>(core, 'backups.restore', { file: made.file });
    const [refused] = await Promise.all(writes);
    expect(refused).toMatchObject({
      code: 'VALIDATION',
      message: 'Another restore is under way: wait until it has ended, then try again. Nothing was changed.',
    });
    const names = async () => (await call<{ name: string }[]>(core, 'campaigns.list', {})).map((c) => c.name).sort();
    expect(await names()).toEqual(['Vraks']);
    // One undo backup, and it holds both writes.
    const kept = await call<{ file: string; reason: string }[]>(core, 'backups.list', {});
    expect(kept.filter((b) => b.reason === 'before-restore').map((b) => b.file)).toEqual([undo.file]);
    await call(core, 'backups.restore', { file: undo.file });
    expect(await names()).toEqual(['Vraks', 'Written during the backup', 'Written just before the swap']);
    core.close();
  });

  it('restoring one campaign tells its steps, naming it and counting its games as they are checked, each let out before the next', async () => {
    const core = testCore(tempDir());
    const { campaign: vraks } = await playedCampaign(core);
    const made = await call<{ file: string }>(core, 'backups.create', {});
    const order: string[] = [];
    const steps: Progress[] = [];
    core.onEvent((event, payload) => {
      if (event !== 'backups.progress') return;
      const p = payload as Progress;
      steps.push(p);
      const what = p.gamesChecked !== undefined ? `${p.step} ${p.gamesChecked}` : p.step;
      order.push(what);
      setImmediate(() => order.push(`turned after ${what}`));
    });
    const back = await call<{ name: string; undo: { reason: string } }>(core, 'backups.restoreCampaign', { file: made.file, campaignId: vraks.id });
    order.push('answered');
    expect(back.name).toBe('Vraks');
    expect(back.undo.reason).toBe('before-restore');
    expect(steps.map((p) => [p.action, p.step, p.stepNumber, p.steps, p.campaign])).toEqual([
      ['restore-one', 'reading-backup', 1, 4, undefined],
      ['restore-one', 'checking-games', 2, 4, 'Vraks'],
      ['restore-one', 'backing-up', 3, 4, 'Vraks'],
      ['restore-one', 'putting-back', 4, 4, 'Vraks'],
    ]);
    // Its one game, told as the check begins (0 of 1 checked; a longer campaign is told again as its games are checked).
    expect(steps[1]).toMatchObject({ games: 1, gamesChecked: 0 });
    // Every step left before the next began (the check's count included), and all before the answer.
    for (const [i, step] of order.entries()) if (!step.startsWith('turned') && step !== 'answered') expect(order[i + 1]).toBe(`turned after ${step}`);
    expect(order.at(-1)).toBe('answered');
    core.close();
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
    // Restoring one campaign's check is told again only with more games checked.
    const one: Progress[] = [];
    const tellOne = tellRestoreOneSteps((_e, p) => void one.push(p as Progress));
    tellOne('checking-games', { games: 3, gamesChecked: 0 });
    tellOne('checking-games', { games: 3, gamesChecked: 2 });
    tellOne('checking-games', { games: 3, gamesChecked: 1 });
    tellOne('reading-backup');
    tellOne('backing-up');
    expect(one.map((p) => [p.step, p.gamesChecked])).toEqual([
      ['checking-games', 0],
      ['checking-games', 2],
      ['backing-up', undefined],
    ]);
  });
});
