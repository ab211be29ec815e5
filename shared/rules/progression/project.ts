/**
 * Projections of the progression ledger (docs/architecture.md: "A roster is its starting list folded over its
 * ledger… Any cache of derived state must equal a rebuild from the ledger"). Pure folds: the same entries always give
 * the same projection, and voided entries count for nothing.
 */
import type { TeamStateInput } from './apply';
import type { ProgressionEntry } from './entries';
import { isAmendmentEntryId, reqDelta } from './entries';

export interface ModelProjection {
  model: string;
  team: string;
  /** Total EXP gained (kept after death: it is also a campaign statistic, docs/progression.md). */
  exp: number;
  level: number;
  advances: { level: number; result: string; text: string; followUps: { table: string; result: string; text: string }[]; gameId: string | null }[];
  /** Permanent injuries still carried (Restorative Surgery removes the oldest). */
  permanentInjuries: { characteristic: string; text: string; gameId: string | null }[];
  /**
   * Mauled "for the next game only": set only while the injury was rolled in the team's latest game in the ledger,
   * i.e. it applies to the team's next game; cleared once the team has a later game.
   */
  mauled: { effect: string; text: string; gameId: string | null } | null;
  dead: boolean;
  /** Honours held ("a dead or dismissed model loses all its gear and honours": emptied on death). */
  honours: { honour: string; group: string; cost: number; entryId: string }[];
}

export interface TeamProjection {
  team: string;
  /** Requisition now: earned − spent. */
  req: number;
  earned: number;
  spent: number;
  /** Team-wide (Kill Team group) honours. */
  teamHonours: { honour: string; group: string; cost: number; entryId: string }[];
  /** Req value of the honours held by living models and the team: counts toward Threat (see threat()). */
  honourPoints: number;
  /** The last game in the ledger with an entry for this team. */
  lastGameId: string | null;
}

export interface Projection {
  models: Record<string, ModelProjection>;
  teams: Record<string, TeamProjection>;
}

/** Restorative Surgery (docs/progression.md, Kill Team group): "removes one permanent injury"; consumed, not kept. */
export const RESTORATIVE_SURGERY = 'restorative-surgery';

function emptyModel(model: string, team: string): ModelProjection {
  return { model, team, exp: 0, level: 0, advances: [], permanentInjuries: [], mauled: null, dead: false, honours: [] };
}

function emptyTeam(team: string): TeamProjection {
  return { team, req: 0, earned: 0, spent: 0, teamHonours: [], honourPoints: 0, lastGameId: null };
}

/**
 * Fold the ledger into per-model state (EXP, level, advances, injuries, death, honours) and per-team requisition,
 * in ledger order, skipping voided entries.
 *
 * @example
 * // ledger: the entries of the applyGame example (a Skirmish draw: Player A is team 'orks', Player B 'guard')
 * projectModels(ledger).teams.orks; // → { req: 35, earned: 35, spent: 0, lastGameId: 'g1' }
 */
export function projectModels(entries: readonly ProgressionEntry[]): Projection {
  return foldProgression({ models: {}, teams: {} }, entries);
}

/**
 * Go on folding from a projection already made (Herald keeps each team's projection in the campaign file and folds
 * only a new game's entries into it): `foldProgression(projectModels(xs), ys)` equals `projectModels([...xs, ...ys])`.
 * `start` is not changed: what the entries touch is copied (copy on write), the rest is shared with it. No projection
 * is ever changed in place, so sharing is safe; a whole copy per fold made a ten-year replay quadratic (issue 27).
 *
 * @example
 * const before = projectModels(ledger.slice(0, 3));
 * foldProgression(before, ledger.slice(3)); // → the same as projectModels(ledger)
 */
