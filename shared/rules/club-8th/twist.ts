/**
 * The Twist table (003 "Приложение 2." = Appendix 2, "TWIST (Roll a 2D6)": eleven results, 2 to 12) and the
 * rules inside its results: Acid Rain, Low Visibility (with the Light 'em up Stratagem), Orbital Debris, Fog of War,
 * Dead of Night, Meeting Battle, Restoratives.
 */
import { z } from 'zod';
import type { DiceSource, RollRecord } from '../dice';
import type { DiceTable } from '../ruleset/schema';
import { RuleId } from '../ruleset/schema';
import { cite003 } from './cite';

export type TwistId =
  | 'restoratives'
  | 'acid-rain'
  | 'warp-storm'
  | 'eager-for-the-fight'
  | 'battle-frenzy'
  | 'low-visibility'
  | 'grudge-match'
  | 'orbital-debris'
  | 'fog-of-war'
  | 'dead-of-night'
  | 'meeting-battle';

export const TWIST_TABLE: DiceTable = {
  id: 'twist',
  name: 'Twist',
  expression: '2D6',
  rows: [
    {
      from: 2,
      to: 2,
      result: 'restoratives',
      text: 'Restoratives: Each player may pick a friendly unit at the start of their turn. That unit regains D3 lost wounds.',
    },
    {
      from: 3,
      to: 3,
      result: 'acid-rain',
      text: 'Acid Rain: Subtract 1 from all hit rolls made for shooting attacks and from all Advance and charge rolls. Roll a dice at the start of each battle round after the first: on a 4+ the rain stops (if it was raining in the last battle round), or starts again (if it was not).',
    },
    {
      from: 4,
      to: 4,
      result: 'warp-storm',
      text: 'Warp Storm: Add 1 to all Psychic tests and Deny the Witch tests. In addition, add 1 to the number of mortal wounds that a model suffers from the Perils of the Warp.',
    },
    {
      from: 5,
      to: 5,
      result: 'eager-for-the-fight',
      text: 'Eager for the Fight: Add 2" to the Move characteristic of all models, and add 1 to all Advance and charge rolls.',
    },
    { from: 6, to: 6, result: 'battle-frenzy', text: 'Battle Frenzy: Add 1 to the Attacks characteristic of all models in this battle.' },
    {
      from: 7,
      to: 7,
      result: 'low-visibility',
      text: 'Low Visibility: Hit rolls in the Shooting phase suffer a penalty by distance (0-12" none, 12-24" -1, 24-36" -2, 36"+ -3; exactly 12", 24" or 36" uses the lesser). Stratagem (1CP) Light \'em up: select an enemy unit; for the duration of your turn, your units can shoot at it without Low Visibility penalties.',
    },
    { from: 8, to: 8, result: 'grudge-match', text: 'Grudge Match: Units do not have to take Morale tests in this battle.' },
    {
      from: 9,
      to: 9,
      result: 'orbital-debris',
      text: 'Orbital Debris: Each player rolls 3 dice at the start of their turn. For each roll of 6, they may pick a separate enemy unit and inflict D3 mortal wounds upon it.',
    },
    {
      from: 10,
      to: 10,
      result: 'fog-of-war',
      text: 'Fog of War: A unit arriving on the battlefield after the battle has begun rolls a dice the first time it does so: on a 1 or 2 it is delayed and arrives in the following turn instead.',
    },
    {
      from: 11,
      to: 11,
      result: 'dead-of-night',
      text: 'Dead of Night: The maximum range of all shooting attacks and psychic powers is 12". At the start of each battle round after the first, the player who took the first turn rolls a dice: each 4+ adds 6" more (6", then 12", then 18" ...).',
    },
    {
      from: 12,
      to: 12,
      result: 'meeting-battle',
      text: 'Meeting Battle: Each army is split into three contingents, none with more than half the army\'s units: one sets up normally, the second arrives at the end of its controller\'s second Movement phase, the last at the end of the third. Units of the second and third contingents are set up more than 9" from the enemy, wholly within 9" of a battlefield edge and outside the enemy deployment zone.',
    },
  ],
  citation: cite003('Twist (Roll a 2D6)', 'OCR: the seed writes inches as `` (e.g. 2``, 12``, 9``); read as ".'),
};

/**
 * 003 "TWIST (Roll a 2D6)": roll on the built-in Twist table (planGame uses the ruleset's copy when it has one).
 *
 * @example
 * rollTwist(new PhysicalDice([[3, 4]])).twist; // → 'low-visibility'
 */
