/** Page object for a campaign's screen: new game, standings, games, players and teams, club settings. */
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
    return this.page.getByRole('table', { name: 'Standings' });
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

  optionalRule(name: 'Weather' | 'Dusk & Dawn' | 'Twist' | 'Mysterious Objectives'): Locator {
    // The label is "Weather (004) — what it does"; none of the names holds a regex character.
    return this.settings.getByRole('checkbox', { name: new RegExp(`^${name} \\(`) });
  }

  async setOptionalRule(name: 'Weather' | 'Dusk & Dawn' | 'Twist' | 'Mysterious Objectives', on: boolean) {
    await this.optionalRule(name).setChecked(on);
    await expect(this.settings.getByRole('status')).toHaveText('Saved.');
  }
}
