/**
 * Rosters after founding are a ledger (docs/architecture.md "Progression is a ledger"): a team's current roster is
 * its founding roster folded over its ledger entries, and its requisition is the sum of their Req. Recruits and
 * wargear bought after founding spend Req equal to their points (docs/progression.md: "requisition (Req), the
 * currency, in points"); dismissing refunds nothing (Tactical Reserves: "a dead or dismissed model loses all its gear").
 */
import { z } from 'zod';
import { Roster, RosterModel } from './roster';
import type { TeamList } from './team-list';
import type { ProgressionEntry } from '../progression/entries';
import { validateRoster } from './validate';
import { squadOfMember } from '../game/squads';
import { applyReserve, ReserveData, withReserve } from './reserves';

export const LedgerData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('team.founded'), roster: Roster }),
  z.object({ kind: z.literal('model.recruited'), model: RosterModel }),
  z.object({ kind: z.literal('model.dismissed'), modelId: z.string(), name: z.string() }),
  z.object({ kind: z.literal('model.wargear'), model: RosterModel }),
  z.object({ kind: z.literal('model.renamed'), modelId: z.string(), name: z.string() }),
  z.object({ kind: z.literal('req.adjusted') }),
  ...ReserveData.options,
]);
export type LedgerData = z.infer<typeof LedgerData>;
export type LedgerKind = LedgerData['kind'];

export interface LedgerItem {
  /** A roster entry, or a game's progression entry (only `model.died` changes the roster: the model leaves it). */
  data: LedgerData | ProgressionEntry;
  /** Requisition: positive earned, negative spent. */
  req: number;
  voided: boolean;
}

export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

/**
 * The roster a team has now: founding roster + every entry that is not voided, in order.
 *
 * @example
 * const boss = { id: 'm1', entryId: 'sergeant', name: 'Tarkus', options: {}, armoury: [], grenades: {} };
 * const items: LedgerItem[] = [
 *   { data: { kind: 'team.founded', roster: { models: [boss] } }, req: 0, voided: false },
 *   { data: { kind: 'model.renamed', modelId: 'm1', name: 'Sergeant Tarkus' }, req: 0, voided: false },
 * ];
 * foldRoster(items).models.map((m) => m.name); // → ['Sergeant Tarkus']
 */
export function foldRoster(items: readonly LedgerItem[]): Roster {
  return foldRosterFrom(undefined, items);
}

/**
 * Go on folding from a roster already folded (Herald keeps it in the campaign file and folds only new entries into
 * it): `foldRosterFrom(foldRoster(xs), ys)` equals `foldRoster([...xs, ...ys])`.
 *
 * @example
 * foldRosterFrom({ models: [boss] }, [{ data: { kind: 'model.renamed', modelId: 'm1', name: 'Sergeant Tarkus' }, req: 0, voided: false }]);
 * // → { models: [{ ...boss, name: 'Sergeant Tarkus' }] }
 */
export function foldRosterFrom(start: Roster | undefined, items: readonly LedgerItem[]): Roster {
  let models: RosterModel[] | undefined = start?.models.map((m) => ({ ...m }));
  let reserve = start?.reserve;
  for (const { data, voided } of items) {
    if (voided) continue;
    if (data.kind === 'team.founded') {
      models = data.roster.models.map((m) => ({ ...m }));
      reserve = data.roster.reserve;
      continue;
    }
    if (!models) throw new LedgerError('The ledger has entries before the team was founded.');
    if ('v' in data) {
      // A game's entry. "A dead … model loses all its gear and honours" (docs/progression.md): it leaves the roster, and
      // its history stays in the ledger.
      if (data.kind === 'model.died') {
        models = withoutDead(models, new Set([data.model]));
        // An amended earlier game may kill a model parked since: it leaves the reserve too.
        if (reserve) reserve = { ...reserve, models: withoutDead(reserve.models, new Set([data.model])) };
      }
      continue;
    }
    switch (data.kind) {
      case 'model.recruited':
        models.push({ ...data.model });
        break;
      case 'model.dismissed':
        // A model dismissed from Tactical Reserves leaves them too, with its gear.
        models = models.filter((m) => m.id !== data.modelId);
        if (reserve) reserve = { ...reserve, models: reserve.models.filter((m) => m.id !== data.modelId) };
        break;
      case 'model.wargear':
        models = models.map((m) => (m.id === data.model.id ? { ...data.model } : m));
        break;
      case 'model.renamed':
        models = models.map((m) => (m.id === data.modelId ? { ...m, name: data.name } : m));
        break;
      case 'req.adjusted':
        break;
      default:
        ({ models, reserve } = applyReserve(withReserve(models, reserve), data));
    }
  }
  if (!models) throw new LedgerError('The team has not been founded.');
  return withReserve(models, reserve);
}

/**
 * A roster's models after some died. A dead model leaves the roster; a dead Squad member (game/squads.ts member id)
 * takes one model off its Squad, which leaves the roster with its last member (seed 004 "Squad": each member is a model).
 *
 * @example
 * const third = { id: 'third', entryId: 'guardsman-squad', name: 'Third', squadSize: 5, options: {}, armoury: [], grenades: {} };
 * withoutDead([third], new Set(['third#2', 'third#5'])); // → [{ ...third, squadSize: 3, squadLost: 2 }]
 */
