/** Page object for the Tonight screen (issue 33): who is here, the pairings, swaps and locks, set-up, the sheet. */
import { expect, type Locator, type Page } from '@playwright/test';

export class TonightPage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Tonight', level: 1 });
  }

  /** The tick box of a team in "Who is here". */
  here(teamName: string): Locator {
    return this.page.getByRole('group', { name: 'Teams here tonight' }).getByRole('checkbox', { name: new RegExp(`^${teamName}\\b`) });
  }

  async tick(...teamNames: string[]) {
    for (const name of teamNames) {
      await this.here(name).check();
      await expect(this.here(name)).toBeChecked();
    }
  }

  get pairings(): Locator {
    return this.page.getByRole('list', { name: 'Pairings' });
  }

  /** A pairing's card ("Table 1: Iron Wolves vs Grey Ghosts"), found by a team in it. */
  pairing(teamName: string): Locator {
    return this.pairings.getByRole('listitem').filter({ hasText: teamName }).first();
  }

  get sitOut(): Locator {
    return this.page.getByLabel('Sitting out tonight');
  }

  /** Clicks a team in a pairing or the sit-out: the first click picks it, the second swaps. */
  async pick(teamName: string) {
    await this.page.getByRole('button', { name: new RegExp(`^${teamName}\\b`) }).click();
  }

  async setUp(teamName: string) {
    const card = this.pairing(teamName);
    await card.getByRole('button', { name: 'Set up this game' }).click();
    await expect(card.getByRole('link', { name: /^Game \d+$/ })).toBeVisible();
  }

  get printLink(): Locator {
    return this.page.getByRole('link', { name: "Print the evening's sheet" });
  }
}
