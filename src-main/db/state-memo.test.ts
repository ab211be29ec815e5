import { afterEach, describe, expect, it } from 'vitest';
import { testCore } from '../test-support';
import type { Core } from '../core';
import { memoByState } from './state-memo';

let core: Core | undefined;
afterEach(() => core?.close());

describe('reads kept until the file changes (issue 29)', () => {
  it('gives the kept value until a write, then works it out again; never keeps inside a transaction', async () => {
    core = testCore();
    const db = core.opened.db;
    let computed = 0;
    const read = () => memoByState(db, 'k', () => ({ n: ++computed }));
    const first = read();
    expect(read()).toBe(first);
    expect(computed).toBe(1);

    const created = await core.invoke('campaigns.create', { name: 'Kept', pointsLimit: 250 });
    expect(created.ok).toBe(true);
    expect(read()).not.toBe(first);
    expect(computed).toBe(2);

    // Inside a transaction nothing is kept or given from what was kept: the write may yet be rolled back.
    db.transaction(() => {
      expect(read().n).toBe(3);
      expect(read().n).toBe(4);
    });
    expect(read().n).toBe(2);
  });
});
