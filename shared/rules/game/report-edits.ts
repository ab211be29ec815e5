/**
 * The result form's edits (issue 32): each a pure reducer from a report to the next, beside the report's checks
 * (report-checks.ts), so the rules of what one tick changes elsewhere are tested here rather than buried in the form.
 * A reducer never changes the report it is given; a model it names must already have its row (the form adds it).
 *
 * @example
 * const next = setOutOfAction(report, 'b-boy', true);
 * next.models.find((m) => m.id === 'b-boy'); // → { …, aliveAtEnd: false, outOfAction: { by: null, how: 'shooting' } }
 */
import type { Side } from '../hor/facts';
import { REPORT_LIMITS, type ClubSideReport, type GameReport, type ModelReport, type ReportEnding } from './report';

/** A typed number as a whole number within [min, max] (an input's max attribute does not stop typing: issue 16). */
export const wholeIn = (raw: string | number, min: number, max: number): number => Math.min(max, Math.max(min, Math.trunc(Number(raw)) || 0));

const other = (s: Side): Side => (s === 'a' ? 'b' : 'a');
/** A report is JSON data (it is stored as JSON): a copy through JSON is a whole copy. */
const copyOf = (r: GameReport): GameReport => JSON.parse(JSON.stringify(r)) as GameReport;

/** End-of-game positions a casualty cannot have (it was removed from the table). */
const POSITIONS = ['relicsCarried', 'inEnemyDeploymentZone', 'withinSixOfDefenderCorner', 'claimedObjective'] as const;

/** The facts a model can have ticked on the form. */
export type ModelFlag = 'inEnemyDeploymentZone' | 'withinSixOfDefenderCorner' | 'destroyedObjectiveMarker' | 'claimedObjective' | 'bannerBearer';

/** A copy of the report with `change` made to a copy of the model `id` (unchanged when it has no row). */
function withModel(report: GameReport, id: string, change: (m: ModelReport, r: GameReport) => void): GameReport {
  const next = copyOf(report);
  const m = next.models.find((x) => x.id === id);
  if (m) change(m, next);
  return next;
}

function withReport(report: GameReport, change: (r: GameReport) => void): GameReport {
  const next = copyOf(report);
  change(next);
  return next;
}

/** Took part or not: a model that did not take part is alive, placed nowhere, and took no one out of action. */
export function setTookPart(report: GameReport, id: string, on: boolean): GameReport {
  return withModel(report, id, (m, r) => {
    m.tookPart = on;
    if (on) return;
    m.aliveAtEnd = true;
    m.outOfAction = null;
    for (const k of [...POSITIONS, 'destroyedObjectiveMarker', 'bannerBearer', 'lastStandRole'] as const) delete m[k];
    for (const victim of r.models) if (victim.outOfAction?.by === id) victim.outOfAction.by = null;
  });
}

/** Out of action (by nobody known, shooting, until said) or back in action; a casualty holds no end position. */
export function setOutOfAction(report: GameReport, id: string, on: boolean): GameReport {
  return withModel(report, id, (m) => {
    m.aliveAtEnd = !on;
    m.outOfAction = on ? { by: null, how: 'shooting' } : null;
    if (on) for (const k of POSITIONS) delete m[k];
  });
}

/** Who took the model out of action: a model's id, '' for nobody known, or 'misadventure' (Gets Hot, a fall…: no killer). */
export function setTakenOutBy(report: GameReport, id: string, value: string): GameReport {
  return withModel(report, id, (m) => {
    const how = m.outOfAction?.how ?? 'shooting';
    if (value === 'misadventure') m.outOfAction = { by: null, how: 'other', misadventure: true };
    else m.outOfAction = { by: value === '' ? null : value, how };
  });
}

export function setTakenOutHow(report: GameReport, id: string, how: 'shooting' | 'melee' | 'other'): GameReport {
  return withModel(report, id, (m) => {
    m.outOfAction = { ...(m.outOfAction ?? { by: null }), how };
  });
}

export function setModelFlag(report: GameReport, id: string, key: ModelFlag, on: boolean): GameReport {
  return withModel(report, id, (m) => {
    if (on) m[key] = true;
    else delete m[key];
  });
}

/** Relics a model carries at the end, within the report's caps (none: no entry). */
export function setRelicsCarried(report: GameReport, id: string, raw: string | number): GameReport {
  const n = wholeIn(raw, 0, REPORT_LIMITS.relics);
  return withModel(report, id, (m) => {
    if (n > 0) m.relicsCarried = n;
    else delete m.relicsCarried;
  });
}

/**
 * Last Stand's role of `id` and of its Squad mates who took part (`mates`): a Squad stays whole on one side of the
 * split (issue 30). '' clears the role.
 */
export function setLastStandRole(report: GameReport, id: string, mates: readonly string[], role: string): GameReport {
  return withReport(report, (r) => {
    for (const mid of [id, ...mates]) {
      const m = r.models.find((x) => x.id === mid);
      if (!m || (mid !== id && !m.tookPart)) continue;
      if (role === 'defending' || role === 'reinforcement') m.lastStandRole = role;
      else delete m.lastStandRole;
    }
  });
}

/** Not arrived by the end (in reserve): alive, placed nowhere, not Last Stand's defending model. */
export function setNotArrived(report: GameReport, id: string, on: boolean): GameReport {
  return withModel(report, id, (m) => {
    if (!on) {
      delete m.notArrived;
      return;
    }
    m.notArrived = true;
    m.aliveAtEnd = true;
    m.outOfAction = null;
    for (const k of [...POSITIONS, 'destroyedObjectiveMarker', 'bannerBearer'] as const) delete m[k];
    if (m.lastStandRole === 'defending') delete m.lastStandRole;
  });
}

