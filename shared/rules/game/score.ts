/**
 * Scoring a recorded game (004 "Step 5 – Ending the Game", "Secondary Objectives", each mission's "Victory Points"
 * and "Ending the Game"), with the Margin of Victory of seed 000 alongside.
 *
 * The winner is decided as seed 004 says (most VP, a tie is a draw, automatic wins regardless of VP). A club's own
 * mission may choose 000's Victory Points by unit and its Margin of Victory (issue 30): the margin is then computed
 * from the VP against the points limit and decides the result as 000 says (10% or less apart is a Draw; hor/scoring.ts).
 *
 * A game on one of seed 003's missions (the club's 8th-edition supplement) is scored by that mission's VICTORY
 * CONDITIONS (club-8th `scoreClubMission`) from the report's facts (clubFacts); seed 004's secondary objectives belong
 * to its own missions and are not added.
 */
import type { Ruleset } from '../ruleset/schema';
import type { Side } from '../hor/facts';
import { SIDES, opponent, sideName } from '../hor/facts';
import type { MissionId } from '../hor/missions';
import { getMission } from '../hor/missions';
import { scoreMission } from '../hor/scoring';
import type { Outcome, VpLine } from '../hor/scoring';
import type { SecondaryId } from '../hor/secondary-objectives';
import { marginOfVictory } from '../mission-pack/margin-of-victory';
import type { MarginOfVictory } from '../mission-pack/margin-of-victory';
import { citeText } from '../hor/cite';
import { clubMission, isClubMissionId } from '../club-8th/missions';
import type { ClubMission } from '../club-8th/missions';
import { scoreClubMission } from '../club-8th/scoring';
import type { GameReport } from './report';
import { GameReportError, clubFacts, toGameFacts } from './report';
import { reportProblems, validateReport } from './report-checks';
import type { GameFacts } from '../hor/facts';
import type { MissionScore } from '../hor/scoring';
import type { ReservesInSecondaries } from '../hor/secondary-objectives';
import { readingNote, resultReading } from './result-readings';
import { missionScoring } from '../hor/mission-scoring';
import { victoryReadingNote } from '../progression/reading-notes';

export interface GameScore {
  /** A seed-004 mission id, or one of seed 003's. */
  missionId: string;
  /** Victory Points per side. */
  vp: Record<Side, number>;
  /** One line per scoring reason (mission points or a secondary objective), with its citation. */
  lines: VpLine[];
  /** Secondary objectives each side achieved, by the rules. */
  secondaries: Record<Side, SecondaryId[]>;
  /** Win (with `automatic` for a no-models-left or mission win) or draw, with the reason. */
  outcome: Outcome;
  /** Set when the game was won automatically, regardless of VP. */
  automaticWin: { side: Side; reason: string } | null;
  /**
   * 000 Margin of Victory, against `pointsLimit`, for a mission that chooses it (with 000's Victory Points by unit:
   * "only applicable in Gamma or Omega missions where Victory Points are used"); it decided `outcome` then. null for
   * 004's and 003's missions, which score mission VP, a few points a game (issue 19).
   */
  margin: (MarginOfVictory & { pointsLimit: number }) | null;
  /** Things worth telling the players (e.g. the secondaries they wrote down differ from the rules' count). */
  notes: string[];
}

export interface ScoreOptions {
  /** The campaign's points limit, when it differs from the ruleset's team points limit. */
  pointsLimit?: number;
  /** The report's shape was checked already (reportProblems): only the rules' checks run again. */
  reportChecked?: boolean;
}

/**
 * Score a game report: VP per side with the reason for each point (hor `scoreMission`), the secondary objectives
 * achieved, the winner or a draw, automatic wins, and the 000 Margin of Victory against the ruleset's (or the
 * campaign's) points limit. Throws GameReportError (with the problems in words) when validateReport finds any.
 *
 * @example
 * // report: the report of the reportFromPlan example (a Skirmish: Player A's a-boss killed Player B's b-sarge in melee)
 * const score = scoreGame(report, battleHonoursPreset());
 * score.vp; // → { a: 3, b: 0 } (Assassination 2 VP in Skirmish + Survival 1 VP)
 * score.outcome; // → { kind: 'win', winner: 'a', automatic: false, reason: 'Player A has the most VPs (3 to 0).' }
 * score.margin; // → null (000's Margin of Victory is only for its points-value Victory Points)
 */
