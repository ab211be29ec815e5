// npm run start:browser -- [--data-dir DIR] [--port N]
// Builds when the sources are newer than the build, then runs the browser-mode server (dist/main/browser.cjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkNodeVersion } from './node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
checkNodeVersion();

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const outputs = [path.join(root, 'dist/main/browser.cjs'), path.join(root, 'dist/renderer/index.html')];
const built = Math.min(...outputs.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
const sources = ['src-main', 'src-renderer', 'shared', 'vite.config.ts', 'svelte.config.js', 'scripts/build-main.mjs', 'package.json']
  .map((p) => newestMtime(path.join(root, p)));
if (built === 0 || Math.max(...sources) > built) {
  console.error('Building Herald…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, [path.join(root, 'dist/main/browser.cjs'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
