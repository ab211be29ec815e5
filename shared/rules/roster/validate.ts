/**
 * Roster validation: the points total and every rule broken, in plain words, as the player builds.
 * Rules checked and where they come from:
 *  - 250-point team (seed 004 "Building your Team"; the campaign's points limit);
 *  - Model Allowance of the Team List (seed 004 "Building your Team": "You must follow all Model Allowance rules");
 *  - Armoury: only models whose options say so, only allowed model types, each item once per model
 *    (seed 004 "Kill Team Armouries");
 *  - extra grenades: any number, only of a kind the model already has (it comes with it, or an option or an Armoury
 *    item gives it), at the seed's prices (seed 004 "Grenades");
 *  - the Team List's own limits: options per model, alternatives, entries per team, squad sizes.
 */
import { GRENADE_COSTS } from '../hor/optional-rules';
import type { Roster, RosterModel } from './roster';
import {
  CATEGORY_NAMES,
  armouryAllows,
  armouryGrenades,
  optionGroupChoice,
  EntryCategory,
  type ArmouryItem,
  type Entry,
  type GrenadeType,
  type Profile,
  type TeamList,
} from './team-list';

export type RosterIssueCode =
  | 'points-over'
  | 'allowance-min'
  | 'allowance-max'
  | 'entry-max'
  | 'unknown-entry'
  | 'unnamed'
  | 'squad-size'
  | 'unknown-option'
  | 'option-max'
  | 'option-group'
  | 'armoury-not-allowed'
  | 'armoury-wrong-type'
  | 'armoury-twice'
  | 'unknown-armoury'
  | 'grenade-not-had'
  | 'grenade-not-offered'
  | 'empty';

export interface RosterIssue {
  code: RosterIssueCode;
  message: string;
  /** The model the issue is about, if one. */
  modelId?: string;
}

export interface GrenadeLine {
  type: GrenadeType;
  name: string;
  /** How many the model carries: one it comes with (if any) plus the ones bought. Each is One Use (seed 004). */
  count: number;
}

export interface ModelCard {
  modelId: string;
  name: string;
  entryId: string;
  entryName: string;
  category: EntryCategory;
  squadSize: number | undefined;
  points: number;
  profile: Profile | undefined;
  unitType: string;
  wargear: string[];
  armoury: string[];
  grenades: GrenadeLine[];
  specialRules: string[];
}

export interface RosterReport {
  points: number;
  limit: number;
  /** "263 / 250 pts" */
  pointsText: string;
  legal: boolean;
  issues: RosterIssue[];
  models: ModelCard[];
  /** Entries per category, against the allowance (after unlocks). */
  allowance: Record<EntryCategory, { count: number; min: number; max: number; squadModels?: number }>;
}

/**
 * The list sells a grenade: it does not limit its grenades (seed 004's whole list), names it, or sells it in its
 * Armoury (a list with melta bombs in its Armoury sells melta bombs).
 */
export const listSells = (list: TeamList, type: GrenadeType): boolean =>
  list.grenades.length === 0 || list.grenades.includes(type) || list.armoury.some((a) => armouryGrenades(a).includes(type));

const grenadeInfo = (type: GrenadeType) => GRENADE_COSTS.find((g) => g.id === type)!;
/** "Krak Grenade" → "Krak grenades", "Melta Bomb" → "Melta bombs": as a sentence says them. */
export const grenadePlural = (type: GrenadeType) => {
  const [first, ...rest] = grenadeInfo(type).name.split(' ');
  return [first, ...rest.map((w) => w.toLowerCase())].join(' ') + 's';
};
const times = (n: number) => (n === 2 ? 'twice' : `${n} times`);
const plural = (n: number, c: EntryCategory) => (n === 1 ? CATEGORY_NAMES[c].one : CATEGORY_NAMES[c].many);
const displayName = (m: RosterModel, e: Entry | undefined) => m.name || `the unnamed ${e?.name ?? 'model'}`;

