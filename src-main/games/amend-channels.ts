/**
 * games.previewAmend / games.amend / games.amendments (issue 20): amend a committed game. It loads the game,
 * asks the rules what the amended report gives and what it changes (src-main/games/amend.ts →
 * shared/rules/campaign/amend-plan.ts), writes it in ONE transaction through the ledger module, keeps the reason and
 * the report as it was in the game's history, emits games.changed ('amended', both teams) and answers the game.
 */
import type { ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { AmendPreview, GameAmendments } from '../../shared/ipc/schemas/amend';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import { GamePlan, GameReport, MAX_AMENDMENTS, type ReportAmendment } from '../../shared/rules';
import type { HandlerContext } from '../context';
import * as ledger from '../ledger';
import * as gamesRepo from '../repos/games';
import { detail, mustFindGame, teamNames } from './detail';
import { planAmendment } from './amend';

/** The report in words, for the history: who took part and who took whom out of action. */
function reportWords(report: GameReport): string[] {
  const name = (id: string | null | undefined) => report.models.find((m) => m.id === id)?.name ?? id ?? 'someone';
  return report.models.map((m) => {
    if (!m.tookPart) return `${name(m.id)}: did not take part.`;
    if (m.aliveAtEnd) return `${name(m.id)}: took part, not taken out of action.`;
    const by = m.outOfAction?.by;
    return `${name(m.id)}: taken out of action${by ? ` by ${name(by)}` : ''}.`;
  });
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function previewAmend(ctx: HandlerContext, { id, draft }: ChannelParsedInput<'games.previewAmend'>): AmendPreview {
  return planAmendment(ctx.db, mustFindGame(ctx.db, id), draft).view;
}

export function amendGame(ctx: HandlerContext, { id, draft, reason }: ChannelParsedInput<'games.amend'>): GameDetail {
  if (ctx.info.readOnly) throw new AppError('READ_ONLY', 'The campaign file is read-only here, so nothing can be saved.');
  const game = ctx.db.transaction((tx) => {
    const game = mustFindGame(tx, id);
    const { plan, entries, view, resolved, c } = planAmendment(tx, game, draft);
    if (view.refusal) throw new AppError('VALIDATION', `Game ${game.number} cannot be amended: ${view.refusal}`);
    const stored = GameReport.parse(game.report);
    const history = stored.amendments ?? [];
    if (history.length >= MAX_AMENDMENTS)
      throw new AppError('VALIDATION', `Game ${game.number} was amended ${MAX_AMENDMENTS} times already: void it and enter it again.`);
    const at = ctx.now().toISOString();
    const { amendments: _before, ...original } = stored;
    const changes = [
      ...view.removed.map((l) => `${l.teamName}: taken back — ${l.text}`),
      ...view.changed.map((ch) => `${ch.after.teamName}: ${ch.before.text} → ${ch.after.text}`),
      ...view.added.map((l) => `${l.teamName}: added — ${l.text}`),
    ];
    const result = game.vpA !== null && game.vpB !== null && game.winner !== null ? { vp: { a: game.vpA, b: game.vpB }, winner: game.winner } : undefined;
    const amendment: ReportAmendment = { at, reason, changes, ...(result ? { result } : {}), original: JSON.stringify(original) };
    const planRolls = GamePlan.parse(game.plan).rolls;
    const report: GameReport = { ...draft.report, rolls: [...planRolls, ...resolved.rolls], amendments: [...history, amendment] };
    const score = resolved.score!;
    const winner = score.outcome.kind === 'win' ? score.outcome.winner : 'draw';
    gamesRepo.updateGame(tx, id, {
      report,
      vpA: score.vp.a,
      vpB: score.vp.b,
      winner,
      updatedAt: at,
    });
    gamesRepo.replacePostRolls(tx, id, planRolls.length, resolved.rolls);
    const taken = [...plan.diff.removed, ...plan.diff.changed.map((ch) => ch.before)].map((i) => i.id);
    const added = [...plan.diff.changed.map((ch) => ch.after), ...plan.diff.added];
    // Written in the order the amended game gives them.
    const order = new Map(entries.map((e, n) => [e.id, n]));
    added.sort((x, y) => order.get(x.id)! - order.get(y.id)!);
    ledger.amendEntries(tx, {
      campaignId: game.campaignId,
      gameId: game.id,
      at,
      voiding: taken,
      entries: added.map(({ team: _team, ...e }) => e),
      teams: [c.teams.a.row, c.teams.b.row],
      parsed: c.parsed,
      rows: c.ledger,
      result: {
        before: { teamAId: game.teamAId, teamBId: game.teamBId, winner: game.winner, vpA: game.vpA, vpB: game.vpB, report: stored },
        after: { teamAId: game.teamAId, teamBId: game.teamBId, winner, vpA: score.vp.a, vpB: score.vp.b, report },
      },
    });
    return game;
  });
  ctx.emit('games.changed', { campaignId: game.campaignId, id: game.id, status: 'amended', teams: [game.teamAId, game.teamBId] });
  ctx.afterCommit(`after-amending-game-${game.number}`);
  return detail(ctx.db, id);
}

export function amendmentsOf(ctx: HandlerContext, { id }: ChannelParsedInput<'games.amendments'>): GameAmendments {
  const game = mustFindGame(ctx.db, id);
  if (game.report === null) return [];
  const history = GameReport.parse(game.report).amendments ?? [];
  return history.map((a) => {
    const original = GameReport.safeParse(parsed(a.original));
    const teamName = (side: 'a' | 'b') => teamNames(ctx.db, side === 'a' ? game.teamAId : game.teamBId).name;
    const r = a.result;
    const outcome = !r ? null : r.winner === 'draw' ? 'a draw' : `${teamName(r.winner)} won`;
    return {
      at: a.at,
      reason: a.reason,
      changes: a.changes,
      original: original.success ? reportWords(original.data) : ['The report before this amendment cannot be read.'],
      originalScore: r ? `${teamName('a')} ${r.vp.a} – ${r.vp.b} ${teamName('b')}, ${outcome}` : null,
    };
  });
}
