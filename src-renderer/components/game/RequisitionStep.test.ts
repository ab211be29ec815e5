/** The requisition step (RequisitionStep.svelte) over the real handlers: balances, and recruits queued for the commit. */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameFixture, openGame, type GameFixture } from '../../test-support/game-fixture';
import RequisitionStep from './RequisitionStep.svelte';

let f: GameFixture;
beforeAll(async () => {
  f = await gameFixture();
});
afterAll(() => f.core.close());

async function shown() {
  const g = await openGame(f);
  render(RequisitionStep, { g });
  return g;
}
const group = (team: string) => screen.getByRole('group', { name: `${team}: recruit a model` });

describe('RequisitionStep', () => {
  it('shows both teams’ balances', async () => {
    const g = await shown();
    expect(g.preview?.balances).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Balances' })).toBeTruthy();
  });

  it('asks what to recruit before adding one', async () => {
    const g = await shown();
    await fireEvent.click(within(group('Blades')).getByRole('button', { name: 'Add recruit' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose what to recruit.');
    expect(g.draft!.recruits).toEqual([]);
  });

  it('asks for a name before adding one', async () => {
    const g = await shown();
    const entry = g.detail!.recruitOptions.a[0]!.entryId;
    await fireEvent.change(screen.getByLabelText('Recruit', { selector: '#recruit-entry-a' }), { target: { value: entry } });
    await fireEvent.input(screen.getByLabelText('Name', { selector: '#recruit-name-a' }), { target: { value: '   ' } });
    await fireEvent.click(within(group('Blades')).getByRole('button', { name: 'Add recruit' }));
    expect(screen.getByRole('alert').textContent).toBe('Name the recruit.');
    expect(g.draft!.recruits).toEqual([]);
  });

  it('queues a named recruit for its team, clears the form, and removes it again', async () => {
    const g = await shown();
    const option = g.detail!.recruitOptions.b[0]!;
    await fireEvent.change(screen.getByLabelText('Recruit', { selector: '#recruit-entry-b' }), { target: { value: option.entryId } });
    await fireEvent.input(screen.getByLabelText('Name', { selector: '#recruit-name-b' }), { target: { value: ' Zagstruk ' } });
    await fireEvent.click(within(group('Gitz')).getByRole('button', { name: 'Add recruit' }));
    expect(g.draft!.recruits).toEqual([{ side: 'b', entryId: option.entryId, name: 'Zagstruk' }]);
    expect((screen.getByLabelText('Name', { selector: '#recruit-name-b' }) as HTMLInputElement).value).toBe('');
    const queued = screen.getByRole('list', { name: 'Gitz recruits' });
    expect(within(queued).getByText('Zagstruk')).toBeTruthy();
    await fireEvent.click(within(queued).getByRole('button', { name: 'Remove' }));
    expect(g.draft!.recruits).toEqual([]);
    await g.flush();
    expect(g.status).toBe('saved');
  });
});
