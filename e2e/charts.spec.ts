/**
 * Issue 33: the campaign as pictures. A campaign played over three game nights (a recruit bought between two of
 * them) shows its standings over time on the campaign page, each team's Threat and Req and each model's career on
 * the team page, the same charts on the phones at 390 px without sideways scrolling, the standings chart in the
 * bulletin's and the campaign pack's PDFs, and each team's Threat and Req on its roster sheet in the pack (read back
 * with pdftotext; pages rendered with pdftoppm and kept as artefacts, with screenshots of every screen).
 */
import { execFileSync } from 'node:child_process';
import { devices, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { invoke } from './support/invoke';
import { playedCampaign } from './support/played-campaign';
import { PrintPage } from './pages/PrintPage';

const CAMPAIGN = 'Charted League';
const hasPoppler = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v pdftotext && command -v pdftoppm'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A chart (a figure named by its title): its picture is there, named, and its numbers are in its table. */
async function expectChart(chart: Locator, title: string | RegExp, rows: number) {
  await expect(chart).toBeVisible();
  await expect(chart.getByRole('img', { name: title })).toBeVisible();
  await expect(chart.getByRole('table').getByRole('row')).toHaveCount(rows + 1);
}

/** Nothing on the phone page is wider than the screen: the page does not scroll sideways, and no chart sticks out. */
async function expectFitsPhone(phone: Page) {
  const { scroll, client, widest } = await phone.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    widest: Math.max(0, ...[...document.querySelectorAll('figure svg')].map((s) => s.getBoundingClientRect().right)),
  }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
  expect(widest, 'a chart is wider than the screen').toBeLessThanOrEqual(client);
}

