/**
 * Runs electron-builder `--dir` from electron-builder.yml against a stand-in Electron (./stand-in-electron.ts), for
 * scripts/packaging.test.ts. Every HTTP(S) proxy points at a closed port and electron-builder's cache is a fresh
 * folder, so anything it tried to download would fail the build instead of quietly coming from the network or a cache.
 */
import { listPackage, statFile } from '@electron/asar';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

export type Platform = 'linux' | 'win' | 'mac';

export interface Packed {
  /** The unpacked app (release/linux-unpacked, win-unpacked, mac/Herald.app as `npm run dist` would make it). */
  appDir: string;
  /** Where app.asar, app.asar.unpacked and migrations are (resources/, or Contents/Resources on macOS). */
  resourcesDir: string;
  asar: string;
  /** Files (not folders) in app.asar, as forward-slash paths without the leading slash. */
  files: string[];
  /** electron-builder's log. */
  log: string;
}

export function electronVersion(): string {
  return (require('electron/package.json') as { version: string }).version;
}

/**
 * Packs, and packs again (up to three times) if dist/ changed meanwhile: in a working tree shared with other work, a
 * rebuild can empty dist/ under electron-builder's feet. `built` lists dist/ as it was packed (no source maps).
 */
export function packSteady(platform: Platform, arch: 'x64' | 'arm64', electronDist: string, work: string): Packed & { built: string[] } {
  for (let attempt = 1; ; attempt++) {
    const before = distStamp();
    let packed: Packed | undefined;
    let error: unknown;
    try {
      packed = pack(platform, arch, electronDist, work);
    } catch (e) {
      error = e;
    }
    if (distStamp() === before) {
      if (!packed) throw error;
      return { ...packed, built: walk(path.join(root, 'dist')).filter((f) => !f.endsWith('.map')) };
    }
    if (attempt === 3) throw new Error('dist/ kept changing while packing: something else is rebuilding it.');
  }
}

/** Every file of dist/ with its size and time: changes whenever anything rebuilds it. */
function distStamp(): string {
  const dist = path.join(root, 'dist');
  try {
    return walk(dist)
      .map((f) => {
        const st = fs.statSync(path.join(dist, f), { throwIfNoEntry: false });
        return `${f} ${st?.size} ${st?.mtimeMs}`;
      })
      .join('\n');
  } catch (e) {
    return `changing: ${String(e)} ${process.hrtime.bigint()}`; // a folder vanished while it was listed
  }
}

export function pack(platform: Platform, arch: 'x64' | 'arm64', electronDist: string, work: string): Packed {
  const out = path.join(work, `out-${platform}`);
  fs.rmSync(out, { recursive: true, force: true });
  const closed = 'http://127.0.0.1:9';
  const run = spawnSync(
    process.execPath,
    [
      require.resolve('electron-builder/cli.js'),
      `--${platform}`,
      'dir',
      `--${arch}`,
      `-c.electronDist=${electronDist}`,
      `-c.directories.output=${out}`,
      // The stand-in cannot be code-signed, and off macOS there is no codesign to re-sign it with.
      ...(platform === 'mac' ? ['-c.electronFuses.resetAdHocDarwinSignature=false'] : []),
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        // Not VITEST: electron-builder goes silent under it, and its log is what shows nothing was downloaded.
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))),
        ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
        ELECTRON_BUILDER_CACHE: path.join(work, `cache-${platform}`),
        CSC_IDENTITY_AUTO_DISCOVERY: 'false',
        HTTP_PROXY: closed,
        HTTPS_PROXY: closed,
        http_proxy: closed,
        https_proxy: closed,
        NO_PROXY: '',
        no_proxy: '',
      },
      timeout: 110_000,
    },
  );
  const log = `${run.stdout}\n${run.stderr}`;
  if (run.status !== 0) throw new Error(`electron-builder --${platform} dir failed (${run.status ?? run.signal}):\n${log}`);
  const unpacked = fs.readdirSync(out).find((d) => (platform === 'mac' ? /^mac(-|$)/.test(d) : d.startsWith(`${platform}-`) && d.endsWith('unpacked')));
  if (!unpacked) throw new Error(`No unpacked ${platform} app in ${out}:\n${log}`);
  const appDir = platform === 'mac' ? path.join(out, unpacked, 'Herald.app') : path.join(out, unpacked);
  const resourcesDir = platform === 'mac' ? path.join(appDir, 'Contents', 'Resources') : path.join(appDir, 'resources');
  const asar = path.join(resourcesDir, 'app.asar');
  return { appDir, resourcesDir, asar, files: asarFiles(asar), log };
}

function asarFiles(archive: string): string[] {
  return listPackage(archive, { isPack: false })
    .map((p) => p.replace(/\\/g, '/').replace(/^\//, ''))
    .filter((p) => !('files' in (statFile(archive, p) as object)));
}

/** Every file under `dir`, relative, forward slashes, sorted. */
export function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).replace(/\\/g, '/'))
    .sort();
}

/** The better-sqlite3 files an app.asar holds, relative to the package: its JavaScript, licence and prebuilds. */
export function sqliteFiles(files: string[]): string[] {
  return files.filter((f) => f.startsWith('node_modules/better-sqlite3/')).map((f) => f.slice('node_modules/better-sqlite3/'.length));
}
