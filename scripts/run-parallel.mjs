// Runs npm scripts side by side (npm test's checks that need nothing from each other: lint, the type checks, the
// build), each one's output held back and printed whole when it ends, with how long it took. Fails when any fails.
// Most of these are single-threaded (ESLint, Prettier, tsc, svelte-check): one after another they left a core idle.
//   node scripts/run-parallel.mjs lint typecheck:tsc typecheck:svelte build
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** One npm script; resolves with its exit code once its output has been printed. */
function run(name) {
  const t0 = Date.now();
  const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
  const chunks = [];
  child.stdout.on('data', (d) => chunks.push(d));
  child.stderr.on('data', (d) => chunks.push(d));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const out = Buffer.concat(chunks).toString();
      console.log(`\n── npm run ${name}: ${status === 0 ? 'passed' : `FAILED (exit ${code ?? signal})`} in ${seconds(Date.now() - t0)} ──`);
      if (out.trim()) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
      resolve(status);
    });
  });
}

const codes = await Promise.all(names.map(run));
const outcomes = names.map((name, i) => `${name} ${codes[i] === 0 ? 'passed' : 'FAILED'}`);
console.log(`\nSide by side in ${seconds(Date.now() - started)}: ${outcomes.join(', ')}.`);
process.exit(codes.every((c) => c === 0) ? 0 : 1);
