/**
 * Issue 33: the table's follow-up prompts through the real handlers, with the dice typed in (the campaign's physical
 * dice mode) — 003 Twist 10 Fog of War after a Reserves roll, 003 Twist 9 Orbital Debris' wounds after its 6s — the
 * choice to leave out an optional prompt (003 Restoratives), and the Night Fighting badge.
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { TableView } from '../../shared/ipc/schemas/table';
import type { GamePlan } from '../../shared/rules';
import { updateGame } from '../repos/games';
import { call, failure, tempDir, testCore } from '../test-support';
import { foundedTeams } from '../test-support/founded-teams';

/**
 * A Skirmish played with real dice at the table, its plan given the Twist: set up with Herald's dice, then switched to
 * physical dice (the plan's rolls are not what these tests are about).
 */
async function twistGame(twist: string) {
  const core = testCore(tempDir());
  const { campaignId, a, b } = await foundedTeams(core, 'app', 'Follow-ups');
  const game = await call<GameDetail>(core, 'games.create', { campaignId, teamA: a, teamB: b, mission: 'skirmish' });
  const plan = game.plan as GamePlan | null;
  if (!plan) throw new Error('the test needs a plan');
  updateGame(core.opened.db, game.game.id, {
    plan: { ...plan, twist: { id: twist, text: `${twist} (test)` } },
    diceMode: 'physical',
    updatedAt: new Date().toISOString(),
  });
  const id = (name: string) => game.models.find((m) => m.name === name)!.id;
  const gameId = game.game.id;
  const tap = (event: unknown) => call<TableView>(core, 'table.tap', { gameId, event });
  const pending = (v: TableView, title: string) => v.prompts.find((p) => p.answered === null && p.title.startsWith(title));
  return { core, gameId, id, tap, pending, plan };
}

describe('table: prompts that follow a roll (issue 33)', () => {
  it('003 Fog of War: a unit that arrives rolls again; on a 1 or 2 it waits a turn and then arrives without a roll', async () => {
    const { core, gameId, id, tap, pending } = await twistGame('fog-of-war');
    await tap({ kind: 'state', model: id('Cato'), state: 'reserve' });
    await tap({ kind: 'turn', turn: 1 });
    let view = await tap({ kind: 'turn', turn: 2 });
    const reserves = pending(view, 'Reserves')!;
    expect((await failure(core, 'table.tap', { gameId, event: { kind: 'prompt', key: reserves.key } })).message).toMatch(/Roll the dice for Reserves/);
    view = await tap({ kind: 'prompt', key: reserves.key, faces: [5] });
    // Rolled on, but not yet on the table: Fog of War is asked first.
    expect(view.models.find((m) => m.id === id('Cato'))?.state).toBe('reserve');
    const fog = pending(view, 'Fog of War')!;
    expect(fog).toMatchObject({ citation: '003 · Twist 10 Fog of War', roll: { expression: 'D6' } });
    expect(fog.rolls[0]!.target).toBe('3+: Cato arrives now');
    view = await tap({ kind: 'prompt', key: fog.key, faces: [2] });
    expect(view.models.find((m) => m.id === id('Cato'))).toMatchObject({ state: 'reserve', delayedTo: 3 });
    expect(view.prompts.find((p) => p.key === fog.key)?.answered?.text).toBe('Cato: rolled 2, delayed to turn 3.');
    expect(view.results[0]).toEqual({ title: 'Fog of War', turn: 2, text: 'Cato: rolled 2, delayed to turn 3.' });

    view = await tap({ kind: 'turn', turn: 3 });
    const late = pending(view, 'Reserves')!;
    expect(late.roll).toBeNull();
    expect(late.text).toContain('Delayed by Fog of War last turn, arriving now: Cato');
    view = await tap({ kind: 'prompt', key: late.key });
    expect(view.models.find((m) => m.id === id('Cato'))).toMatchObject({ state: 'in-play', delayedTo: null });
    expect(pending(view, 'Fog of War')).toBeUndefined();
    // A restart asks and shows the same.
    expect(await call<TableView>(core, 'table.get', { gameId })).toEqual(view);
  });

  it('003 Orbital Debris: each 6 asks a D3 of mortal wounds, typed in; a wrong count is refused in words', async () => {
    const { core, gameId, tap, pending } = await twistGame('orbital-debris');
    let view = await tap({ kind: 'turn', turn: 1 });
    const debris = pending(view, 'Orbital Debris')!;
    expect(debris.roll?.expression).toBe('3D6');
    view = await tap({ kind: 'prompt', key: debris.key, faces: [6, 2, 6] });
    const wounds = pending(view, 'Orbital Debris: mortal wounds')!;
    expect(wounds.roll?.expression).toBe('2D3');
    expect(view.prompts.indexOf(wounds)).toBeLessThan(view.prompts.findIndex((p) => p.answered === null && p.title === 'Orbital Debris'));
    expect((await failure(core, 'table.tap', { gameId, event: { kind: 'prompt', key: wounds.key, faces: [3] } })).message).toBe(
      'Orbital Debris: mortal wounds needs 2 dice (D3, D3), but 1 was typed in.',
    );
    view = await tap({ kind: 'prompt', key: wounds.key, faces: [3, 1] });
    expect(view.prompts.find((p) => p.key === wounds.key)?.answered?.text).toBe('Enemy unit 1: 3 mortal wounds. Enemy unit 2: 1 mortal wound.');
    // Undo takes the wounds back and asks them again.
    view = await call<TableView>(core, 'table.undo', { gameId });
    expect(pending(view, 'Orbital Debris: mortal wounds')?.key).toBe(wounds.key);
  });

  it('003 Restoratives: a player "may pick a friendly unit" — left out in one tap; a prompt the rules require cannot be', async () => {
    const { core, gameId, tap, pending } = await twistGame('restoratives');
    let view = await tap({ kind: 'turn', turn: 1 });
    const restore = pending(view, 'Restoratives')!;
    expect(restore.optional).toBe(true);
    view = await tap({ kind: 'prompt', key: restore.key, answer: 'skip' });
    expect(view.prompts.find((p) => p.key === restore.key)?.answered).toMatchObject({ text: 'Not used this turn.', faces: [] });
    const nightFighting = view.prompts.find((p) => p.title.startsWith('Night Fighting'))!;
    expect(nightFighting.optional).toBe(false);
    const refused = await failure(core, 'table.tap', { gameId, event: { kind: 'prompt', key: nightFighting.key, answer: 'skip' } });
    expect(refused.message).toMatch(/cannot be left out/);
  });

  it('the Night Fighting badge: in force from turn 1 as the club plays it (every turn), with the distance a unit sees; gone at Game over', async () => {
    const { core, gameId, tap } = await twistGame('warp-storm');
    expect((await call<TableView>(core, 'table.get', { gameId })).visibility).toBeNull();
    const view = await tap({ kind: 'turn', turn: 1 });
    expect(view.visibility).toEqual({ title: 'Night Fighting', why: 'the club plays Night Fighting on every turn', distance: '2D6 × 3" per unit (6" to 36")' });
    await call(core, 'table.gameOver', { gameId, ending: { kind: 'turns' } });
    expect((await call<TableView>(core, 'table.get', { gameId })).visibility).toBeNull();
  });
});
