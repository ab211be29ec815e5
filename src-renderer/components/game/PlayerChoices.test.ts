/** The players' choices (PlayerChoices.svelte) over the real handlers: an answer recorded, changed, or refused in words. */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlanChoice } from '../../../shared/rules';
import { bridge } from '../../test-support/fake-bridge';
import { gameFixture, openGame, type GameFixture } from '../../test-support/game-fixture';
import PlayerChoices from './PlayerChoices.svelte';

let f: GameFixture;
beforeAll(async () => {
  f = await gameFixture();
});
afterAll(() => f.core.close());

async function shown() {
  const g = await openGame(f);
  const choices = (g.detail!.plan as { choices?: PlanChoice[] } | null)?.choices ?? [];
  expect(choices.length).toBeGreaterThan(0);
  render(PlayerChoices, { g, choices });
  return { g, choice: choices[0]! };
}

describe('PlayerChoices', () => {
  it('asks each choice in team names, and says the plan follows the first answer until the players say', async () => {
    const { g, choice } = await shown();
    const form = screen.getByRole('group', { name: g.named(choice.question) });
    expect(within(form).getByText('Not chosen yet')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Record the choice' })).toBeTruthy();
    expect(within(form).getAllByRole('radio')).toHaveLength(choice.options.length);
  });

  it('records the answer picked, and the plan follows it', async () => {
    const { g, choice } = await shown();
    const other = choice.options.find((o) => o.value !== choice.value)!;
    const form = screen.getByRole('group', { name: g.named(choice.question) });
    await fireEvent.click(within(form).getByRole('radio', { name: g.named(other.label) }));
    await fireEvent.click(within(form).getByRole('button', { name: 'Record the choice' }));
    await vi.waitFor(() => expect(bridge.inputsOf('games.choose')).toEqual([{ id: g.id, choice: choice.id, value: other.value }]));
    // The plan panel passes main's new choices down; here the state holds them.
    await vi.waitFor(() => expect((g.detail!.plan as { choices: PlanChoice[] }).choices[0]).toMatchObject({ value: other.value, made: true }));
  });

  it('says why main refused the answer', async () => {
    const { g, choice } = await shown();
    bridge.answer('games.choose', () => {
      throw { code: 'CONFLICT', message: 'The game was committed in another window.' };
    });
    const form = screen.getByRole('group', { name: g.named(choice.question) });
    await fireEvent.click(within(form).getByRole('button', { name: 'Record the choice' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The game was committed in another window.'));
  });
});
