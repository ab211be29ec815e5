/**
 * The evening's pairings (issue 33): the teams here tonight, paired so that nobody replays an opponent of their last N
 * games where that can be avoided, the sit-out (bye) going to the team that has sat out least, and the Underdog in
 * view on every pairing.
 *
 * The Underdog is a campaign rule, not a pairing rule (docs/progression.md: "the team with the lowest Threat in the
 * campaign is the **Underdog**", Requisition awards "Underdog ×1.5 — the team with the lowest Threat"): the proposal
 * does not pair for it, it shows it — which side has the lower Threat and by how much, and whether that side would
 * earn the Underdog's ×1.5 Req (`isUnderdog`, with the club's reading of a tie).
 *
 * Pure: the only chance is the seeded choice that breaks a tie (the shuffle of the teams before pairing, and the bye
 * among teams that sat out equally often). The same input and seed give the same proposal.
 */
import { Sfc32, type Seed } from '../dice';
import { isUnderdog, type UnderdogOnTie } from '../progression/apply';

/** No rematch of a team's last 3 games where avoidable (docs/decisions.md, "Evening pairings"). */
export const DEFAULT_NO_REMATCH_OF = 3;

/** A team here tonight. `byes`: the evenings it has sat out so far (the screen says where that count comes from). */
export interface EveningTeam {
  id: string;
  playerId: string;
  threat: number;
  byes: number;
}

/** Two teams that played each other; the list is newest first. */
export interface PastGame {
  a: string;
  b: string;
}

/** The campaign's Underdog bonus (the ruleset's `underdog` Req multiplier), or null when the ruleset has none. */
export interface UnderdogRule {
  factor: number;
  onTie: UnderdogOnTie;
}

export interface PairingsContext {
  present: readonly EveningTeam[];
  /** The campaign's finished games, newest first. */
  pastGames: readonly PastGame[];
  /** The Threat of every founded team in the campaign (here or not): the Underdog is the lowest of them all. */
  campaignThreats: readonly number[];
  underdog: UnderdogRule | null;
  /** N: a pairing is a rematch when either team met the other in its last N games. */
  noRematchOf?: number;
}

export interface PairingsInput extends PairingsContext {
  /** Pairings the organiser locked: kept as they are when both teams are here. */
  locked?: readonly PastGame[];
  /** The sit-out the organiser chose (by a swap): kept when a sit-out is needed and the team is here and unlocked. */
  bye?: string | null;
  seed: Seed;
}

/** The Underdog as a pairing sees it. */
export interface UnderdogView {
  /** The side with the lower Threat; null when both have the same. */
  lower: 'a' | 'b' | null;
  /** How much lower, in Threat. */
  by: number;
  /** The side that is the campaign's Underdog and earns its bonus in this game, if either is. */
  bonus: 'a' | 'b' | null;
  factor: number | null;
}

export interface Pairing {
  a: string;
  b: string;
  locked: boolean;
  /** How many games ago the two last met (1 = one of them played the other in its latest game); null: never. */
  lastMet: number | null;
  /** They met within the last N games of either team. */
  rematch: boolean;
  /** Both teams belong to the same player (only ever proposed when nothing else is possible). */
  samePlayer: boolean;
  underdog: UnderdogView;
}

export interface Proposal {
  pairings: Pairing[];
  /** The team that sits out tonight, when an odd number is here. */
  bye: string | null;
}

// Costs, in levels that never overlap: a same-player pairing is never wanted; then the number of rematches; then how
// recent they are; then the times met in the whole campaign; then the Threat gap (closer games first).
const SAME_PLAYER = 1_000_000_000;
const REMATCH = 1_000_000;
const RECENT = 1_000;
const MET_BEFORE = 10;
/** Above this many teams to pair the exact search is too slow for a screen: a greedy pairing improved by swaps. */
const EXACT_UP_TO = 16;
const MAX_N = 50;

type History = Map<string, string[]>;

/** Each team's opponents, newest first. */
function historyOf(pastGames: readonly PastGame[]): History {
  const history: History = new Map();
  const add = (team: string, opponent: string) => (history.get(team) ?? history.set(team, []).get(team)!).push(opponent);
  for (const g of pastGames) {
    add(g.a, g.b);
    add(g.b, g.a);
  }
  return history;
}

function lastMetOf(history: History, x: string, y: string): number | null {
  const seen = [history.get(x)?.indexOf(y) ?? -1, history.get(y)?.indexOf(x) ?? -1].filter((i) => i >= 0);
  return seen.length === 0 ? null : Math.min(...seen) + 1;
}

const timesMet = (history: History, x: string, y: string) => (history.get(x) ?? []).filter((o) => o === y).length;

/**
 * The Underdog between two teams (docs/progression.md "the team with the lowest Threat in the campaign is the
 * Underdog"; "Underdog ×1.5").
 *
 * @example
 * underdogBetween(3, 5, [3, 4, 5], { factor: 1.5, onTie: 'no-underdog' });
 * // → { lower: 'a', by: 2, bonus: 'a', factor: 1.5 }
 */
