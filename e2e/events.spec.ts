/** campaigns.changed reaches every window: a change made in one shows in the other without a reload. */
import { expect, test } from './fixtures';
import { HomePage } from './pages/HomePage';

test('a campaign created in one window appears in the other', async ({ herald }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'Herald opens one window in Electron (a second launch focuses it).');
  const app = await herald.launch();
  const first = new HomePage(app.page);
  const second = new HomePage(await app.openSecondWindow());
  await first.waitUntilReady();
  await second.waitUntilReady();

  await first.createCampaign('Shared Table');
  await expect(second.campaign('Shared Table')).toBeVisible();
  await second.archive('Shared Table');
  await expect(first.campaign('Shared Table')).toHaveCount(0);
});
