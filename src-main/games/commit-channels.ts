/**
 * games.commit (issue 5): commit a draft in ONE transaction: the game, its report, every roll, every ledger entry and
 * the roster caches rebuilt.
 */
import type { ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { GameDetail, GameDraft, Side } from '../../shared/ipc/schemas/games';
import { GameDraft as GameDraftSchema } from '../../shared/ipc/schemas/games';
import { GamePlan, type GameReport } from '../../shared/rules';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import type { GameRow } from '../db/schema';
import * as gamesRepo from '../repos/games';
import { deleteTaps } from '../repos/table';
import { campaignThreats, stateOf, teamAfter } from './context';
import * as ledger from '../ledger';
import { resolveGame } from './resolve';
import { loadGame, mustFindGame, shapeDetail, summaryOf } from './detail';
import { emitGame, mustBeDraft } from './game-changed';

function resolveDraft(db: Db, game: GameRow, draft: GameDraft) {
  const { campaign, teams, state } = loadGame(db, game);
  const resolved = resolveGame({ game, state, teams, threats: campaignThreats(db, campaign), draft });
  return { state, teams, resolved };
}

export function commitGame(ctx: HandlerContext, { id }: ChannelParsedInput<'games.commit'>): GameDetail {
  const { game, answer } = ctx.db.transaction((tx) => {
    const game = mustFindGame(tx, id);
    mustBeDraft(game);
    if (game.plan === null) throw new AppError('VALIDATION', 'Finish the set-up rolls first.');
    const draft = GameDraftSchema.parse(game.draft);
    const { state, teams, resolved } = resolveDraft(tx, game, draft);
    const p = resolved.preview;
    if (p.blocked) throw new AppError('VALIDATION', `Game ${game.number} cannot be applied yet: ${p.blocked}`);
    if (p.pendingRoll) throw new AppError('VALIDATION', `Roll ${p.pendingRoll.expression} for ${p.pendingRoll.purpose} first.`);
    if (!p.ready || !resolved.score) throw new AppError('VALIDATION', `Game ${game.number} cannot be applied yet: ${p.problems.join(' ')}`);

    const at = ctx.now().toISOString();
    const sideOfTeam = (teamId: string): Side => (teamId === teams.a.row.id ? 'a' : 'b');
    const entries: ledger.NewEntry[] = [
      ...resolved.entries.map((e) => {
        const view = resolved.texts.get(e.id)!;
        return {
          id: e.id,
          teamId: teams[sideOfTeam(e.team)].row.id,
          modelId: 'model' in e ? e.model : null,
          kind: e.kind,
          req: view.req,
          data: e,
          reason: view.text,
        };
      }),
      ...resolved.recruits.map((r) => ({
        id: r.id,
        teamId: teams[r.side].row.id,
        modelId: r.modelId,
        kind: 'model.recruited',
        req: r.req,
        data: r.data,
        reason: r.reason,
      })),
    ];
    const plan = GamePlan.parse(game.plan);
    const rolls = [...plan.rolls.map((r) => ({ ...r, phase: 'plan' as const })), ...resolved.rolls.map((r) => ({ ...r, phase: 'post' as const }))];
    gamesRepo.insertRolls(
      tx,
      rolls.map((r, i) => ({
        gameId: game.id,
        seq: i + 1,
        phase: r.phase,
        purpose: r.purpose,
        expression: r.expression,
        faces: r.faces,
        total: r.total,
        source: r.source,
      })),
    );
    const report: GameReport = { ...draft.report, rolls: [...plan.rolls, ...resolved.rolls] };
    const result = {
      vpA: resolved.score.vp.a,
      vpB: resolved.score.vp.b,
      winner: resolved.score.outcome.kind === 'win' ? resolved.score.outcome.winner : ('draw' as const),
    };
    gamesRepo.markCommitted(tx, game.id, { report, ...result, committedAt: at, updatedAt: at });
    // Issue 33: the table log was the evening's scratch pad; the report now keeps what it gave.
    deleteTaps(tx, game.id);
    // The ledger module writes the entries and folds only them into both teams' roster caches and projections
    // (issue 9), checking that neither team's Req goes below 0 — all in this transaction.
    const after = ledger.append(tx, {
      campaignId: game.campaignId,
      at,
      gameId: game.id,
      entries,
      teams: [teams.a, teams.b],
      committed: { teamAId: game.teamAId, teamBId: game.teamBId, ...result, report },
    });
    // The answer is shaped from what was just written (issue 18): no second read of the game, its teams or rows.
    const limit = state.campaign.pointsLimit;
    const teamsNow = { a: teamAfter(teams.a, after.get(teams.a.row.id), limit), b: teamAfter(teams.b, after.get(teams.b.row.id), limit) };
    const written: GameRow = { ...game, status: 'committed', draft: null, report, ...result, committedAt: at, updatedAt: at };
    const answer = shapeDetail({
      game: written,
      summary: summaryOf(written, (teamId) => {
        const t = teamId === teamsNow.a.row.id ? teamsNow.a : teamsNow.b;
        return { id: teamId, name: t.row.name, playerName: t.player.name };
      }),
      teams: teamsNow,
      state: stateOf(state.campaign, state.ruleset, [teamsNow.a, teamsNow.b]),
      resolved: null,
      planPendingRoll: null,
      rolls: rolls.map((r) => ({ ...r, faces: r.faces as number[] })),
      gameRows: [...after.values()].flatMap((a) => a.rows).sort((x, y) => x.seq - y.seq),
    });
    return { game, answer };
  });
  emitGame(ctx, game, 'committed', [game.teamAId, game.teamBId]);
  ctx.afterCommit(`after-game-${game.number}`);
  return answer;
}
