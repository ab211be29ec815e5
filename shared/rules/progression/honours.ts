/**
 * Buying a Battle Honour with Req (docs/progression.md "Battle Honours": caps per model type, costs, elite surcharge,
 * "the model must have survived its last game, including its injury roll; each honour once per model unless it says
 * otherwise"; Tactical Reserves: "reserve models can't gain honours").
 */
import { requireTable } from '../presets/require';
import type { Honour, HonourCap, HonourGroup, Ruleset } from '../ruleset/schema';
import type { ProgressionEntry } from './entries';
import { PROGRESSION_ENTRY_VERSION } from './entries';
import type { Projection } from './project';
import { RESTORATIVE_SURGERY } from './project';

export class HonourPurchaseError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join(' '));
    this.name = 'HonourPurchaseError';
    this.problems = problems;
  }
}

export interface HonourPurchase {
  ruleset: Ruleset;
  /** The ledger's projection before the purchase. */
  projection: Projection;
  /** The new entry's id (unique in the ledger). */
  id: string;
  team: string;
  /** The model, or null for a team-wide (Kill Team group) honour. Restorative Surgery names the injured model. */
  model: string | null;
  /** The model's honour cap row (docs/progression.md table: Team Leader, Special, Special taken as Core, Core). */
  modelType?: HonourCap['modelType'];
  honour: string;
  /** The model meets an elite condition (2+ armour save, 3+ invulnerable, …): +surcharge Req per honour. */
  elite?: boolean;
  /** The model is parked in Tactical Reserves. */
  inReserve?: boolean;
  /** The model is a psyker (its Team List entry says so). Psychic honours are "psykers only" (docs/progression.md). */
  psyker?: boolean;
}

/** The restrictions Herald checks: the Team Leader only (Warplate), psykers only (the Psychic group). */
export type HonourRestriction = 'team-leader' | 'psyker';

/**
 * What an honour's "Only for" text (its own, else its group's) restricts it to, when Herald can check it; null for
 * none or for a text it cannot check (a faction's, say), which stays a note for the organiser.
 *
 * @example
 * honourRestriction('Psykers only'); // → 'psyker'
 * honourRestriction('Team Leader only'); // → 'team-leader'
 * honourRestriction('Orks only'); // → null
 */
export function honourRestriction(text: string | undefined): HonourRestriction | null {
  if (!text) return null;
  if (/\bpsykers?\b/i.test(text)) return 'psyker';
  if (/\b(team )?leaders?\b/i.test(text)) return 'team-leader';
  return null;
}

/** Why a model may not take an honour for its restriction, in words; null when it may. */
export function restrictionProblem(
  honourName: string,
  restriction: HonourRestriction | null,
  model: { who: string; type?: HonourCap['modelType']; psyker?: boolean },
): string | null {
  if (restriction === 'team-leader' && model.type !== 'team-leader') return `${honourName} is for the Team Leader only.`;
  if (restriction === 'psyker' && model.psyker !== true)
    return `${honourName} is for psykers only, and ${model.who} is not a psyker (its team-list entry does not say it is).`;
  return null;
}

const limitOk = (limit: number | 'unlimited', count: number) => limit === 'unlimited' || count <= limit;

/**
 * The `honour.bought` entry for a purchase, or HonourPurchaseError listing every reason it is not allowed
 * (in plain words). Throws MissingTableError when the ruleset has no honours. Restrictions: Team Leader only, and
 * psykers only (issue 17), read from the honour's or its group's text (honourRestriction).
 *
 * @example
 * // ledger: the entries of the applyGame example (a Skirmish draw: Player A is team 'orks', Player B 'guard')
 * const entry = buyHonour({ ruleset: battleHonoursPreset(), projection: projectModels(ledger), id: 'h1', team: 'orks', model: 'a-boss', modelType: 'team-leader', honour: 'deadeye' });
 * entry; // → { kind: 'honour.bought', honour: 'deadeye', group: 'shooting', cost: 5 }
 * buyHonour({ ruleset: battleHonoursPreset(), projection: projectModels(ledger), id: 'h2', team: 'orks', model: 'a-boss', modelType: 'core', honour: 'warplate' });
 * // → throws HonourPurchaseError: Warplate is for the Team Leader only.
 */
