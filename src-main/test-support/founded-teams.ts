/**
 * Founded teams for the handler tests, so each test file does not build them again:
 * - foundedTeams: Blades (Tarkus and three Tactical Marines) and Gitz (Gorbag and three Boyz), with the dice mode
 *   chosen and no optional rules (the roll-correction tests);
 * - wolvesAndBoyz: Iron Wolves and Da Boyz, in a campaign of the chosen preset and points limit (the ruleset tests).
 */
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { Core } from '../core';
import { call } from './index';
import { aliceAndBob } from './two-teams';

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

/**
 * Alice's Iron Wolves (Sergeant Tarkus, Brother Kaelen and three Tactical Marines; 85 pts, 100 with Tarkus's power
 * sword) and Bob's Da Boyz (Gorbag, Skorcha and three Boyz), founded in a fresh campaign of the chosen preset.
 */
export async function wolvesAndBoyz(
  core: Core,
  {
    preset = 'hor-battle-honours',
    pointsLimit,
    powerSword = false,
  }: { preset?: 'hor-battle-honours' | 'hor-experience-levels'; pointsLimit?: number; powerSword?: boolean } = {},
) {
  const n = ++uid;
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: `Vraks ${n}`, preset, ...(pointsLimit === undefined ? {} : { pointsLimit }) });
  const { a, b } = await aliceAndBob(core, campaign.id);
  const m = (entryId: string, name: string, options: Record<string, number> = {}) => ({
    id: `wb${n}-${++uid}`,
    entryId,
    name,
    options,
    armoury: [],
    grenades: {},
  });
  const tarkus = m('sergeant', 'Sergeant Tarkus', powerSword ? { 'power-sword': 1 } : {});
  const marines = ['Brother Cato', 'Brother Varro', 'Brother Lucan'].map((x) => m('tactical-marine', x));
  await call(core, 'teams.saveDraft', { id: a.team.id, roster: { models: [tarkus, m('veteran', 'Brother Kaelen'), ...marines] } });
  const boyz = ['Grub', 'Snik', 'Zog'].map((x) => m('boy', x));
  await call(core, 'teams.saveDraft', { id: b.team.id, roster: { models: [m('boss-nob', 'Gorbag'), m('burna-boy', 'Skorcha'), ...boyz] } });
  await call(core, 'teams.found', { id: a.team.id });
  await call(core, 'teams.found', { id: b.team.id });
  return { campaign, a, b };
}
