/**
 * Rosters after founding are a ledger (design/ARCHITECTURE.md "Progression is a ledger"): a team's current roster is
 * its founding roster folded over its ledger entries, and its requisition is the sum of their Req. Recruits and
 * wargear bought after founding spend Req equal to their points (design/PROGRESSION.md: "requisition (Req), the
 * currency, in points"); dismissing refunds nothing (Tactical Reserves: "a dead or dismissed model loses all its gear").
 */
import { z } from 'zod';
import { Roster, RosterModel } from './roster';
import type { TeamList } from './team-list';
import { validateRoster } from './validate';

export const LedgerData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('team.founded'), roster: Roster }),
  z.object({ kind: z.literal('model.recruited'), model: RosterModel }),
  z.object({ kind: z.literal('model.dismissed'), modelId: z.string(), name: z.string() }),
  z.object({ kind: z.literal('model.wargear'), model: RosterModel }),
  z.object({ kind: z.literal('model.renamed'), modelId: z.string(), name: z.string() }),
  z.object({ kind: z.literal('req.adjusted') }),
]);
export type LedgerData = z.infer<typeof LedgerData>;
export type LedgerKind = LedgerData['kind'];

export interface LedgerItem {
  data: LedgerData;
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

/** The roster a team has now: founding roster + every entry that is not voided, in order. */
export function foldRoster(items: readonly LedgerItem[]): Roster {
  let models: RosterModel[] | undefined;
  for (const { data, voided } of items) {
    if (voided) continue;
    if (data.kind === 'team.founded') {
      models = data.roster.models.map((m) => ({ ...m }));
      continue;
    }
    if (!models) throw new LedgerError('The ledger has entries before the team was founded.');
    switch (data.kind) {
      case 'model.recruited':
        models.push({ ...data.model });
        break;
      case 'model.dismissed':
        models = models.filter((m) => m.id !== data.modelId);
        break;
      case 'model.wargear':
        models = models.map((m) => (m.id === data.model.id ? { ...data.model } : m));
        break;
      case 'model.renamed':
        models = models.map((m) => (m.id === data.modelId ? { ...m, name: data.name } : m));
        break;
      case 'req.adjusted':
        break;
    }
  }
  if (!models) throw new LedgerError('The team has not been founded.');
  return { models };
}

export const requisitionBalance = (items: readonly LedgerItem[]) =>
  items.reduce((sum, i) => (i.voided ? sum : sum + i.req), 0);

/** Points of one model as the Team List prices it (options, Armoury, grenades included). */
export function modelPoints(list: TeamList, model: RosterModel): number {
  return validateRoster(list, { models: [model] }, Number.MAX_SAFE_INTEGER).points;
}

/** Req a purchase costs: the points it adds (nothing back for wargear taken away). */
export function purchaseCost(list: TeamList, before: RosterModel | undefined, after: RosterModel): number {
  return Math.max(0, modelPoints(list, after) - (before ? modelPoints(list, before) : 0));
}

/**
 * Points a founded roster may hold. Battle Honours (design/PROGRESSION.md): "A roster holds at most 400 pts of
 * models and gear (honours excluded)" — the team taken to one game is 200–400 pts. Before founding, the campaign's
 * own points limit applies (seed 004: a 250 point team).
 */
export const FOUNDED_ROSTER_CAP = 400;
export const rosterPointsLimit = (campaignLimit: number, founded: boolean) =>
  founded ? Math.max(campaignLimit, FOUNDED_ROSTER_CAP) : campaignLimit;
