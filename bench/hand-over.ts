/**
 * The hand-over's figures (issue 29): the campaign exported as a hand-over writes it (packed), then imported on a new
 * laptop (a fresh data folder) as its upload arrives there — read, checked, written and judged by the replay — with the
 * memory the import takes above the idle process, and what the process still holds a few seconds after it (and after
 * a backup), once garbage is collected. `npm run bench -- --only=handover` runs just these, on the cached scenario.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import type { EventPayload } from '../shared/ipc/contract';
import type { Core } from '../src-main/core';
import { call } from './scenario';

/**
 * The process's highest resident memory from now until stop(): sampled every 20 ms from a worker thread, which keeps
 * sampling while the main thread is busy in a synchronous import.
 */
export function rssPeakSampler(): { stop(): Promise<number> } {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads'); let max = process.memoryUsage.rss();
     const t = setInterval(() => { max = Math.max(max, process.memoryUsage.rss()); }, 20);
     parentPort.on('message', () => { clearInterval(t); parentPort.postMessage(Math.max(max, process.memoryUsage.rss())); });`,
    { eval: true },
  );
  return {
    async stop() {
      const max = new Promise<number>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const value = await max;
      await worker.terminate();
      return value;
    },
  };
}

/** A full garbage collection, without starting Node with --expose-gc (the bench runs as a plain bundle). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** The resident memory `settleMs` after now, with garbage collected before and after the wait: what is really kept. */
export async function rssAfterSettling(settleMs = 3000): Promise<number> {
  collectGarbage();
  await new Promise((r) => setTimeout(r, settleMs));
  collectGarbage();
  return process.memoryUsage.rss();
}

/** How long the export and each step of one import took (from its progress events: reading, checking, writing), in ms. */
export type ImportSteps = Record<string, number>;

/** One hand-over: export from `core`, import into a fresh data folder's core. The import's steps in ms. */
export async function handOverOnce(core: Core, campaignId: string, coreOn: (dir: string) => Core): Promise<{ fileBytes: number; steps: ImportSteps }> {
  const exportStarted = performance.now();
  const exported = await call<{ fileName: string; base64: string }>(core, 'campaigns.exportFile', { id: campaignId, destination: 'download' });
  const steps: ImportSteps = { export: Math.round(performance.now() - exportStarted) };
  const laptop = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-laptop-'));
  const other = coreOn(laptop);
  let step = 'start';
  let since = performance.now();
  const off = other.onEvent((event, payload) => {
    if (event !== 'campaigns.importProgress') return;
    const next = (payload as EventPayload<'campaigns.importProgress'>).step;
    if (next === step) return;
    steps[step] = (steps[step] ?? 0) + Math.round(performance.now() - since);
    step = next;
    since = performance.now();
  });
  try {
    const imported = await call<{ outcome: string }>(other, 'campaigns.importFile', { source: 'upload', fileName: exported.fileName, base64: exported.base64 });
    steps[step] = (steps[step] ?? 0) + Math.round(performance.now() - since);
    if (imported.outcome !== 'imported') throw new Error(`The hand-over file was not imported: ${imported.outcome}`);
  } finally {
    off();
    other.close();
    fs.rmSync(laptop, { recursive: true, force: true });
  }
  return { fileBytes: Buffer.byteLength(exported.base64, 'base64'), steps };
}
