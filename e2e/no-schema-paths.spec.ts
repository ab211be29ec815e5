/**
 * Issue 17: no schema path and no zod wording ever reaches a screen. Bad values typed into every field of the roster
 * builder (draft and founded) get a message in words next to the field, the summary never says "legal" while one
 * stands, the draft goes on saving the rest, and the message goes when the value is fixed.
 * (The team-list editor has its own test of the same kind, e2e/team-list-editor.spec.ts, by its author.)
 */
import { expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { CampaignPage } from './pages/CampaignPage';
import { HomePage } from './pages/HomePage';
import { RosterPage } from './pages/RosterPage';

/** A schema path ("roster.models.0.grenades"), or zod's own words. */
const DEVELOPER_WORDS = /\b[A-Za-z]\w*\.\d+\.[A-Za-z][\w-]*|\bexpected\b|\breceived\b|Too big|Too small|Invalid input|Invalid option|Unrecognized key|<=|>=/;

async function noDeveloperWords(page: Page, where: string) {
  const text = await page.locator('body').innerText();
  expect(text, where).not.toMatch(DEVELOPER_WORDS);
}

/** Types into a number field the way a person does (select all, type), then lets Svelte react. */
async function typeInto(field: Locator, value: string) {
  await field.fill(value);
}

test('bad values in every roster-builder field: words next to the field, never a path, cleared when fixed', async ({ herald }) => {
  test.setTimeout(120_000);
  const app = await herald.launch();
  const { page } = app;
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign('Paths');
  await page.getByRole('link', { name: 'Paths' }).click();
  const campaign = new CampaignPage(page);
  await campaign.addPlayer('Alice');
  await campaign.createTeam('Alice', 'Imperial Guard', 'Hydra Platoon');
  const roster = new RosterPage(page);
  await expect(page.getByRole('heading', { name: /Hydra Platoon/, level: 1 })).toBeVisible();

  // ----- extra grenades: 25 (the walkthrough's "Too big: expected number to be <=20"), −3, 2.5, then 2 -----
  const harker = await roster.addModel('Veteran Sergeant', 'Sergeant Harker');
  const frag = harker.getByLabel(/Extra frag\/assault grenades/);
  const cases: [string, string][] = [
    ['25', 'Extra frag/assault grenades on Sergeant Harker: at most 20.'],
    ['-3', 'Extra frag/assault grenades on Sergeant Harker: cannot be negative.'],
    ['2.5', 'Extra frag/assault grenades on Sergeant Harker: a whole number, please.'],
  ];
  for (const [value, message] of cases) {
    await typeInto(frag, value);
    await expect(harker.locator('.field-error')).toHaveText(message);
    await expect(frag).toHaveAttribute('aria-invalid', 'true');
    await expect(roster.problems).toContainText(message);
    await expect(roster.problems).not.toContainText('legal');
    await expect(page.getByRole('button', { name: 'Found the team…' })).toBeDisabled();
    await noDeveloperWords(page, `grenades ${value}`);
  }
  // The rest still saves while the value is refused: a rename goes through.
  await harker.getByLabel('Name').fill('Sergeant Harker the Elder');
  const elder = roster.card('Sergeant Harker the Elder');
  await expect(elder.locator('.field-error')).toHaveText('Extra frag/assault grenades on Sergeant Harker the Elder: a whole number, please.');
  await roster.waitUntilSaved();
  const elderFrag = elder.getByLabel(/Extra frag\/assault grenades/);
  await typeInto(elderFrag, '2');
  await expect(elder.locator('.field-error')).toHaveCount(0);
  await expect(elderFrag).not.toHaveAttribute('aria-invalid', 'true');
  await expect(roster.problems).not.toContainText('Extra frag');
  await expect(elder.getByLabel('Model points')).toHaveText('12 pts'); // 10 + 2 × 1 pt

  // ----- squad size: 0 (the walkthrough's stale "Too small" message), empty, 60, 11, then 6 -----
  await roster.addModel('Guardsman Squad', 'Second Squad');
  const squad = roster.card('Second Squad');
  const size = squad.getByLabel(/Models in squad/);
  for (const [value, message] of [
    ['0', 'Models in the squad on Second Squad: at least 1.'],
    ['', 'Models in the squad on Second Squad: give a number.'],
    ['60', 'Models in the squad on Second Squad: at most 50.'],
  ] as const) {
    await typeInto(size, value);
    await expect(squad.locator('.field-error')).toHaveText(message);
    await expect(roster.problems).toContainText(message);
    await expect(roster.problems).not.toContainText('legal');
    await noDeveloperWords(page, `squad size ${value}`);
  }
  // A size the schema takes but the list does not: the roster's own rule, in words.
  await typeInto(size, '11');
  await expect(squad.locator('.field-error')).toHaveCount(0);
  await expect(roster.problems).toContainText('Second Squad has 11 models; a Guardsman Squad has 5 to 10.');
  await typeInto(size, '6');
  await expect(roster.problems).not.toContainText('Second Squad has');
  await expect(roster.problems).not.toContainText('Models in the squad');
  await roster.waitUntilSaved();
  await noDeveloperWords(page, 'squad fixed');

  // The fixed values are what was saved.
  await page.reload();
  await expect(roster.card('Second Squad').getByLabel(/Models in squad/)).toHaveValue('6');
  await expect(roster.card('Sergeant Harker the Elder').getByLabel(/Extra frag\/assault grenades/)).toHaveValue('2');
  await expect(roster.card('Sergeant Harker the Elder').locator('.field-error')).toHaveCount(0);

  // ----- a legal team, founded: the founded team's fields -----
  await roster.addModel('Guardsman', 'Trooper Lenz');
  await roster.addModel('Guardsman', 'Trooper Mott');
  await expect(roster.problems).toHaveText('No problems: this roster is legal.');
  await roster.waitUntilSaved();
  await page.getByRole('button', { name: 'Found the team…' }).click();
  await page.getByRole('button', { name: 'Found the team', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Ledger' })).toContainText('Founded');

  // A staged wargear change with a refused value cannot be bought.
  const lenz = roster.card('Trooper Lenz');
  await typeInto(lenz.getByLabel(/Extra frag\/assault grenades/), '21');
  await expect(lenz.locator('.field-error')).toHaveText('Extra frag/assault grenades on Trooper Lenz: at most 20.');
  await noDeveloperWords(page, 'founded grenades 21');
  await typeInto(lenz.getByLabel(/Extra frag\/assault grenades/), '1');
  await expect(lenz.locator('.field-error')).toHaveCount(0);
  await expect(lenz.getByRole('button', { name: /Save change/ })).toBeEnabled();
  await lenz.getByRole('button', { name: 'Undo' }).click();

  // Requisition: 0, too much, no number — each refused in words.
  const amount = page.getByLabel('Req (+ or −)');
  const reason = page.getByLabel('Reason', { exact: true });
  for (const [value, message] of [
    ['0', 'An adjustment of 0 changes nothing.'],
    ['99999', 'This number is too large: at most 10000.'],
    ['', 'Give a number.'],
  ] as const) {
    await typeInto(amount, value);
    await reason.fill('carried over from paper');
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(page.locator('.summary-column .field-error')).toContainText(message);
    await noDeveloperWords(page, `requisition ${value}`);
  }
  await typeInto(amount, '5');
  await reason.fill('');
  await page.getByRole('button', { name: 'Record' }).click();
  await expect(page.locator('.summary-column .field-error')).toContainText('Say why (it is kept in the team’s ledger).');
  await reason.fill('carried over from paper');
  await page.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByRole('list', { name: 'Ledger' })).toContainText('carried over from paper');
  await expect(page.locator('.summary-column .field-error')).toHaveCount(0);

  // A recruit's fields, and the team's name.
  const add = page.getByLabel('Recruit', { exact: true });
  await add.selectOption({ label: (await add.locator('option').allTextContents()).find((t) => t.startsWith('Guardsman —'))! });
  await page.getByRole('button', { name: 'Recruit…' }).click();
  // The recruit's card comes first, above the roster.
  await roster.cards.first().getByLabel('Name').fill('Trooper Vance');
  const vance = roster.card('Trooper Vance');
  await typeInto(vance.getByLabel(/Extra frag\/assault grenades/), '-1');
  await expect(vance.locator('.field-error')).toHaveText('Extra frag/assault grenades on Trooper Vance: cannot be negative.');
  await expect(vance.getByRole('button', { name: /Recruit for/ })).toBeDisabled();
  await noDeveloperWords(page, 'recruit grenades');
  await vance.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByLabel('New team name').fill('   ');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.summary-column .field-error')).toContainText('Give the team a name.');
  await noDeveloperWords(page, 'rename');
});
