/** Page object for the at-the-table screen (#/games/ID/table, issue 33): turns, model taps, the turn's prompts, Game over. */
import { expect, type Locator, type Page } from '@playwright/test';

export type TableState = 'Down' | 'In reserve' | 'Falling back' | 'Back in play';

export class TablePage {
  constructor(readonly page: Page) {}

  /** A team's half of the screen. */
  side(team: string): Locator {
    return this.page.getByRole('region', { name: team, exact: true });
  }
  /** A model's button; its name is "<model>: <state>" (a Squad's members are "Third Squad (2 of 5)"). */
  model(team: string, name: string): Locator {
    return this.side(team).getByRole('button', { name: new RegExp(`^${escape(name)}: `) });
  }
  /** A side's counts line: "In play 4 Down 0 Out 3 Reserve 0 Falling back 0 of 7". */
  counts(team: string): Locator {
    // The line and the grid of single models share the label "<team>: models"; the line is the one with the numbers.
    return this.side(team)
      .getByLabel(`${team}: models`)
      .filter({ hasText: /Out \d/ });
  }
  get undo(): Locator {
    return this.page.getByRole('button', { name: /^Undo/ });
  }
  get prompts(): Locator {
    return this.page.getByRole('region', { name: /what comes up/ });
  }
  /** One of the turn's prompts, by its title ("Reserves: Hydra Platoon"). */
  prompt(title: string): Locator {
    return this.prompts.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }
  /** The prompts still waiting for an answer (an answered one shows its outcome as a status). */
  get openPrompts(): Locator {
    return this.prompts.getByRole('listitem').filter({ hasNot: this.page.getByRole('status') });
  }

  async waitUntilReady() {
    await expect(this.page.getByRole('button', { name: /^Begin turn \d+$/ }).or(this.page.getByRole('link', { name: /^Game over/ }))).toBeVisible();
  }

  async beginTurn(turn: number) {
    await this.page.getByRole('button', { name: `Begin turn ${turn}`, exact: true }).click();
    await expect(this.page.getByRole('button', { name: `Begin turn ${turn + 1}`, exact: true })).toBeVisible();
  }

  /** A casualty in two taps: the model, then the enemy model that took it out (or "no one"). */
  async casualty(team: string, name: string, by: { team: string; name: string } | null) {
    await this.model(team, name).click();
    if (by) await this.model(by.team, by.name).click();
    else await this.page.getByRole('button', { name: 'Out of action: no one' }).click();
    await expect(this.model(team, name)).toHaveAccessibleName(new RegExp(`: Out of action`));
  }

  /** A model's state in two taps: the model, then what happened to it. */
  async setState(team: string, name: string, state: TableState) {
    await this.model(team, name).click();
    await this.page
      .getByRole('group', { name: `What happened to ${name}` })
      .getByRole('button', { name: state, exact: true })
      .click();
  }

  /** "Game over…": the ending offered (from the turn's prompts) is confirmed as it is, and the wizard opens. */
  async gameOver() {
    await this.page.getByRole('button', { name: 'Game over…' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Game over' });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
