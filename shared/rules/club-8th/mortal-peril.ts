/**
 * Mortal Peril (003 "Mortal Peril"): any double on a Psychic test brings Terrors of the Warp, rolled on a D6 table
 * instead of the usual Perils of the Warp.
 */
import type { DiceSource, RollRecord } from '../dice';
import type { DiceTable } from '../ruleset/schema';
import { cite003 } from './cite';

export type MortalPerilResult = 'a-fate-worse-than-death' | 'overload' | 'a-door-closes' | 'timeslip' | 'possession' | 'transformation';

/** 003 "A Fate Worse Than Death: The psyker suffers 6 mortal wounds". */
export const FATE_WORSE_THAN_DEATH_MORTAL_WOUNDS = 6;
/** 003 Overload: "each unit within 6" suffers D3 mortal wounds". */
export const OVERLOAD_RANGE_INCHES = 6;
/** 003 Transformation: "a Strength characteristic of 10 and an invulnerable save of 2+". */
export const TRANSFORMATION = { strength: 10, invulnerableSave: 2 } as const;

export const MORTAL_PERIL_TABLE: DiceTable = {
  id: 'mortal-peril',
  name: 'Mortal Peril (Terrors of the Warp)',
  expression: 'D6',
  rows: [
    {
      from: 1,
      to: 1,
      result: 'a-fate-worse-than-death',
      text: 'A Fate Worse Than Death: The psyker suffers 6 mortal wounds. If they are slain by this, your opponent may place a Chaos Spawn model, under their control, where the psyker was standing (or as close as possible).',
    },
    {
      from: 2,
      to: 2,
      result: 'overload',
      text: 'Overload: The psyker suffers D3 mortal wounds. If they are slain by this, each unit within 6" suffers D3 mortal wounds.',
    },
    {
      from: 3,
      to: 3,
      result: 'a-door-closes',
      text: 'A Door Closes: The psyker immediately forgets the psychic power that they were manifesting – they cannot manifest this power for the rest of the battle.',
    },
    {
      from: 4,
      to: 4,
      result: 'timeslip',
      text: 'Timeslip: The psyker may immediately attempt to manifest an extra psychic power in this phase (even one they have already manifested).',
    },
    {
      from: 5,
      to: 5,
      result: 'possession',
      text: "Possession: Roll 2D6. If the total is greater than the psyker's Leadership characteristic, they are possessed and controlled by your opponent for the rest of the battle.",
    },
    {
      from: 6,
      to: 6,
      result: 'transformation',
      text: 'Transformation: Until your next Psychic phase, the psyker has a Strength characteristic of 10 and an invulnerable save of 2+.',
    },
  ],
  citation: cite003('Mortal Peril'),
};

/**
 * 003: "If you roll any double for a Psychic test, including a double 1 or double 6".
 *
 * @example
 * isTerrorsOfTheWarp([6, 6]); // → true
 * isTerrorsOfTheWarp([2, 5]); // → false
 */
export function isTerrorsOfTheWarp(psychicTest: RollRecord | readonly number[]): boolean {
  const faces = Array.isArray(psychicTest) ? psychicTest : (psychicTest as RollRecord).faces;
  return faces.length === 2 && faces[0] === faces[1];
}

export interface MortalPeril {
  result: MortalPerilResult;
  text: string;
  roll: RollRecord;
  /** Mortal wounds the psyker suffers (results 1 and 2), including any extra from `extraPerilsMortalWounds`; else 0. */
  psykerMortalWounds: number;
  /** Possession only: whether the psyker is possessed (2D6 > Leadership); null otherwise. */
  possessed: boolean | null;
  rolls: RollRecord[];
}

/**
 * Roll on the Mortal Peril table (003), resolved "after resolving the psychic power, if it is successfully manifested".
 * Follow-up dice are rolled at once: D3 for Overload, 2D6 against Leadership for Possession.
 * `extraPerilsMortalWounds` is for Twist 4 Warp Storm ("add 1 to the number of mortal wounds that a model suffers from
 * the Perils of the Warp"): Terrors of the Warp "counts as suffering Perils of the Warp", so it is added to the psyker's
 * own mortal wounds (results 1 and 2) — a reading, as the seed does not spell the combination out.
 *
 * @example
 * rollMortalPeril(new PhysicalDice([[2], [3]]), { name: 'Weirdboy', leadership: 7 }); // → { result: 'overload', psykerMortalWounds: 3 }
 * rollMortalPeril(new PhysicalDice([[1]]), { name: 'Weirdboy', leadership: 7 }, 1).psykerMortalWounds; // → 7 (Warp Storm +1)
 */
export function rollMortalPeril(dice: DiceSource, psyker: { name: string; leadership: number }, extraPerilsMortalWounds = 0): MortalPeril {
  const roll = dice.roll('D6', `Mortal Peril: ${psyker.name}`);
  const row = MORTAL_PERIL_TABLE.rows.find((r) => r.from === roll.total);
  if (!row) throw new Error(`Mortal Peril has no row for ${roll.total}.`);
  const result = row.result as MortalPerilResult;
  const rolls = [roll];
  let psykerMortalWounds = 0;
  let possessed: boolean | null = null;
  if (result === 'a-fate-worse-than-death') psykerMortalWounds = FATE_WORSE_THAN_DEATH_MORTAL_WOUNDS + extraPerilsMortalWounds;
  if (result === 'overload') {
    const mw = dice.roll('D3', `Overload: mortal wounds on ${psyker.name}`);
    rolls.push(mw);
    psykerMortalWounds = mw.total + extraPerilsMortalWounds;
  }
  if (result === 'possession') {
    const test = dice.roll('2D6', `Possession: ${psyker.name} (Leadership ${psyker.leadership})`);
    rolls.push(test);
    possessed = test.total > psyker.leadership;
  }
  return { result, text: row.text, roll, psykerMortalWounds, possessed, rolls };
}

/**
 * Overload, when it slays the psyker: "each unit within 6" suffers D3 mortal wounds" (one D3 per unit).
 *
 * @example
 * overloadBlast(['Boyz', 'Gretchin'], new PhysicalDice([[1], [3]])).map((u) => u.mortalWounds); // → [1, 3]
 */
export function overloadBlast(unitsWithin6: readonly string[], dice: DiceSource): { unit: string; mortalWounds: number; roll: RollRecord }[] {
  return unitsWithin6.map((unit) => {
    const roll = dice.roll('D3', `Overload blast: mortal wounds on ${unit}`);
    return { unit, mortalWounds: roll.total, roll };
  });
}
