/** Players of a campaign (players.*); retiring keeps them (and their history). */
import type { ChannelOutput, ChannelParsedInput } from '../shared/ipc/contract';
import { AppError } from '../shared/ipc/result';
import type { HandlerContext } from './context';
import type { Db } from './db/open';
import { findCampaign } from './repos/campaigns';
import * as repo from './repos/players';

function mustFind(db: Db, id: string) {
  const row = repo.findPlayer(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'That player no longer exists.');
  return row;
}

function assertNameFree(db: Db, campaignId: string, name: string, exceptId?: string) {
  const clash = repo.findPlayerByName(db, campaignId, name);
  if (clash && clash.id !== exceptId) {
    const message = `This campaign already has a player called “${clash.name}”${clash.retiredAt ? ' (retired)' : ''}.`;
    throw new AppError('VALIDATION', message, [{ path: 'name', message }]);
  }
}

function setRetired(ctx: HandlerContext, id: string, retired: boolean) {
  const row = ctx.db.transaction((tx) => {
    const player = mustFind(tx, id);
    if (!!player.retiredAt !== retired) {
      const at = ctx.now().toISOString();
      repo.updatePlayer(tx, id, { retiredAt: retired ? at : null, updatedAt: at });
    }
    return repo.toPlayer(tx, mustFind(tx, id));
  });
  ctx.emit('players.changed', { campaignId: row.campaignId, id });
  return row;
}

export function listPlayersOf(ctx: HandlerContext, { campaignId }: ChannelParsedInput<'players.list'>): ChannelOutput<'players.list'> {
  return repo.listPlayers(ctx.db, campaignId).map((p) => repo.toPlayer(ctx.db, p));
}

export function createPlayer(ctx: HandlerContext, { campaignId, name }: ChannelParsedInput<'players.create'>): ChannelOutput<'players.create'> {
  const player = ctx.db.transaction((tx) => {
    if (!findCampaign(tx, campaignId)) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
    assertNameFree(tx, campaignId, name);
    const at = ctx.now().toISOString();
    const row = { id: ctx.newId(), campaignId, name, retiredAt: null, createdAt: at, updatedAt: at };
    repo.insertPlayer(tx, row);
    return repo.toPlayer(tx, row);
  });
  ctx.emit('players.changed', { campaignId, id: player.id });
  return player;
}

export function renamePlayer(ctx: HandlerContext, { id, name }: ChannelParsedInput<'players.rename'>): ChannelOutput<'players.rename'> {
  const player = ctx.db.transaction((tx) => {
    const row = mustFind(tx, id);
    assertNameFree(tx, row.campaignId, name, id);
    repo.updatePlayer(tx, id, { name, updatedAt: ctx.now().toISOString() });
    return repo.toPlayer(tx, mustFind(tx, id));
  });
  ctx.emit('players.changed', { campaignId: player.campaignId, id });
  return player;
}

export function retirePlayer(ctx: HandlerContext, { id }: ChannelParsedInput<'players.retire'>): ChannelOutput<'players.retire'> {
  return setRetired(ctx, id, true);
}

export function unretirePlayer(ctx: HandlerContext, { id }: ChannelParsedInput<'players.unretire'>): ChannelOutput<'players.unretire'> {
  return setRetired(ctx, id, false);
}
