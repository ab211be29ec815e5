/**
 * Amending a committed game (issue 20: "edit its report, see exactly which ledger entries are added, removed or
 * changed and which later entries depend on them"). docs/architecture.md property 2: entries are never edited, so an
 * amendment voids the game's entries it takes back and appends the ones it adds; an entry the amended report gives
 * again unchanged is kept as it is.
 *
 * Two pure steps:
 * - `diffGameEntries` pairs the game's live entries with the amended ones by what each is about (its kind, team,
 *   model and award — `entryKey`), and says which are kept, changed, removed and added;
 * - `planAmend` walks the ledger from the game on, with the amended entries in the game's place, and names every
 *   later entry that would no longer hold: Req spent that the team could no longer pay (docs/architecture.md property 3,
 *   "Req never goes below 0"), an entry or a later game about a model the amendment kills or takes back, a level whose
 *   EXP is no longer there or that the game now reaches itself (docs/progression.md "Experience & Levels"), Restorative
 *   Surgery for an injury the game no longer causes, and a recruit that would break the Model Allowance or the points
 *   cap with a model the amendment brings back (replacement.ts, seed 004 "Building your Team").
 * Herald refuses an amendment with dependents (docs/decisions.md "Amending a committed game"): it never drags later
 * games along. Pure: no I/O.
 */
import type { LedgerData } from '../roster/ledger';
import type { ProgressionEntry } from '../progression/entries';
import { RESTORATIVE_SURGERY } from '../progression/project';
import type { CampaignLedgerItem } from './void-plan';
import { RosterPair, type RosterLimits } from './replacement';

/** An entry of the amended game: what the ledger will hold. */
export interface AmendEntry {
  id: string;
  team: string;
  modelId: string | null;
  req: number;
  data: LedgerData | ProgressionEntry;
}

export interface EntryDiff<E extends AmendEntry = AmendEntry> {
  kept: CampaignLedgerItem[];
  changed: { before: CampaignLedgerItem; after: E }[];
  removed: CampaignLedgerItem[];
  added: E[];
}

/**
 * What an entry is about, so the same EXP award, injury or Req award before and after the amendment pair up.
 *
 * @example
 * entryKey({ team: 't', data: { kind: 'exp.gained', model: 'm1', source: 'survived', … } }) // → 'exp.gained|t|m1|survived'
 */
export function entryKey(e: { team: string; data: LedgerData | ProgressionEntry }): string {
  const d = e.data;
  switch (d.kind) {
    case 'exp.gained':
      return `${d.kind}|${e.team}|${d.model}|${d.source}`;
    case 'level.reached':
    case 'advance.rolled':
      return `${d.kind}|${e.team}|${d.model}|${d.level}`;
    case 'injury.rolled':
    case 'model.died':
      return `${d.kind}|${e.team}|${d.model}`;
    case 'req.awarded':
      return `${d.kind}|${e.team}|${d.award}`;
    case 'req.chart':
      return `${d.kind}|${e.team}|${d.table}`;
    case 'honour.bought':
      return `${d.kind}|${e.team}|${d.model ?? ''}|${d.honour}`;
    case 'model.recruited':
      return `${d.kind}|${e.team}|${d.model.id}`;
    default:
      return `${d.kind}|${e.team}`;
  }
}

/** The entry's content without its own id and bookkeeping, keys sorted: two entries saying the same compare equal. */
function content(e: { req: number; data: LedgerData | ProgressionEntry }): string {
  const skip = new Set(['id', 'v', 'voided', 'gameId']);
  const canon = (v: unknown, top: boolean): unknown => {
    if (Array.isArray(v)) return v.map((x) => canon(x, false));
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .filter((k) => !(top && skip.has(k)) && (v as Record<string, unknown>)[k] !== undefined)
          .sort()
          .map((k) => [k, canon((v as Record<string, unknown>)[k], false)]),
      );
    return v;
  };
  return JSON.stringify([e.req, canon(e.data, true)]);
}

/**
 * Pair the game's live entries (`before`) with the amended game's (`after`): an entry saying the same as one before
 * (its id and bookkeeping aside) is kept; the others of a key pair in order of appearance.
 *
 * @example
 * diffGameEntries(oldEntries, newEntries) // → { kept: [...], changed: [{ before, after }], removed: [...], added: [...] }
 */
