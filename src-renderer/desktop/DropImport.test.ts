/** Issue 31: a campaign file dropped on the window says which step of its import main is at, then what it did. */
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { bridge } from '../test-support/fake-bridge';
import DropImport from './DropImport.svelte';

describe('DropImport: a dropped campaign file in words (issue 31)', () => {
  it('shows each step main reports while the import runs, and nothing once it is done', async () => {
    bridge.hold('files.importDropped');
    render(DropImport);
    const file = new File(['{"format":"herald-campaign"}'], 'Vraks.herald-campaign');
    await fireEvent.drop(window, { dataTransfer: { files: [file], types: ['Files'] } });
    await vi.waitFor(() => expect(bridge.heldCalls('files.importDropped')).toHaveLength(1));
    expect(screen.getByText('Reading the file…')).toBeTruthy();

    bridge.emit('campaigns.importProgress', { fileName: 'Vraks.herald-campaign', step: 'writing', games: 1204, entries: 20_000 });
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent?.replace(/\s+/g, ' ').trim()).toBe(
        'Step 3 of 3. Importing Vraks.herald-campaign: backing up this laptop first, then writing its 1,204 games and 20,000 ledger entries and replaying the whole history…',
      ),
    );
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('value')).toBe('3');

    bridge.heldCalls('files.importDropped')[0]!.fail('VALIDATION', 'Game 12 names a team that is not in this file.');
    await vi.waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByText('Reading the file…')).toBeNull();
  });
});
