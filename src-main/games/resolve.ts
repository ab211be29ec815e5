/**
 * Resolving a game draft: the one code path behind the wizard's live preview, the review screen and the commit.
 * From the draft (what the organiser typed) and the campaign's ledger it computes, with shared/rules only:
 * the score (scoreGame), the progression entries (applyGame: EXP, injuries, deaths, Req awards, underdog, relic
 * cash-in), the honours bought (buyHonour) and the recruits (roster ledger), every roll, and the changes in words.
 * Nothing is written here; commit writes exactly what this returns.
 */
import type { ChangeView, GameDraft, GamePreview, PendingRoll, Side } from '../../shared/ipc/schemas/games';
import {
  GameFactsError,
  GameReportError,
  KeyedDice,
  MissingRollError,
  MissingTableError,
  HonourPurchaseError,
  PhysicalDiceError,
  RollLog,
  applyGame,
  progressionReadingNotes,
  buyHonour,
  foldProgression,
  purchaseCost,
  reqDelta,
  scoreGame,
  sideOutcomes,
  teamStateFor,
  toGameFacts,
  validateRoster,
  GamePlan,
  reportBoundsProblems,
  reportIdsOf,
  sittersOutProblems,
  withoutDead,
  type ApplyGameInput,
  type GameScore,
  type LedgerData,
  type MissionId,
  type ProgressionEntry,
  type RollRecord,
  type RosterModel,
} from '../../shared/rules';
import type { GameRow } from '../db/schema';
import type { GameState, LoadedTeam } from './context';
import { teamThreat } from './context';
import { takenProblems } from './taken';
import { STEP, entryText, humanizer, modelNames, scoreView } from './words';

export interface ResolveInput {
  game: GameRow;
  state: GameState;
  teams: Record<Side, LoadedTeam>;
  /** Threat of every founded team of the campaign. */
  threats: number[];
  draft: GameDraft;
  /**
   * The draft was made from a record already checked (the history's replay, games/amend.ts draftOfRecord): its report
   * is not parsed again and the rules' inputs, built here complete, are not either. The rules' own checks all run.
   */
  checked?: boolean;
}

/** A roster-ledger entry the game writes (a recruit bought in the wizard). */
export interface RosterWrite {
  id: string;
  side: Side;
  modelId: string;
  req: number;
  data: LedgerData;
  reason: string;
}

export interface Resolved {
  preview: GamePreview;
  /** Progression entries to write (applyGame's, then the honours). Empty unless ready. */
  entries: ProgressionEntry[];
  recruits: RosterWrite[];
  /** Every post-game roll, in the order it was made. */
  rolls: RollRecord[];
  /** Text of each entry (by id), as the ledger's `reason`. */
  texts: Map<string, ChangeView>;
  score: GameScore | null;
}

const SIDES: Side[] = ['a', 'b'];
/** What the report bounds read from the stored plan (a small parse: issue 9 keeps the preview light). */
const BoundsPlan = GamePlan.pick({ mission: true, counters: true, turns: true });

/** Which of the honour caps (docs/progression.md table) a roster model uses. */
const capRow = (category: string) => (category === 'team-leader' ? 'team-leader' : category === 'special' ? 'special' : 'core');

export function recruitModelId(gameId: string, index: number) {
  return `${gameId}:r${index + 1}`;
}

