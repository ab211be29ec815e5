/**
 * IPC fuzz (docs/reliability.md "IPC fuzz"): every channel with arbitrary JSON. dispatch() never throws, every rejection
 * carries a known error code, and a rejected call changes nothing in the file.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../shared/ipc/contract';
import { ERROR_CODES } from '../shared/ipc/result';
import { snapshotTables, testCore } from './test-support';

const RUNS = 1000;
const json = fc.jsonValue({ maxDepth: 4 });
/** Arbitrary JSON, and objects with the contract's own keys holding valid-looking or arbitrary values. */
const inputs = fc.oneof(
  json,
  fc.record(
    {
      id: fc.oneof(fc.uuid({ version: 4 }), json),
      name: fc.oneof(fc.string({ maxLength: 100 }), fc.constantFrom('Fuzz target campaigns.create', ' ', ''), json),
      pointsLimit: fc.oneof(fc.integer({ min: -10, max: 3000 }), fc.double(), json),
      includeArchived: fc.oneof(fc.boolean(), json),
      extra: json,
    },
    { requiredKeys: [] },
  ),
);
const core = testCore();
afterAll(() => core.close());
const totalChanges = () => core.opened.sqlite.prepare('SELECT total_changes()').pluck().get() as number;

describe('IPC fuzz', () => {
  it.each(CHANNEL_NAMES)('%s: arbitrary JSON gets a typed answer and a rejection changes nothing', async (channel) => {
    // Seed the file so rename/archive have something to hit by accident.
    await core.invoke('campaigns.create', { name: `Fuzz target ${channel}` });
    await fc.assert(
      fc.asyncProperty(inputs, async (input) => {
        // SQLite's total_changes() counts every row inserted, updated or deleted on the connection the handlers
        // use: unchanged means the rejected call wrote nothing (cheap enough for 1,000 runs per channel; the
        // hostile-shapes test below compares whole tables).
        const before = totalChanges();
        const result = await core.invoke(channel, input);
        if (!result.ok) {
          expect(ERROR_CODES).toContain(result.error.code);
          expect(result.error.code).not.toBe('INTERNAL');
          expect(result.error.message.length).toBeGreaterThan(0);
          expect(totalChanges()).toBe(before);
        }
      }),
      { numRuns: RUNS, seed: 20261122 },
    );
  });

  it('hostile shapes: __proto__ keys, huge strings, deep nesting, wrong types', async () => {
    const before = snapshotTables(core);
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 2000; i++) cursor = cursor.x = {} as Record<string, unknown>;
    const inputs = [
      JSON.parse('{"__proto__": {"polluted": true}, "name": ""}'),
      { name: 'x'.repeat(1_000_000) },
      deep,
      { name: { toString: 'Vraks' } },
      [1, 2, 3],
      'campaigns',
      null,
    ];
    for (const channel of CHANNEL_NAMES) {
      for (const input of inputs) {
        const result = await core.invoke(channel, input);
        if (!result.ok) expect(result.error.code).toBe('INVALID_INPUT');
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(snapshotTables(core)).toEqual(before);
  });
});
