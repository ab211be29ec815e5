/**
 * table.* handlers (issue 33): a game played at the table. Each tap is one row appended to the game's log in its own
 * transaction — "saved" means the transaction returned (docs/reliability.md rule 2) — and the answer is the state
 * folded from the log. Nothing reaches the ledger: "Game over" writes the result wizard's draft from the table, and the
 * game is committed from the wizard as any other.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { TableView } from '../../shared/ipc/schemas/table';
import { foldTable, missionScoring, prefillReport, tableModelsOf, tapProblem, type TableEvent } from '../../shared/rules';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import { detail } from '../games/detail';
import { loadTable, tableView, type TableGame } from '../games/table';
import { answeredPrompt } from '../games/table-prompts';
import * as gamesRepo from '../repos/games';
import { appendTap } from '../repos/table';

type TableHandlers = Pick<Handlers<HandlerContext>, 'table.get' | 'table.tap' | 'table.undo' | 'table.gameOver'>;

/** A tap from a screen that had not seen the latest one (another window, a phone cannot tap) is refused, not merged. */
function mustBeCurrent(t: TableGame, afterSeq: number | undefined) {
  if (afterSeq !== undefined && afterSeq !== t.seq) {
    throw new AppError('VALIDATION', 'The table changed on another screen since this one was shown: look again and tap once more.');
  }
}

/** Appends one tap after checking it against the state it follows; returns the state with it. */
function append(ctx: HandlerContext, gameId: string, afterSeq: number | undefined, make: (t: TableGame, db: Db) => TableEvent): TableView {
  const out = ctx.db.transaction((tx) => {
    const t = loadTable(tx, gameId);
    mustBeCurrent(t, afterSeq);
    const event = make(t, tx);
    const names = new Map(t.state.models.map((m) => [m.id, m.name]));
    const problem = tapProblem(t.state, event, (id) => names.get(id) ?? id);
    if (problem) throw new AppError('VALIDATION', problem);
    const seq = t.seq + 1;
    appendTap(tx, { gameId, seq, event, at: ctx.now().toISOString() });
    const taps = [...t.taps, { seq, event }];
    const next: TableGame = {
      ...t,
      taps,
      seq,
      state: foldTable(
        tableModelsOf(t.draft.report.models),
        taps.map((x) => x.event),
      ),
    };
    try {
      return tableView(tx, next);
    } catch (e) {
      // The rules know how long the game can last ("This game has turns 1 to 10; there is no turn 11."): refused in
      // their words, and the transaction is rolled back, so the tap is not kept.
      if (e instanceof RangeError) throw new AppError('VALIDATION', e.message);
      throw e;
    }
  });
  ctx.emit('table.changed', { campaignId: out.game.campaignId, gameId, seq: out.seq });
  return out;
}

export const tableHandlers: TableHandlers = {
  'table.get': ({ gameId }, ctx) => tableView(ctx.db, loadTable(ctx.db, gameId)),

  'table.tap': ({ gameId, event, afterSeq }, ctx) =>
    append(ctx, gameId, afterSeq, (t, db) => (event.kind === 'prompt' ? answeredPrompt(db, t, event.key, event.faces, event.answer) : event)),

  'table.undo': ({ gameId, afterSeq }, ctx) => append(ctx, gameId, afterSeq, () => ({ kind: 'undo' })),

  // "Game over": the ending tapped into the log, and the wizard's draft filled from the table in the same transaction.
  'table.gameOver': ({ gameId, ending, afterSeq }, ctx) => {
    const game = ctx.db.transaction((tx) => {
      const t = loadTable(tx, gameId);
      mustBeCurrent(t, afterSeq);
      const event: TableEvent = { kind: 'end', ending };
      const problem = tapProblem(t.state, event);
      if (problem) throw new AppError('VALIDATION', problem);
      const seq = t.seq + 1;
      const at = ctx.now().toISOString();
      appendTap(tx, { gameId, seq, event, at });
      const state = foldTable(tableModelsOf(t.draft.report.models), [...t.taps.map((x) => x.event), event]);
      gamesRepo.updateGame(tx, gameId, {
        draft: { ...t.draft, step: 'result', report: prefillReport(t.draft.report, state, missionScoring(t.plan.mission)) },
        updatedAt: at,
      });
      return { game: t.game, seq };
    });
    ctx.emit('table.changed', { campaignId: game.game.campaignId, gameId, seq: game.seq });
    ctx.emit('games.changed', { campaignId: game.game.campaignId, id: gameId, status: 'draft' });
    return detail(ctx.db, gameId);
  },
};
