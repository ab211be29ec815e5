// npm start [-- --data-dir DIR]: the desktop app. Where Electron's binary could not be fetched, say so in one line
// and point to browser mode, instead of Electron's own stack trace.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { electronBinary } from './electron-binary.mjs';
import { checkNodeVersion } from './node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
checkNodeVersion();
let bin = electronBinary(root);
if ('missing' in bin && !bin.missing.includes('npm install')) {
  // A normal first run: the electron package fetches its binary now. Its own errors are noise; ours is one line.
  console.error("Fetching Electron's binary (first run only)…");
  spawnSync(process.execPath, [path.join(root, 'node_modules/electron/install.js')], { stdio: 'ignore', timeout: 10 * 60_000 });
  bin = electronBinary(root);
}
if ('missing' in bin) {
  console.error(`Herald's desktop app cannot start on this machine: ${bin.missing}. Run it in your browser instead: npm run start:browser`);
  process.exit(1);
}
buildIfNeeded(root);
const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;
const child = spawn(bin.path, [root, ...process.argv.slice(2)], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