/** Work out everything a draft means. Never throws for bad input: problems come back in words. */
export function resolveGame({ game, state, teams, threats, draft, checked = false }: ResolveInput): Resolved {
  const names = modelNames(teams, state);
  const human = humanizer(teams, names);
  const name = (id: string) => names.get(id) ?? id;
  const honourIndex = new Map<string, string>();
  for (const g of state.ruleset.progression.honours?.groups ?? []) for (const h of g.honours) honourIndex.set(h.id, h.name);
  const honourName = (id: string) => honourIndex.get(id) ?? id;

  const report = draft.report;
  const problems: string[] = [];
  const empty = (extra: Partial<GamePreview> = {}): Resolved => ({
    preview: { problems: problems.map(human), score: null, pendingRoll: null, blocked: null, changes: [], balances: null, rolls: [], ready: false, ...extra },
    entries: [],
    recruits: [],
    rolls: [],
    texts: new Map(),
    score: null,
  });

  // The report must be about this game's two teams and their models as they are now.
  for (const side of SIDES) {
    if (report.sides[side].teamId !== teams[side].row.id) problems.push(`The result is for another team than ${teams[side].row.name}.`);
    const onRoster = new Set(teams[side].report.models.flatMap(reportIdsOf));
    for (const m of report.models.filter((x) => x.side === side && x.tookPart)) {
      if (!onRoster.has(m.id))
        problems.push(
          `${m.name ?? m.id} is no longer on ${teams[side].row.name}'s roster (dead or dismissed since the game was set up): untick "took part" or discard this draft.`,
        );
    }
    // docs/progression.md Injuries: "incapacitated, sits the next game out" — this is that game.
    const progress = teams[side].projection?.state.progression.models ?? {};
    const own = report.models.filter((x) => x.side === side);
    problems.push(
      ...sittersOutProblems(
        own,
        (id) => progress[id]?.mauled,
        (id) => own.find((x) => x.id === id)?.name ?? id,
      ),
    );
  }
  problems.push(...takenProblems(report, game.setup, (id) => report.models.find((x) => x.id === id)?.name ?? id));
  if (report.missionId !== game.missionId) problems.push('The result is for another mission than the game plan.');
  if (problems.length > 0) return empty();
  // Every count within what the plan and the rosters allow (issue 16), before any rule rolls a die for it.
  const plan = BoundsPlan.safeParse(game.plan);
  const rosters = { a: teams.a.report.models.flatMap(reportIdsOf), b: teams.b.report.models.flatMap(reportIdsOf) };
  problems.push(...reportBoundsProblems(report, { plan: plan.success ? plan.data : null, rosters }));
  if (problems.length > 0) return empty();
  // scoreGame validates the report first (validateReport) and throws its problems in words: checked once, not twice.
  let score: GameScore;
  try {
    score = scoreGame(report, state.ruleset, { pointsLimit: state.campaign.pointsLimit, reportChecked: checked });
  } catch (e) {
    if (e instanceof GameReportError || e instanceof GameFactsError) {
      problems.push(...e.problems);
      return empty();
    }
    throw e;
  }
  const scoreOut = scoreView(score, human);
  const winner = score.outcome.kind === 'win' ? score.outcome.winner : 'draw';

  // The post-game dice: app (seeded per roll) or the faces typed in.
  const keyed = new KeyedDice(
    'post',
    game.diceMode === 'app' ? { source: 'app', seed: game.seed, overrides: draft.overrides } : { source: 'physical', faces: draft.faces },
  );
  const dice = new RollLog(keyed);
  const outcomes = sideOutcomes(report);
  const sideState = (side: Side) => teamStateFor(state.projection, teams[side].row.id, teams[side].report.points);
  const teamStates = { a: { ...sideState('a'), threat: teamThreat(teams.a) }, b: { ...sideState('b'), threat: teamThreat(teams.b) } };

  const applyInput: ApplyGameInput = {
    gameId: game.id,
    ruleset: state.ruleset,
    missionId: report.missionId as MissionId,
    facts: toGameFacts(report),
    winner,
    awards: {
      a: {
        firstBlood: report.sides.a.firstBlood,
        kayfabe: report.sides.a.kayfabe,
        misadventureLosses: outcomes.a.misadventureLosses,
        routedOpponent: report.sides.a.sweepingAdvance,
        otherAwards: draft.awards.a.otherAwards,
        expAwards: draft.awards.a.expAwards,
        ...(draft.awards.a.injuryReroll ? { injuryReroll: draft.awards.a.injuryReroll } : {}),
      },
      b: {
        firstBlood: report.sides.b.firstBlood,
        kayfabe: report.sides.b.kayfabe,
        misadventureLosses: outcomes.b.misadventureLosses,
        routedOpponent: report.sides.b.sweepingAdvance,
        otherAwards: draft.awards.b.otherAwards,
        expAwards: draft.awards.b.expAwards,
        ...(draft.awards.b.injuryReroll ? { injuryReroll: draft.awards.b.injuryReroll } : {}),
      },
    },
    teams: teamStates,
    campaignThreats: threats,
    vp: score.vp,
  };
  let entries: ProgressionEntry[];
  try {
    entries = applyGame(applyInput, dice, { complete: checked });
  } catch (e) {
    if (e instanceof MissingRollError) {
      const pendingRoll: PendingRoll = { key: e.key, expression: e.expression, purpose: human(e.purpose), message: human(e.message) };
      return empty({ score: scoreOut, pendingRoll, rolls: dice.records.map((r) => ({ ...r, purpose: human(r.purpose) })) });
    }
    if (e instanceof MissingTableError) return empty({ score: scoreOut, blocked: e.message });
    if (e instanceof GameFactsError) {
      problems.push(...e.problems);
      return empty({ score: scoreOut });
    }
    if (e instanceof PhysicalDiceError) {
      problems.push(e.message);
      return empty({ score: scoreOut });
    }
    if (e instanceof Error && /has no rule in the app yet|takes Req away/.test(e.message)) return empty({ score: scoreOut, blocked: e.message });
    throw e;
  }
  // Where a house reading of the campaign tables decided something (issue 30 item 10), the score's notes name it.
  scoreOut.notes.push(...progressionReadingNotes(applyInput).map(human));

  // Req each side has: the whole ledger, then this game's awards.
  const balance: Record<Side, number> = { a: teams.a.req, b: teams.b.req };
  const earned: Record<Side, number> = { a: 0, b: 0 };
  const spent: Record<Side, number> = { a: 0, b: 0 };
  const sideOf = (teamId: string): Side => (teamId === teams.a.row.id ? 'a' : 'b');
  for (const e of entries) earned[sideOf(e.team)] += reqDelta(e);

  // Honours bought in the wizard (Battle Honours), tied to this game so voiding it gives the Req back.
  const honours: ProgressionEntry[] = [];
  draft.honours.forEach((h, i) => {
    const team = teams[h.side];
    const projection = foldProgression(state.projection, [...entries, ...honours]);
    const teamProjection = (projection.teams[team.row.id] ??= {
      team: team.row.id,
      req: 0,
      earned: 0,
      spent: 0,
      teamHonours: [],
      honourPoints: 0,
      lastGameId: null,
    });
    teamProjection.req = balance[h.side] + earned[h.side] - spent[h.side];
    const card = h.model === null ? undefined : team.report.models.find((c) => c.modelId === h.model);
    // docs/progression.md Tactical Reserves: "reserve models can't gain honours" (buyHonour says it in words).
    const parked = h.model === null ? undefined : team.roster.reserve?.models.find((m) => m.id === h.model);
    if (parked) {
      problems.push(`${team.row.name}: ${parked.name || parked.id} is in Tactical Reserves, and reserve models can't gain honours.`);
      return;
    }
    if (h.model !== null && !card) {
      problems.push(`Honour ${i + 1}: that model is not on ${team.row.name}'s roster.`);
      return;
    }
    if (h.model !== null && entries.some((e) => e.kind === 'model.died' && e.model === h.model)) {
      problems.push(`${name(h.model)} died in this game: a dead model cannot gain honours.`);
      return;
    }
    try {
      const entry = buyHonour({
        ruleset: state.ruleset,
        projection,
        id: `${game.id}/h${i + 1}`,
        team: team.row.id,
        model: h.model,
        ...(card ? { modelType: capRow(card.category), psyker: team.list.entries.find((e) => e.id === card.entryId)?.psyker === true } : {}),
        honour: h.honour,
        elite: h.elite,
      });
      const tied = { ...entry, gameId: game.id };
      honours.push(tied);
      spent[h.side] += tied.kind === 'honour.bought' ? tied.cost : 0;
    } catch (e) {
      if (e instanceof HonourPurchaseError) problems.push(...e.problems.map((p) => `${team.row.name}: ${p}`));
      else if (e instanceof MissingTableError) problems.push(e.message);
      else throw e;
    }
  });

  // Recruits bought with the team's Req (cost = points, docs/progression.md), checked against the roster's rules.
  const recruits: RosterWrite[] = [];
  for (const side of SIDES) {
    const team = teams[side];
    const mine = draft.recruits.map((r, i) => ({ r, i })).filter(({ r }) => r.side === side);
    if (mine.length === 0) continue;
    const died = new Set(entries.filter((e) => e.kind === 'model.died' && e.team === team.row.id).map((e) => (e.kind === 'model.died' ? e.model : '')));
    const models: RosterModel[] = withoutDead(team.roster.models, died);
    const before = new Set(validateRoster(team.list, { models }, team.report.limit).issues.map((x) => x.message));
    for (const { r, i } of mine) {
      const entry = team.list.entries.find((e) => e.id === r.entryId);
      if (!entry) {
        problems.push(`${team.row.name}: the team list has no entry "${r.entryId}".`);
        continue;
      }
      const model: RosterModel = {
        id: recruitModelId(game.id, i),
        entryId: entry.id,
        name: r.name,
        options: {},
        armoury: [],
        grenades: {},
        ...(entry.category === 'squad' && entry.squad ? { squadSize: entry.squad.min } : {}),
      };
      const cost = purchaseCost(team.list, undefined, model);
      models.push(model);
      spent[side] += cost;
      recruits.push({
        id: `${game.id}/r${i + 1}`,
        side,
        modelId: model.id,
        req: -cost,
        data: { kind: 'model.recruited', model },
        reason: `Recruited ${r.name} (${entry.name}) for ${cost} Req after game ${game.number}.`,
      });
    }
    const added = validateRoster(team.list, { models }, team.report.limit).issues.filter((x) => !before.has(x.message));
    for (const x of added) problems.push(`${team.row.name}: ${x.message}`);
  }

  for (const side of SIDES) {
    const after = balance[side] + earned[side] - spent[side];
    if (after < 0) problems.push(`${teams[side].row.name} would spend ${spent[side]} Req but has ${balance[side] + earned[side]} after this game.`);
  }

  const all = [...entries, ...honours];
  const texts = new Map<string, ChangeView>();
  const changes: ChangeView[] = [];
  for (const e of all) {
    const model = 'model' in e ? e.model : null;
    const view: ChangeView = {
      step: STEP[e.kind],
      side: sideOf(e.team),
      kind: e.kind,
      modelId: model,
      modelName: model === null ? null : name(model),
      req: reqDelta(e),
      text: human(entryText(e, name, honourName)),
      citation: e.citation,
      rolls: e.rolls.map((r) => ({ ...r, purpose: human(r.purpose) })),
    };
    texts.set(e.id, view);
    changes.push(view);
  }
  for (const r of recruits) {
    const view: ChangeView = {
      step: 'requisition',
      side: r.side,
      kind: 'model.recruited',
      modelId: r.modelId,
      modelName: r.data.kind === 'model.recruited' ? r.data.model.name : null,
      req: r.req,
      text: r.reason,
      citation: 'PROGRESSION.md · Requisition',
      rolls: [],
    };
    texts.set(r.id, view);
    changes.push(view);
  }

  const balances = {
    a: { before: balance.a, earned: earned.a, spent: spent.a, after: balance.a + earned.a - spent.a, threat: teamStates.a.threat },
    b: { before: balance.b, earned: earned.b, spent: spent.b, after: balance.b + earned.b - spent.b, threat: teamStates.b.threat },
  };
  const rolls = dice.records.map((r) => ({ ...r }));
  const ready = problems.length === 0;
  return {
    preview: {
      problems: problems.map(human),
      score: scoreOut,
      pendingRoll: null,
      blocked: null,
      changes,
      balances,
      rolls: rolls.map((r) => ({ ...r, purpose: human(r.purpose) })),
      ready,
    },
    entries: ready ? all : [],
    recruits: ready ? recruits : [],
    rolls,
    texts,
    score,
  };
}
