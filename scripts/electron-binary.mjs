// Is Electron's binary here? The `electron` npm package downloads it from GitHub on first run, which some machines
// (ours among them) cannot reach. This looks without triggering that download.
import fs from 'node:fs';
import path from 'node:path';

/** @param {string} [root] @returns {{ path: string } | { missing: string }} */
export function electronBinary(root = process.cwd()) {
  const pkg = path.join(root, 'node_modules', 'electron');
  if (!fs.existsSync(pkg)) return { missing: 'the electron package is not installed (run npm install)' };
  const pathFile = path.join(pkg, 'path.txt');
  if (!fs.existsSync(pathFile)) {
    return { missing: "Electron's binary was never downloaded (it comes from GitHub on first run; node_modules/electron/path.txt is missing)" };
  }
  const exe = path.join(pkg, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  if (!fs.existsSync(exe)) return { missing: `Electron's binary is missing (${exe})` };
  return { path: exe };
}
