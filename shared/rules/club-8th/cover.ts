/**
 * Cover (003 "Improving the Benefits of Cover", "Ignoring the Benefits of Cover", "Agreeing on Cover").
 *
 * The seed starts mid-document, so the basic soft/hard cover bonuses are not stated outright. They are read from its
 * own words: an improving ability is quoted as "add 2 ... instead of 1" (so the normal bonus, i.e. soft cover, is +1),
 * and with hard cover such a model gets "an additional +1 bonus ... you add 3" (so the normal hard cover bonus is
 * 3 − 1 = +2). Both numbers are therefore derived, not printed as such.
 */
import { z } from 'zod';
import type { DiceSource, RollRecord } from '../dice';
import { Citation, RuleId } from '../ruleset/schema';
import { cite003 } from './cite';

export const CoverKind = z.enum(['soft', 'hard']);
export type CoverKind = z.infer<typeof CoverKind>;

/** Normal save bonus in cover (derived: see the file comment). */
export const COVER_SAVE_BONUS: Readonly<Record<CoverKind, number>> = { soft: 1, hard: 2 };

/** 003 "Improving the Benefits of Cover": in hard cover an improving ability gives "an additional +1 bonus". */
export const HARD_COVER_IMPROVEMENT = 1;

export interface CoverSaveInput {
  /** The cover the target is receiving the benefit of; null = none. */
  cover: CoverKind | null;
  /** The target has an ability like "add N to saving throws ... in cover instead of 1": N. */
  improvedBonus?: number;
  /** The attacker (model or weapon) has an ability that ignores the benefit of cover. */
  ignoresCover?: boolean;
}

export interface CoverSave {
  bonus: number;
  /** 003: ignoring cover "does not ignore any penalty incurred to the firer's hit rolls as a result of the target being obscured". */
  obscuredHitPenaltyStillApplies: boolean;
  reason: string;
}

/**
 * The bonus to a target's saving throws from cover (003):
 * - soft cover: +1, or the improving ability's number ("you only add the bonus ... when it receives the benefit of soft
 *   cover");
 * - hard cover: +2, and with an improving ability +2 +1 = +3 "regardless of the actual number listed in its ability";
 * - an ignoring ability: no bonus in soft or hard cover (a hit-roll penalty for being obscured still applies).
 *
 * @example
 * coverSaveBonus({ cover: 'hard', improvedBonus: 2 }).bonus; // → 3
 * coverSaveBonus({ cover: 'soft', ignoresCover: true }).bonus; // → 0
 */
export function coverSaveBonus(input: CoverSaveInput): CoverSave {
  if (input.cover === null) return { bonus: 0, obscuredHitPenaltyStillApplies: false, reason: 'Not in cover.' };
  if (input.ignoresCover === true) {
    return {
      bonus: 0,
      obscuredHitPenaltyStillApplies: true,
      reason: `The attack ignores the benefit of cover: no bonus from ${input.cover} cover (any hit penalty for an obscured target still applies).`,
    };
  }
  if (input.improvedBonus !== undefined && (!Number.isInteger(input.improvedBonus) || input.improvedBonus < 0)) {
    throw new RangeError(`An improved cover bonus is a whole number; got ${input.improvedBonus}.`);
  }
  if (input.cover === 'soft') {
    const bonus = input.improvedBonus ?? COVER_SAVE_BONUS.soft;
    return { bonus, obscuredHitPenaltyStillApplies: false, reason: `Soft cover: +${bonus} to saving throws.` };
  }
  const improved = input.improvedBonus !== undefined;
  const bonus = COVER_SAVE_BONUS.hard + (improved ? HARD_COVER_IMPROVEMENT : 0);
  return {
    bonus,
    obscuredHitPenaltyStillApplies: false,
    reason: improved
      ? `Hard cover with an improving ability: +${bonus} (an additional +1, whatever the ability's number).`
      : `Hard cover: +${bonus} to saving throws.`,
  };
}

export const CoverTerrain = z.object({
  id: RuleId,
  name: z.string().min(1),
  cover: CoverKind,
  /** Named kinds included in this entry, e.g. Death World Forest includes Grapple Weeds. */
  includes: z.array(z.string().min(1)),
  /** The names marked * in the table: may inflict a mortal wound on a unit using them as cover. */
  hazardous: z.array(z.string().min(1)),
});
export type CoverTerrain = z.infer<typeof CoverTerrain>;

export const CoverTable = z.object({ terrain: z.array(CoverTerrain), citation: Citation });
export type CoverTable = z.infer<typeof CoverTable>;