export function foldProgression(start: Projection, entries: readonly ProgressionEntry[]): Projection {
  const models = { ...start.models };
  const teams = { ...start.teams };
  const own = new Set<object>();
  const teamOf = (id: string) => {
    const t = teams[id];
    if (t && own.has(t)) return t;
    const copy = t ? { ...t, teamHonours: [...t.teamHonours] } : emptyTeam(id);
    own.add(copy);
    return (teams[id] = copy);
  };
  const modelOf = (id: string, team: string) => {
    const m = models[id];
    if (m && own.has(m)) return m;
    const copy = m ? { ...m, advances: [...m.advances], permanentInjuries: [...m.permanentInjuries], honours: [...m.honours] } : emptyModel(id, team);
    own.add(copy);
    return (models[id] = copy);
  };

  for (const e of entries) {
    if (e.voided) continue;
    const team = teamOf(e.team);
    // The team's latest game (docs/progression.md Injuries: a mauled model sits the next game out): an amendment of
    // an earlier game, written later, does not make that game the latest again (issue 27).
    if (e.gameId !== null && !isAmendmentEntryId(e.id)) team.lastGameId = e.gameId;
    const delta = reqDelta(e);
    team.req += delta;
    if (delta > 0) team.earned += delta;
    else team.spent -= delta;

    switch (e.kind) {
      case 'exp.gained':
        modelOf(e.model, e.team).exp += e.amount;
        break;
      case 'level.reached': {
        const m = modelOf(e.model, e.team);
        m.level = Math.max(m.level, e.level);
        break;
      }
      case 'advance.rolled':
        modelOf(e.model, e.team).advances.push({
          level: e.level,
          result: e.result,
          text: e.text,
          followUps: e.followUps.map((f) => ({ ...f })),
          gameId: e.gameId,
        });
        break;
      case 'injury.rolled': {
        const m = modelOf(e.model, e.team);
        if (e.result.kind === 'permanent-injury') m.permanentInjuries.push({ characteristic: e.result.characteristic, text: e.result.text, gameId: e.gameId });
        if (e.result.kind === 'mauled') m.mauled = { effect: e.result.effect, text: e.result.text, gameId: e.gameId };
        break;
      }
      case 'model.died': {
        const m = modelOf(e.model, e.team);
        m.dead = true;
        m.honours = [];
        m.mauled = null;
        break;
      }
      case 'honour.bought': {
        const held = { honour: e.honour, group: e.group, cost: e.cost, entryId: e.id };
        if (e.model === null) team.teamHonours.push(held);
        else if (e.honour === RESTORATIVE_SURGERY) modelOf(e.model, e.team).permanentInjuries.shift();
        else modelOf(e.model, e.team).honours.push(held);
        break;
      }
      default:
        break;
    }
  }

  for (const m of Object.values(models)) {
    if (m.mauled !== null && m.mauled.gameId !== teams[m.team]?.lastGameId) modelOf(m.model, m.team).mauled = null;
  }
  const honourPoints = new Map<string, number>();
  for (const m of Object.values(models)) if (!m.dead) honourPoints.set(m.team, (honourPoints.get(m.team) ?? 0) + m.honours.reduce((x, h) => x + h.cost, 0));
  for (const t of Object.values(teams)) {
    const points = (honourPoints.get(t.team) ?? 0) + t.teamHonours.reduce((x, h) => x + h.cost, 0);
    if (points !== t.honourPoints) teamOf(t.team).honourPoints = points;
  }
  return { models, teams };
}

/**
 * Threat (docs/progression.md): "the team's points *including* honours ÷ 100, rounded up (a new team is 3)".
 * `points` = the team's model and gear points plus the Req value of its honours (TeamProjection.honourPoints).
 * Models in Tactical Reserves don't count: leave them out of `points`.
 *
 * @example
 * threat(250); // → 3
 * threat(301); // → 4
 */
export function threat(points: number): number {
  if (!Number.isFinite(points) || points < 0) throw new RangeError(`Team points are a number, 0 or more; got ${points}.`);
  return Math.ceil(points / 100);
}

/**
 * The team state applyGame needs for `team`'s next game: its Threat from `modelPoints` (models and gear, without
 * honours; the roster package prices them) plus its honours, each model's EXP, level and death, and its team-wide honours (Medical Gear).
 *
 * @example
 * // ledger: the entries of the applyGame example (a Skirmish draw: Player A is team 'orks', Player B 'guard')
 * teamStateFor(projectModels(ledger), 'orks', 260); // → { team: 'orks', threat: 3, honours: [] }
 */
export function teamStateFor(projection: Projection, team: string, modelPoints: number): TeamStateInput {
  const honours = projection.teams[team]?.honourPoints ?? 0;
  return {
    team,
    threat: threat(modelPoints + honours),
    models: Object.values(projection.models)
      .filter((m) => m.team === team)
      .map((m) => ({ model: m.model, exp: m.exp, level: m.level, dead: m.dead })),
    honours: (projection.teams[team]?.teamHonours ?? []).map((h) => h.honour),
  };
}
