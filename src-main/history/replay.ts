/**
 * The history's one judge (issue 27, docs/history.md): a campaign's ledger replayed from nothing, step by step in the
 * order things happened, each finished game judged against the replayed state just before it — never today's.
 *
 * A team-page step (founding, recruit, dismissal, wargear, rename, Req adjustment, Tactical Reserves, an honour) is
 * folded into its team; campaign-file/ledger.ts has already checked it as the screen that makes it would. A committed
 * game is resolved again through the same code as its commit (games/resolve.ts) from what it recorded — its report,
 * its rolls and the choices the organiser made (awards, honours, recruits: games/amend.ts draftOfRecord) — with both
 * teams, every team's Threat (for the Underdog), the ruleset and the roster cap as they stood at its place; what that
 * gives must be exactly the game's live entries. A game's place is its first entry's (an amendment's entries, written
 * later, stand at their game's place, as amend.ts judges them). A game is judged from its moment: the entries written
 * and the voids made by the time it was last judged (its commit or its last amendment; `teamAt`). The first step that
 * does not hold is named in words; otherwise each team's Req, roster and Threat as the whole history leaves them (every
 * void counted) are returned for the caller to compare with what it stored.
 *
 * Who calls it: every import of a campaign file (as new, as a copy, the hand-over update, the restore of one
 * campaign) inside its transaction, and the property tests for commit, amend, void and undo. A commit judges only its
 * own step (games.commit resolves it from the stored state): the full replay would cost it its budget.
 */
import type { Side } from '../../shared/ipc/schemas/games';
import type { GamePlan, GameReport } from '../../shared/rules';
import {
  battleHonoursPreset,
  emptyTeamFold,
  inPlaceOrder,
  foldRosterFrom,
  foldTeamRows,
  rosterCapOf,
  rosterPointsLimit,
  threat,
  threatHonourPoints,
  type LedgerData,
  type ProgressionEntry,
  type Roster,
  type RosterReport,
  type Ruleset,
  type TeamFold,
  type TeamList,
} from '../../shared/rules';
import type { Db } from '../db/open';
import type { StoredTeamState } from '../ledger';
import type { CampaignRow, GameRow, LedgerRow, PlayerRow, TeamRow } from '../db/schema';
import { gameWords } from '../campaign-file/game-lineage';
import { draftOfRecord } from '../games/amend';
import { checkedRoster, projectionOfFold, stateOf, type LoadedTeam } from '../games/context';
import { resolveGame } from '../games/resolve';
import * as gamesRepo from '../repos/games';
import { figuresOfReport, storedFigures } from '../repos/game-figures';
import { findPlayer } from '../repos/players';
import { parsePinned, rulesetHistory } from '../repos/rulesets';
import { loadTeamList } from '../repos/team-lists';
import * as teamsRepo from '../repos/teams';
import * as ledgerReads from '../ledger';
import { findCampaignRow } from '../repos/campaigns';

/** One team as the replay has it at the step it has reached. */
interface ReplayTeam {
  row: TeamRow;
  player: PlayerRow;
  list: TeamList;
  /** Its entries so far, in place order; `folded` of them are in `fold` and `roster`. */
  rows: LedgerRow[];
  folded: number;
  /**
   * The moment the fold stands at: every folded entry counts as it stood then. `changes` are the times, sorted, at
   * which a folded entry's standing changes (its void; an amendment's entry: when it was written).
   */
  foldAt: string;
  changes: string[];
  fold: TeamFold;
  /** Undefined until the team is founded. */
  roster: Roster | undefined;
  /** Its Threat, worked out when first asked after its last change. */
  threat: number | undefined;
  /** Its roster checked against a points limit, and its points, kept until the roster changes. */
  report: { limit: number; report: RosterReport } | undefined;
  rosterPoints: number | undefined;
  /** Its fold as a stored projection, kept until the fold changes. */
  projection: StoredTeamState | undefined;
}

/** The last time, ISO, in any string comparison: the history as it stands now. */
const NOW = '\uffff';

/**
 * The team as it stood at `at`, with its entries so far: an entry counts when it was written at or before `at` and
 * not voided by then — the state a step made at `at` was judged from. A recruit voided since, with its game, still
 * stood when a later game it played in was committed; an amendment of an earlier game, written after a later game,
 * did not yet stand for it (docs/history.md). Refolds from nothing only when an entry's standing changes.
 */
