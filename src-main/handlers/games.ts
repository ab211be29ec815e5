/**
 * Every games.* channel, each a call into src-main/games/: a game's life from set-up to void (issue 5). Set up a game
 * and its dice (setup-channels.ts), keep or discard the result wizard's draft (draft-channels.ts), commit it in ONE
 * transaction (commit-channels.ts), void a committed game (void-channels.ts), amend one (amend-channels.ts); its list
 * and page from list-channels.ts and detail.ts.
 */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import type { HandlerContext } from '../context';
import { detail } from '../games/detail';
import { listGames } from '../games/list-channels';
import { chooseInPlan, createGame, enterRoll } from '../games/setup-channels';
import { discardDraft, keepDraft, previewContext, saveDraft } from '../games/draft-channels';
import { commitGame } from '../games/commit-channels';
import { voidGame, voidPlan } from '../games/void-channels';
import { amendGame, amendmentsOf, previewAmend } from '../games/amend-channels';

export const gameHandlers: PrefixHandlers<'games', HandlerContext> = {
  'games.list': (input, ctx) => listGames(ctx, input),
  'games.get': ({ id }, ctx) => detail(ctx.db, id),

  'games.create': (setup, ctx) => createGame(ctx, setup),
  'games.enterRoll': (input, ctx) => enterRoll(ctx, input),
  // Issue 30: a player's answer to one of the plan's choices, made (or changed) once the plan is shown.
  'games.choose': (input, ctx) => chooseInPlan(ctx, input),

  'games.saveDraft': (input, ctx) => saveDraft(ctx, input),
  // Issue 32: the wizard previews in the window (shared/rules resolveGame) and saves its draft row alone.
  'games.previewContext': ({ id }, ctx) => previewContext(ctx.db, id),
  'games.keepDraft': ({ id, draft }, ctx) => keepDraft(ctx, id, draft),
  'games.discard': (input, ctx) => discardDraft(ctx, input),

  'games.commit': (input, ctx) => commitGame(ctx, input),

  'games.voidPlan': (input, ctx) => voidPlan(ctx, input),
  'games.void': (input, ctx) => voidGame(ctx, input),

  // Amending a committed game (issue 20): src-main/games/amend-channels.ts.
  'games.previewAmend': (input, ctx) => previewAmend(ctx, input),
  'games.amend': (input, ctx) => amendGame(ctx, input),
  'games.amendments': (input, ctx) => amendmentsOf(ctx, input),
};
