/** players.* : players of a campaign, in src-main/players.ts. */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { createPlayer, listPlayersOf, renamePlayer, retirePlayer, unretirePlayer } from '../players';

export const playerHandlers: PrefixHandlers<'players', HandlerContext> = {
  'players.list': (input, ctx) => listPlayersOf(ctx, input),
  'players.create': (input, ctx) => createPlayer(ctx, input),
  'players.rename': (input, ctx) => renamePlayer(ctx, input),
  'players.retire': (input, ctx) => retirePlayer(ctx, input),
  'players.unretire': (input, ctx) => unretirePlayer(ctx, input),
};
