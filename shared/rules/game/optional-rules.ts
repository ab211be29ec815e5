/**
 * The optional rules a club switches on or off, in one place: its ruleset (issue 6 "which missions and optional rules
 * (weather, dusk & dawn, twists, mysterious objectives, in-game injury, the 8th-edition supplement) the club uses").
 *
 * A ruleset's `optionalRules` lists the optional rules it knows; `enabledByDefault` says whether the games of a
 * campaign playing it use the rule (a preset's value is what a new campaign starts with; all of them start off).
 * Switching a rule on adds it, and the dice tables it rolls on, to the ruleset when it does not have them yet, so a
 * club can then edit its own copy of the table in House rules (planGame rolls on the ruleset's copy).
 *
 * The catalogue cites each rule's seed: 004 Weather, Injuries (in game), Destructible Terrain; 000 Dusk & Dawn;
 * 003 Twist, Mysterious Objectives and the supplement's six missions.
 */
import type { DiceTable, OptionalRule, Ruleset } from '../ruleset/schema';
import { allTables } from '../ruleset/schema';
import { IN_GAME_INJURY_TABLE, OPTIONAL_RULES, WEATHER_TABLE } from '../hor/optional-rules';
import { cite000 } from '../mission-pack/cite';
import { DUSK_AND_DAWN_TABLE } from '../mission-pack/dusk-and-dawn';
import { cite003 } from '../club-8th/cite';
import { CLUB_MISSION_TABLE } from '../club-8th/missions';
import { MYSTERIOUS_OBJECTIVES_TABLE } from '../club-8th/mysterious-objectives';
import { TWIST_TABLE } from '../club-8th/twist';
import type { PlanOptionalRules } from './plan';

/** The id of the 8th-edition supplement's switch (seed 003's six missions). */
export const CLUB_8TH_MISSIONS = 'club-8th-missions';

export interface HouseOptionalRule {
  /** The rule as a ruleset holds it (switched off). */
  rule: OptionalRule;
  /** The dice tables it rolls on, added to the ruleset with it. */
  tables: DiceTable[];
  /** The game-plan option it drives (planGame), or null when it changes nothing Herald plans or scores. */
  planKey: keyof PlanOptionalRules | null;
}

const hor = (id: string): OptionalRule => {
  const rule = OPTIONAL_RULES.find((o) => o.id === id);
  if (!rule) throw new Error(`No seed-004 optional rule "${id}".`);
  return rule;
};

/** Every optional rule Herald knows, in the order the House rules page lists them. */
export const HOUSE_OPTIONAL_RULES: readonly HouseOptionalRule[] = [
  { rule: hor('weather'), tables: [WEATHER_TABLE], planKey: 'weather' },
  {
    rule: {
      id: 'dusk-and-dawn',
      name: 'Dusk & Dawn',
      description:
        'After deployment, before the first turn, roll a D6: on a 1 the battle starts before dawn (Night Fighting on Turn 1), on a 6 at dusk (Night Fighting from Turn 6).',
      enabledByDefault: false,
      tables: [DUSK_AND_DAWN_TABLE.id],
      citation: cite000('Dusk & Dawn'),
    },
    tables: [DUSK_AND_DAWN_TABLE],
    planKey: 'duskAndDawn',
  },
  {
    rule: {
      id: 'twist',
      name: 'Twist',
      description: 'Roll 2D6 on the Twist table before the battle: restoratives, acid rain, a warp storm, low visibility, a meeting battle…',
      enabledByDefault: false,
      tables: [TWIST_TABLE.id],
      citation: cite003('Приложение 2. / Twist (Roll a 2D6)'),
    },
    tables: [TWIST_TABLE],
    planKey: 'twist',
  },
  {
    rule: {
      id: 'mysterious-objectives',
      name: 'Mysterious Objectives',
      description:
        'In missions with objective markers, the first unit within 3" of a marker identifies it with a D6: sabotaged, nothing of note, grav-wave generator, targeting relay, scatterfield or fire support.',
      enabledByDefault: false,
      tables: [MYSTERIOUS_OBJECTIVES_TABLE.id],
      citation: cite003('Mysterious Objectives'),
    },
    tables: [MYSTERIOUS_OBJECTIVES_TABLE],
    planKey: 'mysteriousObjectives',
  },
  { rule: hor('in-game-injuries'), tables: [IN_GAME_INJURY_TABLE], planKey: null },
  { rule: hor('destructible-terrain'), tables: [], planKey: null },
  {
    rule: {
      id: CLUB_8TH_MISSIONS,
      name: '8th-edition supplement missions',
      description:
        "The club supplement's six missions can be chosen or rolled for a game: Vital Intelligence, Beachhead, No Mercy (Eternal War), Visions of Victory, Tactical Escalation, Deadlock (Maelstrom of War), with their own deployment, first turn, battle length and victory conditions.",
      enabledByDefault: false,
      tables: [CLUB_MISSION_TABLE.id],
      citation: cite003('Приложение 3.'),
    },
    tables: [CLUB_MISSION_TABLE],
    planKey: null,
  },
];

