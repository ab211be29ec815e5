/**
 * Issue 31: Save as PDF tells the windows what it is doing (`print.progress`) — the hidden print window gathering the
 * page's data (the campaign pack counts its teams), laying it out, Chromium making the PDF, then the save dialog — each
 * step once, never a step back, the pack's count at most a hundred times however many teams; and a window that cannot
 * be told never fails the PDF.
 */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../shared/ipc/contract';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { FileDialogs, Printer, PrintStep } from '../files';
import { tellPrintSteps } from '../printing';
import { call, testCore } from '../test-support';

type Progress = EventPayload<'print.progress'>;

/** A printer whose hidden page reports `steps` as Electron's does (electron-files.ts), then makes a one-page PDF. */
function printingCore(steps: PrintStep[]) {
  const printer: Printer = {
    toPdf: async (_hash, _paper, onStep) => {
      for (const s of steps) {
        onStep?.(s);
        await new Promise((resolve) => setImmediate(resolve));
      }
      return new TextEncoder().encode('%PDF-1.7 /Type /Page');
    },
  };
  const files = { saveBytes: async () => path.join(os.tmpdir(), 'pack.pdf') } as unknown as FileDialogs;
  const core = testCore(undefined, { printer, files });
  const seen: Progress[] = [];
  core.onEvent((event, payload) => {
    if (event === 'print.progress') seen.push(payload as Progress);
  });
  return { core, seen };
}

describe('Save as PDF says what it is doing (print.progress, issue 31)', () => {
  it('the campaign pack: its teams counted as they are gathered, then laying out, making the PDF and the save dialog', async () => {
    const gathered = [0, 1, 2, 3].map((done) => ({ step: 'gathering' as const, done, total: 3 }));
    const { core, seen } = printingCore([...gathered, { step: 'laying-out' }, { step: 'making-pdf' }]);
    const campaign = await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
    const saved = await call(core, 'print.pdf', { kind: 'pack', id: campaign.id, paper: 'a4', fileName: 'Vraks pack' });
    expect(saved).toMatchObject({ outcome: 'saved', pages: 1 });
    expect(seen.map((p) => [p.kind, p.id === campaign.id, p.step, p.done, p.total])).toEqual([
      ['pack', true, 'gathering', undefined, undefined],
      ['pack', true, 'gathering', 0, 3],
      ['pack', true, 'gathering', 1, 3],
      ['pack', true, 'gathering', 2, 3],
      ['pack', true, 'gathering', 3, 3],
      ['pack', true, 'laying-out', undefined, undefined],
      ['pack', true, 'making-pdf', undefined, undefined],
      ['pack', true, 'saving', undefined, undefined],
    ]);
    core.close();
  });

  it('a pack of a thousand teams is counted at most a hundred times and ends on the last; no step is told twice or backwards', () => {
    const seen: Progress[] = [];
    const tell = tellPrintSteps({ emit: (_e, p) => void seen.push(p as Progress) }, 'pack', 'c1');
    for (let done = 0; done <= 1000; done++) tell({ step: 'gathering', done, total: 1000 });
    tell({ step: 'making-pdf' });
    tell({ step: 'laying-out' });
    tell({ step: 'gathering', done: 1000, total: 1000 });
    tell({ step: 'making-pdf' });
    const counts = seen.filter((p) => p.step === 'gathering');
    expect(counts.length).toBeLessThanOrEqual(101);
    expect(counts.at(-1)).toMatchObject({ done: 1000, total: 1000 });
    expect(seen.slice(counts.length).map((p) => p.step)).toEqual(['making-pdf']);
    // A window that cannot be told: nothing thrown.
    const failing = tellPrintSteps(
      {
        emit: () => {
          throw new Error('the window is gone');
        },
      },
      'pack',
      'c1',
    );
    expect(() => failing({ step: 'making-pdf' })).not.toThrow();
  });
});
