/**
 * games.voidPlan / games.void (issue 5): void a committed game: exactly its entries, or with its dependents when the
 * organiser agrees, never leaving a negative balance or a dangling model.
 */
import type { ChannelOutput, ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { GameSummary } from '../../shared/ipc/schemas/games';
import type { HandlerContext } from '../context';
import * as ledger from '../ledger';
import { lineSummary, mustFindGameLine, teamNames } from './detail';
import { voidPlanFor } from './void-view';
import { emitGame } from './game-changed';

export function voidPlan(ctx: HandlerContext, { id }: ChannelParsedInput<'games.voidPlan'>): ChannelOutput<'games.voidPlan'> {
  return voidPlanFor(ctx.db, mustFindGameLine(ctx.db, id)).view;
}

export async function voidGame(ctx: HandlerContext, { id, reason, withDependents }: ChannelParsedInput<'games.void'>): Promise<GameSummary> {
  // The plan is made and checked first (a refused void makes no backup), then a verified backup of the state the
  // void changes (docs/reliability.md rule 3; usually the after-commit backup, reused), then the plan is applied. The
  // backup may be taken in a worker while other requests are answered: if anything was written meanwhile, plan again.
  const planned = () => {
    const target = mustFindGameLine(ctx.db, id);
    const made = voidPlanFor(ctx.db, target);
    if (made.view.dependents.length > 0 && !withDependents) {
      throw new AppError(
        'VALIDATION',
        `Game ${target.number} has later entries that depend on it: ${made.view.dependents.map((d) => d.message).join(' ')} Void them too, or cancel.`,
      );
    }
    return { target, ...made };
  };
  if (ctx.info.readOnly) throw new AppError('READ_ONLY', 'The campaign file is read-only here, so nothing can be saved.');
  let made = planned();
  for (;;) {
    const before = ctx.backups.changes();
    await ctx.backups.current(`before-void-game-${made.target.number}`);
    if (ctx.backups.changes() === before) break;
    made = planned();
  }
  // From here to the end of the transaction nothing awaits: no other request runs in between.
  const { target, plan, scope } = made;
  const game = target;
  const teamIds = ctx.db.transaction((tx) =>
    ledger.voidEntries(tx, {
      entries: new Set(plan.entries),
      gameId: game.id,
      games: plan.games,
      ledger: scope.ledger,
      items: scope.items,
      balanceBefore: Object.fromEntries([...scope.teams].map((t) => [t, scope.before.balance[t] ?? 0])),
      reason,
      gameNumber: game.number,
      at: ctx.now().toISOString(),
    }),
  );
  emitGame(ctx, game, 'voided', teamIds);
  return lineSummary(mustFindGameLine(ctx.db, id), (t) => teamNames(ctx.db, t));
}
