/** The result wizard's first step (ResultStep.svelte) over the real handlers: what the organiser ticks is what is saved. */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridge } from '../../test-support/fake-bridge';
import { gameFixture, modelId, openGame, type GameFixture } from '../../test-support/game-fixture';
import ResultStep from './ResultStep.svelte';

let f: GameFixture;
beforeAll(async () => {
  f = await gameFixture();
});
afterAll(() => f.core.close());

async function shown(mission = 'skirmish') {
  const g = await openGame(f, mission);
  render(ResultStep, { g });
  return g;
}
const row = (g: Parameters<typeof modelId>[0], name: string) => g.draft!.report.models.find((m) => m.id === modelId(g, name))!;

describe('ResultStep', () => {
  it('lists each team’s models with its awards', async () => {
    await shown();
    const blades = screen.getByRole('table', { name: 'Blades models' });
    expect(within(blades).getByText('Tarkus')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Gitz models' })).getByText('Gorbag')).toBeTruthy();
    expect(screen.getAllByText('First Blood')).toHaveLength(2);
  });

  it('marks a model out of action and saves it', async () => {
    const g = await shown();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Snik out of action' }));
    expect(row(g, 'Snik')).toMatchObject({ aliveAtEnd: false, outOfAction: { by: null, how: 'shooting' } });
    await g.flush();
    const saved = bridge
      .inputsOf('games.keepDraft')
      .at(-1)!
      .draft.report.models.find((m) => m.id === modelId(g, 'Snik'));
    expect(saved?.aliveAtEnd).toBe(false);
  });

  it('names who took a model out of action, and how', async () => {
    const g = await shown();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Snik out of action' }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Snik taken out by' }), { target: { value: modelId(g, 'Cato') } });
    await fireEvent.change(screen.getByRole('combobox', { name: 'Snik how' }), { target: { value: 'melee' } });
    expect(row(g, 'Snik').outOfAction).toEqual({ by: modelId(g, 'Cato'), how: 'melee' });
  });

  it('offers only the enemy’s models that took part as the one who did it', async () => {
    const g = await shown();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Cato took part' }));
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Snik out of action' }));
    const options = within(screen.getByRole('combobox', { name: 'Snik taken out by' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Tarkus');
    expect(options).not.toContain('Cato');
    expect(options).not.toContain('Grub');
    expect(g.draft).not.toBeNull();
  });

  it('misadventure has no one who did it', async () => {
    const g = await shown();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Snik out of action' }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Snik taken out by' }), { target: { value: 'misadventure' } });
    expect(row(g, 'Snik').outOfAction).toEqual({ by: null, how: 'other', misadventure: true });
  });

  it('a model brought back into action loses its casualty record', async () => {
    const g = await shown();
    const box = screen.getByRole('checkbox', { name: 'Snik out of action' });
    await fireEvent.click(box);
    await fireEvent.click(box);
    expect(row(g, 'Snik')).toMatchObject({ aliveAtEnd: true, outOfAction: null });
  });

  it('a model that did not take part cannot be out of action, nor have taken anyone out', async () => {
    const g = await shown();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Snik out of action' }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Snik taken out by' }), { target: { value: modelId(g, 'Cato') } });
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Cato took part' }));
    expect(row(g, 'Cato')).toMatchObject({ tookPart: false, aliveAtEnd: true, outOfAction: null });
    expect(row(g, 'Snik').outOfAction?.by).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Cato out of action' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('First Blood goes to one team only', async () => {
    const g = await shown();
    const [bladesFb, gitzFb] = screen.getAllByRole('checkbox', { name: /First Blood/ });
    await fireEvent.click(bladesFb!);
    expect(g.draft!.report.sides.a.firstBlood).toBe(true);
    await fireEvent.click(gitzFb!);
    expect(g.draft!.report.sides).toMatchObject({ a: { firstBlood: false }, b: { firstBlood: true } });
  });

  it('Sweeping Advance and Kayfabe are ticked per team', async () => {
    const g = await shown();
    await fireEvent.click(screen.getAllByRole('checkbox', { name: /Sweeping Advance/ })[1]!);
    await fireEvent.click(screen.getAllByRole('checkbox', { name: /Kayfabe/ })[0]!);
    expect(g.draft!.report.sides.b.sweepingAdvance).toBe(true);
    expect(g.draft!.report.sides.a.kayfabe).toBe(true);
    expect(g.draft!.report.sides.a.sweepingAdvance).toBe(false);
  });

  it('a failed Run Away! test names the team, whether it was chosen, and how many fell back', async () => {
    const g = await shown();
    await fireEvent.change(screen.getByLabelText('Ending'), { target: { value: 'run-away' } });
    expect(g.draft!.report.ending).toEqual({ kind: 'run-away', side: 'a', voluntary: false });
    await fireEvent.change(screen.getByLabelText('Which team?'), { target: { value: 'b' } });
    await fireEvent.input(screen.getByLabelText('Models falling back when they took the test'), { target: { value: '2' } });
    expect(g.draft!.report.ending).toEqual({ kind: 'run-away', side: 'b', voluntary: false, fallingBack: 2 });
    await fireEvent.click(screen.getByRole('checkbox', { name: /chose to fail it/ }));
    expect(g.draft!.report.ending).toEqual({ kind: 'run-away', side: 'b', voluntary: true });
    expect(screen.queryByLabelText('Models falling back when they took the test')).toBeNull();
  });

  it('counts the running-away team’s casualties for the Run Away! note', async () => {
    await shown();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Tarkus out of action' }));
    await fireEvent.change(screen.getByLabelText('Ending'), { target: { value: 'run-away' } });
    expect(screen.getByText(/1 of 4 models are out of action below/)).toBeTruthy();
  });

  it('falling back never counts more than the models there are', async () => {
    const g = await shown();
    await fireEvent.change(screen.getByLabelText('Ending'), { target: { value: 'run-away' } });
    await fireEvent.input(screen.getByLabelText('Models falling back when they took the test'), { target: { value: '-3' } });
    expect(g.draft!.report.ending).toEqual({ kind: 'run-away', side: 'a', voluntary: false });
  });

  it('a Skirmish has no outright win to choose', async () => {
    await shown();
    const kinds = within(screen.getByLabelText('Ending'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(kinds).toEqual(['turns', 'run-away', 'no-models-left']);
  });

  it('Relic Hunt asks for the counters placed and what each model carries, never more than the caps', async () => {
    const g = await shown('relic-hunt');
    await fireEvent.input(screen.getByLabelText('Relic counters placed'), { target: { value: '3' } });
    expect(g.draft!.report.relicCount).toBe(3);
    await fireEvent.input(screen.getByRole('spinbutton', { name: 'Tarkus relics carried' }), { target: { value: '2' } });
    expect(row(g, 'Tarkus').relicsCarried).toBe(2);
    expect(screen.getByText(/Carried at the end: 2 of 3/)).toBeTruthy();
    await fireEvent.input(screen.getByRole('spinbutton', { name: 'Tarkus relics carried' }), { target: { value: '0' } });
    expect(row(g, 'Tarkus').relicsCarried).toBeUndefined();
    await fireEvent.input(screen.getByLabelText('Relic counters placed'), { target: { value: '9999' } });
    expect(g.draft!.report.relicCount).toBeLessThanOrEqual(20);
  });

  it('a casualty drops the relics it carried', async () => {
    const g = await shown('relic-hunt');
    await fireEvent.input(screen.getByRole('spinbutton', { name: 'Grub relics carried' }), { target: { value: '1' } });
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Grub out of action' }));
    expect(row(g, 'Grub').relicsCarried).toBeUndefined();
  });

  it('Seize Ground records who claims each marker', async () => {
    const g = await shown('seize-ground');
    const marker = screen.getByLabelText('Marker 1');
    await fireEvent.change(marker, { target: { value: 'b' } });
    expect(g.draft!.report.objectives?.[0]?.claimedBy).toBe('b');
    await fireEvent.change(marker, { target: { value: '' } });
    expect(g.draft!.report.objectives?.[0]?.claimedBy).toBeNull();
  });

  it('changing the Attacker clears facts only the other role can have', async () => {
    const g = await shown('breakthrough');
    const attacker = screen.getByLabelText('Attacker') as HTMLSelectElement;
    const defender = attacker.value === 'a' ? 'b' : 'a';
    const attackerModel = attacker.value === 'a' ? 'Tarkus' : 'Gorbag';
    await fireEvent.click(screen.getByRole('checkbox', { name: `${attackerModel} within 6 inches of the Defender’s corner` }));
    expect(row(g, attackerModel).withinSixOfDefenderCorner).toBe(true);
    await fireEvent.change(attacker, { target: { value: defender } });
    expect(g.draft!.report.attacker).toBe(defender);
    expect(row(g, attackerModel).withinSixOfDefenderCorner).toBeUndefined();
  });

  it('In reserve at the end sits under Out of action; Last Stand’s role (and banner, for a Special) has one column', async () => {
    const g = await shown('last-stand');
    const defender = g.draft!.report.attacker === 'a' ? 'Gitz' : 'Blades';
    const table = screen.getByRole('table', { name: `${defender} models` });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Model', 'Took part', 'Out of action or in reserve', 'Last Stand role']);
    const name = defender === 'Gitz' ? 'Grub' : 'Cato';
    const reserve = within(table).getByRole('checkbox', { name: `${name} in reserve at the end` });
    expect(reserve.closest('td')).toBe(
      within(table)
        .getByRole('checkbox', { name: `${name} out of action` })
        .closest('td'),
    );
    await fireEvent.click(reserve);
    expect(row(g, name).notArrived).toBe(true);
    // Neither team has a Special model: no banner to carry.
    expect(within(table).queryAllByRole('checkbox', { name: /carries the banner/ })).toEqual([]);
    expect(within(table).getByRole('combobox', { name: `${name} Last Stand role` })).toBeTruthy();
  });
});
