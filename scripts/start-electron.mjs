// npm start [-- --data-dir DIR]: the desktop app. While Electron's binary downloads (first run only) it shows progress;
// where the binary cannot be fetched it says so in one line and points to browser mode; where Linux refuses Electron
// its sandbox (Ubuntu 23.10+ AppArmor) it explains the fixes instead of Chromium's stack trace (electron-start.mjs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { electronBinary } from './electron-binary.mjs';
import { downloadFailure, downloadProgress, runElectron } from './electron-start.mjs';
import { checkNodeVersion } from './node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
checkNodeVersion();

/** The electron package's own installer, with a progress line instead of a silent wait; resolves to its stderr. */
function fetchBinary() {
  const tty = Boolean(process.stderr.isTTY);
  const started = Date.now();
  const seconds = () => Math.floor((Date.now() - started) / 1000);
  process.stderr.write(tty ? downloadProgress(0, true) : `${downloadProgress(0, false)}\n`);
  const ticker = setInterval(
    () => {
      const s = seconds();
      process.stderr.write(tty ? `\r${downloadProgress(s, true)}` : `${downloadProgress(s, false)}\n`);
    },
    tty ? 1000 : 15_000,
  );
  return new Promise((resolve) => {
    let stderr = '';
    const child = spawn(process.execPath, [path.join(root, 'node_modules/electron/install.js')], {
      stdio: ['ignore', 'ignore', 'pipe'],
      // Its own progress bar (after 30 s) would fight with ours.
      env: { ...process.env, ELECTRON_GET_NO_PROGRESS: '1' },
      timeout: 10 * 60_000,
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-20_000)));
    const done = () => {
      clearInterval(ticker);
      if (tty) process.stderr.write('\n');
      resolve(stderr);
    };
    child.on('error', (e) => {
      stderr += `Error: ${e.message}\n`;
      done();
    });
    child.on('close', done);
  });
}

let bin = electronBinary(root);
if ('missing' in bin && !bin.missing.includes('npm install')) {
  const stderr = await fetchBinary();
  bin = electronBinary(root);
  if ('missing' in bin) {
    const why = downloadFailure(stderr);
    if (why) bin = { missing: `${bin.missing}; the download said: ${why}` };
  } else console.error("Electron's binary is ready.");
}
if ('missing' in bin) {
  console.error(`Herald's desktop app cannot start on this machine: ${bin.missing}. Run it in your browser instead: npm run start:browser`);
  process.exit(1);
}
buildIfNeeded(root);
const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;
// Electron's stderr goes to the terminal as it comes, except the sandbox abort and the stack trace after it.
let child;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child?.kill(signal));
process.exit(await runElectron(bin.path, [root, ...process.argv.slice(2)], { env, onChild: (c) => (child = c) }));
