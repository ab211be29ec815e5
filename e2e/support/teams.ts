/** Founding teams through the UI (foundTeam) or, where they only need to exist, through the bridge (foundTeamsByApi). */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { CampaignPage } from '../pages/CampaignPage';
import { RosterPage } from '../pages/RosterPage';
import { invoke } from './invoke';

/** Entry, name, and for a Squad entry its number of models (else the list's minimum). */
export type Models = [entry: string, name: string, squadSize?: number][];

/** Bob's Orks, the usual opponents. */
export const DA_KRUMPAS: Models = [
  ['Boss Nob', 'Grukk'],
  ['Ork Boy', 'Snag'],
  ['Ork Boy', 'Ruk'],
  ['Ork Boy', 'Gob'],
];

/** Alice's Space Marines, with the veteran Brother Kaelen. */
export const IRON_WOLVES: Models = [
  ['Space Marine Sergeant', 'Sergeant Tarkus'],
  ['Veteran Space Marine', 'Brother Kaelen'],
  ['Tactical Marine', 'Brother Cato'],
  ['Tactical Marine', 'Brother Varro'],
];

/** Create `team` for `player` from `list`, add `models`, found it, and come back to the campaign page. */
export async function foundTeam(page: Page, campaignName: string, player: string, list: string, team: string, models: Models) {
  const campaign = new CampaignPage(page);
  await campaign.createTeam(player, list, team);
  const roster = new RosterPage(page);
  await expect(page.getByRole('heading', { name: new RegExp(team), level: 1 })).toBeVisible();
  for (const [entry, name, squadSize] of models) {
    const card = await roster.addModel(entry, name);
    if (squadSize !== undefined) await card.getByLabel(/^Models in squad/).fill(String(squadSize));
  }
  await expect(roster.problems).toHaveText('No problems: this roster is legal.');
  await roster.waitUntilSaved();
  await page.getByRole('button', { name: 'Found the team…' }).click();
  await page.getByRole('button', { name: 'Found the team', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Ledger' })).toContainText('Founded');
  await page.getByRole('link', { name: campaignName, exact: true }).click();
  await expect(campaign.heading(campaignName)).toBeVisible();
}

/** One team for foundTeamsByApi: player, team list (the start of its name, as the roster screen's picker shows it), name, models. */
export type TeamToFound = [player: string, list: string, team: string, models: Models];

/**
 * The same teams as foundTeam, founded through the bridge where a spec only needs them to exist (roster.spec and
 * the roster's own specs build through the screen): the list and each entry found by the start of its name, as the
 * picker finds them; the draft must be legal (no problems, as foundTeam checks), then it is founded. The page
 * (the campaign's) is reloaded once and left on it.
 */
export async function foundTeamsByApi(page: Page, campaignName: string, teams: TeamToFound[]) {
  const campaignId = decodeURIComponent((await page.evaluate<string>('location.hash')).replace(/^#\/campaigns\//, '').split('/')[0]!);
  const players = await invoke(page, 'players.list', { campaignId });
  const lists = await invoke(page, 'teamLists.list', {});
  const ids: string[] = [];
  for (const [player, listName, name, models] of teams) {
    const summary = lists.find((l) => l.name.startsWith(listName));
    if (!summary) throw new Error(`No team list matching ${listName}`);
    const { list } = await invoke(page, 'teamLists.get', { id: summary.id });
    const playerId = players.find((p) => p.name === player)?.id;
    if (!playerId) throw new Error(`No player ${player} in ${campaignName}`);
    const team = await invoke(page, 'teams.create', { campaignId, playerId, teamListId: summary.id, name });
    const roster = models.map(([entry, modelName, squadSize]) => {
      const found = list.entries.find((e) => e.name === entry) ?? list.entries.find((e) => e.name.startsWith(entry));
      if (!found) throw new Error(`No entry starting with ${entry} in ${list.name}`);
      return { id: randomUUID(), entryId: found.id, name: modelName, options: {}, armoury: [], grenades: {}, ...(squadSize ? { squadSize } : {}) };
    });
    const draft = await invoke(page, 'teams.saveDraft', { id: team.team.id, roster: { models: roster } });
    expect(draft.report.issues.map((i) => i.message)).toEqual([]);
    await invoke(page, 'teams.found', { id: team.team.id });
    ids.push(team.team.id);
  }
  await page.reload();
  await expect(new CampaignPage(page).heading(campaignName)).toBeVisible();
  for (const [, , name] of teams) await expect(new CampaignPage(page).team(name)).toContainText('Founded');
  return ids;
}
