/**
 * What every games.* write channel shares: a draft is the only game that can be changed, and games.changed says what
 * happened once the write is done.
 */
import { AppError } from '../../shared/ipc/result';
import type { HandlerContext } from '../context';
import type { GameRow } from '../db/schema';

/**
 * games.changed says what happened (issue 18): a draft changed, or a commit or void that changed `teams`' ledgers.
 * A commit or void sends no teams.changed of its own: windows refresh once for the game, not once per team.
 */
export function emitGame(
  ctx: HandlerContext,
  game: Pick<GameRow, 'campaignId' | 'id'>,
  status: 'draft' | 'discarded' | 'committed' | 'voided',
  teams?: Iterable<string>,
) {
  ctx.emit('games.changed', { campaignId: game.campaignId, id: game.id, status, ...(teams ? { teams: [...teams] } : {}) });
}

export function mustBeDraft(game: GameRow) {
  if (game.status !== 'draft') throw new AppError('VALIDATION', `Game ${game.number} is ${game.status}: only a draft can be changed.`);
}
