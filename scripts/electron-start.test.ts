import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appArmorProfile, downloadFailure, downloadProgress, isSandboxAbort, runElectron, sandboxHelp, stderrFilter } from './electron-start.mjs';

// The form of what Electron prints on Ubuntu 24.04 when AppArmor refuses it user namespaces (Chromium's FATAL line,
// then its stack trace); the paths and numbers are made up.
const SUID_ABORT = [
  "[41297:1123/101522.342342:FATAL:setuid_sandbox_host.cc(163)] The SUID sandbox helper binary was found, but is not configured correctly. Rather than run without sandboxing I'm aborting now. You need to make sure that /opt/src/herald/node_modules/electron/dist/chrome-sandbox is owned by root and has mode 4755.",
  '#0 0x5581c3a5e2a3 base::debug::CollectStackTrace()',
  '#1 0x5581c3a45d1e base::debug::StackTrace::StackTrace()',
  'Received signal 5',
].join('\n');
const NO_USABLE =
  '[2201:1123/101600.000001:FATAL:zygote_host_impl_linux.cc(127)] No usable sandbox! Update your kernel or see https://chromium.googlesource.com/chromium/src/+/main/docs/linux/suid_sandbox_development.md for more information on developing with the SUID sandbox. If you want to live dangerously and need an immediate workaround, you can try using --no-sandbox.';

describe('isSandboxAbort', () => {
  it('recognises the Linux sandbox aborts, and nothing else Electron prints', () => {
    expect(isSandboxAbort(SUID_ABORT)).toBe(true);
    expect(isSandboxAbort(NO_USABLE)).toBe(true);
    expect(isSandboxAbort('[1:1:ERROR:bus.cc(407)] Failed to connect to the bus: Could not parse server address')).toBe(false);
    expect(isSandboxAbort('Error: Cannot find module dist/main/index.cjs')).toBe(false);
    expect(isSandboxAbort('')).toBe(false);
  });
});

describe('stderrFilter', () => {
  it('passes Electron’s messages through, line by line, across chunks', () => {
    const out: string[] = [];
    const f = stderrFilter((t) => out.push(t));
    f.push('[1:1:ERROR:bus.cc(407)] Failed to conn');
    f.push('ect to the bus\nsecond line\nthird');
    f.end();
    expect(out).toEqual(['[1:1:ERROR:bus.cc(407)] Failed to connect to the bus\n', 'second line\n', 'third\n']);
    expect(f.sandboxed).toBe(false);
  });

  it('holds back the sandbox abort and the stack trace after it', () => {
    const out: string[] = [];
    const f = stderrFilter((t) => out.push(t));
    f.push('[1:1:ERROR:bus.cc(407)] Failed to connect to the bus\n');
    for (const chunk of SUID_ABORT.match(/[\s\S]{1,37}/g)!) f.push(chunk);
    f.end();
    expect(out).toEqual(['[1:1:ERROR:bus.cc(407)] Failed to connect to the bus\n']);
    expect(f.sandboxed).toBe(true);
  });
});

describe('sandboxHelp', () => {
  it('explains both fixes with the exact commands for this copy of Electron, and the fallback', () => {
    const help = sandboxHelp('/opt/src/herald/node_modules/electron/dist/electron');
    expect(help).toContain('Ubuntu 23.10');
    expect(help).toContain('.deb');
    expect(help).toContain('sudo apparmor_parser -r /etc/apparmor.d/herald-electron-dev');
    expect(help).toContain('profile herald-electron-dev "/opt/src/herald/node_modules/electron/dist/electron" flags=(unconfined) {');
    expect(help).toContain('sudo chown root:root "/opt/src/herald/node_modules/electron/dist/chrome-sandbox" && sudo chmod 4755');
    expect(help).toContain('npm run start:browser');
    expect(help).not.toMatch(/--no-sandbox/);
  });

  it('gives a profile in the form AppArmor 4 reads (as the .deb package installs)', () => {
    expect(appArmorProfile('/x/electron').split('\n')).toEqual([
      'abi <abi/4.0>,',
      'include <tunables/global>',
      '',
      'profile herald-electron-dev "/x/electron" flags=(unconfined) {',
      '  userns,',
      '  include if exists <local/herald-electron-dev>',
      '}',
    ]);
  });
});

describe('download progress', () => {
  it('redraws a spinner with the seconds on a terminal, and prints "still downloading" lines elsewhere', () => {
    expect(downloadProgress(0, true)).toBe("⠋ Fetching Electron's binary (first run only, about 100 MB)… 0 s");
    expect(downloadProgress(12, true)).toMatch(/… 12 s$/);
    expect(downloadProgress(0, false)).toBe("Fetching Electron's binary (first run only, about 100 MB)… 0 s");
    expect(downloadProgress(30, false)).toBe('  still downloading… 30 s');
  });

  it('finds the reason in the electron package’s stack trace', () => {
    expect(downloadFailure('RequestError: getaddrinfo ENOTFOUND github.com\n    at ClientRequest.<anonymous> (/x/got/index.js:1:1)')).toBe(
      'getaddrinfo ENOTFOUND github.com',
    );
    expect(downloadFailure('HTTPError: Response code 404 (Not Found) for https://github.com/electron/…')).toBe(
      'Response code 404 (Not Found) for https://github.com/electron/…',
    );
    expect(downloadFailure("Error: EACCES: permission denied, mkdir '/x'\n  at …")).toBe("EACCES: permission denied, mkdir '/x'");
    expect(downloadFailure('')).toBeNull();
  });
});

describe('runElectron, with a stand-in for the Electron binary (a Node script that prints what Chromium prints)', () => {
  /** An executable that writes `stderr` and ends as told. */
  function standIn(stderr: string, end: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-electron-'));
    const file = path.join(dir, 'electron');
    fs.writeFileSync(file, `#!${process.execPath}\nprocess.stderr.write(${JSON.stringify(stderr)});\n${end}\n`, { mode: 0o755 });
    return file;
  }

  it.skipIf(process.platform === 'win32')('explains the sandbox fixes instead of Chromium’s abort and stack trace, and leaves with 1', async () => {
    const electron = standIn(`[1:1:ERROR:bus.cc(407)] Failed to connect to the bus\n${SUID_ABORT}\n`, "process.kill(process.pid, 'SIGTRAP');");
    let printed = '';
    const code = await runElectron(electron, ['.'], { write: (t) => (printed += t) });
    expect(code).toBe(1);
    expect(printed).toContain('Failed to connect to the bus');
    expect(printed).toContain('Linux refused Electron its sandbox');
    expect(printed).toContain(`profile herald-electron-dev "${electron}"`);
    expect(printed).not.toContain('FATAL');
    expect(printed).not.toContain('CollectStackTrace');
  });

  it.skipIf(process.platform === 'win32')('passes anything else through and leaves with Electron’s own exit code', async () => {
    const electron = standIn('[1:1:ERROR:bus.cc(407)] Failed to connect to the bus\n', 'process.exit(3);');
    let printed = '';
    expect(await runElectron(electron, ['.'], { write: (t) => (printed += t) })).toBe(3);
    expect(printed).toBe('[1:1:ERROR:bus.cc(407)] Failed to connect to the bus\n');
  });

  it('says so in one line when the binary cannot be started', async () => {
    let printed = '';
    expect(await runElectron(path.join(os.tmpdir(), 'no-such-electron-binary'), [], { write: (t) => (printed += t) })).toBe(1);
    expect(printed).toMatch(/^Herald's desktop app could not start Electron \(.*ENOENT.*\)\. Run it in your browser instead: npm run start:browser\n$/);
  });
});
