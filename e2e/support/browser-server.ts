/** Starts the real browser-mode server (dist/main/browser.cjs) on a data folder and waits for the URL it prints. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface RunningServer {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * `productionTimings`: keep the app's own delay before the start-of-day backup (the benchmark); tests take it at once.
 * `timeoutMs` is a hang guard: a start took 5-8 s with a load of 13 on 2 cores, and over 20 s in a load spike.
 */
export function startBrowserServer(dataDir: string, timeoutMs = 60_000, { productionTimings = false } = {}): Promise<RunningServer> {
  const cli = path.resolve('dist/main/browser.cjs');
  const child: ChildProcess = spawn(process.execPath, [cli, '--data-dir', dataDir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: productionTimings ? process.env : { ...process.env, HERALD_DAILY_BACKUP_DELAY_MS: '0' },
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`browser mode did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = () => {
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({ url: m[1]!, output: () => out, stop });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser mode exited with code ${code}:\n${out}`));
    });
  });
}
