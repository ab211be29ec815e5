/**
 * The search palette (issue 31): Ctrl+K opens it, what is typed is asked of main once typing pauses, the hits come
 * grouped by kind with their campaign, ↓ and Enter open the chosen hit's page, and an older answer arriving after a
 * newer question is dropped.
 */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { SearchHit } from '../../shared/ipc/schemas/search';
import { bridge } from '../test-support/fake-bridge';
import SearchPalette from './SearchPalette.svelte';

const hit = (kind: SearchHit['kind'], id: string, name: string, detail = ''): SearchHit => ({
  kind,
  id,
  name,
  detail,
  campaignId: 'c1',
  campaignName: 'Vraks',
  open: kind === 'game' ? { screen: 'game', id } : { screen: 'team', id: `team-of-${id}` },
});

async function opened() {
  render(SearchPalette);
  await fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
  const dialog = screen.getByRole('dialog', { name: 'Search' });
  expect((dialog as HTMLDialogElement).open).toBe(true);
  return dialog;
}

describe('SearchPalette', () => {
  it('opens on Ctrl+K, groups the hits by kind with their campaign, and ↓ + Enter open the chosen page', async () => {
    bridge.answer('search.query', () => ({ hits: [hit('model', 'm1', 'Kaelen', 'Iron Wolves'), hit('team', 't1', 'Kaelen’s Own', 'Alice’s team')] }));
    const dialog = await opened();
    await fireEvent.input(within(dialog).getByRole('combobox'), { target: { value: 'kael' } });
    const teams = await within(dialog).findByRole('group', { name: 'Teams' });
    // Teams come before models, whatever order main gave them in.
    const options = within(dialog).getAllByRole('option');
    expect(options.map((o) => o.textContent?.replace(/\s+/g, ' ').trim())).toEqual(['Kaelen’s Own Alice’s team in Vraks', 'Kaelen Iron Wolves in Vraks']);
    expect(within(teams).getByRole('option').getAttribute('aria-selected')).toBe('true');
    expect(bridge.inputsOf('search.query')).toEqual([{ query: 'kael' }]);

    await fireEvent.keyDown(within(dialog).getByRole('combobox'), { key: 'ArrowDown' });
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await fireEvent.keyDown(within(dialog).getByRole('combobox'), { key: 'Enter' });
    expect(location.hash).toBe('#/teams/team-of-m1');
    expect((dialog as HTMLDialogElement).open).toBe(false);
  });

  it('says when nothing is found, and drops an answer that comes after a newer question', async () => {
    bridge.hold('search.query');
    const dialog = await opened();
    const field = within(dialog).getByRole('combobox');
    await fireEvent.input(field, { target: { value: 'ka' } });
    await vi.waitFor(() => expect(bridge.heldCalls('search.query')).toHaveLength(1));
    await fireEvent.input(field, { target: { value: 'kaz' } });
    await vi.waitFor(() => expect(bridge.heldCalls('search.query')).toHaveLength(2));
    const [older, newer] = bridge.heldCalls('search.query');
    newer!.answer({ hits: [] });
    await within(dialog).findByText('Nothing here is called “kaz”.');
    older!.answer({ hits: [hit('model', 'm1', 'Kaelen')] });
    await Promise.resolve();
    expect(within(dialog).queryByRole('option')).toBeNull();
    expect(within(dialog).getByText('Nothing here is called “kaz”.')).toBeTruthy();

    // Escape closes it at the first press, though the search field still holds text.
    await fireEvent.keyDown(field, { key: 'Escape' });
    expect((dialog as HTMLDialogElement).open).toBe(false);
  });
});
