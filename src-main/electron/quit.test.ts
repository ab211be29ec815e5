/** closeOnQuit (issue 15): quit waits for backups, closes the file once, asks quit again, and never loops. */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { closeOnQuit } from './quit';

/** Electron's will-quit as far as closeOnQuit sees it: preventable, and app.quit() emits it again. */
function fakeApp() {
  const steps: string[] = [];
  const app = Object.assign(new EventEmitter(), {
    quit() {
      steps.push('quit asked');
      const event = { prevented: false, preventDefault: () => (event.prevented = true) };
      app.emit('will-quit', event);
      steps.push(event.prevented ? 'held' : 'exited');
    },
  });
  return { app, steps };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

describe('closeOnQuit', () => {
  it('holds quit until the backups are idle, closes the file once, then quits for good', async () => {
    const { app, steps } = fakeApp();
    let finish: () => void = () => {};
    const core = {
      backupsIdle: () => new Promise<void>((r) => (finish = r)).then(() => void steps.push('backups idle')),
      close: () => void steps.push('closed'),
    };
    closeOnQuit(
      app,
      () => core,
      () => {},
    );
    app.quit();
    app.quit(); // a second Quit while waiting changes nothing
    await settle();
    expect(steps).toEqual(['quit asked', 'held', 'quit asked', 'held']);
    finish();
    await settle();
    expect(steps).toEqual(['quit asked', 'held', 'quit asked', 'held', 'backups idle', 'closed', 'quit asked', 'exited']);
  });

  it('closes and quits even when the backup under way fails, and says so in the log', async () => {
    const { app, steps } = fakeApp();
    const log: string[] = [];
    closeOnQuit(
      app,
      () => ({ backupsIdle: () => Promise.reject(new Error('disk full')), close: () => void steps.push('closed') }),
      (m) => log.push(m),
    );
    app.quit();
    await settle();
    expect(steps).toEqual(['quit asked', 'held', 'closed', 'quit asked', 'exited']);
    expect(log).toEqual(['A backup under way at quit failed: Error: disk full']);
  });

  it('lets quit go at once when there is no campaign file open (Herald could not start)', () => {
    const { app, steps } = fakeApp();
    closeOnQuit(
      app,
      () => undefined,
      () => {},
    );
    app.quit();
    expect(steps).toEqual(['quit asked', 'exited']);
  });

  it('still quits when closing the file throws', async () => {
    const { app, steps } = fakeApp();
    const log: string[] = [];
    closeOnQuit(
      app,
      () => ({
        backupsIdle: async () => {},
        close: () => {
          throw new Error('busy');
        },
      }),
      (m) => log.push(m),
    );
    app.quit();
    await settle();
    expect(steps).toEqual(['quit asked', 'held', 'quit asked', 'exited']);
    expect(log).toEqual(['Closing the campaign file failed: Error: busy']);
  });
});
