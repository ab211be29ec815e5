/** Page object for a campaign's screen: new game, standings, games, players and teams, club settings. */
import { expect, type Locator, type Page } from '@playwright/test';
import { RulesetPage, type OptionalRuleName } from './RulesetPage';

export class CampaignPage {
  constructor(readonly page: Page) {}

  heading(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 1 });
  }

  async addPlayer(name: string) {
    await this.page.getByLabel('Player name').fill(name);
    await this.page.getByRole('button', { name: 'Add player' }).click();
    await expect(this.page.getByRole('list', { name: 'Players' }).getByText(name, { exact: true })).toBeVisible();
    // The form clears its field once the add has returned: typing the next name before that would be wiped.
    await expect(this.page.getByLabel('Player name')).toHaveValue('');
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

  // ----- issue 5: new game, standings, games, club settings -----

  get newGameLink(): Locator {
    return this.page.getByRole('link', { name: 'New game', exact: true });
  }

  /** Opens the new-game form (the link is enabled once two teams are founded). */
  async newGame() {
    await expect(this.newGameLink).not.toHaveAttribute('aria-disabled', 'true');
    await this.newGameLink.click();
  }

  get standings(): Locator {
    return this.page.getByRole('table', { name: 'Standings', exact: true });
  }

  /** A team's row in the Standings table (the team name is the row's header). */
  standingsRow(teamName: string): Locator {
    return this.standings.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: teamName, exact: true }) });
  }

  get games(): Locator {
    return this.page.getByRole('list', { name: 'Games' });
  }

  /** A game's row in the games list, by its number ("Game 3"). */
  game(number: number): Locator {
    return this.games.getByRole('listitem').filter({ has: this.page.getByRole('link', { name: `Game ${number}`, exact: true }) });
  }

  async filterGames(filter: { status?: 'All' | 'Drafts' | 'Committed' | 'Voided'; team?: string; mission?: string }) {
    const form = this.page.getByRole('form', { name: 'Filter games' });
    if (filter.status) await form.getByLabel('Status', { exact: true }).selectOption({ label: filter.status });
    if (filter.team) await form.getByLabel('Team', { exact: true }).selectOption({ label: filter.team });
    if (filter.mission) await form.getByLabel('Mission', { exact: true }).selectOption({ label: filter.mission });
  }

  get settings(): Locator {
    return this.page.getByRole('region', { name: 'Club settings' });
  }

  /** Choose the dice mode: Herald's seeded dice ('app') or real dice typed in ('physical'). */
  async setDiceMode(mode: 'app' | 'physical') {
    await this.settings.getByRole('radio', { name: mode === 'app' ? /^Herald rolls the dice/ : /^Players roll real dice/ }).check();
    await expect(this.settings.getByRole('status')).toHaveText('Saved.');
  }

  /**
   * An optional rule as Club settings show it: a read-only checkbox (issue 6: optional rules are house rules, switched on
   * the House rules page).
   */
  optionalRule(name: OptionalRuleName): Locator {
    // The label is "Weather (004)"; the names hold no regex character but the brackets of "Injuries (in game)".
    return this.settings.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')} \\(`) });
  }

  /** Follows Club settings' link to House rules, switches the rule, applies the change and comes back. */
  async setOptionalRule(name: OptionalRuleName, on: boolean) {
    await expect(this.optionalRule(name)).toBeDisabled();
    if ((await this.optionalRule(name).isChecked()) === on) return;
    await this.settings.getByRole('link', { name: 'Change them in House rules →' }).click();
    const rules = new RulesetPage(this.page);
    await rules.waitUntilReady();
    await rules.setOptionalRule(name, on);
    await rules.apply(`${name} switched ${on ? 'on' : 'off'}`);
    await this.page.goBack();
    await expect(this.optionalRule(name)).toBeChecked({ checked: on });
  }
}
