/**
 * Two small founded teams in a fresh campaign, with the dice mode chosen and no optional rules: Blades (Tarkus and
 * three Tactical Marines) and Gitz (Gorbag and three Boyz). For the tests that correct rolls before a commit.
 */
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { Core } from '../core';
import { call } from './index';

let uid = 0;

export async function foundedTeams(core: Core, diceMode: 'app' | 'physical', name: string): Promise<{ campaignId: string; a: string; b: string }> {
  const n = ++uid;
  const model = (entryId: string, modelName: string) => ({ id: `ft${n}-${++uid}`, entryId, name: modelName, options: {}, armoury: [], grenades: {} });
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: `${name} ${n}` });
  await call(core, 'campaigns.updateSettings', {
    id: campaign.id,
    diceMode,
    optionalRules: { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false },
  });
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const listId = (key: string) => lists.find((l) => l.listKey === key)!.id;
  const team = async (teamName: string, list: string, models: ReturnType<typeof model>[]) => {
    const p = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: `${teamName} player` });
    const t = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: p.id, teamListId: listId(list), name: teamName });
    await call(core, 'teams.saveDraft', { id: t.team.id, roster: { models } });
    await call(core, 'teams.found', { id: t.team.id });
    return t.team.id;
  };
  const a = await team('Blades', 'space-marines-sample', [model('sergeant', 'Tarkus'), ...['Cato', 'Varro', 'Lucan'].map((m) => model('tactical-marine', m))]);
  const b = await team('Gitz', 'orks-sample', [model('boss-nob', 'Gorbag'), ...['Grub', 'Snik', 'Mek'].map((m) => model('boy', m))]);
  return { campaignId: campaign.id, a, b };
}
