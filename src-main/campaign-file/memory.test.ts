/** Issue 29: after a large import, main collects its garbage itself, so the memory it held goes back to the system. */
import { describe, expect, it } from 'vitest';
import { returnMemory } from './memory';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('returnMemory', () => {
  it('collects what is garbage at once, without the process started with --expose-gc', async () => {
    let rows: object[] | null = Array.from({ length: 10_000 }, (_, i) => ({ row: i, text: `row ${i}` }));
    const held = new WeakRef(rows);
    rows = null;
    // A WeakRef's target is kept until the turn that made it (or read it) ends.
    await nextTurn();
    expect(held.deref()).toBeDefined();
    await nextTurn();
    returnMemory();
    expect(held.deref()).toBeUndefined();
  });
});
