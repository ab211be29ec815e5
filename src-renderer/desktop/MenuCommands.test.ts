/** Issue 31: File ▸ Import campaign… and Export campaign… say what they are doing in the message area, then what they did. */
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import { bridge } from '../test-support/fake-bridge';
import { toast } from '../state/toast.svelte';
import { router } from '../router.svelte';
import MenuCommands from './MenuCommands.svelte';
import Toast from './Toast.svelte';

const vraks = { id: '00000000-0000-4000-8000-000000000001', name: 'Vraks' } as Campaign;
const message = () => screen.getByRole('status', { name: 'Message' }).textContent?.replace(/\s+/g, ' ').trim();

describe('MenuCommands: long commands in words (issue 31)', () => {
  it('Import campaign… shows each step main reports, then what it imported', async () => {
    bridge.hold('campaigns.importFile');
    render(MenuCommands);
    render(Toast);
    bridge.emit('menu.command', { command: 'importCampaign' });
    await vi.waitFor(() => expect(bridge.heldCalls('campaigns.importFile')).toHaveLength(1));
    bridge.emit('campaigns.importProgress', { fileName: 'Vraks.herald-campaign', step: 'reading' });
    await vi.waitFor(() => expect(message()).toBe('Step 1 of 3. Importing Vraks.herald-campaign: reading the file… Dismiss'));
    bridge.heldCalls('campaigns.importFile')[0]!.answer({ outcome: 'imported', campaign: vraks });
    await vi.waitFor(() => expect(message()).toBe('Imported Vraks. Open it Dismiss'));
    // The import is over: a late event from another window's import does not take the message over.
    bridge.emit('campaigns.importProgress', { fileName: 'Other.herald-campaign', step: 'reading' });
    expect(message()).toBe('Imported Vraks. Open it Dismiss');
    toast.clear();
  });

  it('Export campaign… says it is packing the campaign until the file is saved', async () => {
    location.hash = `#/campaigns/${vraks.id}`;
    await vi.waitFor(() => expect(router.route).toEqual({ name: 'campaign', id: vraks.id }));
    bridge.hold('campaigns.exportFile');
    render(MenuCommands);
    render(Toast);
    bridge.emit('menu.command', { command: 'exportCampaign' });
    await vi.waitFor(() => expect(bridge.heldCalls('campaigns.exportFile')).toHaveLength(1));
    expect(message()).toBe('Packing the campaign into a campaign file, then asking where to save it… Dismiss');
    bridge.heldCalls('campaigns.exportFile')[0]!.answer({ outcome: 'saved', path: 'Club files/Vraks.herald-campaign' });
    await vi.waitFor(() => expect(message()).toBe('Saved Club files/Vraks.herald-campaign. Dismiss'));
    toast.clear();
    location.hash = '';
  });
});
