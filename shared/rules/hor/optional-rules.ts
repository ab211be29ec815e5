/**
 * The optional rules of seed 004: Weather, the in-game Injury rules, Destructible Terrain (004 "Optional Rules" and
 * the Injury section), and grenade purchases (004 "Grenades"), as data plus small pure functions.
 */
import type { DiceSource, RollRecord } from '../dice';
import type { DiceTable, OptionalRule } from '../ruleset/schema';
import { lookupRow } from '../ruleset/coverage';
import { cite004 } from './cite';

// ---------------------------------------------------------------------------------------------------------------
// Weather
// ---------------------------------------------------------------------------------------------------------------

/**
 * 004 "Weather": "roll a D6 on the following chart before deployment". The OCR lost the numbers of three rows and
 * kept "3-5. Fine conditions"; the only reading that covers 1–6 with the printed order is 1 Blizzard, 2 Stormy,
 * 3–5 Fine, 6 Perfect Weather (choice, recorded in the table's citation).
 */
export const WEATHER_TABLE: DiceTable = {
  id: 'hor-weather',
  name: 'Weather',
  expression: 'D6',
  rows: [
    {
      from: 1,
      to: 1,
      result: 'blizzard',
      text: 'Blizzard: no team may Infiltrate or Scout, no one may run, and Night Fighting rules are in effect during the entire game.',
    },
    { from: 2, to: 2, result: 'stormy', text: 'Stormy: weapon ranges are reduced by 3", and all scatter rolls are made on 3D6 instead of 2D6.' },
    { from: 3, to: 5, result: 'fine', text: 'Fine conditions: all normal rules apply.' },
    { from: 6, to: 6, result: 'perfect', text: 'Perfect Weather: add 3" to all weapon ranges.' },
  ],
  citation: cite004('Weather', 'Row numbers 1, 2 and 6 are lost in the OCR; only "3-5. Fine conditions" is printed. Read in printed order.'),
};

export interface WeatherEffects {
  id: 'blizzard' | 'stormy' | 'fine' | 'perfect';
  infiltrateAndScoutAllowed: boolean;
  runningAllowed: boolean;
  nightFightingAllGame: boolean;
  weaponRangeModifierInches: number;
  scatterDice: '2D6' | '3D6';
}

export const WEATHER_EFFECTS: Readonly<Record<WeatherEffects['id'], WeatherEffects>> = {
  blizzard: {
    id: 'blizzard',
    infiltrateAndScoutAllowed: false,
    runningAllowed: false,
    nightFightingAllGame: true,
    weaponRangeModifierInches: 0,
    scatterDice: '2D6',
  },
  stormy: {
    id: 'stormy',
    infiltrateAndScoutAllowed: true,
    runningAllowed: true,
    nightFightingAllGame: false,
    weaponRangeModifierInches: -3,
    scatterDice: '3D6',
  },
  fine: { id: 'fine', infiltrateAndScoutAllowed: true, runningAllowed: true, nightFightingAllGame: false, weaponRangeModifierInches: 0, scatterDice: '2D6' },
  perfect: {
    id: 'perfect',
    infiltrateAndScoutAllowed: true,
    runningAllowed: true,
    nightFightingAllGame: false,
    weaponRangeModifierInches: 3,
    scatterDice: '2D6',
  },
};

/**
 * 004 "Weather": roll a D6 on the built-in weather table before deployment; the row's effects as numbers.
 *
 * @example
 * rollWeather(new PhysicalDice([[2]])).weather; // → { id: 'stormy', weaponRangeModifierInches: -3, scatterDice: '3D6' }
 */
export function rollWeather(dice: DiceSource): { weather: WeatherEffects; text: string; roll: RollRecord } {
  const roll = dice.roll('D6', 'Weather');
  const row = lookupRow(WEATHER_TABLE.rows, roll.total);
  if (!row) throw new Error(`The weather table has no row for ${roll.total}.`);
  return { weather: WEATHER_EFFECTS[row.result as WeatherEffects['id']], text: row.text, roll };
}

// ---------------------------------------------------------------------------------------------------------------
// In-game injuries
// ---------------------------------------------------------------------------------------------------------------

