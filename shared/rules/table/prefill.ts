/**
 * What the table screen counts for a mission, and the result wizard's report filled in from the table's state
 * (issue 33: "Game over" opens the wizard pre-filled; the players only confirm and roll the post-game dice).
 */
import type { GameReport, ModelReport } from '../game/report';
import { SIDES, type Side } from '../hor/facts';
import { missionScoring, type ResolvedScoring } from '../hor/mission-scoring';
import type { TableCounter } from './taps';
import type { TableState } from './state';

/** What the screen shows for the mission: side counters, and what a model can be tapped for. */
export interface TableTracks {
  counters: { counter: TableCounter; label: string; max: number | null }[];
  /** Relic Hunt: Relic counters picked up by models (at most `relics` in all). */
  relics: number | null;
  /** Sabotage: a model destroyed an enemy objective marker. */
  markers: boolean;
}

/**
 * The counters a game's report asks for (reportFromPlan set them from the mission's scoring): Seize Ground's objective
 * markers claimed, Relic Hunt's relics, Sabotage's markers destroyed, seed 003's victory points counted at the table.
 *
 * @example
 * tableTracks({ objectives: [{ claimedBy: null }, { claimedBy: null }] }, false).counters; // → [{ counter: 'objectives', label: 'Objectives held', max: 2 }]
 */
export function tableTracks(report: Pick<GameReport, 'objectives' | 'relicCount' | 'club8th'>, markers: boolean): TableTracks {
  const counters: TableTracks['counters'] = [];
  if (report.objectives) counters.push({ counter: 'objectives', label: 'Objectives held', max: report.objectives.length });
  const club = report.club8th;
  if (club && (club.a.objectiveVp !== undefined || club.b.objectiveVp !== undefined))
    counters.push({ counter: 'objective-vp', label: 'Objective VP', max: 500 });
  if (club && (club.a.tacticalObjectiveVp !== undefined || club.b.tacticalObjectiveVp !== undefined))
    counters.push({ counter: 'tactical-vp', label: 'Tactical Objective VP', max: 500 });
  return { counters, relics: report.relicCount ?? null, markers };
}

/** Who caused the first casualty taken out by an enemy model (docs/decisions.md "First Blood at the table"). */
function firstBloodSide(state: TableState): Side | null {
  const first = state.casualties.find((c) => c.by !== null);
  if (!first) return null;
  return state.models.find((m) => m.id === first.by)?.side ?? null;
}

/** A report model as the table left it. */
function modelAsPlayed(m: ModelReport, state: TableState): ModelReport {
  const t = state.models.find((x) => x.id === m.id);
  if (!t || !m.tookPart) return m;
  // A survivor has no outOfAction at all, as a model the wizard never ticked: the same game gives the same report
  // whichever door it came through (e2e/game-night.spec.ts).
  const out: ModelReport = { ...m, aliveAtEnd: t.state !== 'out' };
  delete out.outOfAction;
  delete out.notArrived;
  delete out.relicsCarried;
  delete out.destroyedObjectiveMarker;
  if (t.state === 'out') {
    // The table records who, not how: the wizard's default "shooting" stands until the players change it there.
    out.outOfAction = { by: t.by, how: 'shooting' };
    for (const k of ['inEnemyDeploymentZone', 'withinSixOfDefenderCorner', 'claimedObjective'] as const) delete out[k];
  }
  if (t.state === 'reserve') out.notArrived = true;
  if (t.relics > 0 && t.state !== 'out') out.relicsCarried = t.relics;
  if (t.destroyedMarker) out.destroyedObjectiveMarker = true;
  return out;
}

/**
 * The draft's report with what the table recorded: who is out of action and who took them out, who never arrived from
 * reserve, relics carried, markers destroyed, objectives held, seed 003's counted VP, First Blood, the turns played and
 * the ending ("Run Away!" with the side's models falling back at the end). Everything the table does not record
 * (Kayfabe, positions at the end, notes) is kept as the draft has it. The turns played are filled in only where the
 * wizard asks for them (a mission won outright by holding every objective, 004 Seize Ground): elsewhere the wizard
 * cannot show or change them, and the result typed in by hand would differ from the table's by a hidden field.
 *
 * @example
 * // a Skirmish where b-sarge was taken out by a-boss in turn 2, then "Game over" after 10 turns:
 * prefillReport(report, state).models.find((m) => m.id === 'b-sarge')?.outOfAction; // → { by: 'a-boss', how: 'shooting' }
 */
export function prefillReport(
  report: GameReport,
  state: TableState,
  scoring: Pick<ResolvedScoring, 'automaticWin'> = missionScoring({ id: report.missionId }),
): GameReport {
  const out: GameReport = { ...report, models: report.models.map((m) => modelAsPlayed(m, state)) };
  const blood = firstBloodSide(state);
  out.sides = {
    a: { ...report.sides.a, firstBlood: blood === 'a' },
    b: { ...report.sides.b, firstBlood: blood === 'b' },
  };
  if (report.objectives) {
    const n = report.objectives.length;
    const a = Math.min(n, state.counters.a.objectives);
    const b = Math.min(n - a, state.counters.b.objectives);
    out.objectives = Array.from({ length: n }, (_, i) => ({ claimedBy: i < a ? 'a' : i < a + b ? 'b' : null }));
  }
  if (report.club8th) {
    const club = { ...report.club8th };
    for (const side of SIDES) {
      const s = { ...club[side] };
      if (s.objectiveVp !== undefined) s.objectiveVp = state.counters[side]['objective-vp'];
      if (s.tacticalObjectiveVp !== undefined) s.tacticalObjectiveVp = state.counters[side]['tactical-vp'];
      club[side] = s;
    }
    out.club8th = club;
  }
  if (state.turn > 0 && scoring.automaticWin === 'all-objectives') out.gameTurns = state.turn;
  const ending = state.ending ?? report.ending;
  if (ending.kind === 'run-away') {
    const fallingBack = state.models.filter((m) => m.side === ending.side && m.state === 'fallen-back').length;
    const { fallingBack: _old, ...rest } = ending;
    out.ending = fallingBack > 0 ? { ...rest, fallingBack } : rest;
  } else out.ending = ending;
  return out;
}