export function diffGameEntries<E extends AmendEntry>(before: readonly CampaignLedgerItem[], after: readonly E[]): EntryDiff<E> {
  const pool = new Map<string, CampaignLedgerItem[]>();
  for (const b of before.filter((i) => !i.voided)) {
    const k = entryKey(b);
    pool.set(k, [...(pool.get(k) ?? []), b]);
  }
  const out: EntryDiff<E> = { kept: [], changed: [], removed: [], added: [] };
  // An entry given again unchanged is kept wherever it stands among those about the same thing (issue 27: the preview
  // lists only what the amendment changes); the others then pair in order of appearance.
  const rest: E[] = [];
  for (const a of after) {
    const same = pool.get(entryKey(a)) ?? [];
    const at = same.findIndex((b) => content(b) === content(a));
    if (at >= 0) out.kept.push(same.splice(at, 1)[0]!);
    else rest.push(a);
  }
  for (const a of rest) {
    const match = pool.get(entryKey(a))?.shift();
    if (!match) out.added.push(a);
    else out.changed.push({ before: match, after: a });
  }
  for (const rest of pool.values()) out.removed.push(...rest);
  out.removed.sort((x, y) => x.seq - y.seq);
  return out;
}

export type AmendDependentReason = 'req-short' | 'model-gone' | 'level-lost' | 'level-twice' | 'surgery' | 'replaced-dead-model' | 'later-game';

export interface AmendDependent {
  /** The later entry that would no longer hold (null for a later game's report). */
  entryId: string | null;
  gameId: string | null;
  team: string;
  modelId: string | null;
  reason: AmendDependentReason;
  /** 'req-short': how many Req the team would be short. */
  short?: number;
  /** 'replaced-dead-model': each limit the roster would break, in words. */
  breaks?: string[];
}

export interface AmendPlanOptions {
  /** What the entries before the game add up to: each team's Req, each model's EXP and permanent injuries carried. */
  before: { balance: Readonly<Record<string, number>>; exp: Readonly<Record<string, number>>; injuries: Readonly<Record<string, number>> };
  /** Later committed games of the two teams and the models that took part in them (a model cannot play after it died). */
  laterGames?: readonly { gameId: string; team: string; models: readonly string[] }[];
  /** The rosters, to judge a later recruit when the amendment brings a model back (replacement.ts). */
  roster?: RosterLimits;
}

export interface AmendPlan<E extends AmendEntry = AmendEntry> {
  diff: EntryDiff<E>;
  /** Later entries (and games) that would no longer hold: the amendment is refused while there are any. */
  dependents: AmendDependent[];
}

/**
 * The amendment of `gameId` over `ledger` (the teams' entries from the game's first entry on, in seq order) to the
 * entries `after`, and what later depends on what it changes.
 *
 * @example
 * const plan = planAmend(ledger, 'game-3', amendedEntries, { before });
 * plan.dependents.length === 0 // → apply: void plan.diff.removed and the changed, append the added and the changed
 */
