/**
 * Issue 33: the evening's sheet is made into a PDF in a window that knows only its route, so print.pdf puts the
 * evening's pairings into the route it renders — and refuses anything in their place that is not ids and separators.
 */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { FileDialogs, Printer } from '../files';
import { call, failure, testCore } from '../test-support';

function recordingCore() {
  const printed: string[] = [];
  const printer: Printer = {
    toPdf: async (hash) => {
      printed.push(hash);
      return new TextEncoder().encode('%PDF-1.7 /Type /Page');
    },
    print: async (hash) => {
      printed.push(hash);
      return 'printed';
    },
  };
  const files = { saveBytes: async () => path.join(os.tmpdir(), 'evening.pdf') } as unknown as FileDialogs;
  return { core: testCore(undefined, { printer, files }), printed };
}

describe('print.pdf of the evening’s sheet', () => {
  it('renders the print route with the evening’s pairings in it, for the PDF and for the print dialog', async () => {
    const { core, printed } = recordingCore();
    const campaign = await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
    const code = '00000000-0000-4000-8000-000000000001.00000000-0000-4000-8000-000000000002~00000000-0000-4000-8000-000000000003';
    const saved = await call(core, 'print.pdf', { kind: 'evening', id: campaign.id, paper: 'a4', evening: code, fileName: 'Vraks evening sheet' });
    expect(saved).toMatchObject({ outcome: 'saved', pages: 1 });
    expect(printed).toEqual([`#/print/evening/${campaign.id}?paper=a4&evening=${code}`]);
    // The system print dialog prints the same page.
    expect(await call(core, 'print.system', { kind: 'evening', id: campaign.id, paper: 'letter', evening: code })).toEqual({ outcome: 'printed' });
    expect(printed[1]).toBe(`#/print/evening/${campaign.id}?paper=letter&evening=${code}`);
    core.close();
  });

  it('refuses anything but ids and separators in the pairings, and prints nothing', async () => {
    const { core, printed } = recordingCore();
    const campaign = await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
    const refused = await failure(core, 'print.pdf', {
      kind: 'evening',
      id: campaign.id,
      paper: 'a4',
      evening: 'x&paper=letter#/backups',
      fileName: 'Evening',
    });
    expect(refused.code).toBe('INVALID_INPUT');
    expect(refused.message).not.toMatch(/evening\.|regex/);
    expect(printed).toEqual([]);
    core.close();
  });
});
