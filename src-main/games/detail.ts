/**
 * What the games.* handlers answer with: a game's summary line and its detail (plan, draft, live preview of what it
 * changes, and once committed its rolls and entries), and the loading both need. Read-only: the handlers write.
 */
import { AppError } from '../../shared/ipc/result';
import type { ChangeView, GameDetail, GameDraft, GameSummary, PendingRoll, ScoreView, Side } from '../../shared/ipc/schemas/games';
import { GameDraft as GameDraftSchema, SetupChoices } from '../../shared/ipc/schemas/games';
import {
  BUILT_IN_REQ_AWARDS,
  GamePlan,
  GamePlanError,
  GameReport,
  KeyedDice,
  MissingRollError,
  honourRestriction,
  profileAsItPlays,
  planGame,
  resultReading,
  scoreGame,
  sitsNextGameOut,
  squadOfMember,
  type PlanOptionalRules,
  type ProgressionEntry,
} from '../../shared/rules';
import type { Db } from '../db/open';
import type { GameRollRow, GameRow, LedgerRow } from '../db/schema';
import { findPlayer } from '../repos/players';
import * as gamesRepo from '../repos/games';
import * as teamsRepo from '../repos/teams';
import { gameLedger, parseLedgerData } from '../ledger';
import { campaignThreats, loadGameContext, type GameState, type LoadedTeam } from './context';
import { resolveGame, type Resolved } from './resolve';
import { STEP, humanizer, modelNames, scoreView } from './words';
import { keptDraft } from './kept-draft';
import { takenOf } from './taken';

export function mustFindGame(db: Db, id: string): GameRow {
  const game = gamesRepo.findGame(db, id);
  if (!game) throw new AppError('NOT_FOUND', 'That game no longer exists (a discarded draft?).');
  return game;
}

/** A game's campaign, its two teams and their stored projections: never the whole campaign ledger (issue 9). */
export function loadGame(db: Db, game: GameRow) {
  return loadGameContext(db, game);
}

/** A games-list line in the contract's shape (team and player names looked up through `team`). */
export function lineSummary(line: gamesRepo.GameLine, team: (id: string) => GameSummary['teams']['a']): GameSummary {
  const { teamAId, teamBId, vpA, vpB, ...g } = line;
  return { ...g, teams: { a: team(teamAId), b: team(teamBId) }, vp: vpA === null || vpB === null ? null : { a: vpA, b: vpB } };
}

/** A team's name and player, for summaries. */
export function teamNames(db: Db, id: string): GameSummary['teams']['a'] {
  const row = teamsRepo.findTeam(db, id)!;
  return { id, name: row.name, playerName: findPlayer(db, row.playerId)?.name ?? '' };
}

/** The game a void is about, without its JSON documents (issue 9). */
export function mustFindGameLine(db: Db, id: string): gamesRepo.GameLine {
  const line = gamesRepo.findGameLine(db, id);
  if (!line) throw new AppError('NOT_FOUND', 'That game no longer exists (a discarded draft?).');
  return line;
}

export function gameSummary(db: Db, game: GameRow): GameSummary {
  return summaryOf(game, (id) => teamNames(db, id));
}

