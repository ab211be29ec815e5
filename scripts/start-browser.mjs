// npm run start:browser -- [--data-dir DIR] [--port N]
// Builds if needed, then runs the browser-mode server (dist/main/browser.cjs), which prints the URL to open.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { checkNodeVersion } from './node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
checkNodeVersion();
buildIfNeeded(root);

const child = spawn(process.execPath, [path.join(root, 'dist/main/browser.cjs'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
