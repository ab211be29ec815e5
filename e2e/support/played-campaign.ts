/**
 * A campaign with two founded teams and one committed game (issue 22's specs): the campaign and its players through
 * the UI, the rosters and the game through the bridge API (app dice), where they only need to exist.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { ChannelInput } from '../../shared/ipc/contract';
import { CampaignPage } from '../pages/CampaignPage';
import { HomePage } from '../pages/HomePage';
import { invoke } from './invoke';

type Model = ChannelInput<'teams.saveDraft'>['roster']['models'][number];
const model = (entryId: string, name: string): Model => ({ id: randomUUID(), entryId, name, options: {}, armoury: [], grenades: {} });

export interface PlayedCampaign {
  campaignId: string;
  gameId: string;
  marines: string;
  orks: string;
  /** Model ids by name. */
  ids: Map<string, string>;
}

/**
 * "Vraks, Zoë's league" with Iron Wolves (Alice) and `orkName` (Bob); game 1: Kaelen takes Skorcha out of action,
 * played today unless `playedOn` (YYYY-MM-DD) says another day (issue 33: an evening after an earlier game night).
 */
export async function playedCampaign(page: Page, campaignName: string, orkName = 'Da Boyz', playedOn?: string): Promise<PlayedCampaign> {
  const home = new HomePage(page);
  await home.waitUntilReady();
  await home.createCampaign(campaignName);
  await page.getByRole('link', { name: campaignName }).click();
  const campaign = new CampaignPage(page);
  await expect(campaign.heading(campaignName)).toBeVisible();
  await campaign.addPlayer('Alice');
  await campaign.addPlayer('Bob');
  const campaignId = decodeURIComponent((await page.evaluate<string>('location.hash')).replace('#/campaigns/', ''));

  const lists = await invoke(page, 'teamLists.list', {});
  const players = await invoke(page, 'players.list', { campaignId });
  const listOf = (key: string) => lists.find((l) => l.listKey === key)!.id;
  const playerOf = (name: string) => players.find((p) => p.name === name)!.id;
  const ids = new Map<string, string>();
  const found = async (player: string, key: string, name: string, models: Model[]) => {
    const team = await invoke(page, 'teams.create', { campaignId, playerId: playerOf(player), teamListId: listOf(key), name });
    const draft = await invoke(page, 'teams.saveDraft', { id: team.team.id, roster: { models } });
    expect(draft.report.issues.map((i) => i.message)).toEqual([]);
    await invoke(page, 'teams.found', { id: team.team.id });
    for (const m of models) ids.set(m.name, m.id);
    return team.team.id;
  };
  const marines = await found('Alice', 'space-marines-sample', 'Iron Wolves', [
    model('sergeant', 'Tarkus'),
    model('veteran', 'Kaelen'),
    model('tactical-marine', 'Cato'),
    model('tactical-marine', 'Varro'),
    model('tactical-marine', 'Lucan'),
  ]);
  const orks = await found('Bob', 'orks-sample', orkName, [
    model('boss-nob', 'Gorbag'),
    model('burna-boy', 'Skorcha'),
    model('boy', 'Grub'),
    model('boy', 'Snik'),
    model('boy', 'Zog'),
  ]);

  const g = await invoke(page, 'games.create', { campaignId, teamA: marines, teamB: orks, mission: 'skirmish', ...(playedOn ? { playedOn } : {}) });
  const draft = structuredClone(g.draft);
  draft.report.models = draft.report.models.map((x) =>
    x.id === ids.get('Skorcha') ? { ...x, aliveAtEnd: false, outOfAction: { by: ids.get('Kaelen')!, how: 'shooting' } } : x,
  );
  await invoke(page, 'games.saveDraft', { id: g.game.id, draft });
  await invoke(page, 'games.commit', { id: g.game.id });
  await page.reload();
  await expect(campaign.heading(campaignName)).toBeVisible();
  return { campaignId, gameId: g.game.id, marines, orks, ids };
}