export function scoreGame(report: GameReport, ruleset: Ruleset, options: ScoreOptions = {}): GameScore {
  const problems = options.reportChecked ? reportProblems(report, ruleset.missions) : validateReport(report, ruleset.missions);
  if (problems.length > 0) throw new GameReportError(problems);
  const pointsLimit = options.pointsLimit ?? ruleset.team.pointsLimit;
  if (isClubMissionId(report.missionId)) {
    const club = scoreClubGame(report, clubMission(report.missionId), pointsLimit);
    const victory = victoryReadingNote(ruleset, club.outcome.kind === 'win' ? club.outcome.winner : 'draw', club.vp);
    return victory === null ? club : { ...club, notes: [...club.notes, victory] };
  }
  // The ruleset's copy of the mission: a club's own mission, or seed 004's with the values the club changed (its VP,
  // secondary overrides, bonus EXP); validateReport checked there is one or that it is one of seed 004's.
  const own = ruleset.missions.find((m) => m.id === report.missionId);
  const mission = own ?? getMission(report.missionId as MissionId);
  const missionId = mission.id;
  const facts = toGameFacts(report);
  const reserves = resultReading(ruleset, 'reservesInSecondaries');
  const score = scoreMission(mission, facts, { secondaryObjectives: ruleset.secondaryObjectives, reservesInSecondaries: reserves, pointsLimit });
  const notes: string[] = [];
  notes.push(
    ...reservesReadingNotes(
      score,
      () => scoreMission(mission, facts, { secondaryObjectives: ruleset.secondaryObjectives, reservesInSecondaries: otherReserves(reserves), pointsLimit }),
      facts,
      reserves,
    ),
  );

  if (!own) notes.push(`The ruleset "${ruleset.name}" has no mission "${missionId}": scored by seed 004's ${missionId} rules.`);
  const victory = victoryReadingNote(ruleset, score.outcome.kind === 'win' ? score.outcome.winner : 'draw', score.vp);
  if (victory !== null) notes.push(victory);

  const secondaries: Record<Side, SecondaryId[]> = { a: [], b: [] };
  for (const l of score.lines) {
    if (l.source !== 'mission' && !secondaries[l.side].includes(l.source)) secondaries[l.side].push(l.source);
  }
  for (const side of SIDES) {
    const claimed = report.sides[side].secondariesClaimed;
    if (claimed === undefined) continue;
    const missing = secondaries[side].filter((s) => !claimed.includes(s));
    const extra = claimed.filter((s) => !(secondaries[side] as string[]).includes(s));
    if (missing.length > 0) notes.push(`${sideName(side)} achieved ${missing.join(', ')} by the rules but did not write it down.`);
    if (extra.length > 0) notes.push(`${sideName(side)} wrote down ${extra.join(', ')}, which the recorded facts do not give.`);
  }

  // A club mission that chooses 000's Margin of Victory (with its Victory Points by unit) gets its band (issue 30).
  const margin = marginWherePointsValueVp(score.vp, pointsLimit, missionScoring(mission).marginOfVictory);
  const automaticWin = score.outcome.kind === 'win' && score.outcome.automatic ? { side: score.outcome.winner, reason: score.outcome.reason } : null;
  return { missionId, vp: score.vp, lines: score.lines, secondaries, outcome: score.outcome, automaticWin, margin, notes };
}

const CONDITION_REASON: Record<string, (vp: number, facts: ReturnType<typeof clubFacts>, side: Side) => string> = {
  'capture-the-data': (vp) => `Capture the Data: ${vp} VP for the objective markers controlled, as recorded.`,
  'push-them-back': (vp) => `Push Them Back: ${vp} VP for the objective markers controlled, as recorded.`,
  'tactical-objectives': (vp) => `Tactical Objectives: ${vp} VP, as recorded.`,
  'no-quarter-given': (vp) => `No Quarter Given: ${vp} enemy unit${vp === 1 ? '' : 's'} destroyed (1 VP each).`,
  'mission-priorities': () => 'Mission Priorities: more Tactical Objectives of its nominated type than the opponent of theirs.',
  'slay-the-warlord': () => 'Slay the Warlord: the enemy Warlord (its Team Leader) was slain.',
  'first-strike': () => 'First Strike: an enemy unit was destroyed in the first battle round.',
  'first-blood': (_vp, facts) =>
    facts.firstUnitDestroyedBelongedTo === 'both'
      ? 'First Blood: units of both sides were destroyed first, at the same time.'
      : "First Blood: the first unit destroyed was the enemy's.",
  linebreaker: () => 'Linebreaker: a model in the enemy deployment zone at the end of the battle.',
};