/** 004 "Rolling for Injury": D6 — 1-2 Knocked down, 3-4 Stunned, 5-6 Out of action. */
export const IN_GAME_INJURY_TABLE: DiceTable = {
  id: 'hor-in-game-injury',
  name: 'Injury (in game)',
  expression: 'D6',
  rows: [
    {
      from: 1,
      to: 2,
      result: 'knocked-down',
      text: 'Knocked down: place the model face up. It may crawl 3" in the Movement phase but do nothing else; melee attacks against it hit automatically and any unsaved wound takes it out of action.',
    },
    {
      from: 3,
      to: 4,
      result: 'stunned',
      text: 'Stunned: turn the model face down. It may do nothing at all; next Movement phase it is turned face up and treated as knocked down. Any Attack designated against it in combat takes it out of action.',
    },
    {
      from: 5,
      to: 6,
      result: 'out-of-action',
      text: 'Out of action: the target has been badly hurt or killed. Remove the model from the battle as a casualty.',
    },
  ],
  citation: cite004('Rolling for Injury'),
};

export type InGameInjury = 'knocked-down' | 'stunned' | 'out-of-action';
const INJURY_ORDER: readonly InGameInjury[] = ['knocked-down', 'stunned', 'out-of-action'];

/** One wound that took the model to (or past) its last Wound. */
export interface LastWound {
  /** The To Wound roll's die (1–6). */
  toWoundRoll: number;
  /** The attacker normally needs 6s to wound this target: no critical hit possible. */
  needsSixesToWound: boolean;
  instantDeath: boolean;
}

export interface InjuryRoll {
  injury: InGameInjury;
  rolls: RollRecord[];
  reason: string;
}

function injuryFor(total: number): InGameInjury {
  if (total >= 5) return 'out-of-action';
  if (total >= 3) return 'stunned';
  return 'knocked-down';
}

/**
 * Roll for injury when a model loses its last Wound (004 "Rolling for Injury", "Critical Hits & Instant Death"):
 * the player who inflicted the wound rolls a D6 per wound and the highest result applies; a 6 To Wound is a critical
 * hit adding +1 (not when the attacker normally needs 6s to wound); Instant Death counts as Out of Action without a
 * roll. Wounds are rolled in the order given.
 *
 * @example
 * rollInGameInjury([{ toWoundRoll: 6, needsSixesToWound: false, instantDeath: false }], new PhysicalDice([[4]])).injury; // → 'out-of-action'
 * rollInGameInjury([{ toWoundRoll: 2, needsSixesToWound: false, instantDeath: true }], new PhysicalDice()).injury; // → 'out-of-action'
 */
export function rollInGameInjury(wounds: readonly LastWound[], dice: DiceSource, purpose = 'Injury roll'): InjuryRoll {
  if (wounds.length === 0) throw new RangeError('Roll for injury only when the model has lost its last Wound: give at least one wound.');
  const rolls: RollRecord[] = [];
  let best: InGameInjury = 'knocked-down';
  const notes: string[] = [];
  wounds.forEach((w, i) => {
    if (w.instantDeath) {
      best = 'out-of-action';
      notes.push(`wound ${i + 1}: Instant Death counts as Out of Action`);
      return;
    }
    const roll = dice.roll('D6', wounds.length === 1 ? purpose : `${purpose}, wound ${i + 1} of ${wounds.length}`);
    rolls.push(roll);
    const critical = w.toWoundRoll === 6 && !w.needsSixesToWound;
    const total = roll.total + (critical ? 1 : 0);
    const injury = injuryFor(total);
    notes.push(`wound ${i + 1}: rolled ${roll.total}${critical ? ' +1 critical hit' : ''} = ${injury.replace(/-/g, ' ')}`);
    if (INJURY_ORDER.indexOf(injury) > INJURY_ORDER.indexOf(best)) best = injury;
  });
  return { injury: best, rolls, reason: `${notes.join('; ')}. Highest result applies.` };
}

/**
 * 004 "Being Injured": prone models gain +1 to their cover save, or a 5+ cover save if they have none. A save is
 * written as the score needed (5 = 5+), so +1 lowers the number; 2+ is kept as the best, since a roll of 1 always
 * fails a save in 40k (choice: the seed does not say what a 2+ cover save becomes).
 *
 * @example
 * proneCoverSave(null); // → 5
 * proneCoverSave(4); // → 3
 */
export function proneCoverSave(currentCoverSave: number | null): number {
  return currentCoverSave === null ? 5 : Math.max(2, currentCoverSave - 1);
}

