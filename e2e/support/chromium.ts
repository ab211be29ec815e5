/** Debian's Chromium when it is on PATH (Playwright cannot download its own browsers on our machines). */
import { execSync } from 'node:child_process';

export function systemChromium(): string | undefined {
  if (process.env.HERALD_CHROMIUM) return process.env.HERALD_CHROMIUM;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const found = execSync(`command -v ${name}`, { stdio: ['ignore', 'pipe', 'ignore'], shell: '/bin/sh' })
        .toString()
        .trim();
      if (found) return found;
    } catch {
      // not on PATH
    }
  }
  return undefined;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