export function underdogBetween(threatA: number, threatB: number, campaignThreats: readonly number[], rule: UnderdogRule | null): UnderdogView {
  const lower = threatA < threatB ? 'a' : threatB < threatA ? 'b' : null;
  const threats = campaignThreats.length > 0 ? campaignThreats : [threatA, threatB];
  const earns = (threat: number) => rule !== null && isUnderdog(threat, threats, rule.onTie);
  // With the reading "every team on the lowest Threat", both teams of an even pairing may earn it; name side a then.
  const bonus = earns(threatA) ? 'a' : earns(threatB) ? 'b' : null;
  return { lower, by: Math.abs(threatA - threatB), bonus, factor: rule?.factor ?? null };
}

/** The facts of one pairing: when they last met, the Underdog, the same player. */
export function describePairing(ctx: PairingsContext, a: string, b: string, locked = false): Pairing {
  const history = historyOf(ctx.pastGames);
  return describeWith(ctx, history, a, b, locked);
}

function describeWith(ctx: PairingsContext, history: History, a: string, b: string, locked: boolean): Pairing {
  const team = (id: string) => ctx.present.find((t) => t.id === id);
  const [ta, tb] = [team(a), team(b)];
  const lastMet = lastMetOf(history, a, b);
  return {
    a,
    b,
    locked,
    lastMet,
    rematch: lastMet !== null && lastMet <= noRematchOf(ctx),
    samePlayer: ta !== undefined && tb !== undefined && ta.playerId === tb.playerId,
    underdog: underdogBetween(ta?.threat ?? 0, tb?.threat ?? 0, ctx.campaignThreats, ctx.underdog),
  };
}

const noRematchOf = (ctx: PairingsContext) => Math.min(MAX_N, Math.max(0, Math.floor(ctx.noRematchOf ?? DEFAULT_NO_REMATCH_OF)));

function costOf(ctx: PairingsContext, history: History) {
  const n = noRematchOf(ctx);
  return (x: EveningTeam, y: EveningTeam) => {
    const lastMet = lastMetOf(history, x.id, y.id);
    return (
      (x.playerId === y.playerId ? SAME_PLAYER : 0) +
      (lastMet !== null && lastMet <= n ? REMATCH + RECENT * (n - lastMet + 1) : 0) +
      MET_BEFORE * Math.min(99, timesMet(history, x.id, y.id)) +
      Math.min(9, Math.abs(x.threat - y.threat))
    );
  };
}

type Cost = (x: EveningTeam, y: EveningTeam) => number;
interface Matching {
  cost: number;
  pairs: [EveningTeam, EveningTeam][];
}

/** The cheapest way to pair an even number of teams; among equal costs the first found in the teams' order. */
function bestMatching(teams: readonly EveningTeam[], cost: Cost): Matching {
  return teams.length <= EXACT_UP_TO ? exactMatching(teams, cost) : improvedGreedy(teams, cost);
}

function exactMatching(teams: readonly EveningTeam[], cost: Cost): Matching {
  const memo = new Map<number, Matching>();
  const full = (1 << teams.length) - 1;
  const solve = (used: number): Matching => {
    if (used === full) return { cost: 0, pairs: [] };
    const known = memo.get(used);
    if (known) return known;
    let i = 0;
    while (used & (1 << i)) i++;
    let best: Matching | null = null;
    for (let j = i + 1; j < teams.length; j++) {
      if (used & (1 << j)) continue;
      const rest = solve(used | (1 << i) | (1 << j));
      const total = cost(teams[i]!, teams[j]!) + rest.cost;
      if (!best || total < best.cost) best = { cost: total, pairs: [[teams[i]!, teams[j]!], ...rest.pairs] };
    }
    memo.set(used, best!);
    return best!;
  };
  return solve(0);
}

function improvedGreedy(teams: readonly EveningTeam[], cost: Cost): Matching {
  const left = [...teams];
  const pairs: [EveningTeam, EveningTeam][] = [];
  while (left.length > 0) {
    const x = left.shift()!;
    let best = 0;
    left.forEach((y, k) => {
      if (cost(x, y) < cost(x, left[best]!)) best = k;
    });
    pairs.push([x, left.splice(best, 1)[0]!]);
  }
  // Swap partners between two pairings while that lowers the total.
  for (let improved = true; improved;) {
    improved = false;
    for (let p = 0; p < pairs.length; p++) {
      for (let q = p + 1; q < pairs.length; q++) {
        const [a, b] = pairs[p]!;
        const [c, d] = pairs[q]!;
        const now = cost(a, b) + cost(c, d);
        if (cost(a, c) + cost(b, d) < now) [pairs[p], pairs[q], improved] = [[a, c], [b, d], true];
        else if (cost(a, d) + cost(b, c) < now) [pairs[p], pairs[q], improved] = [[a, d], [b, c], true];
      }
    }
  }
  return { cost: pairs.reduce((sum, [x, y]) => sum + cost(x, y), 0), pairs };
}

