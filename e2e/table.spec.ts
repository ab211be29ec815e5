/**
 * Issue 33: what the game-night spec (e2e/game-night.spec.ts, real dice typed in) does not cover at the table —
 * Herald's own dice answering a turn's prompt, and a phone on the Club Wi-Fi view following the game live, read-only.
 */
import { expect, test } from './fixtures';
import { GamePage } from './pages/GamePage';
import { HomePage } from './pages/HomePage';
import { TablePage } from './pages/TablePage';
import { foundTeamByApi, model } from './support/game-night';
import { invoke } from './support/invoke';

test('a game at the table with Herald’s dice: reserves rolled by Herald, and a phone follows the game read-only', async ({ herald }) => {
  test.setTimeout(180_000);
  const { page } = await herald.launch();
  await page.setViewportSize({ width: 1366, height: 900 });
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign('Table League');
  const campaignId = (await invoke(page, 'campaigns.list', {})).find((c) => c.name === 'Table League')!.id;
  const hydra = await foundTeamByApi(page, campaignId, 'Alice', 'imperial-guard-sample', 'Hydra Platoon', [
    model('veteran-sergeant', 'Harker'),
    model('guardsman-squad', 'Third Squad', 5),
    model('guardsman', 'Lenz'),
  ]);
  const orks = await foundTeamByApi(page, campaignId, 'Bob', 'orks-sample', 'Da Krumpas', [
    model('boss-nob', 'Grukk'),
    model('boy', 'Snag'),
    model('boy', 'Ruk'),
    model('boy', 'Gob'),
  ]);
  const { game: g } = await invoke(page, 'games.create', { campaignId, teamA: hydra, teamB: orks, mission: 'skirmish' });

  // Opened from the game's plan.
  await page.evaluate(`location.hash = ${JSON.stringify(`#/games/${g.id}`)}`);
  await new GamePage(page).plan.getByRole('link', { name: 'Play at the table' }).click();
  const table = new TablePage(page);
  await table.waitUntilReady();
  await table.setState('Hydra Platoon', 'Lenz', 'In reserve');
  await table.beginTurn(1);
  await table.casualty('Hydra Platoon', 'Third Squad (1 of 5)', { team: 'Da Krumpas', name: 'Grukk' });
  await expect(table.undo).toHaveText('Undo: Third Squad (1 of 5) out of action (by Grukk)');

  // Turn 2: Herald rolls the Reserves die when asked (app dice), and says it rolled.
  await table.beginTurn(2);
  const reserves = table.prompt('Reserves: Hydra Platoon');
  await reserves.getByRole('button', { name: 'Roll' }).click();
  await expect(reserves.getByRole('status')).toContainText(/Herald rolled \d/);

  // A phone on the Club Wi-Fi view follows the game (read-only).
  const lan = await invoke(page, 'lan.start', { address: '127.0.0.1', port: 0 });
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(lan.url!);
  await phone.evaluate(`location.hash = ${JSON.stringify(`#/g/${g.id}`)}`);
  const live = phone.getByRole('region', { name: 'At the table now' });
  await expect(live).toContainText('Turn 2 of 10');
  await expect(live).toContainText('Third Squad (1 of 5): out of action');
  await table.setState('Hydra Platoon', 'Harker', 'Down');
  await expect(live).toContainText('Harker: down'); // read again within the phone's 5 s
  await expect(phone.getByRole('button', { name: /Begin turn|Undo|Game over/ })).toHaveCount(0);
  await phone.close();
});
