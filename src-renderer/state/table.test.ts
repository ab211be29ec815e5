/** The at-the-table screen's state (state/table.svelte.ts), with main's answers given: taps, undo, game over, a stale screen. */
import { describe, expect, it, vi } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { TableView } from '../../shared/ipc/schemas/table';
import { bridge } from '../test-support/fake-bridge';
import { TableScreenState } from './table.svelte';

const view = (seq: number, over: Partial<TableView> = {}) =>
  ({
    seq,
    game: { id: 'g1', teams: { a: { name: 'Blades' }, b: { name: 'Gitz' } } },
    models: [
      { id: 'm1', name: 'Tarkus' },
      { id: 'm2', name: 'Gorbag' },
    ],
    ...over,
  }) as unknown as TableView;

async function loaded(seq = 3) {
  bridge.answer('table.get', () => view(seq));
  const t = new TableScreenState('g1');
  await t.load();
  return t;
}

describe('TableScreenState', () => {
  it('loads the table and names its teams and models', async () => {
    const t = await loaded();
    expect(t.view?.seq).toBe(3);
    expect(t.teamName('a')).toBe('Blades');
    expect(t.name('m2')).toBe('Gorbag');
    expect(t.name(null)).toBe('no one');
    expect(t.name('gone')).toBe('a model');
  });

  it('says so when the table cannot be read, and names teams plainly', async () => {
    bridge.answer('table.get', () => {
      throw { code: 'NOT_FOUND', message: 'That game no longer exists.' };
    });
    const t = new TableScreenState('g1');
    await t.load();
    expect(t.error).toBe('That game no longer exists.');
    expect(t.teamName('b')).toBe('Team B');
  });

  it('a tap names the last tap this screen saw, and main’s answer is the new table', async () => {
    const t = await loaded(3);
    bridge.answer('table.tap', () => view(4));
    t.choose('m1');
    expect(await t.tap({ kind: 'casualty', model: 'm2', by: 'm1' })).toBe(true);
    expect(bridge.inputsOf('table.tap')).toEqual([{ gameId: 'g1', event: { kind: 'casualty', model: 'm2', by: 'm1' }, afterSeq: 3 }]);
    expect(t.view?.seq).toBe(4);
    expect(t.selected).toBeNull();
  });

  it('a refused tap says why and shows the table as it is now', async () => {
    const t = await loaded(3);
    bridge.answer('table.tap', () => {
      throw { code: 'CONFLICT', message: 'Another screen tapped first.' };
    });
    bridge.answer('table.get', () => view(5));
    expect(await t.tap({ kind: 'turn', turn: 2 })).toBe(false);
    expect(t.tapError).toBe('Another screen tapped first.');
    await vi.waitFor(() => expect(t.view?.seq).toBe(5));
  });

  it('takes one tap at a time', async () => {
    const t = await loaded();
    bridge.hold('table.tap');
    const first = t.tap({ kind: 'turn', turn: 2 });
    expect(await t.tap({ kind: 'turn', turn: 3 })).toBe(false);
    expect(await t.undo()).toBe(false);
    expect(await t.gameOver({ kind: 'turns' })).toBeNull();
    await vi.waitFor(() => expect(bridge.heldCalls('table.tap')).toHaveLength(1));
    bridge.heldCalls('table.tap')[0]!.answer(view(4));
    expect(await first).toBe(true);
    expect(bridge.inputsOf('table.tap')).toHaveLength(1);
  });

  it('undoes the last tap', async () => {
    const t = await loaded(4);
    bridge.answer('table.undo', () => view(5));
    expect(await t.undo()).toBe(true);
    expect(bridge.inputsOf('table.undo')).toEqual([{ gameId: 'g1', afterSeq: 4 }]);
  });

  it('ends the game with the ending chosen, or says why not', async () => {
    const t = await loaded(6);
    bridge.answer('table.gameOver', () => ({ game: { id: 'g1' } }) as unknown as GameDetail);
    expect(await t.gameOver({ kind: 'turns' })).toMatchObject({ game: { id: 'g1' } });
    expect(bridge.inputsOf('table.gameOver')).toEqual([{ gameId: 'g1', ending: { kind: 'turns' }, afterSeq: 6 }]);
    bridge.answer('table.gameOver', () => {
      throw { code: 'VALIDATION', message: 'Say which team ran away.' };
    });
    expect(await t.gameOver({ kind: 'run-away', side: 'a', voluntary: false })).toBeNull();
    expect(t.tapError).toBe('Say which team ran away.');
  });

  it('selects a model with the first tap and lets it go with the second', async () => {
    const t = await loaded();
    t.choose('m1');
    expect(t.selected).toBe('m1');
    t.choose('m2');
    expect(t.selected).toBe('m2');
    t.choose('m2');
    expect(t.selected).toBeNull();
  });

  it('reads the table again when another window taps it, not for its own or another game’s', async () => {
    const t = await loaded(3);
    const off = t.subscribe();
    bridge.emit('table.changed', { campaignId: 'c', gameId: 'g1', seq: 3 });
    bridge.emit('table.changed', { campaignId: 'c', gameId: 'g2', seq: 9 });
    expect(bridge.inputsOf('table.get')).toHaveLength(1);
    bridge.emit('table.changed', { campaignId: 'c', gameId: 'g1', seq: 4 });
    expect(bridge.inputsOf('table.get')).toHaveLength(2);
    off();
  });
});