export function buyHonour(input: HonourPurchase): ProgressionEntry {
  const honours = requireTable(input.ruleset, 'honours');
  let found: { honour: Honour; group: HonourGroup } | undefined;
  for (const group of honours.groups) {
    const honour = group.honours.find((h) => h.id === input.honour);
    if (honour) {
      found = { honour, group };
      break;
    }
  }
  if (!found) throw new HonourPurchaseError([`The ruleset '${input.ruleset.name}' has no honour "${input.honour}".`]);
  const { honour, group } = found;
  const problems: string[] = [];
  const team = input.projection.teams[input.team];
  const model = input.model === null ? undefined : input.projection.models[input.model];
  const teamWide = group.scope === 'team';

  if (input.model !== null && model?.team !== undefined && model.team !== input.team) problems.push(`Model "${input.model}" is not in team "${input.team}".`);
  if (model?.dead) problems.push(`Model "${input.model}" is dead: only a model that survived its last game can gain honours.`);
  if (input.inReserve) problems.push(`Model "${input.model}" is in reserve: reserve models can't gain honours.`);

  let surcharge = 0;
  if (teamWide) {
    if (honour.id === RESTORATIVE_SURGERY) {
      if (input.model === null || (model?.permanentInjuries.length ?? 0) === 0) problems.push('Restorative Surgery needs a model with a permanent injury.');
    } else if (input.model !== null) {
      problems.push(`${honour.name} is a Kill Team honour: it is bought for the team, not for one model.`);
    }
    const times = team?.teamHonours.filter((h) => h.honour === honour.id).length ?? 0;
    if (honour.id !== RESTORATIVE_SURGERY) checkRepeats(honour, times, 'The team', problems);
  } else {
    if (input.model === null) problems.push(`${honour.name} is bought for one model: name the model.`);
    const type = input.modelType;
    if (type === undefined) problems.push('Say which honour cap the model uses (Team Leader, Special, Special taken as Core or Core).');
    const restricted = restrictionProblem(honour.name, honourRestriction(honour.restriction ?? group.restriction), {
      who: `"${input.model}"`,
      type,
      psyker: input.psyker,
    });
    if (restricted) problems.push(restricted);
    const held = model?.honours ?? [];
    checkRepeats(honour, held.filter((h) => h.honour === honour.id).length, `Model "${input.model}"`, problems);
    const cap = honours.caps.find((c) => c.modelType === type);
    if (type !== undefined && cap) {
      const groups = new Set([...held.map((h) => h.group), group.id]);
      if (!limitOk(cap.maxGroups, groups.size)) problems.push(`Model "${input.model}" may have honours from at most ${String(cap.maxGroups)} groups.`);
      if (!limitOk(cap.maxHonours, held.length + 1)) problems.push(`Model "${input.model}" may have at most ${String(cap.maxHonours)} honours.`);
    }
    if (input.elite) surcharge = honours.eliteSurcharge.req;
  }

  const cost = honour.cost + surcharge;
  const req = team?.req ?? 0;
  if (cost > req)
    problems.push(`${honour.name} costs ${cost} Req${surcharge > 0 ? ` (${honour.cost} + ${surcharge} elite surcharge)` : ''}; the team has ${req}.`);
  if (problems.length > 0) throw new HonourPurchaseError(problems);

  return {
    v: PROGRESSION_ENTRY_VERSION,
    id: input.id,
    gameId: null,
    team: input.team,
    rolls: [],
    voided: false,
    citation: `${honours.citation.source} · ${honours.citation.section}`,
    kind: 'honour.bought',
    model: input.model,
    honour: honour.id,
    group: group.id,
    baseCost: honour.cost,
    surcharge,
    cost,
  };
}

function checkRepeats(honour: Honour, times: number, who: string, problems: string[]): void {
  if (!honour.repeatable && times >= 1) problems.push(`${who} already has ${honour.name} (each honour once unless it says otherwise).`);
  if (honour.maxTimes !== undefined && times >= honour.maxTimes)
    problems.push(`${who} already has ${honour.name} ${times} times (at most ${honour.maxTimes}).`);
}
