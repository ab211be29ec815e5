/**
 * What a team's stored projection holds, and the pure folds that make it from the team's ledger and its committed
 * games (issue 18: the folds live in the rules package; src-main/ledger/ stores their results). docs/architecture.md
 * property 5: an incremental fold and a rebuild from the whole ledger give the same state — `canonicalTeamState`
 * makes them the same text.
 */
import type { LedgerData } from '../roster/ledger';
import { PROGRESSION_ENTRY_KINDS, type ProgressionEntry } from './entries';
import { foldProgression, type Projection } from './project';
import { squadOfMember } from '../game/squads';

export interface DirectoryEntry {
  name: string;
  entryId: string;
  status: 'active' | 'dead' | 'dismissed';
  /** Parked in Tactical Reserves (docs/progression.md): its honours don't count toward Threat. */
  reserve?: true;
  /** A Squad: how many of its members died in games (each member is a model, seed 004 "Squad"; issue 30). */
  membersLost?: number;
}

export interface TeamLedgerState {
  /** The Projection of this team's progression entries (its models and its own team row). */
  progression: Projection;
  /** Every model the team ever had, by id (names survive death and dismissal). */
  directory: Record<string, DirectoryEntry>;
  /** Games played and enemy models taken out of action, per model, over the committed games. */
  stats: Record<string, { games: number; kills: number }>;
}

/** Games, W/D/L and VP over the team's committed games. */
export interface TeamRecord {
  games: number;
  wins: number;
  draws: number;
  losses: number;
  vpFor: number;
  vpAgainst: number;
}

/** The parts of a committed game's report the statistics read. */
export interface StatsReport {
  sides: { a: { teamId: string }; b: { teamId: string } };
  models: { id: string; side: 'a' | 'b'; tookPart: boolean; outOfAction?: { by?: string | null | undefined } | null | undefined }[];
}

/** One side's figures of a committed game: its team, the units (a Squad's members count as their squad) that took part, and the unit that made each kill. */
export interface SideFigures {
  team: string;
  played: string[];
  kills: string[];
}

/**
 * Exactly what a committed game's statistics count, read off its report once (issue 29): stored beside the game, so a
 * rebuild counts twenty thousand games without inflating their reports.
 */
export interface GameFigures {
  a: SideFigures;
  b: SideFigures;
}

/** One committed game's result, as a team's record counts it: its report, or the figures read off it. */
export interface GameResult {
  teamAId: string;
  teamBId: string;
  winner: 'a' | 'b' | 'draw' | null;
  vpA: number | null;
  vpB: number | null;
  report: StatsReport | GameFigures;
}

/** A ledger row as the fold reads it: its place, its Req, whether it is voided, its kind. */
export interface FoldRow {
  seq: number;
  kind: string;
  req: number;
  voided: boolean;
}

/** A team's fold so far: its state, Req, the last ledger seq folded, and its record. */
export interface TeamFold {
  state: TeamLedgerState;
  req: number;
  lastSeq: number;
  record: TeamRecord;
}

export const NO_RECORD: TeamRecord = { games: 0, wins: 0, draws: 0, losses: 0, vpFor: 0, vpAgainst: 0 };

export const emptyTeamState = (): TeamLedgerState => ({ progression: { models: {}, teams: {} }, directory: {}, stats: {} });

export const emptyTeamFold = (): TeamFold => ({ state: emptyTeamState(), req: 0, lastSeq: 0, record: NO_RECORD });

const isProgression = (kind: string) => (PROGRESSION_ENTRY_KINDS as readonly string[]).includes(kind);

/**
 * Fold ledger rows (in seq order, with their data) into a team's fold; voided rows count for nothing.
 * @example
 * foldTeamRows(emptyTeamFold(), [{ seq: 1, kind: 'req.adjusted', req: 20, voided: false }], [{ kind: 'req.adjusted' }]).req // → 20
 */
