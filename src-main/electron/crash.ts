/**
 * A crashed or stuck window (issue 31). Without this a crashed renderer leaves a blank window and nothing in the log.
 * `render-process-gone` (the page's process died: crashed, killed, out of memory) and `unresponsive` (the page has
 * not answered for a while) are logged, and the organiser is offered a reload in a native dialog: "Reload" or
 * "Close Herald" after a crash, "Wait" or "Reload" when stuck. Everything saved is in the campaign file already; a
 * reload only loses what was typed and not yet saved, which the dialog says.
 */
import type { MessageBoxOptions, RenderProcessGoneDetails } from 'electron';

export interface CrashWindow {
  on(event: 'unresponsive' | 'responsive', listener: () => void): unknown;
  isDestroyed(): boolean;
  webContents: {
    on(event: 'render-process-gone', listener: (event: unknown, details: RenderProcessGoneDetails) => void): unknown;
    reload(): void;
  };
}

export interface CrashDeps {
  log(message: string): void;
  showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
  /** Close Herald (after a crash the organiser may rather start again). */
  quit(): void;
  /** True while Herald is quitting: a renderer killed on the way out is no crash. */
  quitting(): boolean;
}

export const CRASH_BUTTONS = ['Reload', 'Close Herald'] as const;
export const STUCK_BUTTONS = ['Wait', 'Reload'] as const;

const REASONS: Partial<Record<RenderProcessGoneDetails['reason'], string>> = {
  crashed: 'it crashed',
  oom: 'it ran out of memory',
  killed: 'it was stopped by the system',
  'launch-failed': 'it could not start',
  'integrity-failure': 'its files failed a check',
  'abnormal-exit': 'it ended unexpectedly',
  'memory-eviction': 'the system reclaimed its memory',
};

export function watchWindow(win: CrashWindow, deps: CrashDeps): void {
  let asking = false;
  const ask = async (options: MessageBoxOptions, act: (button: string) => void) => {
    if (asking) return;
    asking = true;
    try {
      const { response } = await deps.showMessageBox(options);
      if (!win.isDestroyed()) act(options.buttons?.[response] ?? '');
    } finally {
      asking = false;
    }
  };

  win.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit' || deps.quitting() || win.isDestroyed()) return;
    deps.log(`The window's page stopped (render-process-gone: ${details.reason}, exit code ${details.exitCode}).`);
    void ask(
      {
        type: 'error',
        title: 'Herald’s window stopped',
        message: `Herald’s window stopped working (${REASONS[details.reason] ?? details.reason}).`,
        detail:
          'Everything saved is safe in the campaign file. Reload the window to carry on; what was typed and not yet saved is lost. The log has the details.',
        buttons: [...CRASH_BUTTONS],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      },
      (button) => (button === 'Close Herald' ? deps.quit() : win.webContents.reload()),
    );
  });

  win.on('unresponsive', () => {
    if (deps.quitting() || win.isDestroyed()) return;
    deps.log('The window stopped answering (unresponsive).');
    void ask(
      {
        type: 'warning',
        title: 'Herald is not answering',
        message: 'Herald’s window is not answering.',
        detail: 'It may be busy with a long task: wait a moment. Reloading the window loses only what was typed and not yet saved.',
        buttons: [...STUCK_BUTTONS],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      },
      (button) => {
        if (button === 'Reload') win.webContents.reload();
      },
    );
  });
  win.on('responsive', () => deps.log('The window answers again (responsive).'));
}
