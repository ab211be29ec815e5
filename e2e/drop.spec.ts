/**
 * Issue 15: a file dropped onto the window. A team list, a campaign file and a ruleset are imported as the dialogs
 * import them; anything else gets "not a Herald file" and changes nothing. The drop is a real DOM drop event carrying
 * a File in a DataTransfer, as the browser (and Electron's renderer) delivers it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { HomePage } from './pages/HomePage';
import { RulesetPage } from './pages/RulesetPage';
import { invoke } from './support/invoke';
import { presets } from '../shared/rules';

async function dropFile(page: Page, name: string, text: string, type = 'application/json') {
  // A string, not a function: this file is typed for Node, without the DOM's names.
  const dataTransfer = await page.evaluateHandle(
    `(() => { const dt = new DataTransfer(); dt.items.add(new File([${JSON.stringify(text)}], ${JSON.stringify(name)}, { type: ${JSON.stringify(type)} })); return dt; })()`,
  );
  await page.dispatchEvent('main', 'dragover', { dataTransfer });
  await page.dispatchEvent('main', 'drop', { dataTransfer });
}

/** A file of bytes (a packed campaign file, issue 29), given as base64, dropped the same way. */
async function dropBytes(page: Page, name: string, base64: string) {
  const dataTransfer = await page.evaluateHandle(
    `(() => { const b = atob(${JSON.stringify(base64)}); const bytes = new Uint8Array(b.length); for (let i = 0; i < b.length; i++) bytes[i] = b.charCodeAt(i); const dt = new DataTransfer(); dt.items.add(new File([bytes], ${JSON.stringify(name)}, { type: 'application/octet-stream' })); return dt; })()`,
  );
  await page.dispatchEvent('main', 'dragover', { dataTransfer });
  await page.dispatchEvent('main', 'drop', { dataTransfer });
}

const message = (page: Page) => page.getByRole('status', { name: 'Message' }).or(page.getByRole('alert', { name: 'Message' }));

function clubList(): string {
  const orks = JSON.parse(fs.readFileSync(path.resolve('shared/data/team-lists/orks.json'), 'utf8')) as Record<string, unknown>;
  return JSON.stringify({ ...orks, id: 'club-orks', name: 'Club Orks', listVersion: 'club 2026', sample: false }, null, 2);
}

test('a dropped team list is imported; dropping it again says it is already there', async ({ herald }) => {
  const app = await herald.launch();
  const home = new HomePage(app.page);
  await home.waitUntilReady();

  await dropFile(app.page, 'club-orks.json', clubList());
  await expect(message(app.page)).toHaveText(/Imported Club Orks \(list club 2026\)\./);
  await message(app.page).getByRole('link', { name: 'See the team lists' }).click();
  await expect(app.page.getByRole('table', { name: 'Team lists' }).getByRole('row', { name: /Club Orks/ })).toBeVisible();

  await dropFile(app.page, 'club-orks.json', clubList());
  await expect(message(app.page)).toHaveText(/Club Orks \(list club 2026\) is already in the library, unchanged\./);
});

test('a campaign file exported on one laptop and dropped on another is imported whole', async ({ herald }) => {
  const a = await herald.launch();
  await new HomePage(a.page).waitUntilReady();
  await new HomePage(a.page).createCampaign('Siege of Vraks');
  const [campaign] = await invoke(a.page, 'campaigns.list', { includeArchived: false });
  const exported = await invoke(a.page, 'campaigns.exportFile', { id: campaign!.id, destination: 'download' });
  if (exported.outcome !== 'download') throw new Error('browser mode downloads the file');
  const b = await herald.launch();
  const there = new HomePage(b.page);
  await there.waitUntilReady();
  await dropBytes(b.page, exported.fileName, exported.base64);
  await expect(message(b.page)).toContainText('Imported Siege of Vraks.');
  await b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(there.campaign('Siege of Vraks')).toBeVisible();
});

test('anything else dropped gets "not a Herald file", by name, and changes nothing', async ({ herald }) => {
  const app = await herald.launch();
  const home = new HomePage(app.page);
  await home.waitUntilReady();
  await home.createCampaign('Siege of Vraks');
  await app.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(home.campaign('Siege of Vraks')).toBeVisible();

  await dropFile(app.page, 'shopping list.txt', 'eggs, milk, dice', 'text/plain');
  await expect(message(app.page)).toHaveRole('alert');
  await expect(message(app.page)).toContainText('shopping list.txt is not a Herald file.');
  await expect(message(app.page)).toContainText('Nothing was changed.');
  // The page is still Herald's (the browser did not open the file), and nothing was added anywhere.
  await expect(home.heading).toBeVisible();
  await expect(home.activeList.getByRole('listitem')).toHaveCount(1);
  await app.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team lists' }).click();
  await expect(app.page.getByRole('table', { name: 'Team lists' }).getByRole('row')).toHaveCount(4);

  // A broken team list gets the message the Import button gives.
  await dropFile(app.page, 'broken.json', clubList().slice(0, 300));
  await expect(message(app.page)).toContainText('broken.json is not valid JSON');
  await message(app.page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(message(app.page)).toHaveCount(0);
});

test('a dropped ruleset needs its campaign open, and then loads into the house rules with its differences', async ({ herald }) => {
  const app = await herald.launch();
  const home = new HomePage(app.page);
  await home.waitUntilReady();
  await home.createCampaign('Siege of Vraks');
  await app.page.getByRole('link', { name: 'Siege of Vraks' }).click();
  await expect(app.page.getByRole('heading', { name: 'Siege of Vraks', level: 1 })).toBeVisible();

  // A ruleset file in Herald's format, edited by the club (renamed, so its hash no longer matches). Made here, not
  // exported, so the spec runs the same in the desktop app (whose export goes through a save dialog).
  // The default preset, which a new campaign plays.
  const preset = presets()[0]!;
  const text = JSON.stringify({ format: 'herald-ruleset', formatVersion: 1, hash: '0'.repeat(64), ruleset: { ...preset, name: 'Vraks house rules' } }, null, 2);
  const rules = new RulesetPage(app.page);

  await app.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await home.waitUntilReady();
  await dropFile(app.page, 'vraks.ruleset.json', text);
  await expect(message(app.page)).toContainText(
    'vraks.ruleset.json is a ruleset (a campaign’s house rules). Open the campaign whose house rules it is for, then drop it there. Nothing was changed.',
  );

  await app.page.getByRole('link', { name: 'Siege of Vraks' }).click();
  await expect(app.page.getByRole('heading', { name: 'Siege of Vraks', level: 1 })).toBeVisible();
  await dropFile(app.page, 'vraks.ruleset.json', text);
  await rules.waitUntilReady();
  await expect(message(app.page)).toContainText('Loaded vraks.ruleset.json into the house rules editor');
  await expect(rules.sourceBanner).toContainText('The editor holds the file vraks.ruleset.json.');
  // Its hash no longer matches (it was edited): the same note as an upload gets.
  await expect(rules.sourceBanner).toContainText('was changed after it was exported');
  await expect(rules.pinned).not.toContainText('Vraks house rules');
});
