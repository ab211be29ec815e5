/**
 * Planning a void over the whole campaign ledger (issue 5, docs/architecture.md "Progression is a ledger":
 * "Voiding a game reverses exactly its entries, and tells the organiser when a later game depends on them").
 *
 * The campaign ledger holds two kinds of entry, in one order (`seq`): the roster's (team founded, recruits, wargear,
 * dismissals, Req adjustments — roster/ledger.ts) and the games' (EXP, injuries, deaths, Req awards, honours —
 * progression/entries.ts). A game's entries can only be reversed safely when nothing later leans on them:
 * - Req spent later that the team cannot pay without the game's Req (a recruit, wargear, an honour);
 * - a model recruited with entries being voided: everything later about that model would dangle;
 * - gear bought with entries being voided: its later parking in (or fitting from) Tactical Reserves would move gear the
 *   model no longer carries (issue 27);
 * - a model that died in the game and was since replaced: a later recruit (or wargear) of its team that, with the dead
 *   model back, breaks the Model Allowance or the roster's points cap (replacement.ts, issue 20) — a routine recruit
 *   with room left for the model that comes back depends on nothing. Without the rosters (no `roster` option) any
 *   later recruit of the same Team List entry is taken as the replacement, the cautious reading;
 * - a level reached later that the model's EXP no longer reaches (and its advance);
 * - Restorative Surgery bought later for a permanent injury the game caused.
 * `planVoid` finds them all, transitively: a dependent inside another game pulls that whole game in (one game is
 * one unit), and the fixpoint repeats until nothing new depends. Voiding the game alone is offered only when the
 * list is empty; otherwise the organiser voids the lot or cancels. Pure: no I/O.
 */
import type { LedgerData } from '../roster/ledger';
import type { ProgressionEntry } from '../progression/entries';
import { RESTORATIVE_SURGERY } from '../progression/project';
import { RosterPair, type RosterLimits } from './replacement';

/** One row of the campaign ledger, in `seq` order. */
export interface CampaignLedgerItem {
  id: string;
  seq: number;
  team: string;
  gameId: string | null;
  /** The model the entry is about (the recruit for `model.recruited`), or null. */
  modelId: string | null;
  /** Req moved: + earned, − spent. */
  req: number;
  voided: boolean;
  data: LedgerData | ProgressionEntry;
}

export type VoidReason = 'req-short' | 'model-recruited-by-void' | 'gear-by-void' | 'replaced-dead-model' | 'level-lost' | 'surgery';

/** A model the void brings back: it died in `gameId` (one of the games being voided). */
export interface RevivedModel {
  modelId: string;
  gameId: string | null;
}

export interface VoidDependentItem {
  /** The dependent entry. */
  entryId: string;
  /** Its game (the whole game is voided with it), or null for an entry made between games. */
  gameId: string | null;
  team: string;
  modelId: string | null;
  reason: VoidReason;
  /** For 'req-short': how many Req the team would be short. */
  short?: number;
  /** For 'replaced-dead-model': the models the void brings back (each with the game it died in), in ledger order. */
  revived?: RevivedModel[];
  /** For 'replaced-dead-model' when the rosters are known: each limit the roster would break, in words. */
  breaks?: string[];
}

export interface VoidPlanResult {
  /** The game's own entries (not voided yet). */
  direct: string[];
  /** Everything else that would have to be voided too, in ledger order. */
  dependents: VoidDependentItem[];
  /** Every entry to void when the dependents are voided too (direct included), in ledger order. */
  entries: string[];
  /** Every game to void (the game itself first). */
  games: string[];
}

export interface VoidPlanOptions {
  /** Team List entry id of each model (founding roster and recruits), to recognise a replacement of the same kind. */
  entryOf?: (modelId: string) => string | undefined;
  /**
   * When `ledger` is only the entries from the voided game's first entry on (nothing earlier can depend on it, and
   * nothing earlier is voided): what the entries before it add up to — each team's Req, each model's EXP and its
   * permanent injuries still carried. Herald passes it so a void reads a few entries, not ten years (issue 9).
   */
  before?: { balance: Readonly<Record<string, number>>; exp: Readonly<Record<string, number>>; injuries: Readonly<Record<string, number>> };
  /** Each team's list, points cap and roster before the ledger slice: a recruit then depends on a death only when
   * bringing the dead model back breaks a limit (issue 20). */
  roster?: RosterLimits;
}

