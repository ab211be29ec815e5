/** Page object for a campaign's House rules (#/campaigns/ID/rules): the pinned ruleset, presets, files and the editor. */
import { expect, type Download, type Locator, type Page } from '@playwright/test';

export type RulesSection =
  | 'About these rules'
  | 'EXP awards'
  | 'Level thresholds'
  | 'Advance table'
  | 'Skills'
  | 'Injuries'
  | 'Follow-up tables'
  | 'Requisition'
  | 'Battle Honours'
  | 'Missions'
  | 'Optional rules';

/** The optional rules House rules can switch (issue 6: the one place for them). */
export type OptionalRuleName =
  'Weather' | 'Dusk & Dawn' | 'Twist' | 'Mysterious Objectives' | 'Injuries (in game)' | 'Destructible Terrain' | '8th-edition supplement missions';

export class RulesetPage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'House rules', level: 1 });
  }
  /** The card about the ruleset the campaign plays now. */
  get pinned(): Locator {
    return this.page.getByRole('region', { name: 'Rules this campaign plays' });
  }
  /** The list of tables still to enter (in the pinned card). */
  get missing(): Locator {
    return this.page.getByRole('group', { name: 'Tables not entered yet' });
  }
  get applyBar(): Locator {
    return this.page.getByRole('region', { name: 'Apply' });
  }
  get reviewButton(): Locator {
    return this.page.getByRole('button', { name: 'Review and apply…' });
  }
  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Apply these house rules?' });
  }
  /** What the last export or import said (status or alert) in the presets card. */
  get filesCard(): Locator {
    return this.page.getByRole('region', { name: 'Start from a preset, import or export' });
  }
  /** The banner shown while the editor holds a preset or a file. */
  get sourceBanner(): Locator {
    return this.page.locator('.source-banner');
  }

  async waitUntilReady() {
    await expect(this.heading).toBeVisible();
    await expect(this.pinned).toBeVisible();
  }

  section(name: RulesSection): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }
  /** The problems listed in a section ("D6 result 6 is not covered."). */
  problems(name: RulesSection): Locator {
    return this.section(name).getByRole('list', { name: `${name} problems` });
  }

  // ----- filling in the Experience & Levels tables -----

  async expAwardsNone() {
    await this.section('EXP awards').getByRole('button', { name: 'None: no other EXP awards' }).click();
  }

  /** Enters level thresholds: the EXP needed for level 1, 2, … */
  async levelThresholds(exp: number[]) {
    const s = this.section('Level thresholds');
    await s.getByRole('button', { name: 'Enter level thresholds' }).click();
    for (const [i, value] of exp.entries()) {
      if (i > 0) await s.getByRole('button', { name: `Add level ${i + 1}` }).click();
      await s.getByLabel(`EXP for level ${i + 1}`).fill(String(value));
    }
  }

  /** Starts the advance table: its dice and rows (from, to, text). */
  async advanceTable(expression: string, rows: [from: number, to: number, text: string][]) {
    const s = this.section('Advance table');
    await s.getByRole('button', { name: 'Enter the advance table' }).click();
    await s.getByLabel('Advance table dice').fill(expression);
    for (const [i, [from, to, text]] of rows.entries()) {
      await s.getByRole('button', { name: 'Add a row' }).click();
      await this.advanceRow(i + 1, from, to, text);
    }
  }

  async advanceRow(n: number, from: number, to: number, text: string) {
    const s = this.section('Advance table');
    await s.getByLabel(`Advance table row ${n} from`).fill(String(from));
    await s.getByLabel(`Advance table row ${n} from`).blur();
    await s.getByLabel(`Advance table row ${n} to`).fill(String(to));
    await s.getByLabel(`Advance table row ${n} to`).blur();
    await s.getByLabel(`Advance table row ${n} text`).fill(text);
  }

  async skillsNone() {
    await this.section('Skills').getByRole('button', { name: 'None: no skills' }).click();
  }

  async copyBattleHonoursInjuries() {
    await this.section('Injuries').getByRole('button', { name: 'Copy all three Battle Honours tables' }).click();
  }

  async useRequisitionChart(on: boolean) {
    await this.section('Requisition').getByRole('checkbox', { name: 'Roll a requisition chart after each game' }).setChecked(on);
  }

  // ----- optional rules -----

  /** An optional rule's switch (its label starts with the rule's name, then its seed in brackets). */
  optionalRule(name: OptionalRuleName): Locator {
    return this.section('Optional rules').getByRole('checkbox', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`) });
  }

  async setOptionalRule(name: OptionalRuleName, on: boolean) {
    await this.optionalRule(name).setChecked(on);
  }

  /** The "On the rosters" box of the Apply dialog: rosters that would no longer fit. */
  get rosterProblems(): Locator {
    return this.dialog.getByRole('group', { name: 'On the rosters' });
  }

  // ----- apply -----

  /** Opens the Apply dialog, checks it lists changes, gives the reason and applies. */
  async apply(reason: string) {
    await expect(this.reviewButton).toBeEnabled();
    await this.reviewButton.click();
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog.getByRole('group', { name: 'What changes' })).toBeVisible();
    await this.dialog.getByLabel(/What changed, in a few words/).fill(reason);
    await this.dialog.getByRole('button', { name: 'Apply the house rules' }).click();
    await expect(this.dialog).toHaveCount(0);
    await expect(this.page.getByRole('status').filter({ hasText: /^Applied\./ })).toBeVisible();
  }

  // ----- presets, import, export -----

  async usePreset(name: string) {
    await this.page
      .getByRole('list', { name: 'Presets' })
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByRole('button', { name: 'Use this preset…' })
      .click();
  }

  /** Exports the ruleset (a download in browser mode). */
  async export(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Export the ruleset…' }).click();
    return download;
  }

  /** Imports a file (an upload in browser mode). */
  async import(file: string | { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.getByLabel('Ruleset file to import').setInputFiles(file);
  }
}
