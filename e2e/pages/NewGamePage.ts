/** Page object for setting up a game (#/campaigns/ID/new-game). */
import { expect, type Locator, type Page } from '@playwright/test';

export interface GameSetupChoice {
  teamA: string;
  teamB: string;
  /** A mission name, or omitted to roll on the D6 mission table. */
  mission?: string;
  /** A deployment's text, or omitted to roll. */
  deployment?: string;
  /** An 8th-edition (seed 003) mission: who picks the deployment map and zone ("Roll off", or a team's name); omitted to roll off. */
  zonePicker?: string;
  /** YYYY-MM-DD; today when omitted. */
  playedOn?: string;
}

export class NewGamePage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'New game', level: 1 });
  }
  get clubRules(): Locator {
    return this.page.getByRole('complementary').filter({ has: this.page.getByRole('heading', { name: 'Club rules for this game' }) });
  }
  get error(): Locator {
    return this.page.getByRole('alert');
  }

  /** Picks the option of `select` whose text starts with `start`. */
  private async pick(select: Locator, start: string) {
    const label = (await select.locator('option').allTextContents()).find((t) => t.startsWith(start));
    if (!label) throw new Error(`No option starting with ${start}`);
    await select.selectOption({ label });
  }

  async setUp(choice: GameSetupChoice) {
    await expect(this.heading).toBeVisible();
    await this.pick(this.page.getByLabel('Team A'), choice.teamA);
    await this.pick(this.page.getByLabel('Team B'), choice.teamB);
    await this.pick(this.page.getByLabel('Mission'), choice.mission ?? 'Roll');
    if (choice.deployment) await this.pick(this.page.getByLabel('Deployment'), choice.deployment);
    if (choice.zonePicker) await this.pick(this.page.getByLabel('Who picks the deployment map and zone'), choice.zonePicker);
    if (choice.playedOn) await this.page.getByLabel('Played on').fill(choice.playedOn);
    await this.page.getByRole('button', { name: 'Set up the game' }).click();
  }
}
