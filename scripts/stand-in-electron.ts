/**
 * Stand-ins for Electron's Linux and Windows distributions, for scripts/packaging.test.ts: Electron's real binaries
 * cannot be downloaded everywhere `npm test` runs, and for `--dir` electron-builder only copies the distribution,
 * renames the executable, edits its resources (Windows) and flips its fuses. So a stand-in has the files
 * electron-builder touches (the executable, version, licences, resources/, locales/) and an executable that carries a
 * real fuse wire, set to Electron's defaults, which @electron/fuses finds and flips exactly as in the real binary.
 * What it cannot prove: that Electron itself starts.
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
  const script = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "Stand-in for Electron (packaging test): not runnable." >&2\nexit 1\n# '),
    defaultFuseWire(),
    Buffer.from('\n'),
  ]);
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
