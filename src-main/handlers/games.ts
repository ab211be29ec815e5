/**
 * games.* handlers (issue 5): set up a game (plan with seeded or typed-in dice), keep the result wizard's draft
 * (it survives a restart), preview what it changes, commit it in ONE transaction (game, report, every roll, every
 * ledger entry, roster caches rebuilt), and void a committed game: exactly its entries, or with its dependents when
 * the organiser agrees, never leaving a negative balance or a dangling model.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { AppError } from '../../shared/ipc/result';
import type { ChangeView, GameDetail, GameDraft, GameSummary, PendingRoll, ScoreView, Side, VoidPlan } from '../../shared/ipc/schemas/games';
import { GameDraft as GameDraftSchema, SetupChoices } from '../../shared/ipc/schemas/games';
import {
  GamePlan,
  GamePlanError,
  GameReport,
  KeyedDice,
  MissingRollError,
  checkPhysicalFaces,
  REPORT_VERSION,
  honourRestriction,
  modelProfile,
  planGame,
  planVoid,
  RESTORATIVE_SURGERY,
  reportFromPlan,
  scoreGame,
  squadOfMember,
  planOptionalRulesOf,
  type PlanOptionalRules,
  type ProgressionEntry,
} from '../../shared/rules';
import type { HandlerContext } from '../context';
import type { Db } from '../db/open';
import type { CampaignRow, GameRow } from '../db/schema';
import { findCampaignRow } from '../repos/campaigns';
import { findPlayer } from '../repos/players';
import * as gamesRepo from '../repos/games';
import * as teamsRepo from '../repos/teams';
import { campaignThreats, gameState, loadTeam, mustFindCampaignRow, reportModels, type GameState, type LoadedTeam } from '../games/context';
import * as ledger from '../ledger';
import { readTeamState, teamRowsAfter } from '../ledger';
import { STEP, humanizer, modelNames, resolveGame, scoreView, type Resolved } from '../games/resolve';
import { statChanges } from '../games/stats';
import { voidRosterLimits } from '../games/void-rosters';

type GameHandlers = Pick<
  Handlers<HandlerContext>,
  'games.list' | 'games.get' | 'games.create' | 'games.enterRoll' | 'games.saveDraft' | 'games.discard' | 'games.commit' | 'games.voidPlan' | 'games.void'
>;

const SIDES: Side[] = ['a', 'b'];
/** Requisition awards Herald works out from the result itself (progression/apply.ts earnedAward); the rest are ticked. */
const BUILT_IN_REQ_AWARDS = new Set(['took-part', 'victory', 'stalemate', 'assassin', 'considerate-commander', 'sweeping-advance', 'first-blood', 'linebreaker', 'mistakes-were-made', 'kayfabe']);

function mustFindGame(db: Db, id: string): GameRow {
  const game = gamesRepo.findGame(db, id);
  if (!game) throw new AppError('NOT_FOUND', 'That game no longer exists (a discarded draft?).');
  return game;
}

function loadSides(db: Db, game: GameRow, campaign: CampaignRow): Record<Side, LoadedTeam> {
  return { a: loadTeam(db, game.teamAId, campaign.pointsLimit), b: loadTeam(db, game.teamBId, campaign.pointsLimit) };
}

/** A game's campaign, its two teams and their stored projections: never the whole campaign ledger (issue 9). */
function loadGame(db: Db, game: GameRow) {
  const campaign = mustFindCampaignRow(db, game.campaignId);
  const teams = loadSides(db, game, campaign);
  return { campaign, teams, state: gameState(db, campaign, [teams.a, teams.b]) };
}

/** A games-list line in the contract's shape (team and player names looked up through `team`). */
function lineSummary(line: gamesRepo.GameLine, team: (id: string) => GameSummary['teams']['a']): GameSummary {
  const { teamAId, teamBId, vpA, vpB, ...g } = line;
  return { ...g, teams: { a: team(teamAId), b: team(teamBId) }, vp: vpA === null || vpB === null ? null : { a: vpA, b: vpB } };
}

/** A team's name and player, for summaries. */
function teamNames(db: Db, id: string): GameSummary['teams']['a'] {
  const row = teamsRepo.findTeam(db, id)!;
  return { id, name: row.name, playerName: findPlayer(db, row.playerId)?.name ?? '' };
}