function teamAt(t: ReplayTeam, at: string, parsed: Map<string, LedgerData | ProgressionEntry>, late: ReadonlySet<string>): ReplayTeam {
  const voidedAt = (r: LedgerRow) => (r.voidedAt !== null && r.voidedAt <= at) || (late.has(r.id) && r.createdAt > at);
  // An entry's standing differs between the fold's moment and `at` exactly when one of its changes falls between them.
  const stale = t.foldAt !== at && changesBetween(t.changes, t.foldAt < at ? t.foldAt : at, t.foldAt < at ? at : t.foldAt);
  t.foldAt = at;
  const start = stale ? 0 : t.folded;
  if (start === t.rows.length) return t;
  if (stale) {
    t.fold = emptyTeamFold();
    t.roster = undefined;
    t.changes = [];
  }
  // One fold over every entry not folded yet (a fold per entry copies the team's state each time).
  const rows = t.rows.slice(start);
  const data = rows.map((r) => parsed.get(r.id)!);
  const voided = rows.map(voidedAt);
  const added = rows.flatMap((r) => [...(r.voidedAt !== null ? [r.voidedAt] : []), ...(late.has(r.id) ? [r.createdAt] : [])]);
  if (added.length > 0) t.changes = [...t.changes, ...added].sort();
  t.fold = foldTeamRows(
    t.fold,
    rows.map((r, i) => ({ seq: r.seq, kind: r.kind, req: r.req, voided: voided[i]! })),
    data,
  );
  // The roster starts with the founding: entries before it (none a screen makes) are not a roster's.
  const from = t.roster ? 0 : data.findIndex((d) => d.kind === 'team.founded');
  if (from >= 0)
    t.roster = foldRosterFrom(
      t.roster,
      rows.slice(from).map((r, i) => ({ data: data[from + i]!, req: r.req, voided: voided[from + i]! })),
    );
  t.folded = t.rows.length;
  t.threat = undefined;
  t.projection = undefined;
  // A game's entries change the roster only by a death (a recruit bought with it is a roster entry): most folds keep it.
  if (stale || data.some((d) => !('v' in d) || d.kind === 'model.died')) {
    t.report = undefined;
    t.rosterPoints = undefined;
  }
  return t;
}

/** Whether a time in sorted `times` falls in (from, to]. */
function changesBetween(times: readonly string[], from: string, to: string): boolean {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= from) lo = mid + 1;
    else hi = mid;
  }
  return lo < times.length && times[lo]! <= to;
}

/** When a game was last judged: its last amendment's time, or its commit's. Earlier voids count; later ones do not. */
function judgedAt(game: GameRow): string {
  const amendments = (game.report as { amendments?: { at?: unknown }[] } | null)?.amendments ?? [];
  const last = amendments[amendments.length - 1]?.at;
  return typeof last === 'string' ? last : (game.committedAt ?? game.playedOn);
}

/** Each team as the whole history leaves it. */
export interface ReplayedTeam {
  req: number;
  roster: Roster | undefined;
  threat: number | null;
}

export type Replay = { ok: true; games: number; steps: number; teams: Map<string, ReplayedTeam> } | { ok: false; problem: string };

const TEXT_KEYS = new Set(['id', 'gameId', 'team', 'voided', 'reason', 'purpose', 'text']);

/**
 * Whether two entries say the same: what they move and why, their ids and texts aside (names may change since), keys
 * in any order, a key holding `undefined` as absent. Structural, without building texts: the replay compares every
 * game's entries.
 */
function sameSubstance(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((x, i) => sameSubstance(x, other[i]));
  }
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => !TEXT_KEYS.has(k) && o[k] !== undefined);
  const kx = keys(x);
  if (kx.length !== keys(y).length) return false;
  return kx.every((k) => sameSubstance(x[k], y[k]));
}

/** The ruleset the campaign played at `at`: the last pinned at or before it (a ruleset pinned later never judges it). */
function rulesetsOf(db: Db, campaignId: string): (at: string) => Ruleset {
  const pinned = rulesetHistory(db, campaignId)
    .reverse()
    .map((r) => ({ at: r.pinnedAt, ruleset: parsePinned(r) }));
  return (at) => {
    let found = pinned[0]?.ruleset ?? battleHonoursPreset();
    for (const p of pinned) if (p.at <= at) found = p.ruleset;
    return found;
  };
}

/**
 * What an import has just written in the caller's transaction (issue 29), handed to the judge so that it is not read,
 * unpacked and parsed again: the game rows as written, and the ledger rows as stored (their seq included), each
 * row's data as the file check parsed it against its kind's schema — the same schema a read parses it with.
 */
export interface Written {
  games: ReadonlyMap<string, GameRow>;
  ledger?: readonly LedgerRow[];
}

/** Told how many of the campaign's games the replay has judged so far, of how many (an import's progress, issue 31). */
export type JudgedTeller = (judged: number, of: number) => void;

/**
 * Replay campaign `campaignId` as it is in `db` (the caller's transaction). Reads; writes nothing. `written`: what the
 * caller has just written (an import), judged as written instead of read back. `tell`: called as games are judged.
 */
