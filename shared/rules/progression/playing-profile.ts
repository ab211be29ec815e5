/**
 * A model's profile as it plays (issue 30): its Team List profile, the armour and wargear it took (roster/
 * effective-profile.ts), then what the campaign did to it — permanent injuries and advances from the injury and advance
 * tables, and the honours it holds (docs/progression.md prints their effects: Strident Voice "+1 Ld", Iron Jaw "+1 W,
 * max 3", Fast Mover "+2\" Move"). The team page's card, the printed roster sheet, the phone's roster and the game
 * wizard all read it, so every screen shows the same numbers.
 */
import { battleHonoursPreset } from '../presets/battle-honours';
import { modelProfile, type EffectiveProfile, type StatChange } from '../roster/effective-profile';
import type { RosterModel } from '../roster/roster';
import type { TeamList } from '../roster/team-list';
import type { Honour, HonourGroup, HonourStats, Honours } from '../ruleset/schema';
import type { ModelProjection } from './project';
import { permanentInjuryText } from '../../format/injury';

const STAT_OF_RESULT: Record<string, string> = { move: 'Move', ws: 'WS', bs: 'BS', s: 'S', t: 'T', w: 'W', i: 'I', a: 'A', ld: 'Ld' };
const HONOUR_KEYS = ['WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'Ld', 'Move'] as const;

/** The honours Herald ships (the Battle Honours preset), by id: their data serves rulesets pinned before it existed. */
let shipped: Map<string, Honour> | undefined;
function shippedHonour(id: string): Honour | undefined {
  if (!shipped) {
    // A copy: the preset shares its objects with whoever else asked for it.
    const groups = JSON.parse(JSON.stringify(battleHonoursPreset().progression.honours?.groups ?? [])) as HonourGroup[];
    shipped = new Map(groups.flatMap((g) => g.honours.map((h) => [h.id, h] as const)));
  }
  return shipped.get(id);
}

/**
 * What an honour does to the profile: its own `stats`, else — for a ruleset pinned before honours carried them — the
 * shipped honour's, when the honour is the shipped one as printed (same id, name and effect text). An honour a club
 * wrote or re-worded itself changes the profile only through its own `stats`; its text is never parsed.
 *
 * @example
 * honourStats({ id: 'iron-jaw', name: 'Iron Jaw', cost: 10, effect: '+1 W, max 3', repeatable: false }); // → { W: 1, max: 3 }
 * honourStats({ id: 'iron-jaw', name: 'Iron Jaw', cost: 10, effect: '+1 W', repeatable: false }); // → undefined
 */
export function honourStats(honour: Honour): HonourStats | undefined {
  if (honour.stats) return honour.stats;
  const s = shippedHonour(honour.id);
  return s && s.name === honour.name && s.effect === honour.effect ? s.stats : undefined;
}

/**
 * The changes an honour's stats make, each named "Honour: <name>".
 *
 * @example
 * honourChanges({ W: 1, max: 3 }, 'Iron Jaw'); // → [{ stat: 'W', delta: 1, max: 3, why: 'Honour: Iron Jaw' }]
 */
export function honourChanges(stats: HonourStats | undefined, name: string): StatChange[] {
  if (!stats) return [];
  const out: StatChange[] = [];
  for (const key of HONOUR_KEYS) {
    const delta = stats[key];
    if (delta === undefined || delta === 0) continue;
    out.push(stats.max === undefined ? { stat: key, delta, why: `Honour: ${name}` } : { stat: key, delta, max: stats.max, why: `Honour: ${name}` });
  }
  return out;
}

/** A table result id like "minus-1-ws" (a permanent injury) or "plus-1-bs" (an advance) as a change, else null. */
function resultChange(result: string, why: string): StatChange | null {
  const m = /^(minus|plus)-(\d+)-([a-z]+)$/.exec(result);
  const stat = m ? STAT_OF_RESULT[m[3]!] : undefined;
  return m && stat ? { stat, delta: (m[1] === 'minus' ? -1 : 1) * Number(m[2]), why } : null;
}

/**
 * What the campaign did to a model's profile, in ledger order: permanent injuries (docs/progression.md Injuries:
 * "permanent injury (roll D6: 1 −1 Move, 2 −1 WS …)"), advances ("each Level gives an advance (a characteristic
 * increase or a skill)"), then the honours it holds, read from the campaign's ruleset. Kill Team honours are the
 * team's, not a model's, so none is here.
 *
 * @example
 * // Mordak holds Iron Jaw and carries a -1 WS injury
 * campaignStatChanges(mordak, ruleset.progression.honours);
 * // → [{ stat: 'WS', delta: -1, why: 'Permanent injury: -1 WS' }, { stat: 'W', delta: 1, max: 3, why: 'Honour: Iron Jaw' }]
 */
export function campaignStatChanges(p: ModelProjection | undefined, honours: Honours | null | undefined): StatChange[] {
  const out: StatChange[] = [];
  const push = (c: StatChange | null) => {
    if (c) out.push(c);
  };
  for (const i of p?.permanentInjuries ?? []) push(resultChange(i.characteristic, permanentInjuryText(i.text)));
  for (const a of p?.advances ?? []) {
    push(resultChange(a.result, `Level ${a.level} advance: ${a.text}`));
    for (const f of a.followUps) push(resultChange(f.result, `Level ${a.level} advance: ${f.text}`));
  }
  const defs = new Map((honours?.groups ?? []).flatMap((g) => g.honours.map((h) => [h.id, h] as const)));
  for (const held of p?.honours ?? []) {
    const def = defs.get(held.honour);
    if (def) out.push(...honourChanges(honourStats(def), def.name));
  }
  return out;
}

/**
 * The one profile every screen and sheet shows: the Team List's, with the model's gear, permanent injuries, advances
 * and honours applied.
 *
 * @example
 * // A Boy (W 1) holding Iron Jaw
 * profileAsItPlays(list, boy, projection, ruleset.progression.honours).cells.find((c) => c.key === 'W')?.value; // → 2
 */
export function profileAsItPlays(list: TeamList, model: RosterModel, p: ModelProjection | undefined, honours: Honours | null | undefined): EffectiveProfile {
  return modelProfile(list, model, campaignStatChanges(p, honours));
}
