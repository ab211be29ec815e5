/** Issue 8: back up, restore (and undo it), and move a campaign to another laptop with a campaign file. */
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { BackupsPage } from './pages/BackupsPage';
import { HomePage } from './pages/HomePage';

test('back up, change, restore the backup, then undo the restore', async ({ herald }) => {
  const app = await herald.launch();
  const home = new HomePage(app.page);
  await home.waitUntilReady();
  await home.createCampaign('Siege of Vraks');

  const backups = new BackupsPage(app.page);
  await backups.open();
  await backups.backUpNow();
  await expect(backups.rows.first()).toContainText('Backed up by hand');

  await app.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await home.createCampaign('Armageddon');
  await expect(app.page.getByRole('link', { name: 'Armageddon' })).toBeVisible();

  await backups.open();
  await backups.restore(0);
  await app.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(app.page.getByRole('link', { name: 'Siege of Vraks' })).toBeVisible();
  await expect(app.page.getByRole('link', { name: 'Armageddon' })).toHaveCount(0);

  // The restore backed up what it replaced: restoring that one undoes it.
  await backups.open();
  await expect(backups.rows.first()).toContainText('Before a restore');
  await backups.restore(0);
  await app.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(app.page.getByRole('link', { name: 'Armageddon' })).toBeVisible();
});

test('a campaign file exported on one laptop is imported whole on another; a broken file is refused', async ({ herald }, testInfo) => {
  test.skip(
    testInfo.project.name === 'electron',
    'Electron exports and imports through main’s own save and open dialogs, which a test cannot drive; the handler tests cover the same code.',
  );
  const first = await herald.launch();
  const home = new HomePage(first.page);
  await home.waitUntilReady();
  await home.createCampaign('Siege of Vraks');
  const backups = new BackupsPage(first.page);
  await backups.open();
  const download = await backups.exportCampaign('Siege of Vraks');
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  const second = await herald.launch();
  const other = new HomePage(second.page);
  await other.waitUntilReady();
  const there = new BackupsPage(second.page);
  await there.open();
  await there.importCampaign('broken.herald-campaign', fs.readFileSync(file).subarray(0, 200));
  await expect(second.page.getByRole('alert')).toContainText('broken.herald-campaign is damaged: it ends too early');
  await there.importCampaign(download.suggestedFilename(), fs.readFileSync(file));
  await expect(second.page.getByRole('status')).toContainText('Imported Siege of Vraks.');
  await second.page.getByRole('link', { name: 'Open it' }).click();
  await expect(second.page.getByRole('heading', { name: 'Siege of Vraks', level: 1 })).toBeVisible();
});