export function replayCampaign(db: Db, campaignId: string, written?: Written, tell?: JudgedTeller): Replay {
  const campaign = findCampaignRow(db, campaignId);
  if (!campaign) return { ok: false, problem: 'The campaign is not there.' };
  const rulesetAt = rulesetsOf(db, campaignId);
  const teams = new Map<string, ReplayTeam>();
  for (const row of teamsRepo.listTeams(db, campaignId)) {
    const list = loadTeamList(db, row.teamListId);
    const player = findPlayer(db, row.playerId);
    if (!list || !player) return { ok: false, problem: `The team “${row.name}” has no team list or player.` };
    teams.set(row.id, {
      row,
      player,
      list,
      rows: [],
      folded: 0,
      foldAt: '',
      changes: [],
      fold: emptyTeamFold(),
      roster: undefined,
      threat: undefined,
      report: undefined,
      rosterPoints: undefined,
      projection: undefined,
    });
  }
  // Each game is read whole only when it is judged: ten years of reports held at once made the replay mostly garbage collection.
  const games = new Map(gamesRepo.listGameHeads(db, campaignId, ['committed', 'voided']).map((g) => [g.id, g]));
  const ledger = inPlaceOrder(written?.ledger ?? ledgerReads.campaignLedger(db, campaignId));
  const parsed = new Map(ledger.map((r) => [r.id, written?.ledger ? (r.data as LedgerData | ProgressionEntry) : ledgerReads.parseLedgerData(r)]));
  const byGame = new Map<string, LedgerRow[]>();
  for (const r of ledger) if (r.gameId !== null) (byGame.get(r.gameId) ?? byGame.set(r.gameId, []).get(r.gameId)!).push(r);
  // A game's entries written after its first (an amendment's): they stand at the game's place from their own time on.
  const late = new Set<string>();
  for (const rows of byGame.values()) for (const r of rows) if (r.createdAt > rows[0]!.createdAt) late.add(r.id);

  // The games' stored figures (issue 29): each must say what its report says.
  const figures = written ? new Map<string, string>() : storedFigures(db, campaignId);
  const teamNames = { teams: [...teams.values()].map((t) => ({ id: t.row.id, name: t.row.name })) };
  const judged = new Set<string>();
  let gameCount = 0;
  for (const row of ledger) {
    const team = teams.get(row.teamId);
    if (!team) return { ok: false, problem: `A ledger entry (“${row.reason}”) belongs to no team of the campaign.` };
    if (row.gameId !== null && !judged.has(row.gameId)) {
      judged.add(row.gameId);
      tell?.(judged.size - 1, games.size);
      const game = games.get(row.gameId);
      if (!game) return { ok: false, problem: `${team.row.name}’s entry “${row.reason}” belongs to a game that was never applied.` };
      if (game.status === 'committed') {
        const whole = written?.games.get(game.id) ?? gamesRepo.findGame(db, game.id)!;
        const problem =
          judgeGame(campaign, rulesetAt(whole.committedAt ?? whole.playedOn), whole, byGame.get(game.id)!, teams, parsed, late) ??
          figuresProblem(figures.get(game.id), whole.report);
        if (problem) return { ok: false, problem: `${capitalise(gameWords(teamNames, game))}: ${problem}` };
        gameCount++;
      }
    }
    team.rows.push(row);
  }
  tell?.(judged.size, games.size);
  const out = new Map<string, ReplayedTeam>();
  for (const [id, t] of teams) {
    teamAt(t, NOW, parsed, late);
    out.set(id, { req: t.fold.req, roster: t.roster, threat: t.roster ? threatOf(t) : null });
  }
  return { ok: true, games: gameCount, steps: ledger.length, teams: out };
}

/** A committed game's stored figures that say something else than its report (none stored: nothing to disagree). */
function figuresProblem(stored: string | undefined, report: unknown): string | null {
  if (stored === undefined) return null;
  return stored === JSON.stringify(figuresOfReport(report))
    ? null
    : 'its statistics as stored (who took part, whom each model took out) are not what its report says.';
}