/** The teams in a seeded order: the tie-breaker of every choice below. */
function shuffled<T>(items: readonly T[], seed: Seed): T[] {
  const rng = Sfc32.fromSeed(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.die(i + 1) - 1;
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The locked pairings that still stand: both teams here, each team in one locked pairing at most. */
function standingLocks(input: PairingsInput): PastGame[] {
  const here = new Set(input.present.map((t) => t.id));
  const taken = new Set<string>();
  const kept: PastGame[] = [];
  for (const l of input.locked ?? []) {
    if (l.a === l.b || !here.has(l.a) || !here.has(l.b) || taken.has(l.a) || taken.has(l.b)) continue;
    taken.add(l.a).add(l.b);
    kept.push(l);
  }
  return kept;
}

/**
 * Proposes tonight's pairings. Locked pairings stay as they are; the other teams here are paired at the lowest cost:
 * never two teams of one player when avoidable, no rematch of either team's last N games when avoidable (a more
 * recent rematch costs more), then fewest meetings so far, then the closest Threat. With an odd number to pair, the
 * team with the fewest byes sits out (the organiser's chosen sit-out when there is one); among equals the one whose
 * absence leaves the best pairing, then the seeded choice.
 *
 * @example
 * const team = (id: string, threat: number) => ({ id, playerId: id, threat, byes: 0 });
 * proposePairings({ present: [team('orks', 3), team('guard', 4), team('eldar', 5), team('tau', 5)],
 *   pastGames: [{ a: 'orks', b: 'guard' }], campaignThreats: [3, 4, 5, 5], underdog: null, seed: 'night-1' })
 *   .pairings.map((p) => [p.a, p.b].sort().join(' v '));
 * // → ['guard v tau', 'eldar v orks'] (or the same two pairings the other way round: never orks v guard again)
 */
export function proposePairings(input: PairingsInput): Proposal {
  const history = historyOf(input.pastGames);
  const cost = costOf(input, history);
  const locks = standingLocks(input);
  const inLock = new Set(locks.flatMap((l) => [l.a, l.b]));
  const present = uniqueById(input.present);
  const free = shuffled(
    present.filter((t) => !inLock.has(t.id)),
    input.seed,
  );

  let bye: EveningTeam | null = null;
  let matching: Matching;
  if (free.length % 2 === 0) matching = bestMatching(free, cost);
  else {
    const chosen = free.find((t) => t.id === input.bye);
    const fewest = Math.min(...free.map((t) => t.byes));
    const candidates = chosen ? [chosen] : free.filter((t) => t.byes === fewest);
    let best: { bye: EveningTeam; matching: Matching } | null = null;
    for (const candidate of candidates) {
      const m = bestMatching(
        free.filter((t) => t !== candidate),
        cost,
      );
      if (!best || m.cost < best.matching.cost) best = { bye: candidate, matching: m };
    }
    bye = best!.bye;
    matching = best!.matching;
  }

  // Locked first, in the order they were locked; then the proposal, the lower Threat first only for reading ease.
  const pairings = [
    ...locks.map((l) => describeWith(input, history, l.a, l.b, true)),
    ...matching.pairs.map(([x, y]) => describeWith(input, history, x.id, y.id, false)),
  ];
  return { pairings, bye: bye?.id ?? null };
}

function uniqueById(teams: readonly EveningTeam[]): EveningTeam[] {
  const seen = new Set<string>();
  return teams.filter((t) => !seen.has(t.id) && !!seen.add(t.id));
}

/**
 * The organiser swaps two teams (in two pairings, or a team and the one sitting out). The pairings a swap makes are
 * the organiser's choice, so they come back locked; a team swapped into the sit-out becomes the chosen bye. Swapping
 * a team with its own opponent only changes sides. Returns the proposal unchanged when either team is not in it.
 *
 * @example
 * swapTeams(ctx, { pairings: [p('orks', 'guard'), p('eldar', 'tau')], bye: null }, 'guard', 'tau');
 * // → { pairings: [orks vs tau (locked), eldar vs guard (locked)], bye: null }
 */
export function swapTeams(ctx: PairingsContext, proposal: Proposal, x: string, y: string): Proposal {
  const where = (id: string) => {
    if (proposal.bye === id) return { index: -1, side: 'bye' as const };
    const index = proposal.pairings.findIndex((p) => p.a === id || p.b === id);
    return index < 0 ? null : { index, side: proposal.pairings[index]!.a === id ? ('a' as const) : ('b' as const) };
  };
  const [wx, wy] = [where(x), where(y)];
  if (!wx || !wy || x === y) return proposal;
  const history = historyOf(ctx.pastGames);
  const pairings = proposal.pairings.map((p) => ({ ...p }));
  let bye = proposal.bye;
  const put = (at: { index: number; side: 'a' | 'b' | 'bye' }, id: string) => {
    if (at.side === 'bye') bye = id;
    else pairings[at.index]![at.side] = id;
  };
  put(wx, y);
  put(wy, x);
  const touched = new Set([wx.index, wy.index].filter((i) => i >= 0));
  return {
    pairings: pairings.map((p, i) => (touched.has(i) ? describeWith(ctx, history, p.a, p.b, true) : p)),
    bye,
  };
}
