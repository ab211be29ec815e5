/**
 * Stand-ins for Electron's Linux, Windows and macOS distributions, for scripts/packaging.test.ts: Electron's real
 * binaries cannot be downloaded everywhere `npm test` runs, and for `--dir` electron-builder only copies the
 * distribution, renames the executables, edits their resources (Windows) or Info.plist (macOS) and flips the fuses.
 * So a stand-in has the files electron-builder touches (executables, version, licences, resources/, locales/) and a
 * file that carries a real fuse wire, set to Electron's defaults, which @electron/fuses finds and flips exactly as in
 * the real binary. What it cannot prove: that Electron itself starts.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The marker Electron puts in front of its fuse wire (github.com/electron/fuses, src/constants.ts). */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/** The fuse wire, version 1, in wire order. */
export const FUSES = [
  'RunAsNode',
  'EnableCookieEncryption',
  'EnableNodeOptionsEnvironmentVariable',
  'EnableNodeCliInspectArguments',
  'EnableEmbeddedAsarIntegrityValidation',
  'OnlyLoadAppFromAsar',
  'LoadBrowserProcessSpecificV8Snapshot',
  'GrantFileProtocolExtraPrivileges',
] as const;
export type Fuse = (typeof FUSES)[number];
export type FuseState = 'on' | 'off' | 'removed' | 'unknown';

/** Electron's own defaults: '1' on, '0' off (as shipped, before any flip). */
const ELECTRON_DEFAULT_WIRE = '10110001';

const STAND_IN_SCRIPT = '#!/bin/sh\necho "Stand-in for Electron (packaging test): not runnable." >&2\nexit 1\n';

/** The fuse wire as Electron ships it: sentinel, wire version 1, length, then Electron's defaults. */
function defaultFuseWire(): Buffer {
  return Buffer.concat([Buffer.from(FUSE_SENTINEL), Buffer.from([1, FUSES.length]), Buffer.from(ELECTRON_DEFAULT_WIRE)]);
}

function writeCommonFiles(dir: string, electronVersion: string) {
  fs.mkdirSync(path.join(dir, 'resources'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'locales'));
  fs.writeFileSync(path.join(dir, 'locales', 'en-US.pak'), '');
  fs.writeFileSync(path.join(dir, 'version'), electronVersion);
  fs.writeFileSync(path.join(dir, 'LICENSE'), 'Stand-in for the Electron licence (MIT).\n');
  fs.writeFileSync(path.join(dir, 'LICENSES.chromium.html'), '<!doctype html><title>Stand-in</title>\n');
}

/** Writes a stand-in Linux distribution into `dir` (which must not exist yet) and returns `dir`. */
export function makeStandInElectron(dir: string, electronVersion: string): string {
  writeCommonFiles(dir, electronVersion);
  // A shell script that says what it is, with the fuse wire in a trailing comment.
  const script = Buffer.concat([Buffer.from(`${STAND_IN_SCRIPT}# `), defaultFuseWire(), Buffer.from('\n')]);
  fs.writeFileSync(path.join(dir, 'electron'), script, { mode: 0o755 });
  return dir;
}

/**
 * Writes a stand-in Windows distribution: electron.exe is `peExecutable` (any Windows program with a version
 * resource, which electron-builder edits: version, icon, asar integrity) with the fuse wire appended.
 */
export function makeStandInElectronWin(dir: string, electronVersion: string, peExecutable: string): string {
  writeCommonFiles(dir, electronVersion);
  fs.writeFileSync(path.join(dir, 'electron.exe'), Buffer.concat([fs.readFileSync(peExecutable), defaultFuseWire()]));
  return dir;
}

const plist = (entries: Record<string, string>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n` +
  `<plist version="1.0"><dict>${Object.entries(entries)
    .map(([k, v]) => `<key>${k}</key><string>${v}</string>`)
    .join('')}</dict></plist>\n`;

/**
 * Writes a stand-in macOS distribution: Electron.app with the Info.plists electron-builder rewrites, the main and
 * helper executables it renames, and Electron Framework carrying the fuse wire (where Electron keeps it on macOS).
 */
export function makeStandInElectronMac(dir: string, electronVersion: string): string {
  const contents = path.join(dir, 'Electron.app', 'Contents');
  const helper = path.join(contents, 'Frameworks', 'Electron Helper.app', 'Contents');
  const framework = path.join(contents, 'Frameworks', 'Electron Framework.framework');
  for (const d of [path.join(contents, 'MacOS'), path.join(contents, 'Resources'), path.join(helper, 'MacOS'), framework]) fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(dir, 'version'), electronVersion);
  fs.writeFileSync(path.join(dir, 'LICENSE'), 'Stand-in for the Electron licence (MIT).\n');
  fs.writeFileSync(path.join(dir, 'LICENSES.chromium.html'), '<!doctype html><title>Stand-in</title>\n');
  fs.writeFileSync(
    path.join(contents, 'Info.plist'),
    plist({
      CFBundleExecutable: 'Electron',
      CFBundleIconFile: 'electron.icns',
      CFBundleIdentifier: 'com.github.Electron',
      CFBundleName: 'Electron',
      CFBundleVersion: electronVersion,
    }),
  );
  fs.writeFileSync(path.join(contents, 'Resources', 'electron.icns'), '');
  fs.writeFileSync(path.join(contents, 'MacOS', 'Electron'), STAND_IN_SCRIPT, { mode: 0o755 });
  fs.writeFileSync(
    path.join(helper, 'Info.plist'),
    plist({ CFBundleExecutable: 'Electron Helper', CFBundleIdentifier: 'com.github.Electron.helper', CFBundleName: 'Electron Helper' }),
  );
  fs.writeFileSync(path.join(helper, 'MacOS', 'Electron Helper'), STAND_IN_SCRIPT, { mode: 0o755 });
  fs.writeFileSync(path.join(framework, 'Electron Framework'), defaultFuseWire());
  return dir;
}

/** Reads the fuse wire back from an executable, independently of @electron/fuses. */
export function readFuses(executable: string): Record<Fuse, FuseState> {
  const bytes = fs.readFileSync(executable);
  const at = bytes.indexOf(FUSE_SENTINEL);
  if (at < 0) throw new Error(`No fuse wire in ${executable}`);
  if (bytes.indexOf(FUSE_SENTINEL, at + 1) >= 0) throw new Error(`More than one fuse wire in ${executable}`);
  const version = bytes[at + FUSE_SENTINEL.length];
  const length = bytes[at + FUSE_SENTINEL.length + 1] ?? 0;
  if (version !== 1) throw new Error(`Fuse wire version ${version} in ${executable}, expected 1`);
  const states = {} as Record<Fuse, FuseState>;
  FUSES.forEach((fuse, i) => {
    const byte = i < length ? bytes[at + FUSE_SENTINEL.length + 2 + i] : undefined;
    states[fuse] = byte === 0x31 ? 'on' : byte === 0x30 ? 'off' : byte === 0x72 ? 'removed' : 'unknown';
  });
  return states;
}