/**
 * Score a seed-003 game (003 VICTORY CONDITIONS: "the player with the most victory points is the winner. If both
 * players have the same, the game is a draw"). A team with no models left: where the mission says Sudden Death is not
 * in use (003 ACCEPTABLE CASUALTIES) the victory points still decide; in the other missions the matched-play Sudden
 * Death the seed refers to applies — as in 004 Step 5, the other team wins outright (reading).
 */
function scoreClubGame(report: GameReport, mission: ClubMission, pointsLimit: number): GameScore {
  const facts = clubFacts(report);
  const result = scoreClubMission(mission, facts);
  const conditionCitation = `${citeText(mission.citation)} / Victory Conditions`;
  const lines: VpLine[] = [];
  for (const side of SIDES) {
    for (const l of result.lines[side]) {
      if (l.vp === 0) continue;
      const reason = CONDITION_REASON[l.condition]?.(l.vp, facts, side) ?? `${l.condition}: ${l.vp} VP.`;
      lines.push({ side, vp: l.vp, source: 'mission', reason, citation: conditionCitation });
    }
  }
  const vp = result.totals;
  const notes: string[] = [];
  let outcome: Outcome;
  let automaticWin: GameScore['automaticWin'] = null;
  const ending = report.ending;
  if (ending.kind === 'no-models-left' && !mission.suddenDeathNotInUse) {
    const winner = opponent(ending.side);
    const reason = `${sideName(ending.side)} has no models left on the table: Sudden Death, ${sideName(winner)} wins (${citeText(mission.citation)}).`;
    automaticWin = { side: winner, reason };
    outcome = { kind: 'win', winner, automatic: true, reason: `${reason} Automatic win regardless of VPs.` };
  } else if (result.winner === null) {
    outcome = { kind: 'draw', reason: `Both players have ${vp.a} VP: the game is a draw (${conditionCitation}).` };
  } else {
    const w = result.winner;
    outcome = { kind: 'win', winner: w, automatic: false, reason: `${sideName(w)} has the most VPs (${vp[w]} to ${vp[opponent(w)]}).` };
  }
  if (ending.kind === 'no-models-left' && mission.suddenDeathNotInUse) {
    notes.push(`${sideName(ending.side)} has no models left, but Sudden Death is not in use in ${mission.name}: the victory points decide.`);
  }
  const margin = marginWherePointsValueVp(vp, pointsLimit, false);
  return { missionId: mission.id, vp, lines, secondaries: { a: [], b: [] }, outcome, automaticWin, margin, notes };
}

/**
 * 000 Margin of Victory: "Obviously, this is only applicable in Gamma or Omega missions where Victory Points are used"
 * — 000's Victory Points are the points value of the units destroyed, against the game's points limit. A mission that
 * scores that way gets its margin; a mission scoring its own few VP (all of 004's and 003's) gets none.
 */
function marginWherePointsValueVp(vp: Record<Side, number>, pointsLimit: number, pointsValueVp: boolean): GameScore['margin'] {
  return pointsValueVp ? { ...marginOfVictory(vp.a, vp.b, pointsLimit), pointsLimit } : null;
}

const otherReserves = (r: ReservesInSecondaries): ReservesInSecondaries => (r === 'counted' ? 'left-out' : 'counted');
const SECONDARY_NAME = { survival: 'Survival', destroyer: 'Destroyer' } as const;

/**
 * Where models still in reserve decided Survival or Destroyer (the club's reading `reservesInSecondaries`): a line
 * for each side whose objective the other choice would have given or taken away; none when no model was in reserve.
 */
function reservesReadingNotes(score: MissionScore, otherwise: () => MissionScore, facts: GameFacts, reserves: ReservesInSecondaries): string[] {
  if (!facts.models.some((m) => m.notArrived === true)) return [];
  const other = otherwise();
  const notes: string[] = [];
  const how = reserves === 'counted' ? 'counted' : 'left out';
  for (const side of SIDES) {
    for (const id of ['survival', 'destroyer'] as const) {
      const has = score.lines.some((l) => l.side === side && l.source === id);
      if (has === other.lines.some((l) => l.side === side && l.source === id)) continue;
      const what = `${sideName(side)} ${has ? 'scores' : 'does not score'} ${SECONDARY_NAME[id]}, with the models still in reserve ${how}.`;
      notes.push(readingNote('reservesInSecondaries', reserves, what));
    }
  }
  return notes;
}