/** The game a void is about, without its JSON documents (issue 9). */
function mustFindGameLine(db: Db, id: string): gamesRepo.GameLine {
  const line = gamesRepo.findGameLine(db, id);
  if (!line) throw new AppError('NOT_FOUND', 'That game no longer exists (a discarded draft?).');
  return line;
}

export function gameSummary(db: Db, game: GameRow): GameSummary {
  const team = (id: string) => {
    const row = teamsRepo.findTeam(db, id)!;
    return { id, name: row.name, playerName: findPlayer(db, row.playerId)?.name ?? '' };
  };
  const plan = game.plan === null ? null : GamePlan.parse(game.plan);
  return {
    id: game.id,
    campaignId: game.campaignId,
    number: game.number,
    status: game.status,
    playedOn: game.playedOn,
    diceMode: game.diceMode,
    missionId: game.missionId,
    missionName: plan?.mission.name ?? null,
    teams: { a: team(game.teamAId), b: team(game.teamBId) },
    vp: game.vpA === null || game.vpB === null ? null : { a: game.vpA, b: game.vpB },
    winner: game.winner,
    committedAt: game.committedAt,
    voidedAt: game.voidedAt,
    voidReason: game.voidReason,
    updatedAt: game.updatedAt,
  };
}

interface PlanAttempt {
  plan: GamePlan | null;
  pending: PendingRoll | null;
}

/** Make the plan with the game's dice; with physical dice, stop at the first roll not typed in yet. */
function tryPlan(game: GameRow, state: GameState, teams: Record<Side, LoadedTeam>, faces: GameDraft['faces']): PlanAttempt {
  const setup = game.setup as { mission: string; deployment: string; optionalRules: PlanOptionalRules; choices?: unknown };
  // The players' choices (issue 19); a game set up before they existed has none: the plan's defaults.
  const choices = SetupChoices.safeParse(setup.choices ?? {});
  const dice = new KeyedDice('plan', game.diceMode === 'app' ? { source: 'app', seed: game.seed } : { source: 'physical', faces });
  const human = humanizer(teams, new Map());
  try {
    const plan = planGame(
      state.ruleset,
      {
        sides: { a: { teamId: teams.a.row.id, name: teams.a.row.name, units: teams.a.roster.models.length }, b: { teamId: teams.b.row.id, name: teams.b.row.name, units: teams.b.roster.models.length } },
        mission: setup.mission,
        deployment: setup.deployment,
        optionalRules: setup.optionalRules,
        ...(choices.success ? choices.data : {}),
      },
      dice,
    );
    return { plan, pending: null };
  } catch (e) {
    if (e instanceof MissingRollError) return { plan: null, pending: { key: e.key, expression: e.expression, purpose: human(e.purpose), message: human(e.message) } };
    if (e instanceof GamePlanError) throw new AppError('VALIDATION', e.problems.join(' '));
    throw e;
  }
}

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
  return { step: 'result', report, awards: { a: { otherAwards: [], expAwards: [] }, b: { otherAwards: [], expAwards: [] } }, honours: [], recruits: [], faces, overrides: {} };
}

/**
 * A draft with one of its after-game rolls changed (issue 20). Real dice: the die typed again, and the rolls that only
 * followed from the old result (a follow-up table, a Medical Gear re-roll) asked for again. Herald's dice: the faces
 * the club ruled, with who asked and why (kept in the roll's purpose, and so in the stored roll).
 */
