/**
 * games.create / games.enterRoll / games.choose (issue 5): set up a game (plan with seeded or typed-in dice), take the
 * dice typed in, or changed until commit (issue 20), and a player's answers to the plan's choices (issue 30).
 */
import type { ChannelParsedInput } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import type { GameDetail, GameDraft, Side } from '../../shared/ipc/schemas/games';
import { GameDraft as GameDraftSchema } from '../../shared/ipc/schemas/games';
import { type GamePlan, type GameReport, checkPhysicalFaces, REPORT_VERSION, reportFromPlan, planOptionalRulesOf } from '../../shared/rules';
import type { HandlerContext } from '../context';
import type { GameRow } from '../db/schema';
import { findCampaignRow } from '../repos/campaigns';
import * as gamesRepo from '../repos/games';
import { campaignThreats, gameState, loadTeam, reportModels, type LoadedTeam } from './context';
import { resolveGame } from './resolve';
import { detail, loadGame, mustFindGame, tryPlan } from './detail';
import { takenSetup, withTaken } from './taken';
import { chosenSetup, correctedSetup, onlyPlanned } from './setup-correction';
import { emitGame, mustBeDraft } from './game-changed';

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

function today(ctx: HandlerContext) {
  return ctx.now().toISOString().slice(0, 10);
}

export function createGame(ctx: HandlerContext, setup: ChannelParsedInput<'games.create'>): GameDetail {
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
}

export function enterRoll(ctx: HandlerContext, { id, key, faces, change }: ChannelParsedInput<'games.enterRoll'>): GameDetail {
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
}

// Issue 30: a player's answer to one of the plan's choices, made (or changed) once the plan is shown.
export function chooseInPlan(ctx: HandlerContext, { id, choice, value }: ChannelParsedInput<'games.choose'>): GameDetail {
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
}
