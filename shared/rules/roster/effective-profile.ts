/**
 * A model's effective profile: the Team List's profile with what changes it applied — the saves and characteristic
 * changes of the options and Armoury items it took (their `stats`), then the campaign's permanent injuries and
 * advances. One function for the roster builder, the post-game wizard and the printed roster (issue 17: a Guardsman
 * with Carapace armour bought printed the list's 5+).
 *
 * Readings (docs/decisions.md): a save an item gives is used when it is better than the model's own (a model has one
 * armour save and one invulnerable save, the best it has); characteristic changes add up and stay within 1–10, as the
 * printed profiles do.
 */
import type { RosterModel } from './roster';
import { PROFILE_KEYS, type ArmouryItem, type EntryOption, type Profile, type ProfileEffect, type TeamList } from './team-list';

const NUMBER_KEYS = ['WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'Ld'] as const;

/** What an option or Armoury item does to the profile (team-list.ts `ProfileEffect`): a save it gives, or changes. */
export type StatEffect = ProfileEffect;

/**
 * One change: `delta` to a characteristic, or a save `set` to a value; `why` names its cause. `max`: the change raises
 * the characteristic no higher than this (Iron Jaw "+1 W, max 3", docs/progression.md).
 */
export interface StatChange {
  stat: string;
  delta?: number;
  set?: string;
  max?: number;
  why: string;
}

export interface StatCell {
  key: string;
  /** What the model has with the changes applied. */
  value: string | number;
  /** The list's value. */
  base: string | number;
  /** The numeric change (0 for a save, or when unchanged). */
  delta: number;
  /** The value differs from the list's. */
  changed: boolean;
  /** Why it changed, for notes ("Carapace armour", "Permanent injury: -1 WS"). */
  why: string[];
}

export interface EffectiveProfile {
  cells: StatCell[];
  /** Changes to what the profile does not print (Move). */
  other: StatChange[];
}

/** "3+" → 3; "-" (no save) → 7, worse than any. */
const saveNumber = (save: string) => (/^[2-6]\+$/.test(save) ? Number(save[0]) : 7);
const isSaveKey = (key: string) => key === 'Sv' || key === 'Inv';

/**
 * The profile with the changes applied.
 *
 * @example
 * effectiveProfile({ WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7, Sv: '5+' }, [{ stat: 'Sv', set: '4+', why: 'Carapace armour' }])
 *   .cells.find((c) => c.key === 'Sv'); // → { key: 'Sv', value: '4+', base: '5+', delta: 0, changed: true, why: ['Carapace armour'] }
 */
export function effectiveProfile(profile: Profile | Record<string, string | number> | undefined, changes: readonly StatChange[] = []): EffectiveProfile {
  const base = (profile ?? {}) as Record<string, string | number | undefined>;
  const givesInv = changes.some((c) => c.stat === 'Inv' && c.set !== undefined);
  const keys: string[] = [...PROFILE_KEYS, ...(base.Inv || givesInv ? ['Inv'] : [])];
  const cells = keys.map((key): StatCell => {
    const own = changes.filter((c) => c.stat === key);
    const was = base[key] ?? '–';
    if (isSaveKey(key)) {
      let value = typeof was === 'string' && was !== '–' ? was : '-';
      const why: string[] = [];
      for (const c of own) {
        if (c.set === undefined || saveNumber(c.set) >= saveNumber(value)) continue;
        value = c.set;
        why.push(c.why);
      }
      const shown = was === '–' && value === '-' ? '–' : value;
      return { key, value: shown, base: was === '–' && key === 'Inv' ? '–' : was, delta: 0, changed: why.length > 0, why };
    }
    const numeric = own.filter((c) => c.delta !== undefined && c.delta !== 0);
    if (typeof was !== 'number') return { key, value: was, base: was, delta: 0, changed: false, why: numeric.map((c) => c.why) };
    // In order: a capped change raises the value no higher than its cap (and never lowers it).
    let running = was;
    const why: string[] = [];
    for (const c of numeric) {
      const next = c.max !== undefined && c.delta! > 0 ? Math.max(running, Math.min(c.max, running + c.delta!)) : running + c.delta!;
      if (next !== running || c.max === undefined) why.push(c.why);
      running = next;
    }
    const value = Math.min(10, Math.max(1, running));
    return { key, value, base: was, delta: value - was, changed: value !== was, why };
  });
  return { cells, other: changes.filter((c) => !keys.includes(c.stat) && !isSaveKey(c.stat)) };
}

/** The changes an effect makes, each named by its cause. */
export function effectChanges(effect: StatEffect | undefined, why: string): StatChange[] {
  if (!effect) return [];
  const out: StatChange[] = [];
  for (const key of NUMBER_KEYS) {
    const d = effect[key];
    if (d !== undefined && d !== 0) out.push({ stat: key, delta: d, why });
  }
  if (effect.Sv) out.push({ stat: 'Sv', set: effect.Sv, why });
  if (effect.Inv) out.push({ stat: 'Inv', set: effect.Inv, why });
  return out;
}

/** "Sv 4+", "S +1, Inv 3+": an effect in a few characters, for a card or a sheet. */
export function effectText(effect: StatEffect | undefined): string {
  if (!effect) return '';
  const parts: string[] = [];
  for (const key of NUMBER_KEYS) {
    const d = effect[key];
    if (d !== undefined && d !== 0) parts.push(`${key} ${d > 0 ? '+' : '−'}${Math.abs(d)}`);
  }
  if (effect.Sv) parts.push(`Sv ${effect.Sv}`);
  if (effect.Inv) parts.push(`Inv ${effect.Inv}`);
  return parts.join(', ');
}

/** What an Armoury item or option does, for a card or a sheet: its printed text, else its stats in short. */
export const gearEffect = (x: Pick<ArmouryItem, 'text' | 'stats'> | Pick<EntryOption, 'stats'>): string =>
  ('text' in x && x.text?.trim()) || effectText(x.stats);

/** The changes a model's options and Armoury items make to its profile (in the order the list gives them). */
export function gearStatChanges(list: TeamList, model: RosterModel): StatChange[] {
  const entry = list.entries.find((e) => e.id === model.entryId);
  const out: StatChange[] = [];
  for (const option of entry?.options ?? []) {
    if ((model.options[option.id] ?? 0) > 0) out.push(...effectChanges(option.stats, option.name));
  }
  for (const item of list.armoury) {
    if (model.armoury.includes(item.id)) out.push(...effectChanges(item.stats, item.name));
  }
  return out;
}

/**
 * The model's effective profile: its entry's profile, its gear's changes, then the campaign's (permanent injuries,
 * advances), as the renderer receives them.
 */
export function modelProfile(list: TeamList, model: RosterModel, campaign: readonly StatChange[] = []): EffectiveProfile {
  const entry = list.entries.find((e) => e.id === model.entryId);
  return effectiveProfile(entry?.profile, [...gearStatChanges(list, model), ...campaign]);
}
