/**
 * Issue 30 item 7: a club mission is made in House rules — no exported file to hand-edit — with 000's Victory Points
 * by unit and its Margin of Victory, the same checks in words as the rest of House rules; then it is chosen on New
 * game, its game-night kit printed (the PDF read back with poppler, as print.spec.ts does), and the game played,
 * scored through the same code path as a built-in mission, and committed.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CampaignPage } from './pages/CampaignPage';
import { GamePage } from './pages/GamePage';
import { HomePage } from './pages/HomePage';
import { NewGamePage } from './pages/NewGamePage';
import { PrintPage } from './pages/PrintPage';
import { RulesetPage } from './pages/RulesetPage';
import { DA_KRUMPAS, foundTeamsByApi, IRON_WOLVES } from './support/teams';

const CAMPAIGN = 'Ironhold League';
const SET_UP = 'Place the fallen shrine in the centre of the table.';
const BONUS = 'A model that takes an enemy Special model out of action gains +2 EXP.';

const hasPoppler = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v pdftotext'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
/** pdftotext -layout breaks and pads lines: compare words, not spacing. */
const words = (text: string) =>
  new RegExp(
    text
      .split(/\s+/)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+'),
  );

async function campaignWithTwoTeams(page: Page) {
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign(CAMPAIGN, undefined, 'battle-honours');
  await page.getByRole('link', { name: CAMPAIGN }).click();
  const campaign = new CampaignPage(page);
  await expect(campaign.heading(CAMPAIGN)).toBeVisible();
  await campaign.addPlayer('Alice');
  await campaign.addPlayer('Bob');
  // The teams only need to exist: through the bridge (roster.spec builds one on the screen).
  await foundTeamsByApi(page, CAMPAIGN, [
    ['Alice', 'Space Marines', 'Iron Wolves', IRON_WOLVES],
    ['Bob', 'Orks', 'Da Krumpas', DA_KRUMPAS],
  ]);
  return campaign;
}

test('a club mission with 000 Victory Points by unit is made in House rules, planned, printed as a kit, played, scored and committed', async ({
  herald,
}, testInfo) => {
  test.setTimeout(240_000);
  const app = await herald.launch();
  const { page } = app;
  const campaign = await campaignWithTwoTeams(page);

  // ----- House rules → Missions: a new club mission, checked in words as it is written -----
  await page.getByRole('region', { name: 'House rules' }).getByRole('link', { name: 'Open house rules' }).click();
  const rules = new RulesetPage(page);
  await rules.waitUntilReady();
  const missions = rules.section('Missions');
  await missions.getByRole('button', { name: 'Add a club mission' }).click();
  await expect(rules.problems('Missions')).toContainText('name: is empty: write something');
  await expect(rules.reviewButton).toBeDisabled();

  await missions.getByLabel('Mission name').fill('Purge');
  await missions.getByLabel('Purge: summary').fill('Wipe out the enemy: every unit counts.');
  await missions.getByRole('button', { name: 'Add a set-up line' }).click();
  await missions.getByLabel('Set-up line 1', { exact: true }).fill(SET_UP);
  await missions.getByRole('button', { name: 'Add counters or markers' }).click();
  await missions.getByLabel('Purge: where counters 1 are placed').fill('One on the shrine, two on the table edges.');

  // 000: the Margin of Victory is "only applicable … where Victory Points are used".
  await missions.getByLabel('Purge: Margin of Victory (000)').check();
  await expect(rules.problems('Missions')).toContainText(
    'Mission "Purge" uses the Margin of Victory, which 000 gives only to missions "where Victory Points are used"',
  );
  await missions.getByLabel('Purge: Victory Points by unit (000)').check();
  await expect(rules.problems('Missions')).toHaveCount(0);

  await missions.getByRole('button', { name: 'Add Bonus Campaign Experience' }).click();
  await missions.getByLabel('Purge: bonus EXP 1 condition').fill(BONUS);
  await missions.getByLabel('Purge: bonus EXP 1 EXP').fill('2');
  await missions.getByLabel('Herald awards it for').selectOption({ label: 'Takes an enemy Special model out of action' });
  await expect(rules.problems('Missions')).toHaveCount(0);
  await missions.screenshot({ path: testInfo.outputPath('club-mission-editor.png') });

  await rules.reviewButton.click();
  await expect(rules.dialog.getByRole('list', { name: 'Changes: Missions' })).toContainText('Purge added.');
  await rules.dialog.getByRole('button', { name: 'Keep editing' }).click();
  await rules.apply('Our own mission: Purge, scored by 000 Victory Points');

  // ----- New game: the club mission is offered with the built-in ones -----
  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await campaign.newGame();
  await new NewGamePage(page).setUp({ teamA: 'Iron Wolves', teamB: 'Da Krumpas', mission: 'Purge' });
  const game = new GamePage(page);
  await expect(game.heading).toHaveText('Game 1: Iron Wolves vs Da Krumpas');
  await expect(game.plan).toContainText('Purge');
  const gameHash = await page.evaluate<string>('location.hash');

  // ----- the game-night kit prints the club's mission as written, and what Herald scores -----
  await page.getByRole('link', { name: 'Game-night kit' }).click();
  const print = new PrintPage(page);
  await print.waitUntilReady();
  const plan = print.sheet('Game plan');
  await expect(plan).toContainText('Purge');
  await expect(plan.getByRole('region', { name: 'Mission set-up' })).toContainText(SET_UP);
  await expect(plan.getByRole('region', { name: 'Bonus Campaign Experience' })).toContainText(BONUS);
  await expect(plan).toContainText('Victory Points by unit (000)');
  await expect(plan).toContainText('Margin of Victory (000)');
  // The roll-off winner has not chosen yet (issue 30 item 8): the kit gives both answers with a box to tick.
  await expect(plan).toContainText(/won the roll-off to deploy: does it deploy first or second\? ☐ .+ deploys first\s*☐ .+ deploys second/);
  if (testInfo.project.name !== 'electron' && hasPoppler) {
    const file = testInfo.outputPath('club-mission-kit.pdf');
    await print.pdf(file);
    await testInfo.attach('club-mission-kit.pdf', { path: file, contentType: 'application/pdf' });
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Game 1: Iron Wolves vs Da Krumpas');
    expect(text).toContain('Purge');
    for (const line of [SET_UP, BONUS, 'Victory Points by unit (000)', 'Margin of Victory (000)', 'Post-game slip']) expect(text).toMatch(words(line));
  }

  // ----- the result: one Ork Boy (6 pts) down is 6 VP by unit, within 10% of the points limit: a Draw -----
  await page.evaluate(`location.hash = ${JSON.stringify(gameHash)}`);
  await expect(game.heading).toHaveText('Game 1: Iron Wolves vs Da Krumpas');
  await game.takenOut('Da Krumpas', 'Snag', 'Sergeant Tarkus', 'Shooting');
  await game.waitUntilSaved();
  await expect(game.problems).toHaveCount(0);
  await expect(game.liveScore).toContainText('Victory Points by unit: Snag was destroyed: its 6 points.');
  await expect(game.liveScore).toContainText(/of the \d+-point limit: a Draw \(000 · Margin of Victory\)/);
  await expect(game.liveScore).toContainText('Margin of Victory (000, chosen by the mission): Draw');

  for (const step of ['Injuries', 'Experience', 'Requisition', 'Review'] as const) await game.next(step);
  await game.commit();

  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await expect(campaign.game(1)).toContainText('Purge');
});
