/** Founding teams through the UI, shared by the specs that play games (game, house-rules). */
import { expect, type Page } from '@playwright/test';
import { CampaignPage } from '../pages/CampaignPage';
import { RosterPage } from '../pages/RosterPage';

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
