/** The review step (ReviewStep.svelte) over the real handlers: what changes for each team, and the commit with its confirmation. */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bridge } from '../../test-support/fake-bridge';
import { gameFixture, openGame, type GameFixture } from '../../test-support/game-fixture';
import ReviewStep from './ReviewStep.svelte';

let f: GameFixture;
beforeAll(async () => {
  f = await gameFixture();
});
afterAll(() => f.core.close());

async function shown() {
  const g = await openGame(f);
  // Kayfabe: something for the review to list that changes no roster (the fixture's teams play every test's game).
  g.edit((d) => {
    d.report.sides.b.kayfabe = true;
  });
  await g.flush();
  render(ReviewStep, { g });
  return g;
}

describe('ReviewStep', () => {
  it('shows the result and what changes for each team, step by step', async () => {
    await shown();
    expect(screen.getByText('Result')).toBeTruthy();
    for (const team of ['Blades', 'Gitz']) {
      const section = screen.getByRole('heading', { name: `What changes for ${team}` }).closest('section')!;
      for (const step of ['Injuries', 'Experience', 'Requisition']) expect(within(section).getByRole('heading', { name: step })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Requisition after the game' })).toBeTruthy();
  });

  it('asks before committing, and “Not yet” changes nothing', async () => {
    const g = await shown();
    await fireEvent.click(screen.getByRole('button', { name: 'Commit game…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Commit the game' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bridge.inputsOf('games.commit')).toHaveLength(0);
    expect(g.game?.status).toBe('draft');
  });

  it('commits the game once confirmed', async () => {
    const g = await shown();
    await fireEvent.click(screen.getByRole('button', { name: 'Commit game…' }));
    await fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Commit game' }));
    await vi.waitFor(() => expect(g.game?.status).toBe('committed'));
    expect(bridge.inputsOf('games.commit')).toEqual([{ id: g.id }]);
  });

  it('shows main’s refusal on the page and closes the confirmation', async () => {
    const g = await shown();
    bridge.answer('games.commit', () => {
      throw { code: 'CONFLICT', message: 'Another window committed a game of these teams first.' };
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Commit game…' }));
    await fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Commit game' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(g.actionError).toBe('Another window committed a game of these teams first.');
    expect(g.game?.status).toBe('draft');
  });

  it('cannot commit while an edit is still being saved', async () => {
    const g = await shown();
    bridge.hold('games.keepDraft');
    g.edit((d) => {
      d.report.sides.a.kayfabe = true;
    });
    await vi.waitFor(() => expect((screen.getByRole('button', { name: 'Commit game…' }) as HTMLButtonElement).disabled).toBe(true));
    bridge.heldCalls('games.keepDraft').forEach((c) => c.pass());
    bridge.release('games.keepDraft');
  });

  it('cannot commit a report with problems, and says what to do', async () => {
    const g = await shown();
    g.edit((d) => {
      d.report.sides.a.firstBlood = true;
      // The First Blood team took no part in any casualty: still a legal report; make it illegal with a relic count.
      d.report.relicCount = 2;
    });
    await g.flush();
    expect(g.preview?.ready).toBe(false);
    expect((screen.getByRole('button', { name: 'Commit game…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Fix the problems listed first|cannot work out|roll still has to be typed/)).toBeTruthy();
  });
});
