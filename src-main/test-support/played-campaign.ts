/**
 * The integration tests' played campaign: Alice's Space Marines (Iron Wolves, unless named otherwise) and Bob's Orks
 * (Da Boyz), both founded from the sample lists, and one committed Skirmish in which Kaelen takes Skorcha out of
 * action. Model ids start with the campaign's name, so two played campaigns can share a laptop.
 */
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { Core } from '../core';
import { call } from './index';
import { aliceAndBob } from './two-teams';

export interface PlayedCampaign {
  campaign: Campaign;
  teamA: string;
  teamB: string;
  /** The committed game's id. */
  game: string;
  /** Alice's id. */
  player: string;
  /** Kaelen's model id. */
  kaelen: string;
}

export async function playedCampaign(core: Core, { name = 'Vraks', teamName = 'Iron Wolves' } = {}): Promise<PlayedCampaign> {
  const campaign = await call<Campaign>(core, 'campaigns.create', { name });
  const { alice, a, b } = await aliceAndBob(core, campaign.id, { name: teamName });
  let n = 0;
  const m = (entryId: string, model: string) => ({ id: `${name}-${++n}`, entryId, name: model, options: {}, armoury: [], grenades: {} });
  await call(core, 'teams.saveDraft', {
    id: a.team.id,
    roster: {
      models: [m('sergeant', 'Tarkus'), m('veteran', 'Kaelen'), m('tactical-marine', 'Cato'), m('tactical-marine', 'Varro'), m('tactical-marine', 'Lucan')],
    },
  });
  await call(core, 'teams.saveDraft', {
    id: b.team.id,
    roster: { models: [m('boss-nob', 'Gorbag'), m('burna-boy', 'Skorcha'), m('boy', 'Grub'), m('boy', 'Snik'), m('boy', 'Zog')] },
  });
  await call(core, 'teams.found', { id: a.team.id });
  await call(core, 'teams.found', { id: b.team.id });
  const g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' });
  const draft = structuredClone(g.draft);
  const kaelen = g.models.find((x) => x.name === 'Kaelen')!.id;
  draft.report.models = draft.report.models.map((x) => (x.name === 'Skorcha' ? { ...x, aliveAtEnd: false, outOfAction: { by: kaelen, how: 'shooting' } } : x));
  await call(core, 'games.saveDraft', { id: g.game.id, draft });
  await call(core, 'games.commit', { id: g.game.id });
  return { campaign, teamA: a.team.id, teamB: b.team.id, game: g.game.id, player: alice.id, kaelen };
}
