/**
 * Mysterious Objectives (003 "Mysterious Objectives").
 */
import type { DiceSource, RollRecord } from '../dice';
import type { DiceTable } from '../ruleset/schema';
import { cite003 } from './cite';

/** 003: "any unit that moves within 3" of an objective marker, or is within 3" ... at the start of the first turn". */
export const IDENTIFY_RANGE_INCHES = 3;
/** 003: Grav-wave Generator, Targeting Relay and Scatterfield affect friendly units "within 3" of this objective". */
export const OBJECTIVE_EFFECT_RANGE_INCHES = 3;
/** 003 Grav-wave Generator: "subtracts 2 from its charge move". */
export const GRAV_WAVE_CHARGE_MODIFIER = -2;
/** 003 Fire Support: "On a roll of 5+, choose an enemy unit within 36"". */
export const FIRE_SUPPORT_ON = 5;
export const FIRE_SUPPORT_RANGE_INCHES = 36;

export type MysteriousObjective = 'sabotaged' | 'nothing-of-note' | 'grav-wave-generator' | 'targeting-relay' | 'scatterfield' | 'fire-support';

/** 003 "Mysterious Objectives": roll a dice and consult the table. */
export const MYSTERIOUS_OBJECTIVES_TABLE: DiceTable = {
  id: 'mysterious-objectives',
  name: 'Mysterious Objectives',
  expression: 'D6',
  rows: [
    { from: 1, to: 1, result: 'sabotaged', text: 'Sabotaged!: The unit that identified this objective marker takes D3 mortal wounds.' },
    { from: 2, to: 2, result: 'nothing-of-note', text: 'Nothing of Note: This has no additional effect.' },
    {
      from: 3,
      to: 3,
      result: 'grav-wave-generator',
      text: 'Grav-wave Generator: If you control this objective marker, any unit attempting to charge a friendly unit within 3" of this objective subtracts 2 from its charge move.',
    },
    {
      from: 4,
      to: 4,
      result: 'targeting-relay',
      text: 'Targeting Relay: If you control this objective marker, friendly units within 3" of this objective re-roll hit rolls of 1 when shooting.',
    },
    {
      from: 5,
      to: 5,
      result: 'scatterfield',
      text: 'Scatterfield: If you control this objective marker, friendly units within 3" of this objective re-roll saving throw rolls of 1.',
    },
    {
      from: 6,
      to: 6,
      result: 'fire-support',
      text: 'Fire Support: If you control this objective marker, roll a dice at the end of your Shooting phase. On a roll of 5+, choose an enemy unit within 36". That unit suffers D3 mortal wounds.',
    },
  ],
  citation: cite003('Mysterious Objectives'),
};

/**
 * Must this unit identify the marker now? 003: a unit that "moves within 3"" of it, or "is within 3" of an objective
 * marker at the start of the first turn", must identify it; "Each objective marker is only identified once".
 *
 * @example
 * mustIdentifyObjective({ distanceInches: 2, trigger: 'moved-within', alreadyIdentified: false }); // → true
 * mustIdentifyObjective({ distanceInches: 2, trigger: 'moved-within', alreadyIdentified: true }); // → false
 */
export function mustIdentifyObjective(input: { distanceInches: number; trigger: 'moved-within' | 'start-of-first-turn'; alreadyIdentified: boolean }): boolean {
  return !input.alreadyIdentified && input.distanceInches <= IDENTIFY_RANGE_INCHES;
}

export interface Identification {
  result: MysteriousObjective;
  text: string;
  roll: RollRecord;
  /** Sabotaged!: the D3 mortal wounds the identifying unit takes (rolled at once); otherwise null. */
  mortalWounds: { count: number; roll: RollRecord } | null;
  rolls: RollRecord[];
}

/**
 * Identify a marker: roll a D6 on the table; Sabotaged! rolls its D3 mortal wounds straight away (003).
 *
 * @example
 * identifyObjective(new PhysicalDice([[1], [2]]), 'marker 3'); // → { result: 'sabotaged', mortalWounds: { count: 2 } }
 * identifyObjective(new PhysicalDice([[4]]), 'marker 1').result; // → 'targeting-relay'
 */
export function identifyObjective(dice: DiceSource, marker: string, unit?: string): Identification {
  const roll = dice.roll('D6', `Mysterious Objective: identify ${marker}`);
  const row = MYSTERIOUS_OBJECTIVES_TABLE.rows.find((r) => r.from === roll.total);
  if (!row) throw new Error(`Mysterious Objectives has no row for ${roll.total}.`);
  let mortalWounds: Identification['mortalWounds'] = null;
  if (row.result === 'sabotaged') {
    const mw = dice.roll('D3', unit === undefined ? `Sabotaged! mortal wounds (${marker})` : `Sabotaged! mortal wounds on ${unit} (${marker})`);
    mortalWounds = { count: mw.total, roll: mw };
  }
  return { result: row.result as MysteriousObjective, text: row.text, roll, mortalWounds, rolls: mortalWounds ? [roll, mortalWounds.roll] : [roll] };
}

/**
 * 003 Fire Support: the controlling player rolls a dice at the end of their Shooting phase; on 5+ an enemy unit within
 * 36" (the player chooses) suffers D3 mortal wounds.
 *
 * @example
 * fireSupport(new PhysicalDice([[5], [3]]), 'marker 6'); // → { fires: true, mortalWounds: { count: 3 } }
 * fireSupport(new PhysicalDice([[4]]), 'marker 6').fires; // → false
 */
export function fireSupport(
  dice: DiceSource,
  marker: string,
): { fires: boolean; roll: RollRecord; mortalWounds: { count: number; roll: RollRecord } | null; rolls: RollRecord[] } {
  const roll = dice.roll('D6', `Fire Support (${marker})`);
  if (roll.total < FIRE_SUPPORT_ON) return { fires: false, roll, mortalWounds: null, rolls: [roll] };
  const mw = dice.roll('D3', `Fire Support mortal wounds (${marker})`);
  return { fires: true, roll, mortalWounds: { count: mw.total, roll: mw }, rolls: [roll, mw] };
}
