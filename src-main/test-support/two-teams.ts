/**
 * The set-up many handler tests share: players Alice and Bob in a campaign, Alice's team from a sample list (the
 * Space Marines' Iron Wolves unless asked otherwise) and Bob's Da Boyz from the Orks sample, created but not drafted.
 */
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { Core } from '../core';
import { call } from './index';

export async function aliceAndBob(core: Core, campaignId: string, { list = 'space-marines-sample', name = 'Iron Wolves' } = {}) {
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const listId = (key: string) => lists.find((l) => l.listKey === key)!.id;
  const alice = await call<Player>(core, 'players.create', { campaignId, name: 'Alice' });
  const bob = await call<Player>(core, 'players.create', { campaignId, name: 'Bob' });
  const a = await call<TeamDetail>(core, 'teams.create', { campaignId, playerId: alice.id, teamListId: listId(list), name });
  const b = await call<TeamDetail>(core, 'teams.create', { campaignId, playerId: bob.id, teamListId: listId('orks-sample'), name: 'Da Boyz' });
  return { alice, bob, a, b };
}