/** 003 "Agreeing on Cover": the table of soft and hard cover terrain. */
export const COVER_TABLE: CoverTable = {
  terrain: [
    {
      id: 'death-world-forest',
      name: 'Death World Forest',
      cover: 'soft',
      includes: ['Eldritch Ruins', 'Grapple Weeds', 'Shardwrack Spines', 'Barbed Venomgorse'],
      hazardous: [],
    },
    { id: 'woods', name: 'Woods', cover: 'soft', includes: [], hazardous: [] },
    { id: 'battlescape', name: 'Battlescape', cover: 'soft', includes: [], hazardous: [] },
    { id: 'craters', name: 'Craters', cover: 'soft', includes: [], hazardous: [] },
    { id: 'imperial-statuary', name: 'Imperial Statuary', cover: 'soft', includes: [], hazardous: [] },
    { id: 'obstacles', name: 'Obstacles', cover: 'soft', includes: [], hazardous: [] },
    {
      id: 'sector-mechanicus',
      name: 'Sector Mechanicus structures',
      cover: 'hard',
      includes: ['Haemotrope Reactors', 'Galvanic Servohaulers', 'Thermic Plasma Regulators', 'Thermic Plasma Conduits'],
      hazardous: ['Thermic Plasma Regulators', 'Thermic Plasma Conduits'],
    },
    { id: 'ruins', name: 'Ruins', cover: 'hard', includes: [], hazardous: [] },
    { id: 'fuel-pipes', name: 'Fuel Pipes', cover: 'hard', includes: [], hazardous: ['Fuel Pipes'] },
    { id: 'barricades', name: 'Barricades', cover: 'hard', includes: [], hazardous: [] },
    { id: 'fortifications', name: 'Fortifications', cover: 'hard', includes: [], hazardous: [] },
  ],
  citation: cite003('Agreeing on Cover'),
};

const norm = (s: string) => s.trim().toLowerCase();

/**
 * Which cover a terrain feature gives. A feature not on the table is 'agree': "players should agree after creating
 * their battlefield whether it is classed as soft or hard cover" (pass their agreement in `agreed`).
 *
 * @example
 * coverOf('Fuel Pipes'); // → { cover: 'hard', hazardous: true }
 * coverOf('Crashed Aquila'); // → { cover: 'agree', entry: null }
 * coverOf('Crashed Aquila', { 'Crashed Aquila': 'hard' }).cover; // → 'hard'
 */
export function coverOf(
  feature: string,
  agreed: Readonly<Record<string, CoverKind>> = {},
  table: CoverTable = COVER_TABLE,
): { cover: CoverKind | 'agree'; entry: CoverTerrain | null; hazardous: boolean } {
  const f = norm(feature);
  const entry = table.terrain.find((t) => norm(t.name) === f || t.includes.some((i) => norm(i) === f)) ?? null;
  const hazardous = entry?.hazardous.some((h) => norm(h) === f) ?? false;
  if (entry) return { cover: entry.cover, entry, hazardous };
  const found = Object.entries(agreed).find(([name]) => norm(name) === f);
  return { cover: found ? found[1] : 'agree', entry: null, hazardous: false };
}

/**
 * 003 (footnote *): Fuel Pipes, Thermic Plasma Regulators and Thermic Plasma Conduits: "roll a D6 each time you make an
 * unmodified saving throw of 6 for such units, instead of a modified saving throw of 7+. On a 1, the model's unit
 * suffers 1 mortal wound." The garbled "instead of a modified saving throw of 7+" is read as: only an unmodified 6
 * triggers the roll, not a save that reaches 7+ through modifiers.
 *
 * @example
 * hazardousCoverCheck(6, new PhysicalDice([[1]])).mortalWounds; // → 1
 * hazardousCoverCheck(5, new PhysicalDice()).rolled; // → false
 */
export function hazardousCoverCheck(
  unmodifiedSave: number,
  dice: DiceSource,
  unit?: string,
): { rolled: boolean; roll: RollRecord | null; mortalWounds: 0 | 1 } {
  if (!Number.isInteger(unmodifiedSave) || unmodifiedSave < 1 || unmodifiedSave > 6)
    throw new RangeError(`A saving throw die shows 1 to 6; got ${unmodifiedSave}.`);
  if (unmodifiedSave !== 6) return { rolled: false, roll: null, mortalWounds: 0 };
  const roll = dice.roll('D6', unit === undefined ? 'Hazardous cover' : `Hazardous cover, ${unit}`);
  return { rolled: true, roll, mortalWounds: roll.total === 1 ? 1 : 0 };
}
