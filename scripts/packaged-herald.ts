/**
 * Starts Herald from a *packaged* tree (app.asar extracted, resources/ beside it) under the edge test's Electron
 * stand-in (src-main/electron/test-support/child.ts, run unchanged), as a packaged app: app.isPackaged true and
 * process.resourcesPath set, through a small --require preload. For scripts/packaging.test.ts: it shows that what the
 * installers hold is enough to start — the launcher, main and preload bundles, the renderer served from inside the
 * app, the migrations from resources/, better-sqlite3 from the app's own node_modules — and that a packaged start
 * has no DevTools. Electron itself is still the stand-in (see README, "The Electron edge").
 */
import { buildSync } from 'esbuild';
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './packaging-support';

export interface PackagedHerald {
  op<T>(name: string, ...args: unknown[]): Promise<T>;
  output(): string;
  /** app.quit(), then the exit code once the process has gone. */
  quit(): Promise<number | null>;
}

export async function startPackagedHerald(opts: { appTree: string; resourcesPath: string; work: string }): Promise<PackagedHerald> {
  const child = path.join(opts.work, 'edge-child.cjs');
  buildSync({
    entryPoints: [path.join(root, 'src-main/electron/test-support/child.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    outfile: child,
    logLevel: 'warning',
  });
  // Before the child runs: resources/ where Electron puts it, and the stand-in's app says it is packaged.
  const asPackaged = path.join(opts.work, 'as-packaged.cjs');
  fs.writeFileSync(
    asPackaged,
    `process.resourcesPath = ${JSON.stringify(opts.resourcesPath)};
const Module = require('node:module');
const load = Module._load;
Module._load = function (request) {
  const exports = load.apply(this, arguments);
  if (request === 'electron' && exports && exports.app && exports.app.isPackaged !== true) {
    Object.defineProperty(exports.app, 'isPackaged', { value: true, configurable: true });
  }
  return exports;
};
`,
  );
  const home = fs.mkdtempSync(path.join(opts.work, 'home-'));
  const config = {
    bundle: path.join(opts.appTree, 'dist/main/index.cjs'),
    appPath: opts.appTree,
    home,
    version: '0.0.0-packaged',
    singleInstanceLock: true,
    displays: [{ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 }, scaleFactor: 1 }],
    holdBackups: false,
  };
  const proc = fork(child, ['--data-dir', fs.mkdtempSync(path.join(opts.work, 'data-'))], {
    env: { ...process.env, HERALD_EDGE_CONFIG: JSON.stringify(config) },
    execArgv: ['--require', asPackaged],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  let output = '';
  proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let loaded!: () => void;
  let failed: string | undefined;
  const ready = new Promise<void>((r) => (loaded = r));
  proc.on('message', (m: { type: string; id?: number; ok?: boolean; value?: unknown; error?: string }) => {
    if (m.type === 'reply' && m.id !== undefined) {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.ok) p?.resolve(m.value);
      else p?.reject(new Error(m.error));
    } else if (m.type === 'loaded') loaded();
    else if (m.type === 'load-failed') {
      failed = m.error;
      loaded();
    }
  });
  let gone = false;
  void exited.then(() => {
    gone = true;
    loaded();
    for (const p of pending.values()) p.reject(new Error(`Herald exited before it answered.\n${output}`));
  });
  await ready;
  if (failed !== undefined) throw new Error(`The packaged main bundle failed to load:\n${failed}\n${output}`);
  let nextId = 1;
  const op = <T>(name: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      if (gone) return reject(new Error(`Herald has exited.\n${output}`));
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      proc.send({ id, op: name, args });
    });
  return {
    op,
    output: () => output,
    async quit() {
      await Promise.race([op('quit').catch(() => undefined), exited]);
      return exited;
    },
  };
}
