/**
 * Reserves (000 "Reserves" and its Reserves Table; 002 has the text but drops the table).
 */
import { z } from 'zod';
import type { DiceSource, RollRecord } from '../dice';
import { Citation } from '../ruleset/schema';
import { cite000 } from './cite';

/** A "turn → D6 score needed" table (the ruleset schema has no such shape). `null` = nothing can arrive. */
export const ReservesTable = z.object({
  id: z.string().min(1),
  /** Entry i is for turn i+1; the last entry applies to every later turn ("Turn 4+"). */
  arrivesOn: z.array(z.number().int().min(1).max(6).nullable()).min(1),
  citation: Citation,
});
export type ReservesTable = z.infer<typeof ReservesTable>;

/** 000 Reserves Table: "Turn 1 N/A, Turn 2 4+, Turn 3 3+, Turn 4+ 2+". */
export const RESERVES_TABLE: ReservesTable = {
  id: 'reserves-table',
  arrivesOn: [null, 4, 3, 2],
  citation: cite000('Reserves / Reserves Table'),
};

/**
 * The D6 score a reserve needs on `turn`, or null when it cannot arrive (turn 1).
 *
 * @example
 * reservesTableTarget(1); // → null
 * reservesTableTarget(3); // → 3
 * reservesTableTarget(2, LAST_STAND_REINFORCEMENTS_TABLE); // → 3 (004 Last Stand)
 */
export function reservesTableTarget(turn: number, table: ReservesTable = RESERVES_TABLE): number | null {
  if (!Number.isInteger(turn) || turn < 1) throw new RangeError(`A turn is 1 or more; got ${turn}.`);
  const entries = table.arrivesOn;
  return entries[Math.min(turn, entries.length) - 1] ?? null;
}

/**
 * One reserve roll is made per Force Organisation selection (000: "Each selection from the Force Organisation chart is
 * diced for separately"); "If a unit has a transport attached, roll for both together", so a selection may carry its
 * transport.
 */
export interface ReserveSelection {
  id: string;
  name: string;
  /** A transport attached to the unit: rolled for together with it. */
  transport?: string;
  /** May this selection Deep Strike in this mission? ("they may alternatively use this method") */
  mayDeepStrike?: boolean;
}

export interface ReserveArrival {
  selection: ReserveSelection;
  arrives: boolean;
  roll: RollRecord | null;
  /** How it may enter: move on as the mission's Reserves section says, or by Deep Strike when allowed. */
  entry: readonly ('move-on' | 'deep-strike')[];
}

/**
 * Roll for every selection still in reserve at the start of the player's turn (000 "Reserves"). The Note in 000 ("You
 * must roll for reserves as soon as possible and must bring them onto the table as soon as they are available") is
 * why this takes every waiting selection and has no "hold back" option.
 *
 * @example
 * rollForReserves([{ id: 'u1', name: 'Bikers' }], 2, new PhysicalDice([[4]])).arrivals[0]?.arrives; // → true (turn 2: 4+)
 */
export function rollForReserves(
  waiting: readonly ReserveSelection[],
  turn: number,
  dice: DiceSource,
  table: ReservesTable = RESERVES_TABLE,
): { target: number | null; arrivals: ReserveArrival[]; rolls: RollRecord[] } {
  const target = reservesTableTarget(turn, table);
  const arrivals = waiting.map((selection): ReserveArrival => {
    const entry: ('move-on' | 'deep-strike')[] = selection.mayDeepStrike === true ? ['move-on', 'deep-strike'] : ['move-on'];
    if (target === null) return { selection, arrives: false, roll: null, entry };
    const label = selection.transport === undefined ? selection.name : `${selection.name} with ${selection.transport}`;
    const roll = dice.roll('D6', `Reserves, turn ${turn}: ${label}`);
    return { selection, arrives: roll.total >= target, roll, entry };
  });
  return { target, arrivals, rolls: arrivals.flatMap((a) => (a.roll ? [a.roll] : [])) };
}
