/**
 * The child process of the kill test (docs/reliability.md "kill mid-commit"): opens the campaign file with the production
 * core and commits games in a loop, printing `ACK <gameId>` after each commit returned — "saved" means the
 * transaction returned (rule 2), and `READY` once the file is open. The parent SIGKILLs it at random moments. Bundled by esbuild at test time.
 */
import { createCore } from '../../src-main/core';

const [dataDir, migrationsFolder, campaignId, teamA, teamB] = process.argv.slice(2) as [string, string, string, string, string];
const core = createCore({ dataDir, migrationsFolder, mode: 'browser', version: 'reliability', log: () => {}, automaticBackups: false });
// The parent waits for this line (issue 28: events, not fixed times, so a busy machine kills at the same moments).
process.stdout.write('READY\n');

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await core.invoke(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value as T;
}

interface Detail {
  game: { id: string };
  draft: { step: string; report: { models: { id: string; side: string; name?: string; aliveAtEnd: boolean; outOfAction?: unknown }[] } };
}

async function loop() {
  for (;;) {
    const g = await call<Detail>('games.create', { campaignId, teamA, teamB, mission: 'skirmish' });
    const draft = structuredClone(g.draft);
    // A casualty while the team has models to spare, so commits write injuries (and sometimes deaths) too.
    const a = draft.report.models.find((m) => m.side === 'a')!;
    const bs = draft.report.models.filter((m) => m.side === 'b');
    const b = bs.at(-1)!;
    if (bs.length >= 3)
      draft.report.models = draft.report.models.map((m) => (m.id === b.id ? { ...m, aliveAtEnd: false, outOfAction: { by: a.id, how: 'shooting' } } : m));
    draft.step = 'review';
    await call('games.saveDraft', { id: g.game.id, draft });
    await call('games.commit', { id: g.game.id });
    process.stdout.write(`ACK ${g.game.id}\n`);
  }
}

void loop();
