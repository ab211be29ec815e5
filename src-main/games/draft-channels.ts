/**
 * The result wizard's draft (issue 5): games.saveDraft keeps it (it survives a restart) and answers the game;
 * games.discard throws a draft game away. Its two light channels (issue 32): games.previewContext, read once when the wizard opens, gives the
 * window what shared/rules resolveGame needs to preview a draft itself; games.keepDraft saves the draft row alone (one
 * read and one write, nothing recomputed). The commit still resolves in main with the same function (games.commit).
 */
import type { ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { GameDetail, GameDraft, GameDraftKept, GamePreviewContext, GameSummary } from '../../shared/ipc/schemas/games';
import { GameDraft as GameDraftSchema } from '../../shared/ipc/schemas/games';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import type { GameRow } from '../db/schema';
import * as gamesRepo from '../repos/games';
import { campaignThreats, type LoadedTeam } from './context';
import { detail, gameSummary, loadGame, mustFindGame } from './detail';
import { emitGame, mustBeDraft } from './game-changed';

function mustBePlannedDraft(game: GameRow) {
  if (game.status !== 'draft') throw new AppError('VALIDATION', `Game ${game.number} is ${game.status}: only a draft can be changed.`);
  if (game.plan === null) throw new AppError('VALIDATION', 'Finish the set-up rolls first.');
}

/** What the window resolves a draft with: the same loading as the commit's (context.ts), sent once. */
export function previewContext(db: Db, id: string): GamePreviewContext {
  const game = mustFindGame(db, id);
  mustBePlannedDraft(game);
  const { campaign, teams, state } = loadGame(db, game);
  const team = (t: LoadedTeam) => ({
    id: t.row.id,
    name: t.row.name,
    list: t.list,
    roster: t.roster,
    limit: t.report.limit,
    req: t.req,
    honourPoints: t.projection?.honourPoints ?? 0,
  });
  return {
    game: { id: game.id, number: game.number, seed: game.seed, diceMode: game.diceMode, missionId: game.missionId, setup: game.setup, plan: game.plan },
    pointsLimit: campaign.pointsLimit,
    ruleset: state.ruleset,
    projection: state.projection,
    names: [...state.names],
    teams: { a: team(teams.a), b: team(teams.b) },
    threats: campaignThreats(db, campaign),
  };
}

/**
 * The wizard's draft, kept as typed: one read of the game row and one write, in one transaction. Typed-in dice are
 * only changed through games.enterRoll (checked against what the rules ask for), so the stored faces are kept.
 */
export function keepDraft(ctx: HandlerContext, id: string, draft: GameDraft): GameDraftKept {
  const { game, updatedAt } = ctx.db.transaction((tx) => {
    const game = mustFindGame(tx, id);
    mustBePlannedDraft(game);
    const stored = GameDraftSchema.parse(game.draft);
    const updatedAt = ctx.now().toISOString();
    gamesRepo.updateGame(tx, id, { draft: { ...draft, faces: stored.faces }, updatedAt });
    return { game, updatedAt };
  });
  ctx.emit('games.changed', { campaignId: game.campaignId, id: game.id, status: 'draft' });
  return { id, updatedAt };
}

export function saveDraft(ctx: HandlerContext, { id, draft }: ChannelParsedInput<'games.saveDraft'>): GameDetail {
  const game = ctx.db.transaction((tx) => {
    const game = mustFindGame(tx, id);
    mustBeDraft(game);
    if (game.plan === null) throw new AppError('VALIDATION', 'Finish the set-up rolls first.');
    const stored = GameDraftSchema.parse(game.draft);
    // Typed-in dice are only changed through games.enterRoll (checked against what the rules ask for).
    gamesRepo.updateGame(tx, id, { draft: { ...draft, faces: stored.faces }, updatedAt: ctx.now().toISOString() });
    return game;
  });
  emitGame(ctx, game, 'draft');
  return detail(ctx.db, id);
}

export function discardDraft(ctx: HandlerContext, { id }: ChannelParsedInput<'games.discard'>): GameSummary {
  const game = ctx.db.transaction((tx) => {
    const game = mustFindGame(tx, id);
    mustBeDraft(game);
    const summary = gameSummary(tx, game);
    gamesRepo.deleteDraftGame(tx, id);
    return summary;
  });
  emitGame(ctx, game, 'discarded');
  return game;
}
