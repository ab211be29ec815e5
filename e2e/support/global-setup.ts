/** Says up front what will run, so a skipped electron project is never a silent surprise. */
import fs from 'node:fs';
import { systemChromium } from './chromium';
import { electronBinary } from '../../scripts/electron-binary.mjs';

export default function globalSetup() {
  if (!fs.existsSync('dist/main/browser.cjs') || !fs.existsSync('dist/renderer/index.html')) {
    throw new Error('Herald is not built: run `npm run build` first (npm test does it).');
  }
  const chromium = systemChromium();
  console.log(`[e2e] browser project: ${chromium ? `Chromium at ${chromium}` : "Playwright's own Chromium"}`);
  const bin = electronBinary();
  console.log(
    'missing' in bin
      ? `[e2e] electron project: SKIPPED — ${bin.missing}. Browser mode runs the same specs on the same handlers.`
      : `[e2e] electron project: Electron at ${bin.path}`,
  );
}
