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

const backup = { file: 'herald-2026-11-01.sqlite.zst', createdAt: '2026-11-01T19:05:00.000Z', reason: 'by-hand', bytes: 2_400_000, schemaVersion: 11 } as const;

function shown(kept: (typeof backup)[] = []) {
  bridge.answer('campaigns.list', () => [campaign]);
  bridge.answer('backups.list', () => [...kept]);
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

  it('Back up now shows each step main reports, with the bytes it works on, then says it is done', async () => {
    bridge.hold('backups.create');
    shown();
    await fireEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    const section = screen.getByRole('heading', { name: 'Verified backups' }).closest('section')!;
    await vi.waitFor(() => expect(bridge.heldCalls('backups.create')).toHaveLength(1));
    // A restore's step (another window's) is not this screen's backup: nothing changes.
    bridge.emit('backups.progress', { action: 'restore', step: 'backing-up', stepNumber: 1, steps: 3 });
    bridge.emit('backups.progress', { action: 'backup', step: 'compressing', stepNumber: 2, steps: 4, bytes: 71_303_168 });
    const status = () => within(section).getByRole('status').textContent?.replace(/\s+/g, ' ').trim();
    await vi.waitFor(() => expect(status()).toBe('Step 2 of 4. Backing up: compressing 68.0 MB…'));
    expect(within(section).getByRole('progressbar', { name: 'Backup progress' }).getAttribute('value')).toBe('2');
    expect(within(section).getByRole('status').getAttribute('aria-live')).toBe('polite');
    bridge.emit('backups.progress', { action: 'backup', step: 'checking', stepNumber: 4, steps: 4, bytes: 12_000_000 });
    await vi.waitFor(() => expect(status()).toBe('Step 4 of 4. Backing up: reading the backup back and checking it before it is kept…'));
    bridge
      .heldCalls('backups.create')[0]!
      .answer({ file: 'b.zst', createdAt: '2026-11-01T19:05:00.000Z', reason: 'by-hand', bytes: 12_000_000, schemaVersion: 11 });
    await vi.waitFor(() => expect(status()).toBe('Backed up (11.4 MB, checked before it was kept).'));
    expect(within(section).queryByRole('progressbar')).toBeNull();
    // A late step after the end is not shown.
    bridge.emit('backups.progress', { action: 'backup', step: 'checking', stepNumber: 4, steps: 4 });
    await Promise.resolve();
    expect(status()).toBe('Backed up (11.4 MB, checked before it was kept).');
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

describe('BackupsView: a whole-file restore asks in a modal dialog (issue 31)', () => {
  async function askToRestore() {
    shown([backup]);
    const opener = await screen.findByRole('button', { name: /^Restore the backup of/ });
    opener.focus();
    await fireEvent.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore this backup?' });
    return { opener, dialog };
  }

  it('opens a native modal dialog that says what it replaces, with focus on Cancel; Cancel changes nothing and gives focus back', async () => {
    const { opener, dialog } = await askToRestore();
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.textContent).toContain('Replace everything — every campaign — with the backup of');
    expect(dialog.textContent).toContain('backed up first');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
    expect(bridge.inputsOf('backups.restore')).toEqual([]);
  });

  it('Escape cancels it and restores nothing', async () => {
    const { dialog } = await askToRestore();
    await fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bridge.inputsOf('backups.restore')).toEqual([]);
  });

  it('Restore closes it and restores that backup, saying what it is doing', async () => {
    bridge.hold('backups.restore');
    const { dialog } = await askToRestore();
    await fireEvent.click(within(dialog).getByRole('button', { name: /^Restore$/ }));
    await vi.waitFor(() => expect(bridge.heldCalls('backups.restore')).toHaveLength(1));
    expect(bridge.heldCalls('backups.restore')[0]!.input).toEqual({ file: backup.file });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const section = screen.getByRole('heading', { name: 'Verified backups' }).closest('section')!;
    expect(within(section).getByRole('status').textContent).toMatch(/^Restoring the backup of .*: checking it, backing up the campaign file as it is now/);
    // Main's four steps, each shown as it comes (issue 31), with a bar.
    const status = () => within(section).getByRole('status').textContent?.replace(/\s+/g, ' ').trim();
    const steps = [
      ['checking-backup', 'Step 1 of 4. Restoring: checking the chosen backup (2.3 MB) against its checksum…'],
      [
        'unpacking',
        'Step 2 of 4. Restoring: unpacking the campaign file inside the chosen backup (9.5 MB) and checking it is the one the backup was made from…',
      ],
      ['backing-up', 'Step 3 of 4. Restoring: backing up the campaign file as it is now (9.5 MB) first, so this restore can be undone…'],
      ['replacing', 'Step 4 of 4. Restoring: putting the backup in place of the campaign file. Herald starts again from it when it is done…'],
    ] as const;
    for (const [i, [step, words]] of steps.entries()) {
      bridge.emit('backups.progress', { action: 'restore', step, stepNumber: i + 1, steps: 4, ...(i < 3 ? { bytes: i === 0 ? 2_400_000 : 10_000_000 } : {}) });
      await vi.waitFor(() => expect(status()).toBe(words));
      expect(within(section).getByRole('progressbar', { name: 'Restore progress' }).getAttribute('value')).toBe(String(i + 1));
    }
    // A refusal is said in words and the screen can be used again (the reload only follows a restore that happened).
    bridge.heldCalls('backups.restore')[0]!.fail('VALIDATION', 'The backup could not be read.');
    await vi.waitFor(() => expect(within(section).getByRole('alert').textContent).toBe('The backup could not be read.'));
    expect(section.getAttribute('aria-busy')).toBe('false');
  });
});