/** A deep copy of plain JSON data (the rules package has no structuredClone: no DOM or Node libraries). */
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/**
 * Herald's definition of a known optional rule, or undefined.
 *
 * @example
 * houseOptionalRule('twist')?.planKey; // → 'twist'
 * houseOptionalRule('moon-phase'); // → undefined
 */
export function houseOptionalRule(id: string): HouseOptionalRule | undefined {
  return HOUSE_OPTIONAL_RULES.find((h) => h.rule.id === id);
}

/**
 * Do this ruleset's games use the optional rule? (It is listed and switched on.)
 *
 * @example
 * isOptionalRuleOn(battleHonoursPreset(), 'weather'); // → false (listed, switched off)
 * isOptionalRuleOn(withOptionalRules(battleHonoursPreset(), { weather: true }), 'weather'); // → true
 */
export function isOptionalRuleOn(ruleset: Pick<Ruleset, 'optionalRules'>, id: string): boolean {
  return ruleset.optionalRules.some((o) => o.id === id && o.enabledByDefault);
}

/**
 * The game-plan options a ruleset switches on (planGame's `optionalRules`): what games.create stores for a new game.
 *
 * @example
 * planOptionalRulesOf(withOptionalRules(battleHonoursPreset(), { twist: true }));
 * // → { weather: false, duskAndDawn: false, twist: true, mysteriousObjectives: false }
 */
export function planOptionalRulesOf(ruleset: Pick<Ruleset, 'optionalRules'>): PlanOptionalRules {
  const out: PlanOptionalRules = { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false };
  for (const h of HOUSE_OPTIONAL_RULES) if (h.planKey !== null) out[h.planKey] = isOptionalRuleOn(ruleset, h.rule.id);
  return out;
}

/**
 * Seed 003's six missions can be chosen or rolled (the 8th-edition supplement is switched on).
 *
 * @example
 * clubMissionsOn(withOptionalRules(battleHonoursPreset(), { 'club-8th-missions': true })); // → true
 */
export const clubMissionsOn = (ruleset: Pick<Ruleset, 'optionalRules'>): boolean => isOptionalRuleOn(ruleset, CLUB_8TH_MISSIONS);

/**
 * Switch an optional rule on or off, changing `ruleset` in place (an editor's draft). Switching on a rule the ruleset
 * does not list yet adds Herald's definition, and any dice table it rolls on that the ruleset lacks; switching off keeps
 * the rule (and its tables) listed, off. Throws for an id that is neither in the ruleset nor known to Herald.
 *
 * @example
 * const r = battleHonoursPreset();
 * switchOptionalRule(r, 'twist', true);
 * allTables(r).some((t) => t.id === 'twist'); // → true
 */
