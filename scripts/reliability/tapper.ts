/**
 * The child process of the table-tap kill test (issue 33, docs/reliability.md): opens the campaign file with the
 * production core and taps a game at the table in a loop — casualties, models back in play, turns, undos — printing
 * `ACK <seq> <tap as JSON>` after each table.tap / table.undo returned ("saved" means the transaction returned, rule 2),
 * and `READY` once the file is open. The parent SIGKILLs it at random moments. Bundled by esbuild at test time.
 */
import { createCore } from '../../src-main/core';

const [dataDir, migrationsFolder, gameId] = process.argv.slice(2) as [string, string, string];
const core = createCore({ dataDir, migrationsFolder, mode: 'browser', version: 'reliability', log: () => {}, automaticBackups: false });
process.stdout.write('READY\n');

interface View {
  seq: number;
  turn: number;
  turns: number;
  models: { id: string; side: string; state: string }[];
}

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await core.invoke(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value as T;
}

/** The next tap: a turn now and then, an undo now and then, otherwise a casualty or a model put back in play. */
function nextTap(view: View, n: number): { kind: string; [k: string]: unknown } | null {
  if (n % 17 === 16) return null; // an undo
  if (n % 11 === 0 && view.turn < view.turns) return { kind: 'turn', turn: view.turn + 1 };
  const m = view.models[n % view.models.length]!;
  if (m.state === 'out') return { kind: 'state', model: m.id, state: 'in-play' };
  const enemy = view.models.find((x) => x.side !== m.side && x.state !== 'out');
  return { kind: 'casualty', model: m.id, by: enemy?.id ?? null };
}

async function loop() {
  let view = await call<View>('table.get', { gameId });
  for (let n = view.seq; ; n++) {
    const tap = nextTap(view, n);
    view =
      tap === null ? await call<View>('table.undo', { gameId, afterSeq: view.seq }) : await call<View>('table.tap', { gameId, event: tap, afterSeq: view.seq });
    process.stdout.write(`ACK ${view.seq} ${JSON.stringify(tap ?? { kind: 'undo' })}\n`);
  }
}

void loop();