function modelCard(list: TeamList, m: RosterModel, entry: Entry | undefined): ModelCard {
  const size = entry?.category === 'squad' ? (m.squadSize ?? entry.squad?.min ?? 1) : 1;
  let points = (entry?.points ?? 0) * size;
  let wargear = [...(entry?.wargear ?? [])];
  const had = new Set<GrenadeType>(entry?.grenades ?? []);
  for (const [optionId, count] of Object.entries(m.options)) {
    const option = entry?.options.find((o) => o.id === optionId);
    if (!option || count <= 0) continue;
    // A Squad's per-model option is paid for each member it has now (a member who died took its share away).
    points += option.points * count * (option.perModel ? size : 1);
    for (const r of option.replaces) {
      const at = wargear.indexOf(r);
      if (at >= 0) wargear.splice(at, 1);
    }
    for (let i = 0; i < count; i++) wargear = wargear.concat(option.adds);
    option.grenades.forEach((g) => had.add(g));
  }
  const armoury: string[] = [];
  for (const id of m.armoury) {
    const item = list.armoury.find((a) => a.id === id);
    if (!item) continue;
    points += item.points;
    armoury.push(item.name);
    armouryGrenades(item).forEach((g) => had.add(g));
  }
  const grenades: GrenadeLine[] = [];
  for (const g of GRENADE_COSTS) {
    const bought = m.grenades[g.id] ?? 0;
    points += g.pts * bought;
    const count = (had.has(g.id) ? 1 : 0) + bought;
    if (count > 0) grenades.push({ type: g.id, name: g.name, count });
  }
  return {
    modelId: m.id,
    name: m.name,
    entryId: m.entryId,
    entryName: entry?.name ?? m.entryId,
    category: entry?.category ?? 'core',
    squadSize: entry?.category === 'squad' ? size : undefined,
    points,
    profile: entry?.profile,
    unitType: entry?.unitType ?? 'Infantry',
    wargear,
    armoury,
    grenades,
    specialRules: entry?.specialRules ?? [],
  };
}

function modelIssues(list: TeamList, m: RosterModel, entry: Entry | undefined, card: ModelCard): RosterIssue[] {
  const issues: RosterIssue[] = [];
  const add = (code: RosterIssueCode, message: string) => issues.push({ code, message, modelId: m.id });
  if (!entry) {
    add('unknown-entry', `“${m.name || m.entryId}” is not an entry of ${list.name}.`);
    return issues;
  }
  const who = displayName(m, entry);
  if (!m.name) add('unnamed', `A ${entry.name} has no name yet.`);
  if (entry.squad) {
    // Limits apply to the squad as bought: members who died in games do not make it illegal (roster.ts squadLost).
    const size = (card.squadSize ?? 0) + (m.squadLost ?? 0);
    if (size < entry.squad.min || size > entry.squad.max) {
      add('squad-size', `${who} has ${size} models; a ${entry.name} has ${entry.squad.min} to ${entry.squad.max}.`);
    }
  }
  const groups = new Map<string, string[]>();
  for (const [optionId, count] of Object.entries(m.options)) {
    if (count <= 0) continue;
    const option = entry.options.find((o) => o.id === optionId);
    if (!option) {
      add('unknown-option', `${who} has an option this list does not offer (“${optionId}”).`);
      continue;
    }
    if (count > option.maxPerModel) {
      add('option-max', `${option.name} ${times(count)} on ${who}: at most ${option.maxPerModel === 1 ? 'once' : `${option.maxPerModel} times`}.`);
    }
    if (optionGroupChoice(entry, option.group) === 'one') groups.set(option.group!, [...(groups.get(option.group!) ?? []), option.name]);
  }
  for (const names of groups.values()) {
    if (names.length > 1) add('option-group', `${who} can take only one of these options: ${names.join('; ')}.`);
  }
  const armouryCounts = new Map<string, number>();
  for (const id of m.armoury) armouryCounts.set(id, (armouryCounts.get(id) ?? 0) + 1);
  for (const [id, count] of armouryCounts) {
    const item: ArmouryItem | undefined = list.armoury.find((a) => a.id === id);
    if (!item) {
      add('unknown-armoury', `${who} has an Armoury item this list does not have (“${id}”).`);
      continue;
    }
    if (!entry.armoury) add('armoury-not-allowed', `${who} may not buy from the Armoury (${item.name}).`);
    else if (!item.allowed.includes(entry.category)) {
      add('armoury-wrong-type', `${item.name} is not for ${CATEGORY_NAMES[entry.category].many} (${who}).`);
    } else if (!armouryAllows(item, entry)) add('armoury-wrong-type', `${item.name} is not for ${entry.name} models (${who}).`);
    // Seed 004 "Kill Team Armouries": "A model may only take one of each piece of wargear from the Armoury."
    if (count > 1) add('armoury-twice', `${item.name} ${times(count)} on ${who}: a model may take each Armoury item only once.`);
  }
  const had = new Set<GrenadeType>(entry.grenades);
  for (const [optionId, count] of Object.entries(m.options)) {
    if (count > 0) entry.options.find((o) => o.id === optionId)?.grenades.forEach((g) => had.add(g));
  }
  // Melta bombs bought from the Armoury are melta bombs the model has (issue 19).
  for (const id of m.armoury) {
    const item = list.armoury.find((a) => a.id === id);
    if (item) armouryGrenades(item).forEach((g) => had.add(g));
  }
  for (const [type, count] of Object.entries(m.grenades) as [GrenadeType, number][]) {
    if (!count) continue;
    // Seed 004 "Grenades": a model "may buy more than one"; "If a model comes with grenades, they may still buy
    // additional grenades"; "you may only buy grenades from this list if the model already has that grenade".
    if (!had.has(type)) add('grenade-not-had', `${grenadePlural(type)} can only be bought by a model that already has them (${who}).`);
    else if (!listSells(list, type)) add('grenade-not-offered', `${list.name} does not sell ${grenadePlural(type)} (${who}).`);
  }
  return issues;
}

