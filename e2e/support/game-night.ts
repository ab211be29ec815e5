/**
 * Issue 33's game night: "Friday Night League" after an earlier game night (Iron Wolves beat Da Boyz), with Cara's
 * Hydra Platoon (a Guardsman Squad of five, and Lenz to hold in reserve) and Dan's big Ork mob, Waaagh Riders; real
 * dice typed in. Built the same way twice, it gives two identical campaigns: one plays its game at the table, the
 * other types the same game into the wizard alone.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { ChannelInput } from '../../shared/ipc/contract';
import { CampaignPage } from '../pages/CampaignPage';
import { invoke } from './invoke';
import { playedCampaign, type PlayedCampaign } from './played-campaign';

type Model = ChannelInput<'teams.saveDraft'>['roster']['models'][number];
export const model = (entryId: string, name: string, squadSize?: number): Model => ({
  id: randomUUID(),
  entryId,
  name,
  options: {},
  armoury: [],
  grenades: {},
  ...(squadSize ? { squadSize } : {}),
});

export const LAST_NIGHT = '2026-01-09';
const BOYS = ['Nazbag', 'Grizzit', 'Mogg', 'Snotrag', 'Bonk', 'Ruzgob', 'Drekk', 'Gulp', 'Skab', 'Wurr', 'Zagnut', 'Krog', 'Mukka', 'Nurg', 'Gitza'];

/** A player and a founded team, through the bridge (they only need to exist). */
export async function foundTeamByApi(page: Page, campaignId: string, player: string, listKey: string, name: string, models: Model[]) {
  const p = await invoke(page, 'players.create', { campaignId, name: player });
  const lists = await invoke(page, 'teamLists.list', {});
  const team = await invoke(page, 'teams.create', { campaignId, playerId: p.id, teamListId: lists.find((l) => l.listKey === listKey)!.id, name });
  const draft = await invoke(page, 'teams.saveDraft', { id: team.team.id, roster: { models } });
  expect(draft.report.issues.map((i) => i.message)).toEqual([]);
  await invoke(page, 'teams.found', { id: team.team.id });
  return team.team.id;
}

export interface GameNightCampaign extends PlayedCampaign {
  name: string;
  hydra: string;
  riders: string;
}

/** The campaign, left open on its page with "Players roll real dice" chosen. */
export async function gameNightCampaign(page: Page, name: string): Promise<GameNightCampaign> {
  const c = await playedCampaign(page, name, 'Da Boyz', LAST_NIGHT);
  const hydra = await foundTeamByApi(page, c.campaignId, 'Cara', 'imperial-guard-sample', 'Hydra Platoon', [
    model('veteran-sergeant', 'Harker'),
    model('guardsman-squad', 'Third Squad', 5),
    model('guardsman', 'Lenz'),
  ]);
  const riders = await foundTeamByApi(page, c.campaignId, 'Dan', 'orks-sample', 'Waaagh Riders', [
    model('boss-nob', 'Urgok'),
    ...BOYS.map((b) => model('boy', b)),
  ]);
  await page.reload();
  const campaign = new CampaignPage(page);
  await expect(campaign.heading(name)).toBeVisible();
  await campaign.setDiceMode('physical');
  return { ...c, name, hydra, riders };
}