export function foldTeamRows(start: TeamFold, rows: readonly FoldRow[], data: readonly (LedgerData | ProgressionEntry)[]): TeamFold {
  let { req, lastSeq } = start;
  const directory = { ...start.state.directory };
  const progression: ProgressionEntry[] = [];
  for (const [i, row] of rows.entries()) {
    lastSeq = Math.max(lastSeq, row.seq);
    if (row.voided) continue;
    req += row.req;
    const d = data[i]!;
    if (isProgression(row.kind)) {
      const entry = d as ProgressionEntry;
      progression.push(entry);
      if (entry.kind === 'model.died') died(directory, entry.model);
      continue;
    }
    const l = d as LedgerData;
    if (l.kind === 'team.founded') for (const m of l.roster.models) directory[m.id] = { name: m.name || m.id, entryId: m.entryId, status: 'active' };
    if (l.kind === 'model.recruited') directory[l.model.id] = { name: l.model.name || l.model.id, entryId: l.model.entryId, status: 'active' };
    if (l.kind === 'model.renamed' && directory[l.modelId]) directory[l.modelId] = { ...directory[l.modelId]!, name: l.name };
    if (l.kind === 'model.dismissed' && directory[l.modelId]) directory[l.modelId] = { ...without(directory[l.modelId]!), status: 'dismissed' };
    if (l.kind === 'model.reserved' && directory[l.modelId]) directory[l.modelId] = { ...directory[l.modelId]!, reserve: true };
    if (l.kind === 'model.returned' && directory[l.modelId]) directory[l.modelId] = without(directory[l.modelId]!);
  }
  const state: TeamLedgerState = {
    progression: progression.length > 0 ? foldProgression(start.state.progression, progression) : start.state.progression,
    directory,
    stats: start.state.stats,
  };
  return { state, req, lastSeq, record: start.record };
}

/**
 * A model's death in the directory: the model is dead; a squad member's death is one more member its squad lost (a
 * member's number only tells members apart within one game, so the same number can die again in a later game).
 */
function died(directory: Record<string, DirectoryEntry>, id: string) {
  const own = directory[id];
  if (own) {
    directory[id] = { ...own, status: 'dead' };
    return;
  }
  const squad = squadOfMember(id);
  const entry = squad ? directory[squad.squadId] : undefined;
  if (squad && entry) directory[squad.squadId] = { ...entry, membersLost: (entry.membersLost ?? 0) + 1 };
}

/** A directory entry out of Tactical Reserves. */
const without = ({ reserve: _, ...rest }: DirectoryEntry): DirectoryEntry => rest;

/**
 * The Req value of a team's honours that counts toward Threat. docs/progression.md Tactical Reserves: "reserves don't
 * count toward Threat" and "a dead or dismissed model loses all its gear and honours", so the honours of a model
 * parked in reserve or dismissed are left out (a dead one's already are).
 *
 * @example
 * // Tarkus (in reserve) holds a 20 Req honour, the team 35 Req of honours in all
 * threatHonourPoints(state, 'orks'); // → 15
 */
export function threatHonourPoints(state: TeamLedgerState, teamId: string): number {
  const all = state.progression.teams[teamId]?.honourPoints ?? 0;
  const parked = Object.entries(state.directory)
    .filter(([, d]) => d.reserve === true || d.status === 'dismissed')
    .reduce((sum, [id]) => sum + (state.progression.models[id]?.honours.reduce((x, h) => x + h.cost, 0) ?? 0), 0);
  return all - parked;
}

/** Add (sign 1) or take away (sign −1) one committed game's result from a team's record. */
export function countResult(record: TeamRecord, g: GameResult, teamId: string, sign: 1 | -1): TeamRecord {
  const side = g.teamAId === teamId ? 'a' : g.teamBId === teamId ? 'b' : null;
  if (side === null) return record;
  const won = g.winner === side;
  const drawn = g.winner === 'draw';
  return {
    games: record.games + sign,
    wins: record.wins + (won ? sign : 0),
    draws: record.draws + (drawn ? sign : 0),
    losses: record.losses + (!won && !drawn ? sign : 0),
    vpFor: record.vpFor + sign * ((side === 'a' ? g.vpA : g.vpB) ?? 0),
    vpAgainst: record.vpAgainst + sign * ((side === 'a' ? g.vpB : g.vpA) ?? 0),
  };
}

/**
 * A committed game's figures, read off its report: for each side, the units of its models that took part (each once)
 * and, for every model taken out of action while taking part, the unit of the side's model that took it out. A Squad's
 * members (game/squads.ts) count for their squad, the roster's model: one game, and every kill of a member.
 *
 * @example
 * gameFigures({ sides: { a: { teamId: 'A' }, b: { teamId: 'B' } }, models: [{ id: 'a1', side: 'a', tookPart: true }, { id: 'b1', side: 'b', tookPart: true, outOfAction: { by: 'a1' } }] });
 * // → { a: { team: 'A', played: ['a1'], kills: ['a1'] }, b: { team: 'B', played: ['b1'], kills: [] } }
 */