/**
 * Check a roster against its Team List and a points limit (seed 004 "Building your Team", "Kill Team Armouries",
 * "Grenades", "Squad"): its points, a card per model, and every problem in plain words (an empty roster included).
 *
 * @example
 * const sergeant = { id: 'm1', entryId: 'sergeant', name: 'Tarkus', options: {}, armoury: [], grenades: {} };
 * const report = validateRoster(marines, { models: [sergeant] }, 250); // marines: see modelPoints
 * report.points; // → 25
 * report.legal; // → false (the Model Allowance needs at least 2 Core models)
 */
export function validateRoster(list: TeamList, roster: Roster, pointsLimit: number): RosterReport {
  const entries = new Map(list.entries.map((e) => [e.id, e]));
  const models = roster.models.map((m) => modelCard(list, m, entries.get(m.entryId)));
  const issues: RosterIssue[] = [];
  if (roster.models.length === 0) issues.push({ code: 'empty', message: 'The roster has no models yet.' });

  // Model Allowance, with unlocks (seed 004 "Building your Team").
  const counts = Object.fromEntries(EntryCategory.options.map((c) => [c, 0])) as Record<EntryCategory, number>;
  for (const m of roster.models) {
    const e = entries.get(m.entryId);
    if (e) counts[e.category]++;
  }
  const allowance = Object.fromEntries(
    EntryCategory.options.map((c) => [c, { count: counts[c], min: list.allowance[c].min, max: list.allowance[c].max }]),
  ) as RosterReport['allowance'];
  // 004 Squad: "individual models will still count toward the maximum Model Availability of the Kill Team" — a Squad
  // takes one of the list's Squad slots, and each of its members counts toward the Core maximum.
  const squadModels = models.reduce((n, card) => n + (card.category === 'squad' ? (card.squadSize ?? 0) : 0), 0);
  if (squadModels > 0) allowance.core.squadModels = squadModels;
  for (const u of list.allowance.unlocks) {
    const have = EntryCategory.safeParse(u.when).success ? counts[u.when as EntryCategory] : roster.models.filter((m) => m.entryId === u.when).length;
    allowance[u.category].max += Math.floor(have / u.per) * u.extra;
  }
  for (const c of EntryCategory.options) {
    const { count, min, max } = allowance[c];
    const inSquads = c === 'core' ? squadModels : 0;
    if (inSquads > 0 && count + inSquads > max) {
      issues.push({
        code: 'allowance-max',
        message: `At most ${max} ${plural(max, c)}, Squad members included (004 Squad): this team has ${count} + ${inSquads} in Squads.`,
      });
    } else if (count > max) {
      const message =
        c === 'team-leader' && max === 1
          ? `Only one Team Leader: this team has ${count}.`
          : max === 0
            ? `No ${CATEGORY_NAMES[c].many} in this list: this team has ${count}.`
            : `At most ${max} ${plural(max, c)}: this team has ${count}.`;
      issues.push({ code: 'allowance-max', message });
    }
    if (count < min && roster.models.length > 0) {
      const message =
        c === 'team-leader' && min === 1 && count === 0
          ? 'No Team Leader: every team needs one.'
          : `At least ${min} ${plural(min, c)}: this team has ${count}.`;
      issues.push({ code: 'allowance-min', message });
    }
  }
  for (const e of list.entries) {
    if (e.maxPerTeam === undefined) continue;
    const n = roster.models.filter((m) => m.entryId === e.id).length;
    if (n > e.maxPerTeam) issues.push({ code: 'entry-max', message: `At most ${e.maxPerTeam} ${e.name} in a team: this team has ${n}.` });
  }
  roster.models.forEach((m, i) => issues.push(...modelIssues(list, m, entries.get(m.entryId), models[i]!)));

  const points = models.reduce((sum, m) => sum + m.points, 0);
  if (points > pointsLimit) {
    issues.push({ code: 'points-over', message: `${points} / ${pointsLimit} pts: ${points - pointsLimit} over the limit.` });
  }
  return {
    points,
    limit: pointsLimit,
    pointsText: `${points} / ${pointsLimit} pts`,
    legal: issues.length === 0,
    issues,
    models,
    allowance,
  };
}