// ---------------------------------------------------------------------------------------------------------------
// Destructible terrain
// ---------------------------------------------------------------------------------------------------------------

/** 004 "Destructible Terrain": Armour Value 10; any glancing or penetrating hit removes it; WS 0 in close combat. */
export const DESTRUCTIBLE_TERRAIN = { armourValue: 10, weaponSkill: 0 } as const;

/**
 * 004 "Destructible Terrain": "any glancing or penetrating hit caused automatically removes it from the game".
 *
 * @example
 * destructibleTerrainRemoved('glancing'); // → true
 * destructibleTerrainRemoved('none'); // → false
 */
export function destructibleTerrainRemoved(hit: 'none' | 'glancing' | 'penetrating'): boolean {
  return hit !== 'none';
}

// ---------------------------------------------------------------------------------------------------------------
// Grenades
// ---------------------------------------------------------------------------------------------------------------

/** 004 "Grenades": extra grenades a model may buy, one pt cost each, only of a type it already has. */
export const GRENADE_COSTS = [
  { id: 'frag-assault', name: 'Frag/Assault Grenade', pts: 1 },
  { id: 'krak', name: 'Krak Grenade', pts: 1 },
  { id: 'defensive-photon', name: 'Defensive/Photon Grenade', pts: 1 },
  { id: 'plasma', name: 'Plasma Grenade', pts: 2 },
  { id: 'emp-haywire', name: 'EMP/Haywire Grenade', pts: 2 },
  { id: 'melta-bomb', name: 'Melta Bomb', pts: 5 },
] as const;

export type GrenadeId = (typeof GRENADE_COSTS)[number]['id'];

export interface GrenadePurchase {
  grenade: GrenadeId;
  count: number;
}

/**
 * Price extra grenades for one model. "you may only buy grenades from this list if the model already has that
 * grenade" (from its wargear or its options); each extra grenade costs the listed points. All grenades are One Use.
 *
 * @example
 * priceGrenades(['krak'], [{ grenade: 'krak', count: 2 }]); // → { pts: 2, problems: [] }
 * priceGrenades([], [{ grenade: 'melta-bomb', count: 1 }]).problems; // → ['Melta Bomb: only a model that already has this grenade may buy more.']
 */
export function priceGrenades(hasGrenades: readonly GrenadeId[], purchases: readonly GrenadePurchase[]): { pts: number; problems: string[] } {
  const problems: string[] = [];
  let pts = 0;
  for (const p of purchases) {
    const item = GRENADE_COSTS.find((g) => g.id === p.grenade);
    if (!item) {
      problems.push(`Unknown grenade "${p.grenade}".`);
      continue;
    }
    if (!Number.isInteger(p.count) || p.count < 0) {
      problems.push(`${item.name}: buy a whole number of grenades.`);
      continue;
    }
    if (!hasGrenades.includes(p.grenade)) {
      problems.push(`${item.name}: only a model that already has this grenade may buy more.`);
      continue;
    }
    pts += item.pts * p.count;
  }
  return { pts, problems };
}

// ---------------------------------------------------------------------------------------------------------------
// The optional rules a club switches on or off
// ---------------------------------------------------------------------------------------------------------------

export const OPTIONAL_RULES: readonly OptionalRule[] = [
  {
    id: 'weather',
    name: 'Weather',
    description: 'If both players agree, roll a D6 on the Weather chart before deployment.',
    enabledByDefault: false,
    tables: [WEATHER_TABLE.id],
    citation: cite004('Weather'),
  },
  {
    id: 'in-game-injuries',
    name: 'Injuries (in game)',
    description:
      'A model that loses its last Wound rolls on the injury table (knocked down, stunned, out of action); critical hits add +1; Instant Death is Out of Action. Discuss with your opponent beforehand.',
    enabledByDefault: false,
    tables: [IN_GAME_INJURY_TABLE.id],
    citation: cite004('Rolling for Injury'),
  },
  {
    id: 'destructible-terrain',
    name: 'Destructible Terrain',
    description: 'Agreed terrain features have Armour Value 10 and are removed by any glancing or penetrating hit; WS 0 in close combat.',
    enabledByDefault: false,
    tables: [],
    citation: cite004('Destructible Terrain'),
  },
];