export function rollTwist(dice: DiceSource): { twist: TwistId; text: string; roll: RollRecord } {
  const roll = dice.roll('2D6', 'Twist');
  const row = TWIST_TABLE.rows.find((r) => r.from === roll.total);
  if (!row) throw new Error(`The Twist table has no row for ${roll.total}.`);
  return { twist: row.result as TwistId, text: row.text, roll };
}

// ---------------------------------------------------------------------------------------------------------------
// The fixed modifiers of each twist, for the game screen
// ---------------------------------------------------------------------------------------------------------------

export const TwistModifiers = z.object({
  twist: RuleId,
  /** Added to hit rolls of shooting attacks (Acid Rain while raining). Low Visibility is by distance: see lowVisibilityPenalty. */
  shootingHitModifier: z.number().int(),
  advanceModifier: z.number().int(),
  chargeModifier: z.number().int(),
  /** Inches added to every model's Move characteristic. */
  moveModifier: z.number().int(),
  attacksModifier: z.number().int(),
  psychicTestModifier: z.number().int(),
  denyTheWitchModifier: z.number().int(),
  /** Added to the mortal wounds a model suffers from Perils of the Warp. */
  perilsExtraMortalWounds: z.number().int(),
  moraleTests: z.boolean(),
  /** Maximum range of shooting attacks and psychic powers at the start (Dead of Night); null = no limit. */
  maxRangeInches: z.number().int().positive().nullable(),
});
export type TwistModifiers = z.infer<typeof TwistModifiers>;

const NONE = {
  shootingHitModifier: 0,
  advanceModifier: 0,
  chargeModifier: 0,
  moveModifier: 0,
  attacksModifier: 0,
  psychicTestModifier: 0,
  denyTheWitchModifier: 0,
  perilsExtraMortalWounds: 0,
  moraleTests: true,
  maxRangeInches: null,
} as const;

/** Acid Rain modifiers apply while it rains; Dead of Night's range grows (deadOfNightMaxRange). */
export const TWIST_MODIFIERS: Readonly<Record<TwistId, TwistModifiers>> = {
  restoratives: { twist: 'restoratives', ...NONE },
  'acid-rain': { twist: 'acid-rain', ...NONE, shootingHitModifier: -1, advanceModifier: -1, chargeModifier: -1 },
  'warp-storm': { twist: 'warp-storm', ...NONE, psychicTestModifier: 1, denyTheWitchModifier: 1, perilsExtraMortalWounds: 1 },
  'eager-for-the-fight': { twist: 'eager-for-the-fight', ...NONE, moveModifier: 2, advanceModifier: 1, chargeModifier: 1 },
  'battle-frenzy': { twist: 'battle-frenzy', ...NONE, attacksModifier: 1 },
  'low-visibility': { twist: 'low-visibility', ...NONE },
  'grudge-match': { twist: 'grudge-match', ...NONE, moraleTests: false },
  'orbital-debris': { twist: 'orbital-debris', ...NONE },
  'fog-of-war': { twist: 'fog-of-war', ...NONE },
  'dead-of-night': { twist: 'dead-of-night', ...NONE, maxRangeInches: 12 },
  'meeting-battle': { twist: 'meeting-battle', ...NONE },
};

// ---------------------------------------------------------------------------------------------------------------
// 2 Restoratives
// ---------------------------------------------------------------------------------------------------------------

/**
 * 003 Twist 2: "That unit regains D3 lost wounds."
 *
 * @example
 * restoratives(new PhysicalDice([[2]]), 'Boyz').woundsRegained; // → 2
 */
export function restoratives(dice: DiceSource, unit: string): { woundsRegained: number; roll: RollRecord } {
  const roll = dice.roll('D3', `Restoratives: ${unit}`);
  return { woundsRegained: roll.total, roll };
}

// ---------------------------------------------------------------------------------------------------------------
// 3 Acid Rain
// ---------------------------------------------------------------------------------------------------------------

/**
 * 003 Twist 3: "Roll a dice at the start of each battle round after the first. On a roll 4+ the rain stops (if it was
 * raining in the last battle round), or starts again (if it was not raining ...)". It rains in the first battle round.
 *
 * @example
 * acidRainCheck(1, false, new PhysicalDice()).raining; // → true (it rains in the first battle round)
 * acidRainCheck(2, true, new PhysicalDice([[4]])).raining; // → false (4+: the rain stops)
 */
export function acidRainCheck(round: number, rainingLastRound: boolean, dice: DiceSource): { raining: boolean; roll: RollRecord | null } {
  if (!Number.isInteger(round) || round < 1) throw new RangeError(`A battle round is 1 or more; got ${round}.`);
  if (round === 1) return { raining: true, roll: null };
  const roll = dice.roll('D6', `Acid Rain, start of battle round ${round}`);
  return { raining: roll.total >= 4 ? !rainingLastRound : rainingLastRound, roll };
}

