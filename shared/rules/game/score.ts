/**
 * Scoring a recorded game (004 "Step 5 – Ending the Game", "Secondary Objectives", each mission's "Victory Points"
 * and "Ending the Game"), with the Margin of Victory of seed 000 alongside.
 *
 * The winner is decided as seed 004 says (most VP, a tie is a draw, automatic wins regardless of VP). The Margin of
 * Victory (000) is shown next to it, computed from the same VP against the points limit: it never changes the
 * winner. With 004's few mission VP against a 250-point limit it is almost always a Draw band; clubs that use it
 * with VP from 000's Victory Points table get the bands the pack intended.
 */
import type { Ruleset } from '../ruleset/schema';
import type { Side } from '../hor/facts';
import { SIDES, sideName } from '../hor/facts';
import type { MissionId } from '../hor/missions';
import { scoreMission } from '../hor/scoring';
import type { Outcome, VpLine } from '../hor/scoring';
import type { SecondaryId } from '../hor/secondary-objectives';
import { marginOfVictory } from '../mission-pack/margin-of-victory';
import type { MarginOfVictory } from '../mission-pack/margin-of-victory';
import type { GameReport } from './report';
import { GameReportError, toGameFacts, validateReport } from './report';

export interface GameScore {
  missionId: MissionId;
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
  /** 000 Margin of Victory from the same VP, against `pointsLimit`; shown only, never changes `outcome`. */
  margin: MarginOfVictory & { pointsLimit: number };
  /** Things worth telling the players (e.g. the secondaries they wrote down differ from the rules' count). */
  notes: string[];
}

export interface ScoreOptions {
  /** The campaign's points limit, when it differs from the ruleset's team points limit. */
  pointsLimit?: number;
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
 * score.margin; // → { result: 'draw', winner: null, difference: 3, pointsLimit: 250 } (000: 3 VP of 250 is under 10 %)
 */
export function scoreGame(report: GameReport, ruleset: Ruleset, options: ScoreOptions = {}): GameScore {
  const problems = validateReport(report);
  if (problems.length > 0) throw new GameReportError(problems);
  const missionId = report.missionId as MissionId; // validateReport checked it is a seed-004 mission
  const score = scoreMission(missionId, toGameFacts(report));
  const notes: string[] = [];

  if (!ruleset.missions.some((m) => m.id === missionId)) notes.push(`The ruleset "${ruleset.name}" has no mission "${missionId}": scored by seed 004's ${missionId} rules.`);

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

  const pointsLimit = options.pointsLimit ?? ruleset.team.pointsLimit;
  const margin = { ...marginOfVictory(score.vp.a, score.vp.b, pointsLimit), pointsLimit };
  const automaticWin = score.outcome.kind === 'win' && score.outcome.automatic ? { side: score.outcome.winner, reason: score.outcome.reason } : null;
  if (automaticWin && margin.winner !== automaticWin.side) {
    notes.push(`${sideName(automaticWin.side)} won automatically; the Margin of Victory only compares VP.`);
  }
  return { missionId, vp: score.vp, lines: score.lines, secondaries, outcome: score.outcome, automaticWin, margin, notes };
}
