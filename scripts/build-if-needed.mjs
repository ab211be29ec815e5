// Rebuild only when a source is newer than the build, so `npm start` and `npm run start:browser` start fast.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIfNeeded(root) {
  const outputs = [
    'dist/main/index.cjs',
    'dist/main/electron-app.cjs',
    'dist/main/preload.cjs',
    'dist/main/browser.cjs',
    'dist/main/browser-app.cjs',
    'dist/renderer/index.html',
  ];
  const built = Math.min(...outputs.map((f) => (fs.existsSync(path.join(root, f)) ? fs.statSync(path.join(root, f)).mtimeMs : 0)));
  const sources = ['src-main', 'src-renderer', 'shared', 'vite.config.ts', 'svelte.config.js', 'scripts/build-main.mjs', 'package.json'];
  if (built > 0 && Math.max(...sources.map((p) => newestMtime(path.join(root, p)))) <= built) return;
  console.error('Building Herald…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
