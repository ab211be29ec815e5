/** Page object for the home screen (the campaign list). Used by every e2e project. */
import { expect, type Locator, type Page } from '@playwright/test';

export class HomePage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Campaigns', level: 1 });
  }
  get nameInput(): Locator {
    return this.page.getByLabel('Campaign name');
  }
  get pointsInput(): Locator {
    return this.page.getByLabel('Points limit');
  }
  get activeList(): Locator {
    return this.page.getByRole('list', { name: 'Active campaigns' });
  }
  get archivedList(): Locator {
    return this.page.getByRole('list', { name: 'Archived campaigns' });
  }

  async waitUntilReady() {
    await expect(this.heading).toBeVisible();
  }

  /** Creates a campaign; `preset` picks its rules (Battle Honours, the default, or Experience & Levels). */
  async createCampaign(name: string, pointsLimit?: number, preset?: 'battle-honours' | 'experience-levels') {
    await this.nameInput.fill(name);
    if (pointsLimit !== undefined) await this.pointsInput.fill(String(pointsLimit));
    if (preset)
      await this.page
        .getByRole('radio', { name: preset === 'battle-honours' ? /^HoR campaign, Battle Honours/ : /^HoR campaign, Experience & Levels/ })
        .check();
    await this.page.getByRole('button', { name: 'Create campaign' }).click();
  }

  /** A campaign's row, found by its exact name, in the active list (or the archived one). */
  campaign(name: string, where: 'active' | 'archived' = 'active'): Locator {
    const list = where === 'active' ? this.activeList : this.archivedList;
    return list.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  async rename(from: string, to: string) {
    const row = this.campaign(from);
    await row.getByRole('button', { name: 'Rename' }).click();
    await this.page.getByLabel(`New name for ${from}`).fill(to);
    await this.page.getByRole('button', { name: 'Save' }).click();
  }

  async archive(name: string) {
    await this.campaign(name).getByRole('button', { name: 'Archive' }).click();
  }

  async showArchived() {
    await this.page.getByRole('checkbox', { name: /Show archived/ }).check();
  }

  async unarchive(name: string) {
    await this.campaign(name, 'archived').getByRole('button', { name: 'Unarchive' }).click();
  }

  fieldError(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  async activeNames(): Promise<string[]> {
    return this.activeList.getByRole('heading').allTextContents();
  }
}
