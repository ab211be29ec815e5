/**
 * An import's progress game by game (issue 31): "checking game 1,204 of 5,000". The check runs a game at a time
 * (checkCampaignFileSteps); every hundredth of the games it stops to tell the windows and lets the event loop turn —
 * which is what sends the event (browser mode's stream leaves only when the loop turns) and lets the window's other
 * requests in. A hundred events at most per import, however large the file: the window is told, never flooded.
 */

/** The most progress events one step of an import sends. */
export const PROGRESS_EVENTS_MAX = 100;

/** Runs `steps` (yielding how many games are done) to its end, awaiting `tell(done)` every hundredth of `total`. */
export async function runTelling<T>(steps: Generator<number, T>, total: number, tell: (done: number) => Promise<void>): Promise<T> {
  const every = Math.max(1, Math.ceil(total / PROGRESS_EVENTS_MAX));
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (next.value % every === 0) await tell(next.value);
  }
}
