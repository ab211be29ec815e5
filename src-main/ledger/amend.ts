/**
 * Amending a committed game (issue 20) in the ledger: entries are never edited (docs/architecture.md property 2), so
 * the game's entries the amendment takes back are marked voided and the ones it adds are appended, tied to the game.
 * Both teams are then refolded from their whole ledgers, their records and statistics changed by exactly the amended
 * game (`refoldAmended`: the stored state equals a rebuild, property 5), and the promises checked in the caller's
 * transaction, so a refusal writes nothing: Req never below 0 at any point — with the game's entries counted at the game's place, not where they were
 * appended — and every live entry about a model names one its team had.
 */
import { AppError } from '../../shared/ipc/result';
import { inPlaceOrder, lowestBalances, squadOfMember, type LedgerData, type ProgressionEntry } from '../../shared/rules';
import type { Db } from '../db/open';
import type { LedgerRow } from '../db/schema';
import * as ledgerRows from './rows';
import type { NewEntry } from './append';
import { refoldAmended, type ResultChange } from './refold';
import { appendRow, voidRow } from './store';

export interface AmendInput {
  campaignId: string;
  gameId: string;
  at: string;
  /** The game's entries the amendment takes back (removed, and the old form of the changed). */
  voiding: readonly string[];
  /** The entries it adds (added, and the new form of the changed), in order. */
  entries: readonly NewEntry[];
  /** The game's two teams. */
  teams: readonly { id: string; name: string }[];
  /** The game's result before and after the amendment: the teams' records and statistics change by it. */
  result: ResultChange;
  /** The teams' entries' data as the amendment already parsed it, by entry id: each row is parsed once (issue 29). */
  parsed?: ReadonlyMap<string, LedgerData | ProgressionEntry>;
  /**
   * The two teams' whole ledgers as the amendment read them in this transaction, before it wrote (any order): the
   * refold and the checks use them with the amendment's voids and appends applied, instead of reading both ledgers
   * again (issue 29: half an amendment's reading).
   */
  rows?: readonly LedgerRow[];
}

/** Each team's ledger in seq order: `rows` as read before the amendment, with its voided and appended rows. */
function ledgersAfter(rows: readonly LedgerRow[], teamIds: readonly string[], voided: ReadonlySet<string>, at: string, appended: readonly LedgerRow[]) {
  const out = new Map<string, LedgerRow[]>(teamIds.map((id) => [id, []]));
  for (const r of [...rows].sort((x, y) => x.seq - y.seq)) out.get(r.teamId)?.push(voided.has(r.id) ? { ...r, voidedAt: at } : r);
  for (const r of appended) out.get(r.teamId)?.push(r);
  return out;
}

/** Void what the amendment takes back, append what it adds, refold both teams and check. */
export function amendEntries(db: Db, input: AmendInput) {
  const mine = new Set(ledgerRows.gameLedger(db, input.gameId).map((r) => r.id));
  for (const id of input.voiding) {
    if (!mine.has(id)) throw new AppError('VALIDATION', 'An amendment only takes back entries of its own game: nothing was changed.');
    voidRow(db, id, input.at);
  }
  const appended = input.entries.map((e) => appendRow(db, { ...e, campaignId: input.campaignId, gameId: input.gameId, createdAt: input.at }));
  // Each team's ledger read once, for the refold and the checks: the amendment's own read when it gives it.
  const teamIds = input.teams.map((t) => t.id);
  const ledgers = input.rows
    ? ledgersAfter(input.rows, teamIds, new Set(input.voiding), input.at, appended)
    : new Map(teamIds.map((id) => [id, ledgerRows.teamLedger(db, id)]));
  refoldAmended(db, ledgers, input.result, input.at);
  for (const team of input.teams) {
    const rows = inPlaceOrder(ledgers.get(team.id)!);
    const items = ledgerRows.campaignLedgerItems(rows, (r) => input.parsed?.get(r.id) ?? ledgerRows.parseLedgerData(r)).map((i, n) => ({ ...i, seq: n + 1 }));
    if ((lowestBalances(items)[team.id] ?? 0) < 0) throw new AppError('VALIDATION', `${team.name} would owe Req after this amendment: nothing was changed.`);
    // Never a dangling model: every live entry about a model names one the team had (founded with, or recruited).
    const known = new Set<string>();
    for (const i of items) {
      if (i.voided) continue;
      if (i.data.kind === 'team.founded') for (const m of i.data.roster.models) known.add(m.id);
      if (i.data.kind === 'model.recruited') known.add(i.data.model.id);
    }
    const squadMember = (id: string) => known.has(squadOfMember(id)?.squadId ?? '');
    const stray = items.find((i) => !i.voided && i.modelId !== null && !known.has(i.modelId) && !squadMember(i.modelId));
    if (stray) throw new AppError('VALIDATION', `The amendment would leave an entry about a model ${team.name} does not have: nothing was changed.`);
  }
}