export function planAmend<E extends AmendEntry>(
  ledger: readonly CampaignLedgerItem[],
  gameId: string,
  after: readonly E[],
  options: AmendPlanOptions,
): AmendPlan<E> {
  const items = [...ledger].sort((x, y) => x.seq - y.seq).filter((i) => !i.voided);
  const diff = diffGameEntries(
    items.filter((i) => i.gameId === gameId),
    after,
  );
  const taken = new Set([...diff.removed, ...diff.changed.map((c) => c.before)].map((i) => i.id));
  const died = (e: { data: LedgerData | ProgressionEntry }) => (e.data.kind === 'model.died' ? e.data.model : null);
  const recruited = (e: { data: LedgerData | ProgressionEntry }) => (e.data.kind === 'model.recruited' ? e.data.model.id : null);
  const oldDead = new Set(items.filter((i) => i.gameId === gameId).flatMap((i) => died(i) ?? []));
  const newDead = new Set(after.flatMap((e) => died(e) ?? []));
  const newRecruits = new Set(after.flatMap((e) => recruited(e) ?? []));
  // Models that are not there after the game any more: newly dead, or a recruit the amendment takes back.
  const gone = new Set([...newDead].filter((m) => !oldDead.has(m)));
  for (const i of items) if (i.gameId === gameId && recruited(i) && !newRecruits.has(recruited(i)!)) gone.add(recruited(i)!);
  const revived = [...oldDead].filter((m) => !newDead.has(m));

  const balance = new Map(Object.entries(options.before.balance));
  const exp = new Map(Object.entries(options.before.exp));
  const injuries = new Map(Object.entries(options.before.injuries));
  const levelInGame = new Map<string, number>();
  const dependents: AmendDependent[] = [];
  const rosters = new Map<string, RosterPair>();
  const pairOf = (team: string) => {
    let pair = rosters.get(team);
    if (!pair && options.roster) rosters.set(team, (pair = new RosterPair(options.roster, team)));
    return pair;
  };
  const firstOfGame = items.findIndex((i) => i.gameId === gameId);
  const start = firstOfGame < 0 ? 0 : firstOfGame;
  // The ledger as amended: the game's kept entries and the new ones stand where the game's entries stood.
  const walk: { item: AmendEntry & { gameId: string | null }; later: boolean; real?: CampaignLedgerItem; fresh: boolean }[] = [];
  for (const [n, i] of items.entries()) {
    if (n === start) for (const a of [...diff.added, ...diff.changed.map((c) => c.after)]) walk.push({ item: { ...a, gameId }, later: false, fresh: true });
    walk.push({ item: i, later: i.gameId !== gameId, real: i, fresh: false });
  }
  // A game that wrote nothing: its new entries stand before everything in the slice (the slice starts after it).
  if (items.length === 0) for (const a of after) walk.push({ item: { ...a, gameId }, later: false, fresh: true });

  for (const { item, later, real, fresh } of walk) {
    const pair = revived.length > 0 ? pairOf(item.team) : undefined;
    if (real) pair?.add(real, taken.has(real.id));
    else if (fresh) pair?.addOnlyWithout(item);
    if (real && taken.has(real.id)) continue;
    const now = (balance.get(item.team) ?? 0) + item.req;
    balance.set(item.team, now);
    const d = item.data;
    if (d.kind === 'exp.gained') exp.set(d.model, (exp.get(d.model) ?? 0) + d.amount);
    if (d.kind === 'injury.rolled' && d.result.kind === 'permanent-injury') injuries.set(d.model, (injuries.get(d.model) ?? 0) + 1);
    if (!later) {
      if (d.kind === 'level.reached') levelInGame.set(d.model, Math.max(levelInGame.get(d.model) ?? 0, d.level));
      continue;
    }
    const dep = (reason: AmendDependentReason, extra: Partial<AmendDependent> = {}) =>
      dependents.push({ entryId: item.id, gameId: item.gameId, team: item.team, modelId: item.modelId, reason, ...extra });
    if (item.req < 0 && now < 0) dep('req-short', { short: -now });
    else if (item.modelId !== null && gone.has(item.modelId)) dep('model-gone');
    else if (d.kind === 'level.reached' && (exp.get(d.model) ?? 0) < d.threshold) dep('level-lost');
    else if (d.kind === 'level.reached' && d.level <= (levelInGame.get(d.model) ?? 0)) dep('level-twice');
    else if (d.kind === 'honour.bought' && d.honour === RESTORATIVE_SURGERY && d.model !== null) {
      const left = injuries.get(d.model) ?? 0;
      if (left === 0) dep('surgery');
      else injuries.set(d.model, left - 1);
    } else if ((d.kind === 'model.recruited' || d.kind === 'model.wargear') && pair) {
      const judged = pair.newlyBroken(revived);
      if (judged && judged.breaks.length > 0) dep('replaced-dead-model', { breaks: judged.breaks });
    }
  }
  for (const g of options.laterGames ?? [])
    for (const m of g.models) if (gone.has(m)) dependents.push({ entryId: null, gameId: g.gameId, team: g.team, modelId: m, reason: 'later-game' });
  return { diff, dependents };
}