// ---------------------------------------------------------------------------------------------------------------
// 7 Low Visibility
// ---------------------------------------------------------------------------------------------------------------

/** 003 Twist 7 distance table: 0-12" none, 12-24" -1, 24-36" -2, 36"+ -3. */
export const LOW_VISIBILITY_BANDS: readonly { upToInches: number | null; hitModifier: number }[] = [
  { upToInches: 12, hitModifier: 0 },
  { upToInches: 24, hitModifier: -1 },
  { upToInches: 36, hitModifier: -2 },
  { upToInches: null, hitModifier: -3 },
];

/** 003 Twist 7 Stratagem: "(1CP) Light 'em up". */
export const LIGHT_EM_UP = {
  id: 'light-em-up',
  name: "Light 'em up",
  commandPoints: 1,
  text: 'Select an enemy unit. For the duration of your turn, your units can shoot at that unit without penalties from Low Visibility.',
  usableBy: 'both players',
} as const;

/**
 * The hit-roll modifier for a shooting attack under Low Visibility: "If the target unit is exactly 12", 24", or 36"
 * away, use the lesser penalty". No penalty against a unit picked with Light 'em up this turn.
 *
 * @example
 * lowVisibilityPenalty(24); // → -1 (exactly 24": the lesser penalty)
 * lowVisibilityPenalty(30); // → -2
 * lowVisibilityPenalty(30, true); // → 0 (Light 'em up)
 */
export function lowVisibilityPenalty(distanceInches: number, litUp = false): number {
  if (!(distanceInches >= 0)) throw new RangeError(`A distance is 0 or more; got ${distanceInches}.`);
  if (litUp) return 0;
  const band = LOW_VISIBILITY_BANDS.find((b) => b.upToInches === null || distanceInches <= b.upToInches);
  return band?.hitModifier ?? 0;
}

// ---------------------------------------------------------------------------------------------------------------
// 9 Orbital Debris
// ---------------------------------------------------------------------------------------------------------------

/**
 * 003 Twist 9: "Each player rolls 3 dice at the start of their turn. For each roll of 6, they may pick a separate enemy
 * unit and inflict D3 mortal wounds upon it." Rolled as one 3D6 record (its faces are the three dice); one D3 per 6.
 *
 * @example
 * orbitalDebris(new PhysicalDice([[6, 2, 6], [1], [3]]), 'Player A'); // → { sixes: 2, mortalWoundRolls: [{ total: 1 }, { total: 3 }] }
 */
export function orbitalDebris(dice: DiceSource, player: string): { sixes: number; roll: RollRecord; mortalWoundRolls: RollRecord[]; rolls: RollRecord[] } {
  const roll = dice.roll('3D6', `Orbital Debris: ${player}`);
  const sixes = roll.faces.filter((f) => f === 6).length;
  const mortalWoundRolls = Array.from({ length: sixes }, (_, i) =>
    dice.roll('D3', `Orbital Debris: mortal wounds on enemy unit ${i + 1} of ${sixes} (${player})`),
  );
  return { sixes, roll, mortalWoundRolls, rolls: [roll, ...mortalWoundRolls] };
}

// ---------------------------------------------------------------------------------------------------------------
// 10 Fog of War
// ---------------------------------------------------------------------------------------------------------------

/**
 * 003 Twist 10: roll the first time a unit arrives after the battle has begun; "On a 1 or 2, it is delayed".
 *
 * @example
 * fogOfWarCheck(new PhysicalDice([[2]]), 'Deep strikers').delayed; // → true
 */
export function fogOfWarCheck(dice: DiceSource, unit: string): { delayed: boolean; roll: RollRecord } {
  const roll = dice.roll('D6', `Fog of War: ${unit}`);
  return { delayed: roll.total <= 2, roll };
}

// ---------------------------------------------------------------------------------------------------------------
// 11 Dead of Night
// ---------------------------------------------------------------------------------------------------------------

/** 003 Twist 11: "The maximum range of all shooting attacks and psychic powers is limited to 12"". */
export const DEAD_OF_NIGHT_BASE_RANGE = 12;
/** 003 Twist 11: the first 4+ adds 6", the second 12", the third 18" "and so on". */
export const DEAD_OF_NIGHT_STEP = 6;

/**
 * The range limit after `successes` rolls of 4+. "On the first roll of 4+, 6" is added ... The second time a roll of 4+
 * is made, 12" is added; the third time, 18" is added": read as the total added to the 12" limit (12+6, 12+12, 12+18,
 * i.e. 18", 24", 30"), not as running additions (which would give 18", 30", 48").
 *
 * @example
 * deadOfNightMaxRange(0); // → 12
 * deadOfNightMaxRange(2); // → 24
 */
