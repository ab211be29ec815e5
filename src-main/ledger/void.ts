/**
 * Voiding (docs/architecture.md property 4): exactly the planned entries are marked voided, their games too, and
 * each team's roster cache and projection follow — put back as they were before the team's latest game when that
 * is exactly what is voided, otherwise refolded from its whole ledger. Checked before it is kept: never a negative
 * balance, never an entry about a model that is not on its team's roster.
 */
import { AppError } from '../../shared/ipc/result';
import {
  countCommitted,
  emptyTeamFold,
  foldRoster,
  foldTeamRows,
  GameReport,
  lowestBalances,
  type CampaignLedgerItem,
  type GameResult,
  type LedgerData,
  type ProgressionEntry,
} from '../../shared/rules';
import type { Db } from '../db/open';
import type { LedgerRow } from '../db/schema';
import * as gamesRepo from '../repos/games';
import * as teamsRepo from '../repos/teams';
import { parseLedgerData, teamLedger } from './rows';
import { foldOf, readTeamState } from './read';
import { voidRow, writeProjection, writeRoster } from './store';

/** What a void plan decided, with the ledger it read (every row from the voided game's first entry on). */
export interface VoidInput {
  /** Ledger entry ids to void. */
  entries: ReadonlySet<string>;
  /** The game the organiser chose to void, and every game to mark voided (it among them). */
  gameId: string;
  games: readonly string[];
  /** The rows the plan read, in seq order, and the same as the rules read them. */
  ledger: readonly LedgerRow[];
  items: readonly CampaignLedgerItem[];
  /** Each team's Req before the first row of `ledger`. */
  balanceBefore: Record<string, number>;
  /** Why, for the first game (the others say they went with it). */
  reason: string;
  gameNumber: number;
  at: string;
}

/** Void what the plan says; returns the teams whose ledger or games changed. */
export function voidEntries(db: Db, input: VoidInput): Set<string> {
  const { at, entries: voiding } = input;
  const teamIds = new Set<string>();
  for (const row of input.ledger) {
    if (!voiding.has(row.id)) continue;
    voidRow(db, row.id, at);
    teamIds.add(row.teamId);
  }
  for (const gameId of input.games) {
    const g = gamesRepo.findGameLine(db, gameId)!;
    teamIds.add(g.teamAId);
    teamIds.add(g.teamBId);
    const why = gameId === input.gameId ? input.reason : `Voided with game ${input.gameNumber}: ${input.reason}`;
    gamesRepo.markVoided(db, gameId, { voidedAt: at, voidReason: why, updatedAt: at });
  }
  // Never a negative balance: only the entries from the game on can change (what comes before is as it was, and
  // its balances never went below 0).
  const after = input.ledger.map((r) => (voiding.has(r.id) ? { ...r, voidedAt: at } : r));
  const afterItems = input.items.map((i) => (voiding.has(i.id) ? { ...i, voided: true } : i));
  const opening = Object.entries(input.balanceBefore).map(([t, req]) => ({
    id: `before:${t}`,
    seq: 0,
    team: t,
    gameId: null,
    modelId: null,
    req,
    voided: false,
    data: { kind: 'req.adjusted' as const },
  }));
  const lows = lowestBalances([...opening, ...afterItems]);
  for (const teamId of teamIds) {
    const team = teamsRepo.findTeam(db, teamId)!;
    if ((lows[teamId] ?? 0) < 0) throw new AppError('VALIDATION', `Voiding would leave ${team.name} owing Req: nothing was changed.`);
    if (!undoLatestGame(db, team, voiding, input.ledger, at)) {
      const rows = teamLedger(db, teamId);
      const results = input.games.flatMap((gid) => {
        const g = gamesRepo.findGame(db, gid);
        return g && g.report !== null && (g.teamAId === teamId || g.teamBId === teamId) ? [{ ...g, report: GameReport.parse(g.report) }] : [];
      });
      refold(db, team, rows, rows.map(parseLedgerData), results, at);
    }
    mustNotDangle(db, teamId, after, afterItems);
  }
  return teamIds;
}

/** Never a dangling model: a live entry about a model names one on the roster, or one that died or was dismissed. */
function mustNotDangle(db: Db, teamId: string, after: readonly LedgerRow[], afterItems: readonly CampaignLedgerItem[]) {
  const roster = teamsRepo.storedRoster(teamsRepo.findTeam(db, teamId)!);
  const known = new Set([...roster.models, ...(roster.reserve?.models ?? [])].map((m) => m.id));
  // A model that left the roster by death or dismissal: entries about it (its recruitment, renames, wargear, games)
  // are history, not dangling.
  const directory = readTeamState(db, teamId)?.state.directory ?? {};
  for (const [n, row] of after.entries()) {
    if (row.teamId !== teamId || row.voidedAt !== null || row.modelId === null || known.has(row.modelId)) continue;
    const data = afterItems[n]!.data;
    const gone = directory[row.modelId]?.status === 'dead' || directory[row.modelId]?.status === 'dismissed';
    if (!(data.kind === 'model.dismissed' || data.kind === 'model.died' || gone)) {
      throw new AppError('VALIDATION', `Voiding would leave an entry about a model that is not on the roster (${row.reason}): nothing was changed.`);
    }
  }
}

/**
 * Voiding a team's latest game when nothing else was written to its ledger since: its projection and roster go
 * back to what they were before the game (what a rebuild would give). False when that is not the case.
 */
function undoLatestGame(db: Db, team: { id: string; campaignId: string }, voidedRows: ReadonlySet<string>, suffix: readonly LedgerRow[], at: string): boolean {
  const current = readTeamState(db, team.id);
  const undo = current?.undo;
  if (!current || !undo) return false;
  // Exactly the team's live rows after the snapshot are being voided, and only those.
  const live = suffix.filter((r) => r.teamId === team.id && r.voidedAt === null);
  const after = live.filter((r) => r.seq > undo.lastSeq);
  const voidedHere = live.filter((r) => voidedRows.has(r.id));
  if (after.length === 0 || after.length !== voidedHere.length || !after.every((r) => voidedRows.has(r.id))) return false;
  writeProjection(db, team.id, team.campaignId, { state: undo.state, req: undo.req, lastSeq: current.lastSeq, record: undo.record }, null);
  writeRoster(db, team.id, undo.roster, at);
  return true;
}

/**
 * The team's projection refolded from its whole ledger as the void left it (`rows`, in seq order), and its
 * statistics and record without the voided games. Equal to a rebuild, without reading every report the team played.
 */
function refold(
  db: Db,
  team: { id: string; campaignId: string },
  rows: readonly LedgerRow[],
  parsed: readonly (LedgerData | ProgressionEntry)[],
  voided: readonly GameResult[],
  at: string,
) {
  const current = readTeamState(db, team.id);
  const fresh = foldTeamRows(
    emptyTeamFold(),
    rows.map((r) => ({ seq: r.seq, kind: r.kind, req: r.req, voided: r.voidedAt !== null })),
    parsed,
  );
  // Statistics and record: what was stored, less the voided games.
  let counted = current ? foldOf(current) : emptyTeamFold();
  for (const g of voided) counted = countCommitted(counted, g, team.id, -1);
  writeProjection(db, team.id, team.campaignId, { ...fresh, state: { ...fresh.state, stats: counted.state.stats }, record: counted.record }, null);
  writeRoster(db, team.id, foldRoster(rows.map((r, i) => ({ data: parsed[i]!, req: r.req, voided: r.voidedAt !== null }))), at);
}
