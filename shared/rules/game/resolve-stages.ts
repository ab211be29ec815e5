/**
 * The stages of resolving a game after its checks (issue 32; shared/rules/game/resolve.ts runs them in order): score
 * the report, apply the campaign rules (EXP, injuries, deaths, Req), buy the wizard's honours and recruits, and say
 * every change in words. Each stage answers its problems in words; none throws for bad input.
 */
import { KeyedDice, MissingRollError } from '../campaign/keyed-dice';
import { PhysicalDiceError, RollLog } from '../dice';
import { GameFactsError, type Side } from '../hor/facts';
import type { MissionId } from '../hor/missions';
import { MissingTableError } from '../presets/require';
import { applyGame, type ApplyGameInput } from '../progression/apply';
import { reqDelta, type ProgressionEntry } from '../progression/entries';
import { threat, teamStateFor } from '../progression/project';
import type { PendingRoll } from './preview';
import { GameReportError, sideOutcomes, toGameFacts } from './report';
import type { ResolveInput, ResolveTeam } from './resolve-types';
import { scoreGame, type GameScore } from './score';

export type Human = (text: string) => string;

/** docs/progression.md Threat: the team's points (models and gear) plus the Req value of its honours, ÷ 100 rounded up. */
export function teamThreat(team: Pick<ResolveTeam, 'report' | 'projection'>): number {
  return threat(team.report.points + (team.projection?.honourPoints ?? 0));
}

/** Seed 004 Victory Points and the winner (scoreGame validates the report first: checked once, not twice). */
export function scoreStage({ draft, state, checked = false }: ResolveInput): { score: GameScore } | { problems: string[] } {
  try {
    return { score: scoreGame(draft.report, state.ruleset, { pointsLimit: state.campaign.pointsLimit, reportChecked: checked }) };
  } catch (e) {
    if (e instanceof GameReportError || e instanceof GameFactsError) return { problems: [...e.problems] };
    throw e;
  }
}

/** What applyGame reads: the report's facts, the draft's awards and both teams as they are (Threat for the Underdog). */
export function applyInputOf({ game, state, teams, threats, draft }: ResolveInput, score: GameScore): ApplyGameInput {
  const report = draft.report;
  const outcomes = sideOutcomes(report);
  const side = (s: Side) => ({
    ...teamStateFor(state.projection, teams[s].row.id, teams[s].report.points),
    threat: teamThreat(teams[s]),
  });
  const awards = (s: Side) => ({
    firstBlood: report.sides[s].firstBlood,
    kayfabe: report.sides[s].kayfabe,
    misadventureLosses: outcomes[s].misadventureLosses,
    routedOpponent: report.sides[s].sweepingAdvance,
    otherAwards: draft.awards[s].otherAwards,
    expAwards: draft.awards[s].expAwards,
    ...(draft.awards[s].injuryReroll ? { injuryReroll: draft.awards[s].injuryReroll } : {}),
  });
  return {
    gameId: game.id,
    ruleset: state.ruleset,
    missionId: report.missionId as MissionId,
    facts: toGameFacts(report),
    winner: score.outcome.kind === 'win' ? score.outcome.winner : 'draw',
    awards: { a: awards('a'), b: awards('b') },
    teams: { a: side('a'), b: side('b') },
    campaignThreats: threats,
    vp: score.vp,
  };
}

/** How applying the campaign rules ended when it made no entries: a roll to type in, a missing table, or problems. */
export type ApplyStop = { pendingRoll: PendingRoll } | { blocked: string } | { problems: string[] };
/** The entries applyGame made, or why it made none; the dice either way (their rolls so far). */
export type Applied = { entries: ProgressionEntry[]; dice: RollLog; stop: null } | { entries: null; dice: RollLog; stop: ApplyStop };

/**
 * The post-game rules (docs/progression.md: EXP, injuries, deaths, Req awards, Underdog, relic cash-in), with the
 * game's dice: Herald's (seeded per roll, the club's overrides kept) or the faces typed in.
 */
export function applyStage(input: ResolveInput, applyInput: ApplyGameInput, human: Human): Applied {
  const { game, draft, checked = false } = input;
  const mode =
    game.diceMode === 'app' ? { source: 'app' as const, seed: game.seed, overrides: draft.overrides } : { source: 'physical' as const, faces: draft.faces };
  const dice = new RollLog(new KeyedDice('post', mode));
  const stop = (s: ApplyStop): Applied => ({ entries: null, dice, stop: s });
  try {
    return { entries: applyGame(applyInput, dice, { complete: checked }), dice, stop: null };
  } catch (e) {
    if (e instanceof MissingRollError)
      return stop({ pendingRoll: { key: e.key, expression: e.expression, purpose: human(e.purpose), message: human(e.message) } });
    if (e instanceof MissingTableError) return stop({ blocked: e.message });
    if (e instanceof GameFactsError) return stop({ problems: [...e.problems] });
    if (e instanceof PhysicalDiceError) return stop({ problems: [e.message] });
    if (e instanceof Error && /has no rule in the app yet|takes Req away/.test(e.message)) return stop({ blocked: e.message });
    throw e;
  }
}

/** Req each side has before the game, earns from it and spends in the wizard. */
export interface ReqBook {
  balance: Record<Side, number>;
  earned: Record<Side, number>;
  spent: Record<Side, number>;
}

/** The Req book after the game's own entries (its awards). */
export function reqBookOf(teams: Record<Side, ResolveTeam>, entries: readonly ProgressionEntry[]): ReqBook {
  const book: ReqBook = { balance: { a: teams.a.req, b: teams.b.req }, earned: { a: 0, b: 0 }, spent: { a: 0, b: 0 } };
  for (const e of entries) book.earned[e.team === teams.a.row.id ? 'a' : 'b'] += reqDelta(e);
  return book;
}