/** A game's summary line, its teams named by `team`. */
export function summaryOf(game: GameRow, team: (id: string) => GameSummary['teams']['a']): GameSummary {
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

export interface PlanAttempt {
  plan: GamePlan | null;
  pending: PendingRoll | null;
}

/**
 * The units a team sets up (003's alternating deployment: "whoever sets up their last unit first"): its roster lines,
 * a Squad one unit, or only the lines taken to this game when the players chose them (issue 30).
 */
function unitsTaken(team: LoadedTeam, taken: readonly string[] | undefined): number {
  return taken ? team.roster.models.filter((m) => taken.includes(m.id)).length : team.roster.models.length;
}

/** Make the plan with the game's dice; with physical dice, stop at the first roll not typed in yet. */
export function tryPlan(
  game: GameRow,
  state: GameState,
  teams: Record<Side, LoadedTeam>,
  faces: GameDraft['faces'],
  overrides: GameDraft['overrides'] = {},
): PlanAttempt {
  const setup = game.setup as { mission: string; deployment: string; optionalRules: PlanOptionalRules; choices?: unknown };
  // The players' choices (issue 19); a game set up before they existed has none: the plan's defaults.
  const choices = SetupChoices.safeParse(setup.choices ?? {});
  // Issue 20: a set-up roll Herald made may have been changed at the club's ruling (overrides, with who and why).
  const dice = new KeyedDice('plan', game.diceMode === 'app' ? { source: 'app', seed: game.seed, overrides } : { source: 'physical', faces });
  const human = humanizer(teams, new Map());
  const taken = takenOf(game.setup);
  try {
    const plan = planGame(
      state.ruleset,
      {
        sides: {
          a: { teamId: teams.a.row.id, name: teams.a.row.name, units: unitsTaken(teams.a, taken?.taken.a) },
          b: { teamId: teams.b.row.id, name: teams.b.row.name, units: unitsTaken(teams.b, taken?.taken.b) },
        },
        mission: setup.mission,
        deployment: setup.deployment,
        optionalRules: setup.optionalRules,
        ...(choices.success ? choices.data : {}),
      },
      dice,
    );
    return { plan, pending: null };
  } catch (e) {
    if (e instanceof MissingRollError)
      return { plan: null, pending: { key: e.key, expression: e.expression, purpose: human(e.purpose), message: human(e.message) } };
    if (e instanceof GamePlanError) throw new AppError('VALIDATION', e.problems.join(' '));
    throw e;
  }
}

/** Everything a game's detail is shaped from: loaded by `detail`, or what a commit has just written (issue 18). */
export interface DetailSources {
  game: GameRow;
  summary: GameSummary;
  teams: Record<Side, LoadedTeam>;
  state: GameState;
  /** A draft's live resolution (null before its plan, and for a recorded game). */
  resolved: Resolved | null;
  planPendingRoll: PendingRoll | null;
  rolls: readonly StoredRoll[];
  /** The game's own ledger rows (voided or not), in ledger order. */
  gameRows: readonly LedgerRow[];
}

type StoredRoll = Pick<GameRollRow, 'phase' | 'purpose' | 'expression' | 'faces' | 'total' | 'source'>;

export function detail(db: Db, id: string): GameDetail {
  const game = mustFindGame(db, id);
  const { campaign, teams, state } = loadGame(db, game);
  const plan = game.plan === null ? null : GamePlan.parse(game.plan);
  let planPendingRoll: PendingRoll | null = null;
  let resolved: Resolved | null = null;
  if (game.status === 'draft') {
    const draft = GameDraftSchema.parse(game.draft);
    if (plan === null) planPendingRoll = tryPlan(game, state, teams, draft.faces).pending;
    else resolved = resolveGame({ game, state, teams, threats: campaignThreats(db, campaign), draft });
  }
  return shapeDetail({
    game,
    summary: gameSummary(db, game),
    teams,
    state,
    resolved,
    planPendingRoll,
    rolls: gamesRepo.gameRollsOf(db, game.id),
    // The game's own ledger rows (voided or not), by the ledger_game index.
    gameRows: game.status === 'draft' ? [] : gameLedger(db, game.id),
  });
}

/** A game's detail from its sources: no reads of the campaign file. */
export function shapeDetail(src: DetailSources): GameDetail {
  const { game, teams, state, resolved, planPendingRoll, gameRows } = src;
  // A committed game keeps no draft (issue 21): its stand-in is made from its report and ledger rows.
  const draft = keptDraft(game, gameRows);
  const storedReport = game.report === null ? null : GameReport.parse(game.report);
  const plan = game.plan === null ? null : GamePlan.parse(game.plan);
  const names = modelNames(teams, state);
  // A recorded game names a Squad's members as its report did ("Third Squad (1 of 5)"), not by the squad's size today.
  if (storedReport && game.status !== 'draft') for (const m of storedReport.models) if (m.name && squadOfMember(m.id)) names.set(m.id, m.name);
  const human = humanizer(teams, names);
  const storedRolls = src.rolls.map((r) => ({
    phase: r.phase,
    purpose: human(r.purpose),
    expression: r.expression,
    faces: r.faces as number[],
    total: r.total,
    source: r.source,
  }));
  const gameData = gameRows.map(parseLedgerData); // parsed once, for the changes and the entries
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
    // An amended game (issue 20) shows what stands; what an amendment took back is in its history.
    const standing = gameRows.filter((r) => game.status !== 'committed' || r.voidedAt === null);
    const changes: ChangeView[] = standing.map((r) => {
      const n = gameRows.indexOf(r);
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
      ...(rosterModel
        ? {
            profile: Object.fromEntries(
              profileAsItPlays(teams[m.side].list, rosterModel, p, state.ruleset.progression.honours).cells.map((c) => [c.key, c.value]),
            ),
          }
        : {}),
      // docs/progression.md Injuries: mauled "for the next game only" — a draft is that game (issue 19).
      ...(game.status === 'draft' ? { mauled: p?.mauled ? { effect: p.mauled.effect, text: p.mauled.text, sitsOut: sitsNextGameOut(p.mauled) } : null } : {}),
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
    teams[side].list.entries.map((e) => ({
      entryId: e.id,
      name: e.name,
      category: e.category,
      points: e.points * (e.category === 'squad' ? (e.squad?.min ?? 1) : 1),
    }));
  const hasMedicalGear = (side: Side) => (state.projection.teams[teams[side].row.id]?.teamHonours ?? []).some((h) => h.honour === 'medical-gear');

  return {
    game: src.summary,
    plan: plan === null ? null : { ...plan, rolls: plan.rolls.map((r) => ({ ...r, purpose: human(r.purpose) })) },
    planPendingRoll,
    draft,
    models,
    honourOptions,
    expAwardOptions: (state.ruleset.progression.experience.awards ?? []).map((a) => ({
      id: a.id,
      name: a.name,
      exp: a.exp,
      modelTypes: a.modelTypes,
      condition: a.condition,
    })),
    squadsGainExp: resultReading(state.ruleset, 'squadExperience') === 'as-one-model',
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
