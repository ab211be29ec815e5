/**
 * npm run bench: how fast the real core answers on a real SQLite file (synchronous=FULL, so each write is a real
 * fsync). Numbers to watch as the campaign file grows; tests never check timings.
 */
import { afterAll, beforeAll, test } from 'vitest';
import { testCore } from './test-support';

const core = testCore();
let n = 0;
beforeAll(async () => {
  for (let i = 0; i < 200; i++) await core.invoke('campaigns.create', { name: `Seed campaign ${i}` });
});
afterAll(() => core.close());

test('campaigns', async ({ bench }) => {
  await bench.compare(
    bench('campaigns.create (one transaction, fsync)', async () => {
      await core.invoke('campaigns.create', { name: `Bench campaign ${++n}` });
    }),
    bench('campaigns.list with 200+ campaigns', async () => {
      await core.invoke('campaigns.list', { includeArchived: true });
    }),
    bench('rejected input (zod parse only)', async () => {
      await core.invoke('campaigns.create', { name: '' });
    }),
    { time: 1000 },
  );
});