/** A side's award; First Blood goes to one side only (or to both at once, seed 003, which a tick here undoes). */
export function setSideAward(report: GameReport, side: Side, key: 'firstBlood' | 'sweepingAdvance' | 'kayfabe', on: boolean): GameReport {
  return withReport(report, (r) => {
    r.sides[side][key] = on;
    if (key === 'firstBlood' && on) {
      r.sides[other(side)].firstBlood = false;
      if (r.club8th) delete r.club8th.firstBloodSimultaneous;
    }
  });
}

/** Seed 003: a number the players counted at the table (empty = 0), within its bounds. */
export function setClubCount(report: GameReport, side: Side, key: 'objectiveVp' | 'tacticalObjectiveVp' | 'nominatedTypeAchieved', raw: string): GameReport {
  const [min, max] = key === 'tacticalObjectiveVp' ? [-100, 500] : key === 'objectiveVp' ? [0, 500] : [0, 100];
  return withReport(report, (r) => {
    r.club8th ??= { a: {}, b: {} };
    r.club8th[side][key] = raw.trim() === '' ? 0 : wholeIn(raw, min, max);
  });
}

export function setFirstStrike(report: GameReport, side: Side, on: boolean): GameReport {
  return withReport(report, (r) => {
    r.club8th ??= { a: {}, b: {} };
    r.club8th[side].firstStrike = on;
  });
}

/** Seed 003: First Blood at the same time — both score it, so neither side's own First Blood stays ticked. */
export function setFirstBloodSimultaneous(report: GameReport, on: boolean): GameReport {
  return withReport(report, (r) => {
    r.club8th ??= { a: {}, b: {} };
    if (!on) {
      delete r.club8th.firstBloodSimultaneous;
      return;
    }
    r.club8th.firstBloodSimultaneous = true;
    r.sides.a.firstBlood = false;
    r.sides.b.firstBlood = false;
  });
}

/** A side's seed-003 facts as the form shows them. */
export const clubSideOf = (report: GameReport, side: Side): ClubSideReport => report.club8th?.[side] ?? {};

/**
 * How the game ended. A failed Run Away! test keeps its falling-back count only when it was taken, not chosen: a
 * chosen failure has no such field on the form, and a count kept would raise a problem no one can see.
 */
export function setEnding(report: GameReport, kind: ReportEnding['kind'], side: Side, voluntary = false, fallingBack = 0): GameReport {
  const ending: ReportEnding =
    kind === 'turns' ? { kind } : kind === 'run-away' ? { kind, side, voluntary, ...(!voluntary && fallingBack > 0 ? { fallingBack } : {}) } : { kind, side };
  return withReport(report, (r) => {
    r.ending = ending;
  });
}

/** Game turns completed (optional: empty or not a whole number clears it), at most the report's cap. */
export function setGameTurns(report: GameReport, raw: string): GameReport {
  return withReport(report, (r) => {
    const n = Number(raw);
    if (raw === '' || !Number.isInteger(n) || n < 0) delete r.gameTurns;
    else r.gameTurns = Math.min(n, REPORT_LIMITS.turns);
  });
}

export function setRelicCount(report: GameReport, raw: string): GameReport {
  return withReport(report, (r) => {
    r.relicCount = wholeIn(raw, 0, REPORT_LIMITS.relics);
  });
}

/** Who claims objective marker `i` at the end: 'a', 'b', or anything else for nobody. */
export function setObjectiveClaim(report: GameReport, i: number, value: string): GameReport {
  return withReport(report, (r) => {
    const list = r.objectives ?? [];
    if (list[i]) list[i].claimedBy = value === 'a' || value === 'b' ? value : null;
    r.objectives = list;
  });
}

/** The Attacker; facts only the other role can have follow the roles (004 Breakthrough, Last Stand). */
export function setAttacker(report: GameReport, side: Side): GameReport {
  return withReport(report, (r) => {
    r.attacker = side;
    for (const m of r.models) {
      if (m.side === side) {
        delete m.lastStandRole;
        delete m.bannerBearer;
      } else delete m.withinSixOfDefenderCorner;
    }
  });
}

// What the form shows beside the edits: counts read off the report, so the form only lays them out.

/** A Squad's members out of action, per squad of `side` that took part (member ids are "<squad>#<n>": squads.ts). */
export function squadLosses(report: GameReport, side: Side): { name: string; size: number; out: number }[] {
  const bySquad: Record<string, { name: string; size: number; out: number }> = {};
  for (const m of report.models) {
    const at = m.id.lastIndexOf('#');
    if (m.side !== side || at <= 0 || !m.tookPart) continue;
    const s = (bySquad[m.id.slice(0, at)] ??= { name: (m.name ?? '').replace(/ \(\d+ of \d+\)$/, ''), size: 0, out: 0 });
    s.size += 1;
    if (!m.aliveAtEnd) s.out += 1;
  }
  return Object.values(bySquad);
}

/**
 * 004 Run Away!: the test is taken when more than 50% are falling back or casualties; Herald counts the casualties of
 * the team that took it (null when the game did not end that way).
 */
export function runAwayCounts(report: GameReport): { total: number; casualties: number; remaining: number } | null {
  const e = report.ending;
  if (e.kind !== 'run-away') return null;
  const own = report.models.filter((m) => m.side === e.side && m.tookPart);
  const casualties = own.filter((m) => !m.aliveAtEnd).length;
  return { total: own.length, casualties, remaining: own.length - casualties };
}

/** The Relics carried at the end by the models that took part. */
export const relicsCarriedTotal = (report: GameReport): number => report.models.reduce((n, m) => n + (m.tookPart ? (m.relicsCarried ?? 0) : 0), 0);
