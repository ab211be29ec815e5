/** Page object for a campaign's screen: players and teams. */
import { expect, type Locator, type Page } from '@playwright/test';

export class CampaignPage {
  constructor(readonly page: Page) {}

  heading(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 1 });
  }

  async addPlayer(name: string) {
    await this.page.getByLabel('Player name').fill(name);
    await this.page.getByRole('button', { name: 'Add player' }).click();
    await expect(this.page.getByRole('list', { name: 'Players' }).getByText(name, { exact: true })).toBeVisible();
  }

  async createTeam(player: string, listName: RegExp | string, teamName: string) {
    await this.page.getByLabel('Player', { exact: true }).selectOption({ label: player });
    const select = this.page.getByLabel('Team list');
    const label = (await select.locator('option').allTextContents()).find((t) => (typeof listName === 'string' ? t.startsWith(listName) : listName.test(t)));
    if (!label) throw new Error(`No team list matching ${String(listName)}`);
    await select.selectOption({ label });
    await this.page.getByLabel('Team name').fill(teamName);
    await this.page.getByRole('button', { name: 'Create team' }).click();
  }

  team(name: string): Locator {
    return this.page.getByRole('list', { name: 'Teams' }).getByRole('listitem').filter({ hasText: name });
  }
}
