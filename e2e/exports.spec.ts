/**
 * Issue 22, things players take home: the standings, games and models as CSV (downloaded in browser mode, the bytes
 * read back: UTF-8 BOM, CRLF, RFC 4180 quoting, a formula-looking team name made safe), and the campaign pack printed
 * to PDF (headless Chromium's page.pdf of the print route) and read back with pdftotext: the standings, then each
 * roster on its own page.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { PrintPage } from './pages/PrintPage';
import { invoke } from './support/invoke';
import { playedCampaign } from './support/played-campaign';

const CAMPAIGN = 'Vraks Take-Home';
const ORKS = '=SUM(A1:A9), "Da Boyz"';

const hasPoppler = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v pdftotext && command -v pdfinfo'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const NO_POPPLER = 'poppler-utils (pdftotext, pdfinfo) is not installed: the pack PDF cannot be read back. Debian/Ubuntu: apt-get install poppler-utils.';
if (!hasPoppler) console.log(`[e2e] exports.spec.ts: pack PDF check SKIPPED — ${NO_POPPLER}`);

test('CSV exports download with a BOM, RFC 4180 quoting and formula cells made safe', async ({ herald }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'Electron saves CSVs through main’s save dialog (not automated here); the browser project checks the bytes.');
  const { page } = await herald.launch();
  const c = await playedCampaign(page, CAMPAIGN, ORKS);
  await invoke(page, 'notes.set', {
    campaignId: c.campaignId,
    subjectKind: 'game',
    subjectId: c.gameId,
    text: 'Kaelen held the ridge, "barely".\nSkorcha burned out.',
  });

  const take = page.getByRole('region', { name: 'Take home' });
  const download = async (label: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), take.getByRole('button', { name: label }).click()]);
    const saved = testInfo.outputPath(file.suggestedFilename());
    await file.saveAs(saved);
    await testInfo.attach(path.basename(saved), { path: saved, contentType: 'text/csv' });
    return { name: file.suggestedFilename(), bytes: fs.readFileSync(saved) };
  };

  const standings = await download('Standings (CSV)');
  expect(standings.name).toMatch(/^Vraks-Take-Home-standings-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...standings.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = standings.bytes.toString('utf8').slice(1);
  expect(text.split('\r\n')[0]).toBe('Place,Team,Player,Faction,Games,Wins,Draws,Losses,VP for,VP against,Requisition,Threat,Models lost');
  // The Orks' name starts with "=": a spreadsheet would run it; it is written with a leading ' and quoted (comma, quotes).
  expect(text).toContain(`"'=SUM(A1:A9), ""Da Boyz""",Bob,`);
  expect(text).not.toMatch(/(^|,)"?=SUM/m);
  expect(text.endsWith('\r\n')).toBe(true);
  await expect(take.getByRole('status')).toHaveText(/^Downloaded Vraks-Take-Home-standings-/);

  const games = (await download('Games (CSV)')).bytes.toString('utf8');
  expect(games.charCodeAt(0)).toBe(0xfeff);
  expect(games).toContain(`"Kaelen held the ridge, ""barely"".\nSkorcha burned out."\r\n`);
  expect(games).toContain(`,Iron Wolves,Alice,`);

  const models = (await download('Models (CSV)')).bytes.toString('utf8');
  expect(models.slice(1).split('\r\n')[0]).toBe('Team,Player,Model,Type,Status,Level,EXP,Games,Kills,Injuries,Advances,Honours,Note');
  expect(models).toMatch(/\r\nIron Wolves,Alice,Kaelen,[^,]+,active,\d+,\d+,1,1,/);
});

test('the campaign pack: standings and records, then every roster on its own page, as PDF', async ({ herald }, testInfo) => {
  test.skip(
    testInfo.project.name === 'electron',
    'page.pdf() is headless Chromium only; in Electron print.pdf renders the same route with printToPDF behind a save dialog.',
  );
  test.skip(!hasPoppler, NO_POPPLER);
  const { page } = await herald.launch();
  await playedCampaign(page, CAMPAIGN);

  await page.getByRole('region', { name: 'Take home' }).getByRole('link', { name: 'Print campaign pack' }).click();
  const print = new PrintPage(page);
  await print.waitUntilReady();
  await expect(print.sheet('Campaign pack')).toContainText('Rosters in this pack');
  await expect(print.sheet(/^Roster sheet: /)).toHaveCount(2);

  const file = testInfo.outputPath('campaign-pack.pdf');
  await print.pdf(file);
  await testInfo.attach('campaign-pack.pdf', { path: file, contentType: 'application/pdf' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  const pageText = (n: number) => execFileSync('pdftotext', ['-layout', '-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' });
  // A cover, then one page per five-model roster.
  expect(pages).toBe(3);
  const first = pageText(1);
  expect(first).toMatch(/CAMPAIGN PACK/i);
  expect(first).toMatch(/STANDINGS/i);
  expect(first).toMatch(/Most kills\s+Kaelen \(Iron Wolves\) · 1 kill/);
  expect(first).toMatch(/1\. Da Boyz · Bob\s+2\. Iron Wolves · Alice/);
  // Each roster starts its own page, in standings order.
  const rest = [pageText(2), pageText(3)];
  const head = (t: string) => t.trim().split('\n').slice(0, 4).join('\n');
  expect(head(rest[0]!)).toMatch(/ROSTER SHEET[\s\S]*Da Boyz/i);
  expect(head(rest[1]!)).toMatch(/ROSTER SHEET[\s\S]*Iron Wolves/i);
  expect(rest.join('\n')).toContain('Kaelen');
  expect(rest.join('\n')).toContain('Skorcha');
});
