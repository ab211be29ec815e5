/**
 * Over 400 lines: every games.* channel of a game's life from set-up to void; resolution moves to shared/rules next (issue 32).
 * games.* handlers (issue 5): set up a game (plan with seeded or typed-in dice), keep the result wizard's draft
 * (it survives a restart), preview what it changes, commit it in ONE transaction (game, report, every roll, every
 * ledger entry, roster caches rebuilt), and void a committed game: exactly its entries, or with its dependents when
 * the organiser agrees, never leaving a negative balance or a dangling model.
 */
import type { PrefixHandlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { GameDraft, GameSummary, Side } from '../../shared/ipc/schemas/games';
import { GameDraft as GameDraftSchema } from '../../shared/ipc/schemas/games';
import { GamePlan, type GameReport, checkPhysicalFaces, REPORT_VERSION, reportFromPlan, planOptionalRulesOf } from '../../shared/rules';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import type { GameRow } from '../db/schema';
import { findCampaignRow } from '../repos/campaigns';
import * as gamesRepo from '../repos/games';
import { deleteTaps } from '../repos/table';
import { campaignThreats, gameState, loadTeam, reportModels, stateOf, teamAfter, type LoadedTeam } from '../games/context';
import * as ledger from '../ledger';
import { resolveGame } from '../games/resolve';
import { detail, gameSummary, lineSummary, loadGame, mustFindGame, mustFindGameLine, shapeDetail, summaryOf, teamNames, tryPlan } from '../games/detail';
import { voidPlanFor } from '../games/void-view';
import { takenSetup, withTaken } from '../games/taken';
import { chosenSetup, correctedSetup, onlyPlanned } from '../games/setup-correction';
import { keepDraft, previewContext } from '../games/draft-channels';
import { amendGame, amendmentsOf, previewAmend } from '../games/amend-channels';

const SIDES: Side[] = ['a', 'b'];
/** A fresh draft for a planned game: everyone on both rosters took part and is alive until told otherwise. */
function freshDraft(plan: GamePlan | null, teams: Record<Side, LoadedTeam>, faces: GameDraft['faces']): GameDraft {
  const models = [...reportModels(teams.a, 'a'), ...reportModels(teams.b, 'b')];
  const report: GameReport = plan
    ? reportFromPlan(plan, models)
    : {
        reportVersion: REPORT_VERSION,
        missionId: 'not-planned',
        sides: {
          a: { teamId: teams.a.row.id, name: teams.a.row.name, firstBlood: false, sweepingAdvance: false, kayfabe: false },
          b: { teamId: teams.b.row.id, name: teams.b.row.name, firstBlood: false, sweepingAdvance: false, kayfabe: false },
        },
        models,
        ending: { kind: 'turns' },
        rolls: [],
      };
  return {
    step: 'result',
    report,
    awards: { a: { otherAwards: [], expAwards: [] }, b: { otherAwards: [], expAwards: [] } },
    honours: [],
    recruits: [],
    faces,
    overrides: {},
  };
}

/**
 * A draft with one of its after-game rolls changed (issue 20). Real dice: the die typed again, and the rolls that only
 * followed from the old result (a follow-up table, a Medical Gear re-roll) asked for again. Herald's dice: the faces
 * the club ruled, with who asked and why (kept in the roll's purpose, and so in the stored roll).
 */
function correctedDraft(
  draft: GameDraft,
  mode: GameRow['diceMode'],
  key: string,
  faces: number[],
  change: { by: string; reason: string } | undefined,
  rolls: readonly { key?: string | undefined; expression: string }[],
): GameDraft {
  const roll = rolls.find((r) => r.key === key);
  if (!roll) throw new AppError('VALIDATION', 'That roll is no longer part of this game (the result changed): reload the game.');
  const problem = checkPhysicalFaces(roll.expression, faces);
  if (problem) throw new AppError('VALIDATION', problem);
  if (mode === 'app') {
    if (!change) throw new AppError('VALIDATION', 'Herald made this roll: say who asked for the change and why (e.g. "club ruling: re-roll").');
    return { ...draft, overrides: { ...draft.overrides, [key]: { faces, by: change.by, reason: change.reason } } };
  }
  const purpose = key.slice('post|'.length, key.lastIndexOf('|'));
  const following = (k: string) => k.startsWith(`post|${purpose}: `) || k.startsWith(`post|${purpose} (`);
  const kept = Object.fromEntries(Object.entries(draft.faces).filter(([k]) => !following(k)));
  return { ...draft, faces: { ...kept, [key]: faces } };
}

function resolveDraft(db: Db, game: GameRow, draft: GameDraft) {
  const { campaign, teams, state } = loadGame(db, game);
  const resolved = resolveGame({ game, state, teams, threats: campaignThreats(db, campaign), draft });
  return { state, teams, resolved };
}

/**
 * games.changed says what happened (issue 18): a draft changed, or a commit or void that changed `teams`' ledgers.
 * A commit or void sends no teams.changed of its own: windows refresh once for the game, not once per team.
 */
function emitGame(
  ctx: HandlerContext,
  game: Pick<GameRow, 'campaignId' | 'id'>,
  status: 'draft' | 'discarded' | 'committed' | 'voided',
  teams?: Iterable<string>,
) {
  ctx.emit('games.changed', { campaignId: game.campaignId, id: game.id, status, ...(teams ? { teams: [...teams] } : {}) });
}

function mustBeDraft(game: GameRow) {
  if (game.status !== 'draft') throw new AppError('VALIDATION', `Game ${game.number} is ${game.status}: only a draft can be changed.`);
}

function today(ctx: HandlerContext) {
  return ctx.now().toISOString().slice(0, 10);
}

export const gameHandlers: PrefixHandlers<'games', HandlerContext> = {
  'games.list': ({ campaignId, status, teamId, missionId, limit }, ctx) => {
    if (!findCampaignRow(ctx.db, campaignId)) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
    const filter: gamesRepo.GameFilter = {};
    if (status) filter.status = status;
    if (teamId) filter.teamId = teamId;
    if (missionId) filter.missionId = missionId;
    // Team and player names once per team, not once per game.
    const names = new Map<string, GameSummary['teams']['a']>();
    const team = (id: string) => {
      let t = names.get(id);
      if (!t) names.set(id, (t = teamNames(ctx.db, id)));
      return t;
    };
    return gamesRepo.listGameLines(ctx.db, campaignId, filter, limit ?? 10_000).map((line) => lineSummary(line, team));
  },

  'games.get': ({ id }, ctx) => detail(ctx.db, id),

  'games.create': (setup, ctx) => {
    const out = ctx.db.transaction((tx) => {
      const campaign = findCampaignRow(tx, setup.campaignId);
      if (!campaign) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
      if (campaign.archivedAt) throw new AppError('VALIDATION', `${campaign.name} is archived: bring it back before playing a game.`);
      const teams: Record<Side, LoadedTeam> = {
        a: loadTeam(tx, setup.teamA, campaign.pointsLimit),
        b: loadTeam(tx, setup.teamB, campaign.pointsLimit),
      };
      const state = gameState(tx, campaign, [teams.a, teams.b]);
      for (const side of SIDES) {
        const t = teams[side];
        if (t.row.campaignId !== campaign.id) throw new AppError('NOT_FOUND', `${t.row.name} is not in this campaign.`);
        if (!t.row.foundedAt) throw new AppError('VALIDATION', `${t.row.name} is not founded yet: found its roster before it plays.`);
        if (t.roster.models.length === 0) throw new AppError('VALIDATION', `${t.row.name} has no models left to play with.`);
      }
      const taken = takenSetup(teams, setup, campaign.pointsLimit); // issue 19: the team taken to this game
      const at = ctx.now().toISOString();
      const id = ctx.newId();
      // The club's optional rules are the ruleset's switches (issue 6: the House rules page is the one place).
      const optionalRules = planOptionalRulesOf(state.ruleset);
      const row: GameRow = {
        id,
        campaignId: campaign.id,
        number: gamesRepo.nextGameNumber(tx, campaign.id),
        status: 'draft',
        teamAId: teams.a.row.id,
        teamBId: teams.b.row.id,
        seed: ctx.newId(),
        diceMode: campaign.diceMode,
        playedOn: setup.playedOn ?? today(ctx),
        rulesetId: state.ruleset.id,
        rulesetVersion: state.ruleset.version,
        setup: { mission: setup.mission, deployment: setup.deployment, optionalRules, ...(setup.choices ? { choices: setup.choices } : {}), ...taken },
        plan: null,
        draft: {},
        report: null,
        missionId: null,
        vpA: null,
        vpB: null,
        winner: null,
        committedAt: null,
        voidedAt: null,
        voidReason: null,
        createdAt: at,
        updatedAt: at,
      };
      const attempt = tryPlan(row, state, teams, {});
      row.plan = attempt.plan;
      row.missionId = attempt.plan?.mission.id ?? null;
      row.draft = withTaken(freshDraft(attempt.plan, teams, {}), row.setup);
      gamesRepo.insertGame(tx, row);
      return row;
    });
    emitGame(ctx, out, 'draft');
    return detail(ctx.db, out.id);
  },

  'games.enterRoll': ({ id, key, faces, change }, ctx) => {
    const game = ctx.db.transaction((tx) => {
      const game = mustFindGame(tx, id);
      mustBeDraft(game);
      const draft = GameDraftSchema.parse(game.draft);
      const { campaign, teams, state } = loadGame(tx, game);
      const resolve = () => resolveGame({ game, state, teams, threats: campaignThreats(tx, campaign), draft }).preview;
      // Issue 20: a set-up roll already made (or typed) can be changed until commit: the plan is worked out again.
      if (key.startsWith('plan|') && (game.plan !== null || key in draft.faces)) {
        const fresh = (plan: GamePlan, f: GameDraft['faces']) => withTaken(freshDraft(plan, teams, f), game.setup);
        gamesRepo.updateGame(tx, id, { ...correctedSetup({ game, draft, teams, state, key, faces, change, fresh }), updatedAt: ctx.now().toISOString() });
        return game;
      }
      // Issue 20: a roll already made after the game can be changed until the game is committed.
      const correction = game.plan !== null && key.startsWith('post|') && (game.diceMode === 'app' || key in draft.faces);
      if (correction) {
        const next = correctedDraft(draft, game.diceMode, key, faces, change, resolve().rolls);
        gamesRepo.updateGame(tx, id, { draft: next, updatedAt: ctx.now().toISOString() });
        return game;
      }
      if (game.diceMode !== 'physical') throw new AppError('VALIDATION', 'Herald rolls the dice in this campaign: there is nothing to type in.');
      const pending = game.plan === null ? tryPlan(game, state, teams, draft.faces).pending : resolve().pendingRoll;
      if (pending?.key !== key) throw new AppError('VALIDATION', 'That is not the roll Herald is waiting for; reload the game.');
      const problem = checkPhysicalFaces(pending.expression, faces);
      if (problem) throw new AppError('VALIDATION', problem);
      const withFaces = { ...draft.faces, [key]: faces };
      const next: Partial<GameRow> = { draft: { ...draft, faces: withFaces }, updatedAt: ctx.now().toISOString() };
      if (game.plan === null) {
        const after = tryPlan(game, state, teams, withFaces);
        if (after.plan) {
          next.plan = after.plan;
          next.missionId = after.plan.mission.id;
          next.draft = withTaken(freshDraft(after.plan, teams, onlyPlanned(after.plan, withFaces)), game.setup);
        }
      }
      gamesRepo.updateGame(tx, id, next);
      return game;
    });
    emitGame(ctx, game, 'draft');
    return detail(ctx.db, id);
  },

  // Issue 30: a player's answer to one of the plan's choices, made (or changed) once the plan is shown.
  'games.choose': ({ id, choice, value }, ctx) => {
    const game = ctx.db.transaction((tx) => {
      const game = mustFindGame(tx, id);
      mustBeDraft(game);
      const draft = GameDraftSchema.parse(game.draft);
      const { teams, state } = loadGame(tx, game);
      const fresh = (plan: GamePlan, f: GameDraft['faces']) => withTaken(freshDraft(plan, teams, f), game.setup);
      gamesRepo.updateGame(tx, id, { ...chosenSetup({ game, draft, teams, state, fresh }, choice, value), updatedAt: ctx.now().toISOString() });
      return game;
    });
    emitGame(ctx, game, 'draft');
    return detail(ctx.db, id);
  },

  'games.saveDraft': ({ id, draft }, ctx) => {
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
  },

  // Issue 32: the wizard previews in the window (shared/rules resolveGame) and saves its draft row alone.
  'games.previewContext': ({ id }, ctx) => previewContext(ctx.db, id),
  'games.keepDraft': ({ id, draft }, ctx) => keepDraft(ctx, id, draft),

  'games.discard': ({ id }, ctx) => {
    const game = ctx.db.transaction((tx) => {
      const game = mustFindGame(tx, id);
      mustBeDraft(game);
      const summary = gameSummary(tx, game);
      gamesRepo.deleteDraftGame(tx, id);
      return summary;
    });
    emitGame(ctx, game, 'discarded');
    return game;
  },

  'games.commit': ({ id }, ctx) => {
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
  },

  'games.voidPlan': ({ id }, ctx) => voidPlanFor(ctx.db, mustFindGameLine(ctx.db, id)).view,

  'games.void': async ({ id, reason, withDependents }, ctx) => {
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
  },

  // Amending a committed game (issue 20): src-main/games/amend-channels.ts.
  'games.previewAmend': (input, ctx) => previewAmend(ctx, input),
  'games.amend': (input, ctx) => amendGame(ctx, input),
  'games.amendments': (input, ctx) => amendmentsOf(ctx, input),
};
