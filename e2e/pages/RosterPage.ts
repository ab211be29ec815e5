/** Page object for the roster builder (a team's screen), with a founded team's progress and history. */
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
    // The list's entries arrive with the team: wait for them before reading the options.
    await expect(select.locator('option', { hasText: entry }).first()).toBeAttached();
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

  // ----- issue 5: founded teams' campaign figures, progress and history -----

  /** The team's requisition ("12 Req available"). */
  get requisition(): Locator {
    return this.page.getByLabel('Requisition', { exact: true });
  }
  get threat(): Locator {
    return this.page.getByLabel('Threat', { exact: true });
  }
  /** The team's record ("1W 0D 0L (1 game)" or "No games yet"). */
  get record(): Locator {
    return this.page.getByLabel('Record', { exact: true });
  }
  /** A model card's campaign progress (EXP, level, games, kills, injuries, mauled, advances, honours). */
  progress(modelName: string): Locator {
    return this.card(modelName).getByRole('group', { name: 'Campaign progress' });
  }
  get fallen(): Locator {
    return this.page.getByRole('list', { name: 'Fallen' });
  }

  async showHistory() {
    await this.page.getByRole('tab', { name: 'History' }).click();
  }
  async showRoster() {
    await this.page.getByRole('tab', { name: 'Roster' }).click();
  }
  /** History tab: the team's games table. */
  get historyGames(): Locator {
    return this.page.getByRole('table', { name: 'Team games' });
  }
  /** History tab: one model's history (its events, in order). */
  modelHistory(modelName: string): Locator {
    return this.page.getByRole('list', { name: 'Model histories' }).getByRole('listitem', { name: `History of ${modelName}`, exact: true });
  }
}