/** A recruit's entry without its model's id: made from the game's id where it was played, not here. */
const withoutModelId = (data: unknown) => {
  const d = data as { model?: object };
  return d.model ? { ...d, model: { ...d.model, id: undefined } } : d;
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** docs/progression.md Threat, as campaignThreats gives it from the stored projections. */
function threatOf(t: ReplayTeam): number {
  t.rosterPoints ??= checkedRoster(t.list, t.roster!, Number.MAX_SAFE_INTEGER).points;
  t.threat ??= threat(t.rosterPoints + threatHonourPoints(t.fold.state, t.row.id));
  return t.threat;
}

/** A team as games/context.ts loadTeam gives it, from the replayed state. */
function loaded(t: ReplayTeam, campaign: CampaignRow, ruleset: Ruleset): LoadedTeam {
  const roster = t.roster ?? { models: [] };
  const rosterCap = rosterCapOf(ruleset);
  const limit = rosterPointsLimit(campaign.pointsLimit, t.roster !== undefined, rosterCap);
  const { fold } = t;
  return {
    row: t.row,
    player: t.player,
    list: t.list,
    roster,
    report: t.report?.limit === limit ? t.report.report : (t.report = { limit, report: checkedRoster(t.list, roster, limit) }).report,
    req: fold.req,
    projection: (t.projection ??= projectionOfFold(t.row.id, fold)),
    rosterCap,
  };
}

/** Why `game`'s live entries are not what its result gives from the replayed state, in words; null when they are. */
function judgeGame(
  campaign: CampaignRow,
  ruleset: Ruleset,
  game: GameRow,
  rows: readonly LedgerRow[],
  teams: Map<string, ReplayTeam>,
  parsed: Map<string, LedgerData | ProgressionEntry>,
  late: ReadonlySet<string>,
): string | null {
  const at = judgedAt(game);
  for (const t of teams.values()) teamAt(t, at, parsed, late);
  const [ta, tb] = [teams.get(game.teamAId), teams.get(game.teamBId)];
  if (!ta?.roster || !tb?.roster) return 'one of its teams was not founded before it.';
  const sides = { a: loaded(ta, campaign, ruleset), b: loaded(tb, campaign, ruleset) };
  const state = stateOf(campaign, ruleset, [sides.a, sides.b]);
  const items = ledgerReads.campaignLedgerItems(rows, (r) => parsed.get(r.id)!);
  let draft;
  try {
    // The import checked the game's report and plan as it read the file; resolving the draft validates it again.
    const record = game as GameRow & { report: GameReport; plan: GamePlan };
    draft = draftOfRecord({ game, items, state }, record.report, record.plan.rolls);
  } catch {
    return 'its result cannot be read.';
  }
  const threats = [...teams.values()].filter((t) => t.roster !== undefined).map(threatOf);
  const resolved = resolveGame({ game, state, teams: sides, threats, draft, checked: true });
  const p = resolved.preview;
  if (p.pendingRoll) return `its result needs a roll it does not record (${p.pendingRoll.expression} for ${p.pendingRoll.purpose}).`;
  if (p.blocked) return `its result cannot be applied to the teams as they stood: ${p.blocked}`;
  if (!p.ready) return `its result cannot be applied to the teams as they stood: ${p.problems.join(' ') || 'it is not complete.'}`;

  // The score the game is recorded with must be the one its report gives (the standings count it).
  const score = resolved.score;
  const winner = score?.outcome.kind === 'win' ? score.outcome.winner : 'draw';
  if (score && (score.vp.a !== game.vpA || score.vp.b !== game.vpB || winner !== game.winner)) {
    const words = (a: number | null, b: number | null, w: string | null) =>
      `${a ?? '–'}–${b ?? '–'} (${w === 'draw' ? 'a draw' : w === 'a' ? `${sides.a.row.name} won` : w === 'b' ? `${sides.b.row.name} won` : 'no result'})`;
    return `its result scores ${words(score.vp.a, score.vp.b, winner)}, but it is recorded as ${words(game.vpA, game.vpB, game.winner)}.`;
  }

  const sideOf = (teamId: string): Side => (teamId === game.teamAId ? 'a' : 'b');
  // What the result gives, and what the game recorded: side, kind, Req and substance (recruits without their new id,
  // made from the game's id where it was played).
  const gives: { side: Side; kind: string; req: number; data: unknown; words: string }[] = [
    ...resolved.entries.map((e) => ({
      side: sideOf(e.team),
      kind: e.kind,
      req: resolved.texts.get(e.id)?.req ?? 0,
      data: e as unknown,
      words: resolved.texts.get(e.id)?.text ?? e.kind,
    })),
    ...resolved.recruits.map((r) => ({ side: r.side, kind: 'model.recruited', req: r.req, data: withoutModelId(r.data), words: r.reason })),
  ];
  for (const r of rows) {
    if (r.voidedAt !== null) continue;
    const side = sideOf(r.teamId);
    const data = r.kind === 'model.recruited' ? withoutModelId(parsed.get(r.id)) : parsed.get(r.id);
    const i = gives.findIndex((g) => g.side === side && g.kind === r.kind && g.req === r.req && sameSubstance(g.data, data));
    if (i < 0) return `${teams.get(r.teamId)!.row.name}’s entry “${r.reason}” is not what its result gives.`;
    gives.splice(i, 1);
  }
  if (gives.length > 0) return `its result gives “${gives[0]!.words}”, which its entries do not record.`;
  return null;
}
