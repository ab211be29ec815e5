/**
 * Issue 31: the Backups screen says what a long action is doing while it runs, and ends with a message — Back up
 * now in words, an import step by step as main reports it (campaigns.importProgress), with the file's counts.
 */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import { bridge } from '../test-support/fake-bridge';
import { appInfo } from '../state/app-info.svelte';
import BackupsView from './BackupsView.svelte';

const campaign: Campaign = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Vraks',
  pointsLimit: 250,
  archivedAt: null,
  createdAt: '2026-11-01T19:00:00.000Z',
  updatedAt: '2026-11-01T19:00:00.000Z',
  handedOver: null,
  sample: false,
} as Campaign;

function shown() {
  bridge.answer('campaigns.list', () => [campaign]);
  bridge.answer('backups.list', () => []);
  render(BackupsView);
}

describe('BackupsView: long actions in words (issue 31)', () => {
  it('Back up now says it is backing up, marks its section busy, then says it is done', async () => {
    bridge.hold('backups.create');
    shown();
    await fireEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    const section = screen.getByRole('heading', { name: 'Verified backups' }).closest('section')!;
    expect(within(section).getByRole('status').textContent).toBe(
      'Backing up: copying the campaign file, then reading the copy back to check it before it is kept…',
    );
    expect(section.getAttribute('aria-busy')).toBe('true');
    await vi.waitFor(() => expect(bridge.heldCalls('backups.create')).toHaveLength(1));
    bridge
      .heldCalls('backups.create')[0]!
      .answer({ file: 'b.zst', createdAt: '2026-11-01T19:05:00.000Z', reason: 'by-hand', bytes: 2_400_000, schemaVersion: 11 });
    await vi.waitFor(() => expect(within(section).getByRole('status').textContent).toBe('Backed up (2.3 MB, checked before it was kept).'));
    expect(section.getAttribute('aria-busy')).toBe('false');
  });

  it('an import shows each step main reports, with the file’s games and entries counted, then what it did', async () => {
    appInfo.value = { mode: 'electron' } as typeof appInfo.value;
    bridge.hold('campaigns.importFile');
    shown();
    await fireEvent.click(await screen.findByRole('button', { name: 'Import a campaign file…' }));
    const section = screen.getByRole('heading', { name: 'Campaign files' }).closest('section')!;
    await vi.waitFor(() => expect(bridge.heldCalls('campaigns.importFile')).toHaveLength(1));
    bridge.emit('campaigns.importProgress', { fileName: 'Vraks.herald-campaign', step: 'checking', games: 5000, entries: 93366 });
    await vi.waitFor(() =>
      expect(within(section).getByRole('status').textContent?.replace(/\s+/g, ' ').trim()).toBe(
        'Step 2 of 3. Importing Vraks.herald-campaign: checking its 5,000 games and 93,366 ledger entries as the screens would…',
      ),
    );
    expect(within(section).getByRole('progressbar', { name: 'Import progress' }).getAttribute('value')).toBe('2');
    expect(section.getAttribute('aria-busy')).toBe('true');
    bridge.heldCalls('campaigns.importFile')[0]!.answer({ outcome: 'imported', campaign: { ...campaign, id: '00000000-0000-4000-8000-000000000002' } });
    await vi.waitFor(() => expect(within(section).getByRole('status').textContent).toContain('Imported Vraks.'));
    expect(within(section).queryByRole('progressbar')).toBeNull();
    appInfo.value = null;
  });
});
