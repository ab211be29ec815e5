/**
 * The Team List format: one JSON file per faction list (docs/team-lists.md explains it field by field).
 * Seed 004 "Building your Team": "create your team using the Kill Team Lists ... write a 250 point team. You must
 * follow all Model Allowance rules set out in your list. All models in the team lists have the Infantry unit type
 * unless stated otherwise." The lists themselves are not in the seeds, so they are data a club imports and edits.
 */
import { z } from 'zod';
import { GRENADE_COSTS } from '../hor/optional-rules';

export const TEAM_LIST_FORMAT = 'herald.team-list';
export const TEAM_LIST_FORMAT_VERSION = 1;

const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'An id is lower-case letters and digits joined by "-", e.g. "tactical-marine".');
const Name = z.string({ error: 'Give a name.' }).trim().min(1, 'A name cannot be empty.').max(80, 'A name is at most 80 characters.');
const Points = z
  .number({ error: 'Points are a whole number.' })
  .int('Points are whole numbers.')
  .min(0, 'Points cannot be negative.')
  .max(1000, 'Points are at most 1000.');
/** A wargear item or rule as printed, e.g. "Bolt pistol". */
const Text = z.string({ error: 'Give a text.' }).trim().min(1, 'This cannot be empty.').max(200, 'This is at most 200 characters.');

/** Seed 004's model types, plus Squad entries (a unit of several models; they count as Core for VP and EXP). */
export const EntryCategory = z.enum(['team-leader', 'special', 'core', 'squad']);
export type EntryCategory = z.infer<typeof EntryCategory>;

export const CATEGORY_NAMES: Record<EntryCategory, { one: string; many: string }> = {
  'team-leader': { one: 'Team Leader', many: 'Team Leaders' },
  special: { one: 'Special model', many: 'Special models' },
  core: { one: 'Core model', many: 'Core models' },
  squad: { one: 'Squad', many: 'Squads' },
};

export const GrenadeType = z.enum(GRENADE_COSTS.map((g) => g.id) as [GrenadeIdText, ...GrenadeIdText[]]);
type GrenadeIdText = (typeof GRENADE_COSTS)[number]['id'];
export type GrenadeType = z.infer<typeof GrenadeType>;

const Characteristic = z
  .number({ error: 'A characteristic is a number from 0 to 10.' })
  .int('A characteristic is a whole number.')
  .min(0, 'A characteristic is 0 or more.')
  .max(10, 'A characteristic is at most 10.');
/** A save as printed: "3+", or "-" for none. */
const Save = z.string().regex(/^([2-6]\+|-)$/, 'A save looks like "3+" (or "-" for none).');

export const Profile = z
  .object({
    WS: Characteristic,
    BS: Characteristic,
    S: Characteristic,
    T: Characteristic,
    W: Characteristic,
    I: Characteristic,
    A: Characteristic,
    Ld: Characteristic,
    Sv: Save,
    /** Invulnerable save, if any. */
    Inv: Save.optional(),
  })
  .strict();
