/** Page object for a game (#/games/ID): the plan, the result wizard, and a recorded game's summary and void. */
import { expect, type Locator, type Page } from '@playwright/test';

export type Step = 'Result' | 'Injuries' | 'Experience' | 'Requisition' | 'Review';

export class GamePage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  get status(): Locator {
    return this.page.getByLabel('Status', { exact: true });
  }
  get plan(): Locator {
    return this.page.getByRole('region', { name: 'Game plan' });
  }
  get liveScore(): Locator {
    return this.page.getByRole('complementary', { name: 'Live score' });
  }
  get problems(): Locator {
    return this.page.getByLabel('Fix these before going on');
  }
  get saveStatus(): Locator {
    return this.page.getByRole('status').filter({ hasText: /^(Saved|Saving…|Not saved)$/ });
  }
  get currentStep(): Locator {
    return this.page.getByRole('list', { name: 'Steps' }).locator('[aria-current="step"]');
  }
  get balances(): Locator {
    return this.page.getByRole('table', { name: 'Requisition balances' });
  }

  /** The number of Relic counters the plan placed (Relic Hunt). */
  async relicCount(): Promise<number> {
    const text = (await this.plan.textContent()) ?? '';
    const m = /(\d+) Relic counters?/.exec(text);
    if (!m) throw new Error(`No relic count in the plan: ${text}`);
    return Number(m[1]);
  }

  async waitUntilSaved() {
    await expect(this.saveStatus).toHaveText('Saved');
  }

  async next(expected: Step) {
    await this.page.getByRole('button', { name: `Next: ${expected} →` }).click();
    await expect(this.currentStep).toContainText(expected);
    await this.waitUntilSaved();
  }

  // ----- result step -----

  side(team: string): Locator {
    return this.page.getByRole('region', { name: new RegExp(`^${escape(team)} \\(`) });
  }
  models(team: string): Locator {
    return this.page.getByRole('table', { name: `${team} models` });
  }
  model(team: string, name: string): Locator {
    return this.models(team)
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader').filter({ hasText: name }) });
  }
  async award(team: string, award: 'First Blood' | 'Sweeping Advance' | 'Kayfabe') {
    await this.side(team)
      .getByRole('checkbox', { name: new RegExp(`^${award}`) })
      .check();
  }
  async takenOut(team: string, name: string, by: string | 'misadventure' | 'nobody', how: 'Shooting' | 'Melee' | 'Other' = 'Shooting') {
    const row = this.model(team, name);
    await row.getByRole('checkbox', { name: `${name} out of action` }).check();
    const bySelect = row.getByRole('combobox', { name: `${name} taken out by` });
    if (by === 'misadventure') await bySelect.selectOption({ label: 'Misadventure (own mistake)' });
    else if (by === 'nobody') await bySelect.selectOption({ label: 'Nobody / not known' });
    else await bySelect.selectOption({ label: by });
    if (by !== 'misadventure') await row.getByRole('combobox', { name: `${name} how` }).selectOption({ label: how });
  }
  async relics(team: string, name: string, count: number) {
    await this.model(team, name)
      .getByRole('spinbutton', { name: `${name} relics carried` })
      .fill(String(count));
  }
  async inEnemyZone(team: string, name: string) {
    await this.model(team, name)
      .getByRole('checkbox', { name: `${name} in the enemy deployment zone` })
      .check();
  }
  async ending(kind: string, team?: string) {
    await this.page.getByLabel('Ending', { exact: true }).selectOption({ label: kind });
    if (team) await this.page.getByLabel('Which team?').selectOption({ label: team });
  }
  // ----- an 8th-edition (seed 003) mission's victory points, counted at the table -----

  /** The box of a team's mission victory points (Capture the Data, Push Them Back, Tactical Objectives, First Strike). */
  clubSide(team: string): Locator {
    return this.page.getByRole('group', { name: `${team}: mission victory points` });
  }
  /** Types a count: `what` is the field's name after the team ("Capture the Data VP", "Tactical Objectives VP"…). */
  async clubVp(team: string, what: string, n: number) {
    await this.clubSide(team)
      .getByRole('spinbutton', { name: `${team} ${what}` })
      .fill(String(n));
  }
  async firstStrike(team: string) {
    await this.clubSide(team)
      .getByRole('checkbox', { name: /^First Strike/ })
      .check();
  }

  victoryPoints(team: string, where: Locator | Page = this.page): Locator {
    return where.getByLabel(`${team} victory points`);
  }

  // ----- later steps -----

  changes(team: string, step: 'injuries' | 'experience' | 'requisition'): Locator {
    return this.page.getByRole('list', { name: `${team} ${step}` });
  }
  /** A team's "After" Req in the balances table. */
  async reqAfter(team: string): Promise<number> {
    const cells = this.balances.getByRole('row', { name: new RegExp(`^${escape(team)}`) }).getByRole('cell');
    const text = (await cells.nth(3).textContent()) ?? '';
    return Number(/-?\d+/.exec(text)?.[0]);
  }

  async commit() {
    await this.page.getByRole('button', { name: 'Commit game…' }).click();
    await this.page.getByRole('alertdialog', { name: 'Commit the game' }).getByRole('button', { name: 'Commit game' }).click();
    await expect(this.status).toHaveText('Recorded');
  }

  async discard() {
    await this.page.getByRole('button', { name: 'Discard draft…' }).click();
    await this.page.getByRole('button', { name: 'Discard the game' }).click();
  }

  // ----- a recorded game -----

  get voidForm(): Locator {
    return this.page.getByRole('form', { name: 'Void this game' });
  }
  async void(reason: string, alsoDependents = false) {
    await this.page.getByRole('button', { name: 'Void this game…' }).click();
    await expect(this.voidForm).toBeVisible();
    if (alsoDependents) await this.voidForm.getByRole('checkbox', { name: 'Also void these' }).check();
    await this.voidForm.getByLabel('Why is this game voided?').fill(reason);
    await this.voidForm.getByRole('button', { name: 'Void the game' }).click();
    await expect(this.status).toHaveText('Voided');
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
