// What `npm start` says while Electron's binary downloads and when Electron cannot start (issue 15), and running
// Electron with that filter (runElectron). Tested in electron-start.test.ts; scripts/start-electron.mjs uses them.
import { spawn } from 'node:child_process';

/** The lines Chromium prints when Linux refuses it a sandbox (Ubuntu 23.10+ AppArmor, or a chrome-sandbox without SUID). */
const SANDBOX_ABORT = [
  /The SUID sandbox helper binary was found, but is not configured correctly/,
  /No usable sandbox!/,
  /Failed to move to new namespace: PID namespaces supported, Network namespace supported, but failed/,
];

/** @param {string} text @returns {boolean} */
export function isSandboxAbort(text) {
  return SANDBOX_ABORT.some((re) => re.test(text));
}

/** The AppArmor profile that lets a development copy of Electron use user namespaces (as the .deb's profile does). */
/** @param {string} electronPath @returns {string} */
export function appArmorProfile(electronPath) {
  return [
    'abi <abi/4.0>,',
    'include <tunables/global>',
    '',
    `profile herald-electron-dev "${electronPath}" flags=(unconfined) {`,
    '  userns,',
    '  include if exists <local/herald-electron-dev>',
    '}',
  ].join('\n');
}

/**
 * What to do when Linux refused Electron its sandbox, instead of Chromium's FATAL line and stack trace.
 * @param {string} electronPath the Electron binary that was started
 * @returns {string}
 */
export function sandboxHelp(electronPath) {
  const sandbox = electronPath.replace(/[^/]*$/, 'chrome-sandbox');
  return [
    'Herald’s desktop app could not start: Linux refused Electron its sandbox.',
    'This happens on Ubuntu 23.10 and later, whose AppArmor rules stop programs from making user namespaces unless a',
    'profile allows them. Herald installed from its .deb package brings that profile. For this development copy, either:',
    '',
    '  1. allow this copy of Electron with an AppArmor profile (once; run again after Electron is updated):',
    '',
    "     sudo tee /etc/apparmor.d/herald-electron-dev > /dev/null <<'EOF'",
    ...appArmorProfile(electronPath)
      .split('\n')
      .map((l) => `     ${l}`),
    '     EOF',
    '     sudo apparmor_parser -r /etc/apparmor.d/herald-electron-dev',
    '',
    '  2. or give Electron’s own sandbox helper the rights it asks for:',
    '',
    `     sudo chown root:root "${sandbox}" && sudo chmod 4755 "${sandbox}"`,
    '',
    'Then run npm start again. Meanwhile Herald runs in your browser: npm run start:browser',
  ].join('\n');
}

/**
 * The progress line while the binary downloads (the electron package shows no progress of its own for 30 s).
 * @param {number} seconds since the download started
 * @param {boolean} tty whether the line is redrawn in place (a terminal) or printed now and then (a log)
 * @returns {string}
 */
export function downloadProgress(seconds, tty) {
  const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
  const text = `Fetching Electron's binary (first run only, about 100 MB)… ${seconds} s`;
  return tty ? `${frames[seconds % frames.length]} ${text}` : seconds === 0 ? text : `  still downloading… ${seconds} s`;
}

/**
 * Why the download failed, in one line, from the electron package's stack trace (null when it does not say).
 * @param {string} stderr
 * @returns {string | null}
 */
export function downloadFailure(stderr) {
  const line = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /^(?:\w*Error|RequestError|HTTPError)\b.*:/.test(l));
  return line ? line.replace(/^\w*Error:\s*/, '').slice(0, 200) : null;
}

/**
 * Electron's stderr, line by line, to the terminal, until the sandbox abort shows: from then on nothing (Chromium's
 * stack trace follows it), and `sandboxed` says so.
 * @param {(text: string) => void} write
 */
export function stderrFilter(write) {
  let pending = '';
  let sandboxed = false;
  const line = (l) => {
    if (!sandboxed && isSandboxAbort(l)) sandboxed = true;
    if (!sandboxed) write(`${l}\n`);
  };
  return {
    /** @param {string} chunk */
    push(chunk) {
      pending += chunk;
      let end;
      while ((end = pending.indexOf('\n')) >= 0) {
        line(pending.slice(0, end));
        pending = pending.slice(end + 1);
      }
    },
    end() {
      if (pending) line(pending);
      pending = '';
    },
    get sandboxed() {
      return sandboxed;
    },
  };
}

/**
 * Run Electron with the terminal's stdin and stdout; its stderr goes through stderrFilter. Resolves to the exit code
 * to leave with: Electron's own, or 1 after the sandbox explanation (printed instead of Chromium's abort).
 * @param {string} electron the binary
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, write?: (text: string) => void, onChild?: (child: import('node:child_process').ChildProcess) => void }} [options]
 * @returns {Promise<number>}
 */
export function runElectron(electron, args, options = {}) {
  const write = options.write ?? ((text) => process.stderr.write(text));
  return new Promise((resolve) => {
    const child = spawn(electron, args, { stdio: ['inherit', 'inherit', 'pipe'], env: options.env ?? process.env });
    options.onChild?.(child);
    const filter = stderrFilter(write);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => filter.push(chunk));
    child.on('error', (e) => {
      write(`Herald's desktop app could not start Electron (${e.message}). Run it in your browser instead: npm run start:browser\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      filter.end();
      if (filter.sandboxed) {
        write(`${sandboxHelp(electron)}\n`);
        resolve(1);
      } else resolve(code ?? (signal ? 1 : 0));
    });
  });
}