export type Profile = z.infer<typeof Profile>;
export const PROFILE_KEYS = ['WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'Ld', 'Sv'] as const;

const StatChange = z
  .number({ error: 'A change is a whole number, e.g. 1 or -1.' })
  .int('A change is a whole number.')
  .min(-5, 'At most 5 down.')
  .max(5, 'At most 5 up.');
/**
 * What an option or Armoury item does to the model's profile: a change to a characteristic ({ S: 1 }) or a save it
 * gives ({ Sv: "4+" }, { Inv: "3+" }), used when better than the model's own. Absent means no change.
 */
export const ProfileEffect = z
  .object({
    WS: StatChange.optional(),
    BS: StatChange.optional(),
    S: StatChange.optional(),
    T: StatChange.optional(),
    W: StatChange.optional(),
    I: StatChange.optional(),
    A: StatChange.optional(),
    Ld: StatChange.optional(),
    Sv: Save.optional(),
    Inv: Save.optional(),
  })
  .strict();
export type ProfileEffect = z.infer<typeof ProfileEffect>;

/** Seed 004 "Special Rules" a Team List may give a model (picked from a list in the editor); others are free text. */
export const KNOWN_MODEL_RULES = ['Inspiring Presence', 'Non-Learning', 'Non-Flammable', 'Squad'] as const;

/**
 * How a named option group is chosen from: `one` = alternatives, a model takes at most one ("may replace its bolter
 * with one of:"); `any` = a heading only, a model may take any of them ("may take any of the following:").
 */
export const OptionChoice = z.enum(['one', 'any']);
export type OptionChoice = z.infer<typeof OptionChoice>;

export const OptionGroup = z
  .object({
    id: Slug,
    name: Name,
    choose: OptionChoice.default('one'),
  })
  .strict();
export type OptionGroup = z.infer<typeof OptionGroup>;

export const EntryOption = z
  .object({
    id: Slug,
    name: Name,
    points: Points,
    /**
     * The option group it belongs to. A group declared in the entry's `optionGroups` is chosen from as it says; an
     * undeclared group is "choose one" (format 1's meaning: options sharing a group are alternatives).
     */
    group: Slug.optional(),
    /** How many times one model may take it (default once). */
    maxPerModel: z
      .number({ error: 'Give how many times a model may take it.' })
      .int('A whole number of times.')
      .min(1, 'At least once.')
      .max(20, 'At most 20 times.')
      .default(1),
    /**
     * A Squad's option priced per model in the squad (a list's "+1 pt per model": carapace armour for the whole squad),
     * not once for the squad (one vox-caster). Absent means once, so lists written before keep their prices and hashes.
     */
    perModel: z.boolean().optional(),
    /** Wargear this option removes and adds, so the model card shows what the model actually carries. */
    replaces: z.array(Text).default([]),
    adds: z.array(Text).default([]),
    /** Grenades this option gives (they then may be bought again, seed 004 "Grenades"). */
    grenades: z.array(GrenadeType).default([]),
    /** What it does to the profile (e.g. a storm shield: { Inv: "3+" }). */
    stats: ProfileEffect.optional(),
  })
  .strict();
export type EntryOption = z.infer<typeof EntryOption>;

export const Entry = z
  .object({
    id: Slug,
    name: Name,
    category: EntryCategory,
    /** Per model. For a Squad, per model in the squad. */
    points: Points,
    profile: Profile,
    unitType: z.string().trim().min(1, 'Give a unit type, e.g. Infantry.').max(80).default('Infantry'),
    wargear: z.array(Text).default([]),
    /** Grenades the model comes with (seed 004: only these may be bought again). */
    grenades: z.array(GrenadeType).default([]),
    specialRules: z.array(Text).default([]),
    /** A psyker (psyker-only honours need it). Absent means false, so format-1 files and their hashes are unchanged. */
    psyker: z.boolean().optional(),
    options: z.array(EntryOption).default([]),
    /** Named option groups: how each is chosen from. Absent means none declared (every group is "choose one"). */
    optionGroups: z.array(OptionGroup).optional(),
    /** May buy from the team's Armoury (seed 004 "Kill Team Armouries": "it will say so in their options"). */
    armoury: z.boolean().default(false),
    /**
     * Kept so older files stay valid; Herald no longer reads it (issue 19). Seed 004 "Grenades" needs no such flag:
     * "If a model comes with grenades, they may still buy additional grenades", of a kind it already has.
     */
    buysGrenades: z.boolean().default(false),
    /** Most of this entry in one team, if the list limits it. */
    maxPerTeam: z
      .number({ error: 'A whole number, or leave it empty for no limit.' })
      .int('A whole number.')
      .min(1, 'At least 1 (leave it empty for no limit).')
      .optional(),
    /** Squad size (seed 004 "Squad": "will state how many models form the unit"). Required for category "squad". */
    squad: z
      .object({
        min: z
          .number({ error: 'Give the smallest squad.' })
          .int('A whole number of models.')
          .min(2, 'A squad has at least 2 models.')
          .max(50, 'At most 50 models.'),
        max: z
          .number({ error: 'Give the largest squad.' })
          .int('A whole number of models.')
          .min(2, 'A squad has at least 2 models.')
          .max(50, 'At most 50 models.'),
      })
      .strict()
      .optional(),
    notes: z.string().max(2000, 'Notes are at most 2000 characters.').optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    if (e.category === 'squad' && !e.squad)
      ctx.addIssue({ code: 'custom', path: ['squad'], message: 'a Squad needs its size: the smallest and largest number of models.' });
    if (e.category !== 'squad' && e.squad) ctx.addIssue({ code: 'custom', path: ['squad'], message: 'has a squad size but is not a Squad entry.' });
    if (e.squad && e.squad.min > e.squad.max)
      ctx.addIssue({ code: 'custom', path: ['squad'], message: `the smallest squad (${e.squad.min}) is larger than the largest (${e.squad.max}).` });
    const ids = new Set<string>();
    // What an option may replace: the entry's own wargear, or what another of its options adds (a swap of a swap).
    const carried = new Set([...e.wargear, ...e.options.flatMap((o) => o.adds)].map(wargearKey));
    e.options.forEach((o, i) => {
      if (ids.has(o.id)) ctx.addIssue({ code: 'custom', path: ['options', i, 'id'], message: `Two options have the id "${o.id}".` });
      ids.add(o.id);
      o.replaces.forEach((w, j) => {
        if (!carried.has(wargearKey(w)))
          ctx.addIssue({ code: 'custom', path: ['options', i, 'replaces', j], message: `replaces '${w}', which this entry does not carry.` });
      });
    });
    const groupIds = new Set<string>();
    (e.optionGroups ?? []).forEach((g, i) => {
      if (groupIds.has(g.id)) ctx.addIssue({ code: 'custom', path: ['optionGroups', i, 'id'], message: `Two option groups have the id "${g.id}".` });
      groupIds.add(g.id);
    });
  });
export type Entry = z.infer<typeof Entry>;

const Range = z
  .object({
    min: z.number({ error: 'Give a number (0 or more).' }).int('A whole number.').min(0, 'Cannot be negative.').max(50, 'At most 50.'),
    max: z.number({ error: 'Give a number (0 or more).' }).int('A whole number.').min(0, 'Cannot be negative.').max(50, 'At most 50.'),
  })
  .strict()
  .refine((r) => r.min <= r.max, { message: 'The minimum is larger than the maximum.' });

/**
 * Model Allowance (seed 004 "Building your Team": "You must follow all Model Allowance rules set out in your list").
 * Per category, a minimum and maximum number of entries; `unlocks` raise a maximum, e.g. "each Techmarine allows one
 * more Special model" → { when: "techmarine", per: 1, category: "special", extra: 1 }.
 */
export const Allowance = z
  .object({
    'team-leader': Range,
    special: Range,
    core: Range,
    squad: Range,
    unlocks: z
      .array(
        z
          .object({
            /** An entry id, or a category: every `per` of these in the team raises the maximum. */
            when: z.union([Slug, EntryCategory]),
            per: z.number({ error: 'Give a number.' }).int('A whole number.').min(1, 'At least 1.').max(50, 'At most 50.').default(1),
            category: EntryCategory,
            extra: z.number({ error: 'Give a number.' }).int('A whole number.').min(1, 'At least 1.').max(50, 'At most 50.').default(1),
          })
          .strict(),
      )
      .default([]),
  })
  .strict();
export type Allowance = z.infer<typeof Allowance>;

export const ArmouryItem = z
  .object({
    id: Slug,
    name: Name,
    points: Points,
    /** Which model types may take it (seed 004: "some armoury items may only be taken by specific types of models"). */
    allowed: z.array(EntryCategory).min(1, 'Tick at least one model type that may take it.'),
    /** If given, only these entries (ids) may take it, besides the `allowed` types; absent means any entry may. */
    entries: z.array(Slug).optional(),
    /** Its effect as printed, shown on the model card and the roster sheet. */
    text: z.string().max(2000, 'The effect text is at most 2000 characters.').optional(),
    /** What it does to the profile (e.g. carapace armour: { Sv: "4+" }). */
    stats: ProfileEffect.optional(),
    /**
     * Grenades the item gives the model, who may then buy more of them (seed 004 "Grenades"). Absent: an item named as
     * a grenade of the seed's list ("Melta bombs") gives that grenade (armouryGrenades), so older files need no change.
     */
    grenades: z.array(GrenadeType).optional(),
  })
  .strict();
export type ArmouryItem = z.infer<typeof ArmouryItem>;

/** "Melta bombs" → "meltabomb": a name as compared with the seed's grenade names. */
const grenadeKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/s$/, '');

