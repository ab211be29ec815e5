/** The injuries step (InjuriesStep.svelte) over the real handlers: each casualty's roll and result, per team. */
import { render, screen, within } from '@testing-library/svelte';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridge } from '../../test-support/fake-bridge';
import { gameFixture, modelId, openGame, type GameFixture } from '../../test-support/game-fixture';
import InjuriesStep from './InjuriesStep.svelte';

let f: GameFixture;
beforeAll(async () => {
  f = await gameFixture();
});
afterAll(() => f.core.close());

/** A game in which Cato took Snik out of action, saved, with the injuries step shown. */
async function withCasualty() {
  const g = await openGame(f);
  g.edit((d) => {
    const snik = g.reportOf(d, modelId(g, 'Snik'))!;
    snik.aliveAtEnd = false;
    snik.outOfAction = { by: modelId(g, 'Cato'), how: 'shooting' };
  });
  await g.flush();
  render(InjuriesStep, { g });
  return g;
}

describe('InjuriesStep', () => {
  it('says so when no model of a team was taken out of action', async () => {
    const g = await openGame(f);
    render(InjuriesStep, { g });
    expect(screen.getAllByText('No injuries: no model of this team was taken out of action.')).toHaveLength(2);
  });

  it('shows the casualty’s injury under its own team, and none under the other', async () => {
    await withCasualty();
    const gitz = screen.getByRole('heading', { name: 'Gitz' }).closest('section')!;
    expect(within(gitz).getAllByText(/Snik/).length).toBeGreaterThan(0);
    const blades = screen.getByRole('heading', { name: 'Blades' }).closest('section')!;
    expect(within(blades).getByText('No injuries: no model of this team was taken out of action.')).toBeTruthy();
  });

  it('offers no Medical Gear re-roll to a team without Medical Gear', async () => {
    await withCasualty();
    expect(screen.queryByText(/Medical Gear: re-roll/)).toBeNull();
  });

  it('waits for a typed roll before it says what happened (real dice)', async () => {
    // Main's preview shows (the window's own preview, issue 32, needs games.previewContext): it is faked below.
    bridge.answer('games.previewContext', () => {
      throw { code: 'INTERNAL', message: 'No context in this test.' };
    });
    const g = await openGame(f);
    const real = g.detail!;
    // Main's answer while a die is still to be typed: no changes worked out yet.
    g.detail = { ...real, preview: { ...real.preview, changes: [], pendingRoll: { key: 'post|injury', purpose: 'Injury', expression: 'D6' } as never } };
    render(InjuriesStep, { g });
    expect(screen.getAllByText('Worked out once the roll above is typed in.')).toHaveLength(2);
  });
});