test('standings, Threat, Req and careers as charts: campaign page, team page, phone at 390 px, bulletin and pack PDFs', async ({
  herald,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'Phones and page.pdf() are the browser project’s; Electron shows the same renderer.');
  const app = await herald.launch();
  const page = app.page;
  const c = await playedCampaign(page, CAMPAIGN, 'Da Boyz', '2026-10-04');
  // Between nights the Iron Wolves recruit; then two more nights of games.
  await invoke(page, 'teams.recruit', {
    id: c.marines,
    model: { id: 'ignored', entryId: 'tactical-marine', name: 'Brother Novus', options: {}, armoury: [], grenades: {} },
  });
  // Night 2: Gorbag takes out Tarkus (the Orks win by Assassination); night 3: Kaelen takes out Gorbag.
  for (const [playedOn, teamA, teamB, victim, by] of [
    ['2026-10-11', c.orks, c.marines, 'Tarkus', 'Gorbag'],
    ['2026-10-18', c.marines, c.orks, 'Gorbag', 'Kaelen'],
  ] as const) {
    const g = await invoke(page, 'games.create', { campaignId: c.campaignId, teamA, teamB, mission: 'skirmish', playedOn });
    const draft = structuredClone(g.draft);
    draft.report.models = draft.report.models.map((x) =>
      x.id === c.ids.get(victim) ? { ...x, aliveAtEnd: false, outOfAction: { by: c.ids.get(by)!, how: 'melee' as const } } : x,
    );
    await invoke(page, 'games.saveDraft', { id: g.game.id, draft });
    const done = await invoke(page, 'games.commit', { id: g.game.id });
    expect(done.game.winner, `${by}'s side (side A) won the game of ${playedOn}`).toBe('a');
  }
  await page.reload();

  // The campaign page: the chart is folded under the standings and opens on a click.
  await page.getByText('Standings over time (chart)').click();
  const standings = page.getByRole('figure', { name: 'Standings over time' });
  await expectChart(standings, /Standings over time/, 3);
  await expect(standings.getByRole('img')).toHaveAccessibleDescription(
    /Wins after each of 3 game nights from (4 Oct|Oct 4,) 2026 to (18 Oct|Oct 18,) 2026, for 2 teams/,
  );
  // The legend (the table's column headings say the same to a screen reader).
  await expect(standings.locator('li', { hasText: 'Iron Wolves (Alice)' })).toBeVisible();
  await expect(standings.locator('li', { hasText: 'Da Boyz (Bob)' })).toBeVisible();
  await standings.scrollIntoViewIfNeeded();
  await standings.screenshot({ path: testInfo.outputPath('campaign-standings-chart.png') });

  // The team page's history: Threat and Req, and Kaelen's career.
  await page.evaluate((id) => (location.hash = `#/teams/${id}`), c.marines);
  await page.getByRole('tab', { name: 'History' }).click();
  const threat = page.getByRole('figure', { name: 'Threat over time' });
  const req = page.getByRole('figure', { name: 'Req over time' });
  await expectChart(threat, 'Threat over time', 3);
  await expectChart(req, 'Req over time', 3);
  const kaelen = page.getByRole('figure', { name: 'Kaelen: EXP over its 3 games' });
  await expectChart(kaelen, /Kaelen: EXP/, 3);
  await expect(page.getByRole('figure', { name: 'Brother Novus: EXP over its 2 games' })).toBeVisible();
  await page.getByRole('region', { name: 'Threat and Req over time' }).screenshot({ path: testInfo.outputPath('team-charts.png') });
  await kaelen.screenshot({ path: testInfo.outputPath('career-chart.png') });

  // Skorcha's injury roll in game 1 is marked on his career.
  await page.evaluate((id) => (location.hash = `#/teams/${id}`), c.orks);
  await page.getByRole('tab', { name: 'History' }).click();
  const skorcha = page.getByRole('figure', { name: /^Skorcha: EXP over/ });
  await expect(skorcha.getByRole('table')).toContainText('Injury:');
  await expect(skorcha.locator('li', { hasText: 'Injury roll' })).toBeVisible();
  await skorcha.screenshot({ path: testInfo.outputPath('career-chart-injury.png') });

  // The phones: the Club Wi-Fi view on this laptop only, a phone 390 px wide.
  const status = await invoke(page, 'lan.start', { address: '127.0.0.1', port: 0 });
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  try {
    await phone.goto(status.url!);
    await expect(phone.getByRole('heading', { name: CAMPAIGN, level: 1 })).toBeVisible();
    await expectChart(phone.getByRole('figure', { name: 'Standings over time' }), /Standings over time/, 3);
    await expectFitsPhone(phone);
    await phone.screenshot({ path: testInfo.outputPath('phone-campaign.png'), fullPage: true });

    await phone.getByRole('table', { name: 'Standings', exact: true }).getByRole('link', { name: 'Iron Wolves' }).click();
    await expectChart(phone.getByRole('figure', { name: 'Threat over time' }), 'Threat over time', 3);
    await expectChart(phone.getByRole('figure', { name: 'Req over time' }), 'Req over time', 3);
    await expectFitsPhone(phone);
    await phone.screenshot({ path: testInfo.outputPath('phone-team.png'), fullPage: true });

    await phone.getByRole('link', { name: 'Kaelen' }).click();
    await expectChart(phone.getByRole('figure', { name: 'Kaelen: EXP over its 3 games' }), /Kaelen: EXP/, 3);
    await expectFitsPhone(phone);
    await phone.screenshot({ path: testInfo.outputPath('phone-model.png'), fullPage: true });
  } finally {
    await context.close();
    await invoke(page, 'lan.stop', {});
  }

  // The bulletin and the campaign pack as PDF: the chart's title, axis and legend are in the text.
  test.skip(!hasPoppler, 'poppler-utils (pdftotext, pdftoppm) is not installed: the PDFs cannot be read back.');
  for (const kind of ['bulletin', 'pack'] as const) {
    await page.evaluate(([k, id]) => (location.hash = `#/print/${k}/${id}?paper=a4`), [kind, c.campaignId] as const);
    const print = new PrintPage(page);
    await print.waitUntilReady();
    await expect(page.getByRole('figure', { name: 'Standings over time' })).toBeVisible();
    const file = testInfo.outputPath(`${kind}.pdf`);
    await print.pdf(file);
    const text = execFileSync('pdftotext', ['-layout', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    expect(text, kind).toContain('Standings over time');
    expect(text, kind).toContain('Game night');
    expect(text, kind).toContain('Wins');
    expect(text, kind).toContain('Iron Wolves (Alice)');
    expect(text, kind).toMatch(/Oct/);
    execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', file, testInfo.outputPath(`${kind}-page`)]);
    if (kind === 'pack') {
      // Each roster sheet carries its team's Threat and Req over time, as the team page does.
      await expect(page.getByRole('region', { name: 'Threat and Req over time: Iron Wolves' })).toBeVisible();
      const all = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(all.match(/Threat over time/g)?.length ?? 0, 'one Threat chart per founded team').toBeGreaterThanOrEqual(2);
      expect(all).toContain('Req over time');
    }
  }
});
