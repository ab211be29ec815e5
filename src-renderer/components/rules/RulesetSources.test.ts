/**
 * Issue 31: House rules' "Replace your edits?" is a modal dialog like the app's other confirmations (Dialog.svelte):
 * a preset or a file replaces unapplied edits only once the organiser says so; Escape or "Keep my edits" changes
 * nothing and gives focus back to the button that asked.
 */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { RulesetState } from '../../state/ruleset.svelte';
import RulesetSources from './RulesetSources.svelte';

function fakeRulesetState(dirty: boolean) {
  const preset = (hash: string, name: string) => ({
    hash,
    differs: true,
    ruleset: { name, version: 1, description: 'A preset.', progression: { system: 'battle-honours' } },
  });
  return {
    dirty,
    usesDialogs: true,
    source: { kind: 'pinned' },
    message: null,
    view: { presets: [preset('h1', 'Battle Honours'), preset('h2', 'Classic')] },
    usePreset: vi.fn(),
    importWithDialog: vi.fn(async () => {}),
    exportFile: vi.fn(),
    importUpload: vi.fn(),
  };
}

function shown(dirty: boolean) {
  const rs = fakeRulesetState(dirty);
  const onLoaded = vi.fn();
  render(RulesetSources, { rs: rs as unknown as RulesetState, onLoaded });
  return { rs, onLoaded };
}

const presetButton = (name: string) => within(screen.getByText(name).closest('li')!).getByRole('button', { name: 'Use this preset…' });

describe('RulesetSources: "Replace your edits?" (issue 31)', () => {
  it('with nothing unsaved, a preset loads at once, no question asked', async () => {
    const { rs, onLoaded } = shown(false);
    await fireEvent.click(presetButton('Classic'));
    expect(rs.usePreset).toHaveBeenCalledWith('h2');
    expect(onLoaded).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('with unapplied edits, a preset asks in a native modal dialog; "Keep my edits" changes nothing and focus goes back', async () => {
    const { rs, onLoaded } = shown(true);
    const opener = presetButton('Classic');
    opener.focus();
    await fireEvent.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace your edits?' });
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.textContent).toContain('Classic will replace them in the editor');
    // The safe answer has focus: Enter pressed out of habit keeps the edits.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep my edits' }));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my edits' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
    expect(rs.usePreset).not.toHaveBeenCalled();
    expect(onLoaded).not.toHaveBeenCalled();
  });

  it('"Replace them" loads the preset that asked', async () => {
    const { rs, onLoaded } = shown(true);
    await fireEvent.click(presetButton('Battle Honours'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace your edits?' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Replace them' }));
    expect(rs.usePreset).toHaveBeenCalledWith('h1');
    expect(onLoaded).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('an import asks too; Escape cancels it, "Replace them" opens the file dialog once the question is gone', async () => {
    const { rs } = shown(true);
    await fireEvent.click(screen.getByRole('button', { name: 'Import a ruleset file…' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Replace your edits?' });
    expect(dialog.textContent).toContain('The file you import will replace them');
    await fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(rs.importWithDialog).not.toHaveBeenCalled();

    await fireEvent.click(screen.getByRole('button', { name: 'Import a ruleset file…' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Replace your edits?' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Replace them' }));
    await vi.waitFor(() => expect(rs.importWithDialog).toHaveBeenCalledOnce());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
