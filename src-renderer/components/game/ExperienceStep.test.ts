/** The experience step (ExperienceStep.svelte) over the real handlers: EXP earned, and Battle Honours queued to buy. */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameFixture, modelId, openGame, type GameFixture } from '../../test-support/game-fixture';
import ExperienceStep from './ExperienceStep.svelte';

let f: GameFixture;
beforeAll(async () => {
  f = await gameFixture();
});
afterAll(() => f.core.close());

async function shown() {
  const g = await openGame(f);
  render(ExperienceStep, { g });
  return g;
}
const buy = (team: string) => within(screen.getByRole('group', { name: `${team}: buy an honour` }));

describe('ExperienceStep', () => {
  it('lists the EXP each team’s models earned', async () => {
    const g = await shown();
    expect(screen.getByRole('heading', { name: 'Blades' })).toBeTruthy();
    const earned = g.preview!.changes.filter((c) => c.step === 'experience' && c.side === 'a');
    if (earned.length > 0) expect(within(screen.getByRole('list', { name: 'Blades experience' })).getAllByRole('listitem')).toHaveLength(earned.length);
    else expect(screen.getAllByText('No EXP earned.').length).toBeGreaterThan(0);
  });

  it('asks who gets the honour and which before queuing it', async () => {
    const g = await shown();
    await fireEvent.click(buy('Blades').getByRole('button', { name: 'Add honour' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose who gets the honour and which honour.');
    expect(g.draft!.honours).toEqual([]);
  });

  it('queues a model’s honour, shows what it does, and removes it again', async () => {
    const g = await shown();
    const cato = modelId(g, 'Cato');
    await fireEvent.change(buy('Blades').getByLabelText('For'), { target: { value: cato } });
    const honour = g.detail!.honourOptions.find((o) => o.scope === 'model' && !o.only)!;
    await fireEvent.change(buy('Blades').getByLabelText('Honour'), { target: { value: honour.id } });
    expect(screen.getByLabelText('Blades: what the honour does').textContent).toMatch(honour.name);
    await fireEvent.click(buy('Blades').getByRole('button', { name: 'Add honour' }));
    expect(g.draft!.honours).toEqual([{ side: 'a', model: cato, honour: honour.id, elite: false }]);
    const queued = screen.getByRole('list', { name: 'Blades honours to buy' });
    expect(within(queued).getByText(honour.name)).toBeTruthy();
    await fireEvent.click(within(queued).getByRole('button', { name: 'Remove' }));
    expect(g.draft!.honours).toEqual([]);
  });

  it('an elite model’s honour is queued as elite', async () => {
    const g = await shown();
    const gorbag = modelId(g, 'Gorbag');
    await fireEvent.change(buy('Gitz').getByLabelText('For'), { target: { value: gorbag } });
    const honour = g.detail!.honourOptions.find((o) => o.scope === 'model' && !o.only)!;
    await fireEvent.change(buy('Gitz').getByLabelText('Honour'), { target: { value: honour.id } });
    await fireEvent.click(buy('Gitz').getByRole('checkbox', { name: /Elite model/ }));
    await fireEvent.click(buy('Gitz').getByRole('button', { name: 'Add honour' }));
    expect(g.draft!.honours).toEqual([{ side: 'b', model: gorbag, honour: honour.id, elite: true }]);
  });

  it('a Kill Team honour goes to the whole team, and offers only team honours', async () => {
    const g = await shown();
    await fireEvent.change(buy('Blades').getByLabelText('For'), { target: { value: '__team' } });
    const offered = within(buy('Blades').getByLabelText('Honour'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value)
      .filter(Boolean);
    const teamHonours = g.detail!.honourOptions.filter((o) => o.scope === 'team').map((o) => o.id);
    expect(offered.sort()).toEqual(teamHonours.sort());
    expect(buy('Blades').queryByRole('checkbox', { name: /Elite model/ })).toBeNull();
  });

  it('greys out Team Leader honours for another model, and says why', async () => {
    const g = await shown();
    const leaderOnly = g.detail!.honourOptions.find((o) => o.only === 'team-leader');
    if (!leaderOnly) return;
    await fireEvent.change(buy('Blades').getByLabelText('For'), { target: { value: modelId(g, 'Varro') } });
    const option = within(buy('Blades').getByLabelText('Honour')).getByRole('option', { name: new RegExp(`^${leaderOnly.name} `) }) as HTMLOptionElement;
    expect(option.disabled).toBe(true);
    expect(screen.getByText(/Varro is not the Team Leader/)).toBeTruthy();
  });

  it('a model that died in this game cannot buy an honour', async () => {
    const g = await openGame(f);
    g.edit((d) => {
      const lucan = g.reportOf(d, modelId(g, 'Lucan'))!;
      lucan.aliveAtEnd = false;
      lucan.outOfAction = { by: modelId(g, 'Gorbag'), how: 'melee' };
    });
    await g.flush();
    render(ExperienceStep, { g });
    const died = g.preview!.changes.some((c) => c.kind === 'model.died' && c.modelId === modelId(g, 'Lucan'));
    const names = within(buy('Blades').getByLabelText('For'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names.includes('Lucan')).toBe(!died);
    expect(names).toContain('Tarkus');
  });
});
