/**
 * Infiltrate in the two editions: 'pack-000' = 000 "Infiltrate" (002 identical), 'later-001' = 001 "Abilities /
 * Infiltrate". Both: infiltrators deploy after all other units, alternating; set up more than 12" from any enemy unit
 * when no deployed enemy unit can see them, or more than 18" even if seen.
 */
import type { DiceSource, RollRecord } from '../dice';
import type { MissionPackEdition, Side } from './cite';
import { otherSide } from './cite';

/** 000/001: "more than 12" from an enemy unit, if no deployed enemy unit can draw a line of sight to them". */
export const INFILTRATE_UNSEEN_INCHES = 12;
/** 000/001: "more than 18" from an enemy unit, even if they can be seen". */
export const INFILTRATE_SEEN_INCHES = 18;

export interface InfiltratePosition {
  /** Distance to the nearest enemy unit, in inches (for a building: from the building). */
  nearestEnemyInches: number;
  /** Some deployed enemy unit can draw a line of sight to the infiltrators there. */
  seenByDeployedEnemy: boolean;
  /** The unit is deployed inside a transport vehicle (001: "it cannot infiltrate"). */
  insideTransport?: boolean;
  /** The unit is set up inside a building (001: allowed "as long as the building is more than 12" from any enemy unit"). */
  insideBuilding?: boolean;
}

/**
 * May infiltrators be set up here? Distances are strict ("more than"). For 001, a unit inside a building counts as
 * unseen, so the building only needs to be more than 12" away (reading of "This includes inside a building ..., as long
 * as the building is more than 12" from any enemy unit"). 000 mentions neither transports nor buildings.
 *
 * @example
 * infiltratorSetUp('pack-000', { nearestEnemyInches: 14, seenByDeployedEnemy: false }).allowed; // → true
 * infiltratorSetUp('pack-000', { nearestEnemyInches: 14, seenByDeployedEnemy: true }).allowed; // → false (seen: more than 18")
 */
export function infiltratorSetUp(edition: MissionPackEdition, at: InfiltratePosition): { allowed: boolean; reason: string } {
  if (edition === 'later-001' && at.insideTransport === true) {
    return { allowed: false, reason: 'A unit deployed inside a transport vehicle cannot infiltrate.' };
  }
  const unseen = !at.seenByDeployedEnemy || (edition === 'later-001' && at.insideBuilding === true);
  if (at.nearestEnemyInches > INFILTRATE_SEEN_INCHES) {
    return { allowed: true, reason: `More than ${INFILTRATE_SEEN_INCHES}" from any enemy unit: allowed even if seen.` };
  }
  if (unseen && at.nearestEnemyInches > INFILTRATE_UNSEEN_INCHES) {
    return { allowed: true, reason: `More than ${INFILTRATE_UNSEEN_INCHES}" from any enemy unit and out of sight of the deployed enemy.` };
  }
  if (unseen) return { allowed: false, reason: `Infiltrators must be more than ${INFILTRATE_UNSEEN_INCHES}" from any enemy unit.` };
  return { allowed: false, reason: `Seen by a deployed enemy unit: infiltrators must be more than ${INFILTRATE_SEEN_INCHES}" from any enemy unit.` };
}

/**
 * How the side that deploys infiltrators first is chosen when both sides have them: 000 "toss a coin"; 001 "the
 * players roll-off and the winner decides who goes first".
 *
 * @example
 * infiltrateFirstMethod('pack-000'); // → 'coin-toss'
 * infiltrateFirstMethod('later-001'); // → 'roll-off-winner-decides'
 */
export function infiltrateFirstMethod(edition: MissionPackEdition): 'coin-toss' | 'roll-off-winner-decides' {
  return edition === 'pack-000' ? 'coin-toss' : 'roll-off-winner-decides';
}

/**
 * A roll-off: each player rolls a D6, the higher wins. No seed says what happens on a tie; the tied players roll again
 * (the reading chosen here). Returns every roll made, in order (a, b, a, b, ...).
 *
 * @example
 * rollOff(new PhysicalDice([[4], [4], [2], [5]]), 'Infiltrators').winner; // → 'b' (4–4 tie rolled again)
 */
export function rollOff(dice: DiceSource, purpose: string): { winner: Side; rolls: RollRecord[] } {
  const rolls: RollRecord[] = [];
  for (;;) {
    const a = dice.roll('D6', `${purpose}: roll-off, player A`);
    const b = dice.roll('D6', `${purpose}: roll-off, player B`);
    rolls.push(a, b);
    if (a.total !== b.total) return { winner: a.total > b.total ? 'a' : 'b', rolls };
  }
}

/**
 * The order infiltrators are set up in: after all other units, alternating one unit at a time starting with `first`
 * (000 "alternate deploying these units"; 001 "then alternate deploying these units"). When one side runs out, the
 * other sets up the rest.
 *
 * @example
 * infiltratorDeploymentOrder('a', { a: ['Scouts'], b: ['Ratlings', 'Snipers'] }).map((x) => x.unit); // → ['Scouts', 'Ratlings', 'Snipers']
 */
export function infiltratorDeploymentOrder(first: Side, units: Readonly<Record<Side, readonly string[]>>): { side: Side; unit: string }[] {
  const queues: Record<Side, string[]> = { a: [...units.a], b: [...units.b] };
  const out: { side: Side; unit: string }[] = [];
  let turn: Side = first;
  while (queues.a.length > 0 || queues.b.length > 0) {
    const next = queues[turn].shift();
    if (next !== undefined) out.push({ side: turn, unit: next });
    turn = otherSide(turn);
  }
  return out;
}

/**
 * 001: "Infiltrate also confers a special outflank move to units of infiltrators that are kept in reserve." 000 has no
 * outflank. The outflank move itself is not described in any seed: this only says whether the unit has it.
 *
 * @example
 * mayOutflank('later-001', { infiltrator: true, inReserve: true }); // → true
 * mayOutflank('pack-000', { infiltrator: true, inReserve: true }); // → false
 */
export function mayOutflank(edition: MissionPackEdition, unit: { infiltrator: boolean; inReserve: boolean }): boolean {
  return edition === 'later-001' && unit.infiltrator && unit.inReserve;
}