export function switchOptionalRule(ruleset: Ruleset, id: string, on: boolean): void {
  const known = houseOptionalRule(id);
  let rule = ruleset.optionalRules.find((o) => o.id === id);
  if (!rule) {
    if (!known) throw new Error(`There is no optional rule "${id}".`);
    if (!on) return;
    const added = clone(known.rule);
    ruleset.optionalRules.push(added);
    rule = added;
  }
  rule.enabledByDefault = on;
  if (!on || !known) return;
  const have = new Set(allTables(ruleset).map((t) => t.id));
  for (const table of known.tables) {
    if (rule.tables.includes(table.id) && !have.has(table.id)) ruleset.diceTables.push(clone(table));
  }
}

/**
 * A copy of the ruleset with the optional rules given switched on or off (see switchOptionalRule).
 *
 * @example
 * planOptionalRulesOf(withOptionalRules(battleHonoursPreset(), { weather: true, 'dusk-and-dawn': true })).duskAndDawn; // → true
 */
export function withOptionalRules(ruleset: Ruleset, switches: Readonly<Record<string, boolean>>): Ruleset {
  const copy = clone(ruleset);
  for (const [id, on] of Object.entries(switches)) switchOptionalRule(copy, id, on);
  return copy;
}

/** The ruleset's optional-rule id for a game-plan option. */
export const PLAN_KEY_RULE: Readonly<Record<keyof PlanOptionalRules, string>> = {
  weather: 'weather',
  duskAndDawn: 'dusk-and-dawn',
  twist: 'twist',
  mysteriousObjectives: 'mysterious-objectives',
};

export interface OptionalRuleSwitch {
  id: string;
  name: string;
  description: string;
  /** The seed (or "house rule") it comes from. */
  source: string;
  on: boolean;
  /** Herald's own catalogue has it (false: a rule only this ruleset defines). */
  known: boolean;
}

/**
 * Every optional rule a club can switch in this ruleset: Herald's catalogue, in its order, then any rule only the
 * ruleset defines, each with whether it is on.
 *
 * @example
 * optionalRuleSwitches(battleHonoursPreset()).map((s) => s.id);
 * // → ['weather', 'dusk-and-dawn', 'twist', 'mysterious-objectives', 'in-game-injuries', 'destructible-terrain', 'club-8th-missions']
 */
export function optionalRuleSwitches(ruleset: Pick<Ruleset, 'optionalRules'>): OptionalRuleSwitch[] {
  const out: OptionalRuleSwitch[] = [];
  for (const h of HOUSE_OPTIONAL_RULES) {
    const own = ruleset.optionalRules.find((o) => o.id === h.rule.id);
    const rule = own ?? h.rule;
    out.push({ id: rule.id, name: rule.name, description: rule.description, source: rule.citation.source, on: own?.enabledByDefault ?? false, known: true });
  }
  for (const o of ruleset.optionalRules) {
    if (houseOptionalRule(o.id)) continue;
    out.push({ id: o.id, name: o.name, description: o.description, source: o.citation.source, on: o.enabledByDefault, known: false });
  }
  return out;
}

/**
 * The optional rules switched on that Herald neither rolls nor scores — they are played at the table (004 Injuries
 * in game, Destructible Terrain, a club's own): the game plan lists them with the special rules in effect.
 *
 * @example
 * atTheTableOptionalRules(withOptionalRules(battleHonoursPreset(), { 'in-game-injuries': true, weather: true })).map((o) => o.id); // → ['in-game-injuries']
 */
export function atTheTableOptionalRules(ruleset: Pick<Ruleset, 'optionalRules'>): OptionalRule[] {
  return ruleset.optionalRules.filter((o) => o.enabledByDefault && o.id !== CLUB_8TH_MISSIONS && (houseOptionalRule(o.id)?.planKey ?? null) === null);
}
