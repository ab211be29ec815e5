/** Issue 2 "Campaigns end to end": create, rename, archive, find again after a restart; validation messages. */
import { expect, test } from './fixtures';
import { HomePage } from './pages/HomePage';

test('the window is titled Herald — Campaigns and shows the campaigns on this computer', async ({ herald }) => {
  const app = await herald.launch();
  const home = new HomePage(app.page);
  await home.waitUntilReady();
  await expect(app.page).toHaveTitle('Herald — Campaigns');
  await expect(app.page.getByText('No campaigns yet')).toBeVisible();
});

test('create, rename and archive campaigns, and find them again after a restart', async ({ herald }) => {
  const app = await herald.launch();
  const home = new HomePage(app.page);
  await home.waitUntilReady();

  await home.createCampaign('Siege of Vraks');
  await expect(home.campaign('Siege of Vraks')).toContainText('250 pts');
  await home.createCampaign('Iron Harvest', 300);
  await expect(home.campaign('Iron Harvest')).toContainText('300 pts');

  await home.rename('Siege of Vraks', 'The Siege of Vraks');
  await expect(home.campaign('The Siege of Vraks')).toBeVisible();
  await expect(home.campaign('Siege of Vraks')).toHaveCount(0);

  await home.archive('Iron Harvest');
  await expect(home.campaign('Iron Harvest')).toHaveCount(0);

  await app.restart();
  await home.waitUntilReady();
  await expect(home.campaign('The Siege of Vraks')).toContainText('250 pts');
  await expect(home.campaign('Iron Harvest')).toHaveCount(0);
  await home.showArchived();
  await expect(home.campaign('Iron Harvest', 'archived')).toContainText('archived');

  await home.unarchive('Iron Harvest');
  await expect(home.campaign('Iron Harvest')).toContainText('300 pts');
  expect(await home.activeNames()).toEqual(expect.arrayContaining(['The Siege of Vraks', 'Iron Harvest']));
});

test('empty, duplicate and out-of-range input get a clear message and save nothing', async ({ herald }) => {
  const app = await herald.launch();
  const home = new HomePage(app.page);
  await home.waitUntilReady();

  await home.createCampaign('   ');
  await expect(home.fieldError('Give the campaign a name.')).toBeVisible();

  await home.createCampaign('Blackstone Fortress');
  await expect(home.campaign('Blackstone Fortress')).toBeVisible();
  await home.createCampaign('blackstone fortress');
  await expect(home.fieldError('A campaign named “Blackstone Fortress” already exists.')).toBeVisible();

  await home.createCampaign('Tiny', 10);
  await expect(home.fieldError('The points limit is at least 50.')).toBeVisible();

  await home.rename('Blackstone Fortress', '');
  await expect(home.fieldError('Give the campaign a name.')).toBeVisible();

  await app.restart();
  await home.waitUntilReady();
  // The list arrives after the heading: wait for it rather than read it once.
  await expect(home.activeList.getByRole('heading')).toHaveText(['Blackstone Fortress']);
});
