/**
 * Issue 33, the table screen's missing pieces, with real dice typed in: a follow-up prompt (003 Twist 9 Orbital Debris:
 * "For each roll of 6, they may pick a separate enemy unit and inflict D3 mortal wounds upon it"), the Night Fighting
 * badge in the header, and a phone on the Club Wi-Fi view following the game live at 390 px, read-only.
 */
import { expect, test } from './fixtures';
import { GamePage } from './pages/GamePage';
import { HomePage } from './pages/HomePage';
import { TablePage } from './pages/TablePage';
import { foundTeamByApi, model } from './support/game-night';
import { invoke } from './support/invoke';
import { withOptionalRules } from '../shared/rules';

/** Set-up dice: the Twist 2D6 comes to 9 (Orbital Debris); every other roll from a varied sequence (no endless ties). */
function setUpFaces(): (purpose: string, expression: string) => number[] {
  const sequence = [4, 2, 5, 3, 6, 1];
  let next = 0;
  return (purpose, expression) => {
    if (/twist/i.test(purpose)) return [4, 5];
    const m = /^(\d*)D(\d+)$/i.exec(expression);
    const count = Number(m?.[1] || 1);
    const sides = Number(m?.[2] ?? 6);
    return Array.from({ length: count }, () => ((sequence[next++ % sequence.length]! - 1) % sides) + 1);
  };
}

test('at the table: Orbital Debris asks its mortal wounds after the 6s, Night Fighting shows in the header, a phone follows live', async ({ herald }) => {
  test.setTimeout(240_000);
  const app = await herald.launch();
  const page = app.page;
  await page.setViewportSize({ width: 1366, height: 900 });
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign('Debris League');
  const campaignId = (await invoke(page, 'campaigns.list', {})).find((c) => c.name === 'Debris League')!.id;
  // Real dice, and the Twist switched on (a house rule: the campaign's ruleset).
  await invoke(page, 'campaigns.updateSettings', { id: campaignId, diceMode: 'physical' });
  const rules = await invoke(page, 'rulesets.current', { id: campaignId });
  await invoke(page, 'rulesets.apply', { campaignId, ruleset: withOptionalRules(rules.ruleset, { twist: true }), expectedHash: rules.hash, reason: 'Twists' });
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
  let game = await invoke(page, 'games.create', { campaignId, teamA: hydra, teamB: orks, mission: 'skirmish' });
  const faces = setUpFaces();
  for (let i = 0; game.planPendingRoll && i < 40; i++) {
    const roll = game.planPendingRoll;
    game = await invoke(page, 'games.enterRoll', { id: game.game.id, key: roll.key, faces: faces(roll.purpose, roll.expression) });
  }
  expect(game.plan?.twist?.id).toBe('orbital-debris');

  // ----- the table screen, opened from the game's plan -----
  await page.evaluate(`location.hash = ${JSON.stringify(`#/games/${game.game.id}`)}`);
  await new GamePage(page).plan.getByRole('link', { name: 'Play at the table' }).click();
  const table = new TablePage(page);
  await table.waitUntilReady();
  const badge = page.getByRole('status').filter({ hasText: 'a unit sees' });
  await expect(badge).toHaveCount(0); // not before the first turn
  await table.beginTurn(1);
  // The club plays Night Fighting on every turn (004's Kill Team special rules): in force from turn 1.
  await expect(badge).toContainText('a unit sees 2D6 × 3" per unit (6" to 36")');
  await expect(badge).toContainText(/the club plays Night Fighting on every turn/i);

  // Orbital Debris: three dice typed in, two 6s — the D3 of mortal wounds for each is asked next.
  const debris = table.prompts
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Orbital Debris', exact: true }) })
    .first();
  const form = debris.getByRole('form', { name: 'Dice to roll' });
  await expect(form).toContainText('Roll 3D6 for Orbital Debris');
  for (const [i, f] of [6, 1, 6].entries()) await form.getByRole('spinbutton').nth(i).fill(String(f));
  await form.getByRole('button', { name: 'Enter the roll' }).click();
  await expect(debris.getByRole('status')).toContainText('Rolled 6, 1, 6: 2 × 6.');
  const wounds = table.prompt('Orbital Debris: mortal wounds');
  await expect(wounds).toContainText('Pick 2 separate enemy units, then roll a D3 for each.');
  const d3 = wounds.getByRole('form', { name: 'Dice to roll' });
  await expect(d3.getByRole('spinbutton')).toHaveCount(2);
  await expect(d3.getByRole('spinbutton').first()).toHaveAttribute('max', '3');
  await d3.getByRole('spinbutton').nth(0).fill('2');
  await d3.getByRole('spinbutton').nth(1).fill('3');
  await d3.getByRole('button', { name: 'Enter the roll' }).click();
  await expect(wounds.getByRole('status')).toContainText('Enemy unit 1: 2 mortal wounds. Enemy unit 2: 3 mortal wounds.');
  await table.casualty('Da Krumpas', 'Snag', { team: 'Hydra Platoon', name: 'Harker' });
  await page.screenshot({ path: 'test-results/table-follow-up.png', fullPage: true });

  // ----- a phone on the Club Wi-Fi view, 390 px wide -----
  const lan = await invoke(page, 'lan.start', { address: '127.0.0.1', port: 0 });
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(lan.url!);
  await phone.evaluate(`location.hash = ${JSON.stringify(`#/g/${game.game.id}`)}`);
  const live = phone.getByRole('region', { name: 'At the table now' });
  await expect(live).toContainText('Turn 1 of 10');
  await expect(phone.getByText(/being played now/)).toBeVisible();
  await expect(phone.getByText(/not played yet/)).toHaveCount(0);
  await expect(live).toContainText('Night Fighting: a unit sees 2D6 × 3" per unit');
  await expect(live).toContainText('Snag: out of action');
  await expect(live).toContainText('Orbital Debris: mortal wounds (turn 1): Enemy unit 1: 2 mortal wounds.');
  // Live: a tap on the laptop reaches the phone (read again every 5 s).
  await table.setState('Hydra Platoon', 'Lenz', 'Down');
  await expect(live).toContainText('Lenz: down');
  await expect(phone.getByRole('button', { name: /Begin turn|Undo|Game over|Enter the roll|Not this turn/ })).toHaveCount(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await phone.screenshot({ path: 'test-results/table-phone-live.png', fullPage: true });
  await phone.close();
});