export function withoutDead(models: readonly RosterModel[], died: ReadonlySet<string>): RosterModel[] {
  const lost = new Map<string, number>();
  for (const id of died) {
    const member = squadOfMember(id);
    if (member) lost.set(member.squadId, (lost.get(member.squadId) ?? 0) + 1);
  }
  return models.flatMap((m) => {
    if (died.has(m.id)) return [];
    const n = lost.get(m.id);
    if (n === undefined || m.squadSize === undefined) return [m];
    const size = m.squadSize - n;
    return size > 0 ? [{ ...m, squadSize: size, squadLost: (m.squadLost ?? 0) + n }] : [];
  });
}

/**
 * A founded Squad's change as the team page buys it. Members recruited into a Squad that lost members in games take
 * the places of the dead (seed 004 "Squad": the list "will state how many models form the unit"; docs/progression.md:
 * recruits cost their points in Req), so the squad can be brought back up to its size, never past the list's maximum
 * (validateRoster: `squadSize + squadLost`). The members lost are the roster's own, never what a caller sends.
 *
 * @example
 * const third = { id: 'third', entryId: 'guardsman-squad', name: 'Third', squadSize: 7, squadLost: 3, options: {}, armoury: [], grenades: {} };
 * refilledSquad(third, { ...third, squadSize: 9 }); // → { ...third, squadSize: 9, squadLost: 1 }
 * refilledSquad(third, { ...third, squadSize: 10 }); // → { ...third, squadSize: 10 } (back to its size: no one lost)
 */
export function refilledSquad(before: RosterModel, after: RosterModel): RosterModel {
  const lost = Math.max(0, (before.squadLost ?? 0) - squadReinforcements(before, after));
  // Set in place, so that a model changed in nothing else keeps its text (the team page compares it as JSON).
  const out = { ...after };
  if (lost > 0) out.squadLost = lost;
  else delete out.squadLost;
  return out;
}

/**
 * How many models a change adds to a Squad (0 for a model that is not a Squad, or a squad made no larger).
 *
 * @example
 * squadReinforcements({ ...third, squadSize: 7 }, { ...third, squadSize: 9 }); // → 2
 */
export const squadReinforcements = (before: RosterModel, after: RosterModel): number =>
  before.squadSize === undefined || after.squadSize === undefined ? 0 : Math.max(0, after.squadSize - before.squadSize);

export const requisitionBalance = (items: readonly LedgerItem[]) => items.reduce((sum, i) => (i.voided ? sum : sum + i.req), 0);

/**
 * Points of one model as the Team List prices it (options, Armoury, grenades included).
 *
 * @example
 * // marines = TeamList.parse(the sample Space Marines list in shared/data/team-lists): Sergeant 25 pts, power sword +15
 * modelPoints(marines, { id: 'm1', entryId: 'sergeant', name: 'Tarkus', options: { 'power-sword': 1 }, armoury: [], grenades: {} }); // → 40
 */
export function modelPoints(list: TeamList, model: RosterModel): number {
  return validateRoster(list, { models: [model] }, Number.MAX_SAFE_INTEGER).points;
}

/**
 * Req a purchase costs: the points it adds (nothing back for wargear taken away).
 *
 * @example
 * const before = { id: 'm1', entryId: 'sergeant', name: 'Tarkus', options: {}, armoury: [], grenades: {} };
 * purchaseCost(marines, before, { ...before, options: { 'power-sword': 1 } }); // → 15 (marines: see modelPoints)
 * purchaseCost(marines, { ...before, options: { 'power-sword': 1 } }, before); // → 0 (nothing back)
 */
export function purchaseCost(list: TeamList, before: RosterModel | undefined, after: RosterModel): number {
  return Math.max(0, modelPoints(list, after) - (before ? modelPoints(list, before) : 0));
}

/**
 * Points a founded roster may hold. Battle Honours (docs/progression.md): "A roster holds at most 400 pts of
 * models and gear (honours excluded)" — the team taken to one game is 200–400 pts. It is a value of the ruleset
 * (`team.rosterCap`, House rules → About; issue 19); 400 when the ruleset does not set it. Before founding, the
 * campaign's own points limit applies (seed 004: a 250 point team).
 */
export const FOUNDED_ROSTER_CAP = 400;

/**
 * The ruleset's roster cap after founding.
 *
 * @example
 * rosterCapOf(battleHonoursPreset()); // → 400
 * rosterCapOf({ team: { pointsLimit: 250, rosterCap: 500 } }); // → 500
 */
export const rosterCapOf = (ruleset: { team: { pointsLimit?: number; rosterCap?: number | undefined } }): number =>
  ruleset.team.rosterCap ?? FOUNDED_ROSTER_CAP;

/**
 * The points a roster may hold: the campaign's limit before founding, the ruleset's cap after (never below the campaign's).
 *
 * @example
 * rosterPointsLimit(250, false); // → 250
 * rosterPointsLimit(250, true, 500); // → 500
 */
export const rosterPointsLimit = (campaignLimit: number, founded: boolean, cap: number = FOUNDED_ROSTER_CAP) =>
  founded ? Math.max(campaignLimit, cap) : campaignLimit;
