/**
 * Issue 31: Save as PDF says what main's hidden print window is doing (print.progress) — the campaign pack's teams
 * counted as they are laid out, then making the PDF, then the save dialog — and ends with a message.
 */
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { bridge } from '../test-support/fake-bridge';
import PrintActions from './PrintActions.svelte';

const id = '00000000-0000-4000-8000-000000000001';

describe('PrintActions: Save as PDF in words (issue 31)', () => {
  it('shows each step main reports for this page, counting the pack’s teams, then what it saved', async () => {
    bridge.hold('print.pdf');
    render(PrintActions, { kind: 'pack', id, paper: 'a4', fileName: 'Vraks campaign pack A4', disabled: false });
    await fireEvent.click(screen.getByRole('button', { name: 'Save as PDF' }));
    await vi.waitFor(() => expect(bridge.heldCalls('print.pdf')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Making the PDF…' }).getAttribute('aria-busy')).toBe('true');
    const status = () => screen.getByRole('status').textContent?.replace(/\s+/g, ' ').trim();

    // Another page's PDF (another window) is not this one's.
    bridge.emit('print.progress', { kind: 'roster', id: 'other', step: 'making-pdf' });
    bridge.emit('print.progress', { kind: 'pack', id, step: 'gathering', done: 6, total: 40 });
    await vi.waitFor(() => expect(status()).toBe('Laying out team 7 of 40…'));
    expect(screen.getByRole('progressbar', { name: 'Teams laid out' }).getAttribute('value')).toBe('6');
    bridge.emit('print.progress', { kind: 'pack', id, step: 'laying-out' });
    await vi.waitFor(() => expect(status()).toBe('Laying out the pages…'));
    bridge.emit('print.progress', { kind: 'pack', id, step: 'making-pdf' });
    await vi.waitFor(() => expect(status()).toBe('Making the PDF…'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    bridge.emit('print.progress', { kind: 'pack', id, step: 'saving' });
    await vi.waitFor(() => expect(status()).toBe('Choose where to save the PDF…'));

    bridge.heldCalls('print.pdf')[0]!.answer({ outcome: 'saved', path: '/home/club/Vraks campaign pack A4.pdf', pages: 41 });
    await vi.waitFor(() => expect(status()).toMatch(/^Saved 41 pages to \/home\/club\/Vraks campaign pack A4\.pdf/));
    expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show in folder' })).toBeTruthy();
  });
});