export function gameFigures(report: StatsReport): GameFigures {
  const sideOf = new Map(report.models.map((m) => [m.id, m.side]));
  const unit = (id: string) => squadOfMember(id)?.squadId ?? id;
  const out: GameFigures = { a: { team: report.sides.a.teamId, played: [], kills: [] }, b: { team: report.sides.b.teamId, played: [], kills: [] } };
  const played = { a: new Set<string>(), b: new Set<string>() };
  for (const m of report.models) {
    if (!m.tookPart) continue;
    played[m.side].add(unit(m.id));
    const killer = m.outOfAction?.by;
    const side = killer ? sideOf.get(killer) : undefined;
    if (killer && side) out[side].kills.push(unit(killer));
  }
  out.a.played = [...played.a];
  out.b.played = [...played.b];
  return out;
}

/** The figures a result counts: stored ones as they are, or read off its report. */
export const figuresOf = (from: StatsReport | GameFigures): GameFigures => ('models' in from ? gameFigures(from) : from);

/** The side of a game's figures that `teamId` played, or null. */
const sideOf = (figures: GameFigures, teamId: string): SideFigures | null =>
  figures.a.team === teamId ? figures.a : figures.b.team === teamId ? figures.b : null;

/**
 * countGame into `stats` itself, for statistics that are the caller's own, every entry included (a rebuild's, which
 * start empty): no copy per game, which at twenty thousand games was most of counting them (issue 29).
 */
export function countGameInto(stats: TeamLedgerState['stats'], from: StatsReport | GameFigures, teamId: string, sign: 1 | -1): void {
  const side = sideOf(figuresOf(from), teamId);
  if (side === null) return;
  for (const id of side.kills) (stats[id] ??= { games: 0, kills: 0 }).kills += sign;
  for (const id of side.played) (stats[id] ??= { games: 0, kills: 0 }).games += sign;
}

/** Add (sign 1) or take away (sign −1) one committed game's games and kills for the models of `teamId`. */
export function countGame(stats: TeamLedgerState['stats'], from: StatsReport | GameFigures, teamId: string, sign: 1 | -1): TeamLedgerState['stats'] {
  const figures = figuresOf(from);
  const side = sideOf(figures, teamId);
  const out = { ...stats };
  if (side === null) return out;
  // The entries it changes are copied first, so `stats` is left as it was.
  for (const id of [...side.kills, ...side.played]) out[id] = { ...(out[id] ?? { games: 0, kills: 0 }) };
  countGameInto(out, figures, teamId, sign);
  return out;
}

/** Add (sign 1) or take away (sign −1) one committed game from a team's fold: its statistics and its record. */
export function countCommitted(fold: TeamFold, g: GameResult, teamId: string, sign: 1 | -1): TeamFold {
  return { ...fold, state: { ...fold.state, stats: countGame(fold.state.stats, g.report, teamId, sign) }, record: countResult(fold.record, g, teamId, sign) };
}

/** The stored form: keys sorted and empty statistics dropped, so an incremental fold and a rebuild store the same text. */
export function canonicalTeamState(state: TeamLedgerState): TeamLedgerState {
  const sorted = <T>(r: Record<string, T>, keep: (v: T) => boolean = () => true) =>
    Object.fromEntries(
      Object.keys(r)
        .sort()
        .filter((k) => keep(r[k]!))
        .map((k) => [k, r[k]!]),
    );
  return {
    progression: { models: sorted(state.progression.models), teams: sorted(state.progression.teams) },
    directory: sorted(state.directory),
    stats: sorted(state.stats, (s) => s.games !== 0 || s.kills !== 0),
  };
}

/**
 * Models a team lost for good (dead), from its directory. A squad member is a model (seed 004 "Squad": "individual
 * models will still count toward the maximum Model Availability"), so each member that died counts one.
 *
 * @example
 * // Lirith (dead) and three members of the Guardian Squad
 * modelsLost({ ...state, directory: { lirith: { name: 'Lirith', entryId: 'guardian', status: 'dead' }, saim: { name: 'Saim', entryId: 'guardian-squad', status: 'active', membersLost: 3 } } }); // → 4
 */
export const modelsLost = (state: TeamLedgerState) =>
  Object.values(state.directory).reduce((n, m) => n + (m.status === 'dead' ? 1 : 0) + (m.membersLost ?? 0), 0);
