/**
 * Quitting waits for a backup under way (issue 15): an after-commit or daily backup runs in a worker thread, and
 * closing the campaign file under it would end it half-written (a temporary file left behind, no backup of the
 * last game). `will-quit` is held once, the backups are awaited, the file is closed, and quit is asked again; the
 * second `will-quit` finds the file closed and lets Electron go on (so this never loops).
 */
/** The part of Electron's app this needs (an interface, so a test can hand in its own). */
interface QuitApp {
  on(event: 'will-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

interface Closable {
  backupsIdle(): Promise<void>;
  close(): void;
}

export function closeOnQuit(app: QuitApp, current: () => Closable | undefined, log: (message: string) => void) {
  let state: 'open' | 'closing' | 'closed' = 'open';
  app.on('will-quit', (event) => {
    const core = current();
    if (state === 'closed' || !core) return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    void core
      .backupsIdle()
      .catch((e: unknown) => log(`A backup under way at quit failed: ${String(e)}`))
      .then(() => {
        try {
          core.close();
        } catch (e) {
          log(`Closing the campaign file failed: ${String(e)}`);
        }
        state = 'closed';
        app.quit();
      });
  });
}