export function deadOfNightMaxRange(successes: number): number {
  if (!Number.isInteger(successes) || successes < 0) throw new RangeError(`A count of successes is 0 or more; got ${successes}.`);
  return DEAD_OF_NIGHT_BASE_RANGE + DEAD_OF_NIGHT_STEP * successes;
}

/**
 * The roll "at the start of each battle round after first" by the player who took the first turn.
 *
 * @example
 * deadOfNightCheck(2, 0, new PhysicalDice([[5]])); // → { successes: 1, maxRangeInches: 18 }
 */
export function deadOfNightCheck(
  round: number,
  successesSoFar: number,
  dice: DiceSource,
): { successes: number; maxRangeInches: number; roll: RollRecord | null } {
  if (!Number.isInteger(round) || round < 1) throw new RangeError(`A battle round is 1 or more; got ${round}.`);
  if (round === 1) return { successes: successesSoFar, maxRangeInches: deadOfNightMaxRange(successesSoFar), roll: null };
  const roll = dice.roll('D6', `Dead of Night, start of battle round ${round}`);
  const successes = successesSoFar + (roll.total >= 4 ? 1 : 0);
  return { successes, maxRangeInches: deadOfNightMaxRange(successes), roll };
}

// ---------------------------------------------------------------------------------------------------------------
// 12 Meeting Battle
// ---------------------------------------------------------------------------------------------------------------

/** 003 Twist 12: contingent 1 deploys normally; 2 and 3 arrive at the end of the controller's 2nd and 3rd Movement phase. */
export const MEETING_BATTLE_ARRIVAL: readonly { contingent: 1 | 2 | 3; arrives: 'deployment' | { movementPhase: number } }[] = [
  { contingent: 1, arrives: 'deployment' },
  { contingent: 2, arrives: { movementPhase: 2 } },
  { contingent: 3, arrives: { movementPhase: 3 } },
];
/** 003 Twist 12: "more than 9" from enemy, with all models wholly within 9" of any edge of battlefield". */
export const MEETING_BATTLE_ENEMY_INCHES = 9;
export const MEETING_BATTLE_EDGE_INCHES = 9;

/**
 * "Each player must split their army into three contingents. No contingents can have more than half the units".
 *
 * @example
 * checkMeetingBattleContingents([3, 3, 2]).ok; // → true
 * checkMeetingBattleContingents([5, 2, 1]).problems; // → ['Contingent 1 has 5 of 8 units: no contingent can have more than half the units.']
 */
export function checkMeetingBattleContingents(unitsPerContingent: readonly number[]): { ok: boolean; problems: string[] } {
  const problems: string[] = [];
  if (unitsPerContingent.length !== 3) problems.push(`The army must be split into three contingents, not ${unitsPerContingent.length}.`);
  const total = unitsPerContingent.reduce((s, n) => s + n, 0);
  unitsPerContingent.forEach((n, i) => {
    if (!Number.isInteger(n) || n < 0) problems.push(`Contingent ${i + 1} must have a whole number of units.`);
    else if (n * 2 > total) problems.push(`Contingent ${i + 1} has ${n} of ${total} units: no contingent can have more than half the units.`);
  });
  return { ok: problems.length === 0, problems };
}

/**
 * Where a unit of the second or third contingent may be set up (003 Twist 12).
 *
 * @example
 * meetingBattleSetUp({ nearestEnemyInches: 12, whollyWithin9OfAnEdge: true, inEnemyDeploymentZone: false }).allowed; // → true
 * meetingBattleSetUp({ nearestEnemyInches: 9, whollyWithin9OfAnEdge: true, inEnemyDeploymentZone: false }).allowed; // → false
 */
export function meetingBattleSetUp(at: { nearestEnemyInches: number; whollyWithin9OfAnEdge: boolean; inEnemyDeploymentZone: boolean }): {
  allowed: boolean;
  reason: string;
} {
  if (!(at.nearestEnemyInches > MEETING_BATTLE_ENEMY_INCHES)) return { allowed: false, reason: 'Must be set up more than 9" from the enemy.' };
  if (!at.whollyWithin9OfAnEdge) return { allowed: false, reason: 'All models must be wholly within 9" of an edge of the battlefield.' };
  if (at.inEnemyDeploymentZone) return { allowed: false, reason: 'Must be set up outside the enemy deployment zone.' };
  return { allowed: true, reason: 'More than 9" from the enemy, wholly within 9" of an edge, outside the enemy deployment zone.' };
}