function correctedDraft(draft: GameDraft, mode: GameRow['diceMode'], key: string, faces: number[], change: { by: string; reason: string } | undefined, rolls: readonly { key?: string | undefined; expression: string }[]): GameDraft {
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

function detail(db: Db, id: string): GameDetail {
  const game = mustFindGame(db, id);
  const draft = GameDraftSchema.parse(game.draft);
  const storedReport = game.report === null ? null : GameReport.parse(game.report);
  const { campaign, teams, state } = loadGame(db, game);
  const plan = game.plan === null ? null : GamePlan.parse(game.plan);
  const names = modelNames(teams, state);
  const human = humanizer(teams, names);

  let planPendingRoll: PendingRoll | null = null;
  let resolved: Resolved | null = null;
  if (game.status === 'draft') {
    if (plan === null) planPendingRoll = tryPlan(game, state, teams, draft.faces).pending;
    else resolved = resolveGame({ game, state, teams, threats: campaignThreats(db, campaign), draft });
  }
  const storedRolls = gamesRepo.gameRollsOf(db, game.id).map((r) => ({ phase: r.phase, purpose: human(r.purpose), expression: r.expression, faces: r.faces as number[], total: r.total, source: r.source }));
  // The game's own ledger rows (voided or not), by the ledger_game index.
  const gameRows = game.status === 'draft' ? [] : teamsRepo.gameLedger(db, game.id);
  const gameData = gameRows.map(teamsRepo.parseLedgerData); // parsed once, for the changes and the entries
  let preview = resolved?.preview ?? { problems: [], score: null, pendingRoll: null, blocked: null, changes: [], balances: null, rolls: [], ready: false };
  if (game.status !== 'draft' && game.report !== null) {
    // A recorded game: its score from the stored report, its changes from the ledger rows it wrote (voided or not).
    const stored = storedReport!;
    let score: ScoreView | null = null;
    try {
      score = scoreView(scoreGame(stored, state.ruleset, { pointsLimit: state.campaign.pointsLimit }), human);
    } catch {
      score = null; // a ruleset upgraded since may no longer score it; the stored VP and winner stand
    }
    const changes: ChangeView[] = gameRows
      .map((r, n) => {
        const data = gameData[n]!;
        const entry = 'v' in data ? data : null;
        return {
          step: entry ? STEP[entry.kind] : 'requisition',
          side: r.teamId === game.teamAId ? 'a' : 'b',
          kind: r.kind,
          modelId: r.modelId,
          modelName: r.modelId === null ? null : (names.get(r.modelId) ?? null),
          req: r.req,
          text: r.reason,
          citation: entry?.citation ?? 'PROGRESSION.md · Requisition',
          rolls: (entry?.rolls ?? []).map((x) => ({ ...x, purpose: human(x.purpose) })),
        };
      });
    preview = { ...preview, score, changes, rolls: storedRolls.filter((r) => r.phase === 'post').map(({ phase: _p, ...r }) => r) };
  }

  const gameEntries: ProgressionEntry[] = gameRows.flatMap((r, n) => {
    const data = gameData[n]!;
    return 'v' in data ? [{ ...data, voided: r.voidedAt !== null }] : [];
  });

  // Who the wizard lists: the report's models (for a committed game, as they were), with their progression now.
  const report = storedReport ?? draft.report;
  const cardOf = (side: Side, modelId: string) => teams[side].report.models.find((c) => c.modelId === modelId);
  const models = report.models.map((m) => {
    const p = state.projection.models[m.id];
    // A Squad member (shared/rules/game/squads.ts) is shown with its squad's card.
    const rosterId = squadOfMember(m.id)?.squadId ?? m.id;
    const card = cardOf(m.side, rosterId);
    const rosterModel = teams[m.side].roster.models.find((x) => x.id === rosterId);
    return {
      id: m.id,
      side: m.side,
      name: names.get(m.id) ?? m.name ?? m.id,
      entryName: card?.entryName ?? '',
      type: m.type,
      squad: m.squad === true,
      exp: p?.exp ?? 0,
      level: p?.level ?? 0,
      honours: (p?.honours ?? []).map((h) => h.honour),
      psyker: teams[m.side].list.entries.find((e) => e.id === card?.entryId)?.psyker === true,
      ...(rosterModel ? { profile: Object.fromEntries(modelProfile(teams[m.side].list, rosterModel, statChanges(p)).cells.map((c) => [c.key, c.value])) } : {}),
    };
  });
  const honourOptions = (state.ruleset.progression.honours?.groups ?? []).flatMap((g) =>
    g.honours.map((h) => ({
      id: h.id,
      name: h.name,
      group: g.name,
      cost: h.cost,
      scope: g.scope === 'team' ? ('team' as const) : ('model' as const),
      restriction: h.restriction ?? g.restriction ?? null,
      ...(h.effect ? { effect: h.effect } : {}),
      only: honourRestriction(h.restriction ?? g.restriction),
    })),
  );
  const recruitOptions = (side: Side) =>
    teams[side].list.entries.map((e) => ({ entryId: e.id, name: e.name, category: e.category, points: e.points * (e.category === 'squad' ? (e.squad?.min ?? 1) : 1) }));
  const hasMedicalGear = (side: Side) => (state.projection.teams[teams[side].row.id]?.teamHonours ?? []).some((h) => h.honour === 'medical-gear');

  return {
    game: gameSummary(db, game),
    plan: plan === null ? null : { ...plan, rolls: plan.rolls.map((r) => ({ ...r, purpose: human(r.purpose) })) },
    planPendingRoll,
    draft,
    models,
    honourOptions,
    expAwardOptions: (state.ruleset.progression.experience.awards ?? []).map((a) => ({ id: a.id, name: a.name, exp: a.exp, modelTypes: a.modelTypes, condition: a.condition })),
    otherAwardOptions: (state.ruleset.progression.requisition.awards ?? [])
      .filter((a) => !BUILT_IN_REQ_AWARDS.has(a.id))
      .map((a) => ({ id: a.id, name: a.name, req: a.req, condition: a.condition })),
    recruitOptions: { a: recruitOptions('a'), b: recruitOptions('b') },
    medicalGear: { a: hasMedicalGear('a'), b: hasMedicalGear('b') },
    preview,
    storedRolls,
    entries: gameEntries,
  };
}

function emitGame(ctx: HandlerContext, game: Pick<GameRow, 'campaignId' | 'id'>) {
  ctx.emit('games.changed', { campaignId: game.campaignId, id: game.id });
}

function mustBeDraft(game: GameRow) {
  if (game.status !== 'draft') throw new AppError('VALIDATION', `Game ${game.number} is ${game.status}: only a draft can be changed.`);
}

/**
 * planVoid over what a void can reach, not the whole campaign (issue 9). Nothing before the game's first entry can
 * depend on it, so only the entries from there on are read, with what the earlier ones add up to (Req, EXP, injuries
 * carried: `before`, mostly from the stored projections). Everything a dependent is found by belongs to one team;
 * a dependent inside another game pulls that game's other team in, so the scope grows until the plan stops reaching
 * new teams. The result is the plan planVoid makes over the whole campaign ledger.
 */
function voidScope(db: Db, game: gamesRepo.GameLine) {
  const start = teamsRepo.firstSeqOfGame(db, game.id) ?? Number.MAX_SAFE_INTEGER;
  const scope = new Set([game.teamAId, game.teamBId]);
  for (;;) {
    const ledger = [...scope].flatMap((t) => teamRowsAfter(db, t, start - 1)).sort((x, y) => x.seq - y.seq);
    const items = teamsRepo.campaignLedgerItems(ledger);
    const models = new Map<string, { name: string; entryId: string }>();
    const before: { balance: Record<string, number>; exp: Record<string, number>; injuries: Record<string, number> } = { balance: {}, exp: {}, injuries: {} };
    for (const t of scope) {
      const stored = readTeamState(db, t);
      for (const [id, m] of Object.entries(stored?.state.directory ?? {})) models.set(id, m);
      // Req and EXP before `start`: the stored totals less what the live entries from `start` on add.
      before.balance[t] = (stored?.req ?? 0) - items.reduce((sum, i) => (i.team === t && !i.voided ? sum + i.req : sum), 0);
      for (const m of Object.values(stored?.state.progression.models ?? {})) before.exp[m.model] = m.exp;
      // Permanent injuries carried at `start`: the few injury and honour entries before it, in order (as planVoid counts).
      for (const r of teamsRepo.injuryMarksBefore(db, t, start, RESTORATIVE_SURGERY)) {
        if (r.model === null) continue;
        before.injuries[r.model] = r.kind === 'injury.rolled' ? (before.injuries[r.model] ?? 0) + 1 : Math.max(0, (before.injuries[r.model] ?? 0) - 1);
      }
    }
    for (const i of items) if (!i.voided && i.data.kind === 'exp.gained') before.exp[i.data.model] = (before.exp[i.data.model] ?? 0) - i.data.amount;
    const roster = voidRosterLimits(db, findCampaignRow(db, game.campaignId)?.pointsLimit ?? 0, start);
    const plan = planVoid(items, game.id, { entryOf: (id) => models.get(id)?.entryId, before, roster });
    const reached = plan.games.flatMap((id) => {
      const g = gamesRepo.findGameLine(db, id);
      return g ? [g.teamAId, g.teamBId] : [];
    });
    if (reached.every((t) => scope.has(t))) return { plan, ledger, items, models, teams: scope, before };
    for (const t of reached) scope.add(t);
  }
}

/** "Brother Orin (died in game 1) comes back:" — the models a void brings back, each with the game it died in (issue 20). */
function revivedWords(revived: readonly { modelId: string; gameId: string | null }[], modelName: (id: string) => string, gameNumber: (id: string | null) => number | null) {
  const names = revived.map((r) => `${modelName(r.modelId)} (died in game ${gameNumber(r.gameId) ?? '?'})`);
  const list = names.length <= 1 ? (names[0] ?? 'a model') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `with ${list} back,`;
}

/** The void plan in words, for the organiser. */
function voidPlanFor(db: Db, game: gamesRepo.GameLine) {
  if (game.status !== 'committed') throw new AppError('VALIDATION', `Game ${game.number} is ${game.status}: only a committed game can be voided.`);
  const scope = voidScope(db, game);
  const { plan, ledger, models } = scope;
  const teamNamesById = new Map<string, string>();
  const teamName = (id: string) => {
    let name = teamNamesById.get(id);
    if (name === undefined) teamNamesById.set(id, (name = teamsRepo.findTeam(db, id)?.name ?? id));
    return name;
  };
  const modelName = (id: string | null) => (id === null ? 'a model' : (models.get(id)?.name ?? id));
  const gameNumber = (id: string | null) => (id === null ? null : (gamesRepo.findGameLine(db, id)?.number ?? null));
  const rowById = new Map(ledger.map((r) => [r.id, r]));
  const dependents = plan.dependents.map((d) => {
    const row = rowById.get(d.entryId);
    const inGame = d.gameId === null ? '' : ` in game ${gameNumber(d.gameId) ?? '?'}`;
    const what = (row?.reason ?? d.entryId).replace(/\.$/, '');
    const message =
      d.reason === 'req-short'
        ? `${what}${inGame}: without this game's Req, ${teamName(d.team)} would be ${d.short ?? 0} Req short.`
        : d.reason === 'model-recruited-by-void'
          ? `${what}${inGame}: it is about ${modelName(d.modelId)}, a recruit that the void takes back.`
          : d.reason === 'replaced-dead-model'
            ? `${what}${inGame}: ${revivedWords(d.revived ?? [], modelName, gameNumber)}${d.breaks?.length ? ` the team would have ${d.breaks.join(', and ')}` : ' this took its place'}.`
            : d.reason === 'level-lost'
              ? `${what}${inGame}: ${modelName(d.modelId)} no longer has the EXP for that level.`
              : `${what}${inGame}: Restorative Surgery healed an injury from this game.`;
    return { id: d.entryId, teamName: teamName(d.team), message, gameNumber: gameNumber(d.gameId) };
  });
  const reverses = ledger.filter((r) => r.gameId === game.id && r.voidedAt === null).map((r) => `${teamName(r.teamId)}: ${r.reason}`);
  const alsoVoidsGames = plan.games.filter((g) => g !== game.id).map((g) => gameNumber(g) ?? 0);
  const view: VoidPlan = { game: lineSummary(game, (t) => teamNames(db, t)), reverses, dependents, alsoVoidsGames };
  return { plan, scope, view };
}

function today(ctx: HandlerContext) {
  return ctx.now().toISOString().slice(0, 10);
}

export const gameHandlers: GameHandlers = {
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
        setup: { mission: setup.mission, deployment: setup.deployment, optionalRules, ...(setup.choices ? { choices: setup.choices } : {}) },
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
      row.draft = freshDraft(attempt.plan, teams, {});
      gamesRepo.insertGame(tx, row);
      return row;
    });
    emitGame(ctx, out);
    return detail(ctx.db, out.id);
  },

  'games.enterRoll': ({ id, key, faces, change }, ctx) => {
    const game = ctx.db.transaction((tx) => {
      const game = mustFindGame(tx, id);
      mustBeDraft(game);
      const draft = GameDraftSchema.parse(game.draft);
      const { campaign, teams, state } = loadGame(tx, game);
      const resolve = () => resolveGame({ game, state, teams, threats: campaignThreats(tx, campaign), draft }).preview;
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
          next.draft = freshDraft(after.plan, teams, withFaces);
        }
      }
      gamesRepo.updateGame(tx, id, next);
      return game;
    });
    emitGame(ctx, game);
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
    emitGame(ctx, game);
    return detail(ctx.db, id);
  },

  'games.discard': ({ id }, ctx) => {
    const game = ctx.db.transaction((tx) => {
      const game = mustFindGame(tx, id);
      mustBeDraft(game);
      const summary = gameSummary(tx, game);
      gamesRepo.deleteDraftGame(tx, id);
      return summary;
    });
    emitGame(ctx, game);
    return game;
  },

  'games.commit': ({ id }, ctx) => {
    const game = ctx.db.transaction((tx) => {
      const game = mustFindGame(tx, id);
      mustBeDraft(game);
      if (game.plan === null) throw new AppError('VALIDATION', 'Finish the set-up rolls first.');
      const draft = GameDraftSchema.parse(game.draft);
      const { teams, resolved } = resolveDraft(tx, game, draft);
      const p = resolved.preview;
      if (p.blocked) throw new AppError('VALIDATION', `Game ${game.number} cannot be applied yet: ${p.blocked}`);
      if (p.pendingRoll) throw new AppError('VALIDATION', `Roll ${p.pendingRoll.expression} for ${p.pendingRoll.purpose} first.`);
      if (!p.ready || !resolved.score) throw new AppError('VALIDATION', `Game ${game.number} cannot be applied yet: ${p.problems.join(' ')}`);

      const at = ctx.now().toISOString();
      const sideOfTeam = (teamId: string): Side => (teamId === teams.a.row.id ? 'a' : 'b');
      const entries: ledger.NewEntry[] = [
        ...resolved.entries.map((e) => {
          const view = resolved.texts.get(e.id)!;
          return { id: e.id, teamId: teams[sideOfTeam(e.team)].row.id, modelId: 'model' in e ? e.model : null, kind: e.kind, req: view.req, data: e, reason: view.text };
        }),
        ...resolved.recruits.map((r) => ({ id: r.id, teamId: teams[r.side].row.id, modelId: r.modelId, kind: 'model.recruited', req: r.req, data: r.data, reason: r.reason })),
      ];
      const plan = GamePlan.parse(game.plan);
      const rolls = [...plan.rolls.map((r) => ({ ...r, phase: 'plan' as const })), ...resolved.rolls.map((r) => ({ ...r, phase: 'post' as const }))];
      gamesRepo.insertRolls(
        tx,
        rolls.map((r, i) => ({ gameId: game.id, seq: i + 1, phase: r.phase, purpose: r.purpose, expression: r.expression, faces: r.faces, total: r.total, source: r.source })),
      );
      const report: GameReport = { ...draft.report, rolls: [...plan.rolls, ...resolved.rolls] };
      const result = {
        vpA: resolved.score.vp.a,
        vpB: resolved.score.vp.b,
        winner: resolved.score.outcome.kind === 'win' ? resolved.score.outcome.winner : ('draw' as const),
      };
      gamesRepo.markCommitted(tx, game.id, { report, ...result, committedAt: at, updatedAt: at });
      // The ledger module writes the entries and folds only them into both teams' roster caches and projections
      // (issue 9), checking that neither team's Req goes below 0 — all in this transaction.
      ledger.append(tx, {
        campaignId: game.campaignId,
        at,
        gameId: game.id,
        entries,
        teams: [teams.a, teams.b],
        committed: { teamAId: game.teamAId, teamBId: game.teamBId, ...result, report },
      });
      return game;
    });
    emitGame(ctx, game);
    ctx.emit('teams.changed', { campaignId: game.campaignId, id: game.teamAId });
    ctx.emit('teams.changed', { campaignId: game.campaignId, id: game.teamBId });
    ctx.afterCommit(`after-game-${game.number}`);
    return detail(ctx.db, id);
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
        throw new AppError('VALIDATION', `Game ${target.number} has later entries that depend on it: ${made.view.dependents.map((d) => d.message).join(' ')} Void them too, or cancel.`);
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
    emitGame(ctx, game);
    for (const teamId of teamIds) ctx.emit('teams.changed', { campaignId: game.campaignId, id: teamId });
    return lineSummary(mustFindGameLine(ctx.db, id), (t) => teamNames(ctx.db, t));
  },
};
