/**
 * Issue 31: restoring one campaign shows the steps main reports (backups.progress, `restore-one`) with a bar —
 * reading it out of the backup, checking it game by game, the backup first, putting it back — then ends with a message.
 */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { bridge } from '../test-support/fake-bridge';
import RestoreOneCampaign from './RestoreOneCampaign.svelte';

const file = 'herald-2026-11-01.sqlite.zst';
const vraks = { id: '00000000-0000-4000-8000-000000000001', name: 'Vraks', games: 40, here: { name: 'Vraks', handedOverTo: null } };

describe('RestoreOneCampaign: its steps in words (issue 31)', () => {
  it('shows each step main reports, counting the games as they are checked, then says it is back', async () => {
    bridge.answer('backups.campaigns', () => [vraks]);
    bridge.hold('backups.restoreCampaign');
    render(RestoreOneCampaign, { file, when: '1 Nov 2026, 19:05', onClose: () => {} });
    const group = await screen.findByRole('group', { name: 'Restore one campaign from the backup of 1 Nov 2026, 19:05' });
    await fireEvent.click(await within(group).findByRole('button', { name: 'Restore only Vraks…' }));
    await fireEvent.click(within(group).getByRole('button', { name: 'Restore Vraks' }));
    await vi.waitFor(() => expect(bridge.heldCalls('backups.restoreCampaign')).toHaveLength(1));
    expect(bridge.heldCalls('backups.restoreCampaign')[0]!.input).toEqual({ file, campaignId: vraks.id });
    const status = () => within(group).getByRole('status').textContent?.replace(/\s+/g, ' ').trim();
    expect(status()).toMatch(/^Restoring Vraks from the backup of 1 Nov 2026, 19:05: reading it out of the backup/);
    expect(group.getAttribute('aria-busy')).toBe('true');
    // Closing it now would hide how the restore ends.
    expect(within(group).getByRole('button', { name: 'Close' }).hasAttribute('disabled')).toBe(true);

    // Another action's step (a whole-file restore, a backup) is not this one's.
    bridge.emit('backups.progress', { action: 'backup', step: 'copying', stepNumber: 1, steps: 4 });
    // The first step comes before main has read the campaign's name: the screen names it.
    bridge.emit('backups.progress', { action: 'restore-one', step: 'reading-backup', stepNumber: 1, steps: 4 });
    await vi.waitFor(() => expect(status()).toBe('Step 1 of 4. Restoring Vraks: reading it out of the backup…'));
    const one = { action: 'restore-one', campaign: 'Vraks', steps: 4 } as const;
    bridge.emit('backups.progress', { ...one, step: 'checking-games', stepNumber: 2, games: 40, gamesChecked: 6 });
    await vi.waitFor(() => expect(status()).toBe('Step 2 of 4. Restoring Vraks: checking game 7 of 40 as the screens would…'));
    expect(within(group).getByRole('progressbar', { name: 'Restore progress' }).getAttribute('value')).toBe('2');
    bridge.emit('backups.progress', { ...one, step: 'backing-up', stepNumber: 3 });
    await vi.waitFor(() => expect(status()).toBe('Step 3 of 4. Restoring Vraks: backing up this laptop first, so this can be undone…'));
    bridge.emit('backups.progress', { ...one, step: 'putting-back', stepNumber: 4 });
    await vi.waitFor(() => expect(status()).toMatch(/^Step 4 of 4\. Restoring Vraks: putting it in place of the campaign as it is now/));

    bridge.heldCalls('backups.restoreCampaign')[0]!.answer({ id: vraks.id, name: 'Vraks', message: null, undo: { file: 'u.zst' } });
    await vi.waitFor(() => expect(status()).toMatch(/^Vraks is back as it was on 1 Nov 2026, 19:05; every other campaign is as it was\./));
    expect(within(group).queryByRole('progressbar')).toBeNull();
    expect(group.getAttribute('aria-busy')).toBe('false');
    expect(within(group).getByRole('button', { name: 'Close' }).hasAttribute('disabled')).toBe(false);
  });
});
