/** Page object for the roster builder (a team's screen). */
import { expect, type Locator, type Page } from '@playwright/test';

export class RosterPage {
  constructor(readonly page: Page) {}

  get total(): Locator {
    return this.page.getByLabel('Points total');
  }
  get problems(): Locator {
    return this.page.getByLabel('Roster problems');
  }
  get cards(): Locator {
    return this.page.getByRole('article');
  }
  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  /** Adds a model of the entry whose option text starts with `entry`, names it, and returns its card. */
  async addModel(entry: string, name: string): Promise<Locator> {
    const select = this.page.getByLabel(/^(Add a model|Recruit)$/);
    const label = (await select.locator('option').allTextContents()).find((t) => t.startsWith(entry));
    if (!label) throw new Error(`No entry starting with ${entry}`);
    await select.selectOption({ label });
    const before = await this.cards.count();
    await this.page.getByRole('button', { name: /^(Add model|Recruit…)$/ }).click();
    await expect(this.cards).toHaveCount(before + 1);
    const card = this.cards.last();
    await card.getByLabel('Name').fill(name);
    const named = this.card(name);
    await expect(named).toBeVisible();
    return named;
  }

  async check(modelName: string, option: RegExp | string) {
    await this.card(modelName).getByLabel(option).check();
  }

  async waitUntilSaved() {
    await expect(this.page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  }

  async names(): Promise<string[]> {
    return this.cards.getByLabel('Name').evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value));
  }
}
