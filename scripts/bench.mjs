// npm run bench [-- --quick] [-- --seed S]: builds the app if needed (the browser-mode metrics run dist/), bundles
// bench/main.ts with esbuild and runs it under this Node. See bench/main.ts and the README's "Benchmark".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildIfNeeded } from './build-if-needed.mjs';
import { checkNodeVersion } from './node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
checkNodeVersion();
// The hand-over alone runs in this process, not in browser mode: it needs no build of the app.
if (!process.argv.includes('--only=handover')) buildIfNeeded(root);
const outfile = path.join(root, '.bench-cache', 'bench.cjs');
await build({
  entryPoints: ['bench/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  sourcemap: 'inline',
  external: ['better-sqlite3', '@playwright/test', 'playwright-core', 'electron'],
  logLevel: 'warning',
});
const run = spawnSync(process.execPath, ['--enable-source-maps', outfile, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