/**
 * The grenades an Armoury item gives: its `grenades`, else the seed-004 grenade its name is (seed 004 "Grenades": a
 * model that has a grenade may buy more of it, so melta bombs from the Armoury let it buy more melta bombs).
 *
 * @example
 * armouryGrenades({ id: 'melta-bombs', name: 'Melta bombs', points: 5, allowed: ['core'] }); // → ['melta-bomb']
 * armouryGrenades({ id: 'auspex', name: 'Auspex', points: 5, allowed: ['core'] }); // → []
 */
export function armouryGrenades(item: ArmouryItem): GrenadeType[] {
  if (item.grenades) return item.grenades;
  const g = GRENADE_COSTS.find((x) => grenadeKey(x.name) === grenadeKey(item.name));
  return g ? [g.id] : [];
}

export const TeamList = z
  .object({
    format: z.literal(TEAM_LIST_FORMAT, { error: `This is not a Herald team list (the "format" field must be "${TEAM_LIST_FORMAT}").` }),
    formatVersion: z.literal(TEAM_LIST_FORMAT_VERSION, { error: `Herald reads team-list format version ${TEAM_LIST_FORMAT_VERSION}.` }),
    id: Slug,
    faction: Name,
    name: Name,
    /** The list's own version as printed by its authors, e.g. "2.1" or "club 2026-03". */
    listVersion: z
      .string({ error: 'Give the list version, e.g. "1.0".' })
      .trim()
      .min(1, 'Give the list version, e.g. "1.0".')
      .max(40, 'A version is at most 40 characters.'),
    /** Sample lists ship with Herald to get started; check them against your club's own list. */
    sample: z.boolean().default(false),
    source: z.string().max(500).optional(),
    teamRules: z
      .array(z.object({ name: Name, text: z.string().trim().min(1, 'Give the rule text.').max(4000, 'A rule is at most 4000 characters.') }).strict())
      .default([]),
    allowance: Allowance,
    entries: z.array(Entry).min(1, 'A team list needs at least one entry.'),
    armoury: z.array(ArmouryItem).default([]),
    /**
     * The grenades models of this list may buy more of, when the list limits them; empty (the default) means every
     * grenade of seed 004's list ("you may only buy grenades from this list"). Prices come from the seed's table.
     */
    grenades: z.array(GrenadeType).default([]),
  })
  .strict()
  .superRefine((list, ctx) => {
    const ids = new Set<string>();
    list.entries.forEach((e, i) => {
      if (ids.has(e.id)) ctx.addIssue({ code: 'custom', path: ['entries', i, 'id'], message: `Two entries have the id "${e.id}".` });
      ids.add(e.id);
    });
    const armouryIds = new Set<string>();
    list.armoury.forEach((a, i) => {
      if (armouryIds.has(a.id)) ctx.addIssue({ code: 'custom', path: ['armoury', i, 'id'], message: `Two armoury items have the id "${a.id}".` });
      armouryIds.add(a.id);
    });
    list.armoury.forEach((a, i) => {
      (a.entries ?? []).forEach((id, j) => {
        if (!ids.has(id))
          ctx.addIssue({ code: 'custom', path: ['armoury', i, 'entries', j], message: `refers to "${id}", which is not an entry of this list.` });
      });
    });
    list.allowance.unlocks.forEach((u, i) => {
      if (!EntryCategory.safeParse(u.when).success && !ids.has(u.when)) {
        ctx.addIssue({
          code: 'custom',
          path: ['allowance', 'unlocks', i, 'when'],
          message: `The allowance refers to "${u.when}", which is not an entry of this list.`,
        });
      }
    });
    if (!list.entries.some((e) => e.category === 'team-leader')) {
      ctx.addIssue({ code: 'custom', path: ['entries'], message: 'A team list needs at least one Team Leader entry.' });
    }
  });
export type TeamList = z.infer<typeof TeamList>;
export type TeamListInput = z.input<typeof TeamList>;

/** Wargear names compare without case or extra spaces ("Bolt Pistol" = "bolt pistol"). */
export const wargearKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** How a model chooses from an option group: declared groups say so; an undeclared group is "choose one". */
export function optionGroupChoice(entry: Pick<Entry, 'optionGroups'>, group: string | undefined): OptionChoice | undefined {
  if (!group) return undefined;
  return entry.optionGroups?.find((g) => g.id === group)?.choose ?? 'one';
}

/** May this entry take this Armoury item (seed 004: "it will say so in their options"; some items only for some types)? */
export function armouryAllows(item: ArmouryItem, entry: Pick<Entry, 'id' | 'category' | 'armoury'>): boolean {
  return entry.armoury && item.allowed.includes(entry.category) && (!item.entries || item.entries.length === 0 || item.entries.includes(entry.id));
}