const recruitEntryId = (item: CampaignLedgerItem): string | undefined => (item.data.kind === 'model.recruited' ? item.data.model.entryId : undefined);

/**
 * What voiding `gameId` reverses and what depends on it (see the top of this file).
 *
 * @example
 * const plan = planVoid(ledger, 'game-7');
 * plan.dependents.length === 0 // → void just the game's entries (plan.direct)
 * plan.entries, plan.games     // → otherwise: everything to void along with it, if the organiser agrees
 */
export function planVoid(ledger: readonly CampaignLedgerItem[], gameId: string, options: VoidPlanOptions = {}): VoidPlanResult {
  const items = [...ledger].sort((x, y) => x.seq - y.seq).filter((i) => !i.voided);
  const direct = items.filter((i) => i.gameId === gameId).map((i) => i.id);
  const voiding = new Set(direct);
  const games = [gameId];
  const found = new Map<string, VoidDependentItem>();

  const pull = (item: CampaignLedgerItem, reason: VoidReason, short?: number, extra: Pick<VoidDependentItem, 'revived' | 'breaks'> = {}): boolean => {
    if (voiding.has(item.id)) return false;
    const dep: VoidDependentItem = { entryId: item.id, gameId: item.gameId, team: item.team, modelId: item.modelId, reason, ...extra };
    if (short !== undefined) dep.short = short;
    found.set(item.id, dep);
    if (item.gameId !== null) {
      if (!games.includes(item.gameId)) games.push(item.gameId);
      for (const other of items) if (other.gameId === item.gameId) voiding.add(other.id);
    } else voiding.add(item.id);
    return true;
  };

  for (let changed = true; changed;) {
    changed = false;
    const firstVoided = items.find((i) => voiding.has(i.id))?.seq ?? Infinity;
    const recruitedByVoid = new Set(items.filter((i) => voiding.has(i.id) && i.data.kind === 'model.recruited' && i.modelId).map((i) => i.modelId as string));
    // Gear bought with entries being voided: parking that gear in Tactical Reserves, or fitting it, leans on it (issue 27).
    const gearedByVoid = new Set(items.filter((i) => voiding.has(i.id) && i.data.kind === 'model.wargear' && i.modelId).map((i) => i.modelId as string));
    const parkedByVoid = new Set(items.flatMap((i) => (voiding.has(i.id) && i.data.kind === 'gear.parked' ? [`${i.team}|${i.data.item}`] : [])));
    const diedInVoid = items.filter((i) => voiding.has(i.id) && i.data.kind === 'model.died' && i.modelId !== null);
    const injuredInVoid = new Set(
      items.filter((i) => voiding.has(i.id) && i.data.kind === 'injury.rolled' && i.data.result.kind === 'permanent-injury').map((i) => i.modelId),
    );

    const balance = new Map<string, number>(Object.entries(options.before?.balance ?? {}));
    const exp = new Map<string, number>(Object.entries(options.before?.exp ?? {}));
    const injuries = new Map<string, number>(Object.entries(options.before?.injuries ?? {}));
    const rosters = new Map<string, RosterPair>();
    const rosterOf = (team: string) => {
      let pair = rosters.get(team);
      if (!pair && options.roster) rosters.set(team, (pair = new RosterPair(options.roster, team)));
      return pair;
    };
    for (const item of items) {
      // Rosters only for teams that lost a model in the void: nobody else can have replaced one.
      const pair = diedInVoid.some((dead) => dead.team === item.team) ? rosterOf(item.team) : undefined;
      pair?.add(item, voiding.has(item.id));
      if (voiding.has(item.id)) continue;
      const now = (balance.get(item.team) ?? 0) + item.req;
      balance.set(item.team, now);
      const d = item.data;
      if (d.kind === 'exp.gained') exp.set(d.model, (exp.get(d.model) ?? 0) + d.amount);
      if (d.kind === 'injury.rolled' && d.result.kind === 'permanent-injury') injuries.set(d.model, (injuries.get(d.model) ?? 0) + 1);
      if (item.seq < firstVoided) continue;

      if (item.req < 0 && now < 0 && pull(item, 'req-short', -now)) changed = true;
      else if (item.modelId !== null && recruitedByVoid.has(item.modelId) && pull(item, 'model-recruited-by-void')) changed = true;
      else if (d.kind === 'gear.parked' && gearedByVoid.has(d.modelId) && pull(item, 'gear-by-void')) changed = true;
      else if (d.kind === 'gear.fitted' && parkedByVoid.has(`${item.team}|${d.item}`) && pull(item, 'gear-by-void')) changed = true;
      else if ((d.kind === 'model.recruited' || d.kind === 'model.wargear') && replaces(item, pair)) changed = true;
      else if (d.kind === 'level.reached' && (exp.get(d.model) ?? 0) < d.threshold && pull(item, 'level-lost')) changed = true;
      else if (d.kind === 'honour.bought' && d.honour === RESTORATIVE_SURGERY && d.model !== null && injuredInVoid.has(d.model)) {
        const left = injuries.get(d.model) ?? 0;
        if (left === 0 && pull(item, 'surgery')) changed = true;
        else injuries.set(d.model, Math.max(0, left - 1));
      } else if (d.kind === 'honour.bought' && d.honour === RESTORATIVE_SURGERY && d.model !== null)
        injuries.set(d.model, Math.max(0, (injuries.get(d.model) ?? 0) - 1));
      if (changed) break; // the sets above are stale: start again with the new voiding set
    }
  }

  /** Whether `item` (a recruit or wargear after a death being voided) needs room the dead model would take back. */
  function replaces(item: CampaignLedgerItem, pair: RosterPair | undefined): boolean {
    const dead = items.filter((i) => voiding.has(i.id) && i.data.kind === 'model.died' && i.team === item.team && i.seq < item.seq && i.modelId !== null);
    if (dead.length === 0) return false;
    const revived = dead.map((i) => ({ modelId: i.modelId as string, gameId: i.gameId }));
    const judged = pair?.newlyBroken(revived.map((r) => r.modelId));
    if (judged === undefined) {
      // The rosters are unknown: the cautious reading, a recruit of the same entry replaced the dead model.
      const same = item.data.kind === 'model.recruited' ? revived.filter((r) => options.entryOf?.(r.modelId) === recruitEntryId(item)) : [];
      return same.length > 0 && pull(item, 'replaced-dead-model', undefined, { revived: same });
    }
    const named = revived.filter((r) => judged.culprits.includes(r.modelId));
    return judged.breaks.length > 0 && pull(item, 'replaced-dead-model', undefined, { revived: named, breaks: judged.breaks });
  }

  const order = new Map(items.map((i, n) => [i.id, n]));
  const dependents = [...found.values()].sort((x, y) => (order.get(x.entryId) ?? 0) - (order.get(y.entryId) ?? 0));
  const entries = items.filter((i) => voiding.has(i.id)).map((i) => i.id);
  return { direct, dependents, entries, games };
}

/**
 * The lowest Req balance each team reaches over the ledger (voided entries skipped), to prove a void never leaves a
 * team in debt at any point of its history.
 *
 * @example
 * lowestBalances(ledger) // → { 'team-a': 0, 'team-b': 15 }
 */
export function lowestBalances(ledger: readonly CampaignLedgerItem[]): Record<string, number> {
  const balance: Record<string, number> = {};
  const lowest: Record<string, number> = {};
  for (const item of [...ledger].sort((x, y) => x.seq - y.seq)) {
    if (item.voided) continue;
    const now = (balance[item.team] ?? 0) + item.req;
    balance[item.team] = now;
    lowest[item.team] = Math.min(lowest[item.team] ?? 0, now);
  }
  return lowest;
}
