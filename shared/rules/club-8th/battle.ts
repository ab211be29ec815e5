/**
 * Playing a seed-003 mission: deployment order, first turn (seize the initiative), battle length, and the per-round
 * rules of the missions (Capture the Data, Push Them Back, Tactical Objective counts, Strategic Deadlock).
 */
import type { DiceSource, RollRecord } from '../dice';
import { rollOff } from '../mission-pack/infiltrate';
import type { Side } from './cite';
import { otherSide } from './cite';
import type { BattleLengthRule, ClubMission } from './missions';
import { BATTLE_LENGTH } from './missions';

/**
 * The roll-off that decides who picks the deployment map and zone (003 Vital Intelligence, Beachhead, Visions of
 * Victory: "The players roll off and the winner determines ..."; No Mercy: "whoever rolls highest"). Ties are rolled
 * again (the seed does not say; same reading as mission-pack's rollOff).
 *
 * @example
 * deploymentRollOff(new PhysicalDice([[5], [2]])).winner; // → 'a'
 */
export function deploymentRollOff(dice: DiceSource): { winner: Side; rolls: RollRecord[] } {
  return rollOff(dice, 'Deployment');
}

// ---------------------------------------------------------------------------------------------------------------
// Deployment
// ---------------------------------------------------------------------------------------------------------------

/**
 * The order units are set up in (003 DEPLOYMENT). `zonePicker` is the player who picked the deployment zone (the
 * roll-off winner, or whoever placed the sixth objective marker).
 * - whole-army: "The player who did not pick their deployment zone then deploys their entire army first. Their
 *   opponent then deploys their entire army."
 * - alternate-units: "The players then alternate deploying their units, one at a time, starting with the player who did
 *   not pick their deployment zone ... until both sides have set up their army" (a player with units left continues
 *   alone once the other has finished).
 * `finishedFirst` is who "finished setting up their army first", the player who chooses the first turn.
 *
 * @example
 * deploymentOrder(NO_MERCY, 'a', { a: ['Boyz', 'Nobz'], b: ['Guard'] }); // → { order: [{ side: 'b', unit: 'Guard' }, { side: 'a', unit: 'Boyz' }, { side: 'a', unit: 'Nobz' }], finishedFirst: 'b' }
 */
export function deploymentOrder(
  mission: Pick<ClubMission, 'deployment'>,
  zonePicker: Side,
  units: Readonly<Record<Side, readonly string[]>>,
): { order: { side: Side; unit: string }[]; finishedFirst: Side } {
  const starter = otherSide(zonePicker);
  const order: { side: Side; unit: string }[] = [];
  if (mission.deployment.order === 'whole-army') {
    for (const side of [starter, zonePicker]) for (const unit of units[side]) order.push({ side, unit });
    return { order, finishedFirst: starter };
  }
  const queues: Record<Side, string[]> = { a: [...units.a], b: [...units.b] };
  let turn: Side = starter;
  let finishedFirst: Side | null = null;
  while (queues.a.length > 0 || queues.b.length > 0) {
    const unit = queues[turn].shift();
    if (unit !== undefined) {
      order.push({ side: turn, unit });
      if (queues[turn].length === 0 && finishedFirst === null) finishedFirst = turn;
    }
    turn = otherSide(turn);
  }
  return { order, finishedFirst: finishedFirst ?? starter };
}

// ---------------------------------------------------------------------------------------------------------------
// First turn
// ---------------------------------------------------------------------------------------------------------------

export interface ClubFirstTurn {
  first: Side;
  seized: boolean;
  roll: RollRecord | null;
  reason: string;
}

/**
 * 003 FIRST TURN: the player who finished setting up first chooses who takes the first turn. "If they decide to take the
 * first turn, their opponent can roll a dice: on a 6 they seize the initiative". The roll is the opponent's option
 * (`opponentRolls`); giving the first turn away involves no roll.
 *
 * @example
 * clubFirstTurn({ chooser: 'a', chooserTakesFirst: true }, new PhysicalDice([[6]])); // → { first: 'b', seized: true }
 * clubFirstTurn({ chooser: 'a', chooserTakesFirst: false }, new PhysicalDice()).first; // → 'b' (no roll)
 */
export function clubFirstTurn(
  input: { chooser: Side; chooserTakesFirst: boolean; opponentRolls?: boolean; seizeOn?: number },
  dice: DiceSource,
): ClubFirstTurn {
  const opponent = otherSide(input.chooser);
  if (!input.chooserTakesFirst)
    return { first: opponent, seized: false, roll: null, reason: 'The player who finished setting up first gave the first turn to their opponent.' };
  if (input.opponentRolls === false) return { first: input.chooser, seized: false, roll: null, reason: 'The opponent did not try to seize the initiative.' };
  const seizeOn = input.seizeOn ?? 6;
  const roll = dice.roll('D6', 'Seize the initiative');
  const seized = roll.total >= seizeOn;
  return {
    first: seized ? opponent : input.chooser,
    seized,
    roll,
    reason: seized
      ? `Rolled ${roll.total}: the opponent seizes the initiative and takes the first turn.`
      : `Rolled ${roll.total}: no seizing the initiative (a ${seizeOn} is needed).`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Battle length
// ---------------------------------------------------------------------------------------------------------------

export interface BattleLengthCheck {
  continues: boolean;
  roll: RollRecord | null;
  /** Who rolls: the player who had the first turn (after round 5) or the second (after round 6). */
  roller: 'first-turn-player' | 'second-turn-player' | null;
  reason: string;
}

/**
 * 003 BATTLE LENGTH (every mission): "At the end of battle round 5, the player who had the first turn rolls a D6. On a
 * 3+, the game continues ... At the end of battle round 6, the player who had the second turn rolls a D6. This time the
 * game continues on a 4+ ... The battle automatically ends at the end of battle round 7." Call at the end of each
 * battle round; no roll is made before round 5 or after round 7.
 *
 * @example
 * battleLengthCheck(4, new PhysicalDice()).continues; // → true (no roll before round 5)
 * battleLengthCheck(5, new PhysicalDice([[2]])).continues; // → false (3+ needed)
 * battleLengthCheck(7, new PhysicalDice()).continues; // → false (always ends after round 7)
 */
export function battleLengthCheck(roundJustEnded: number, dice: DiceSource, rule: BattleLengthRule = BATTLE_LENGTH): BattleLengthCheck {
  if (!Number.isInteger(roundJustEnded) || roundJustEnded < 1) throw new RangeError(`A battle round is 1 or more; got ${roundJustEnded}.`);
  if (roundJustEnded >= rule.lastRound)
    return { continues: false, roll: null, roller: null, reason: `The battle automatically ends at the end of battle round ${rule.lastRound}.` };
  const check = rule.checks.find((c) => c.afterRound === roundJustEnded);
  if (!check) return { continues: true, roll: null, roller: null, reason: `No roll is due at the end of battle round ${roundJustEnded}.` };
  const who = check.roller === 'first-turn-player' ? 'the player who had the first turn' : 'the player who had the second turn';
  const roll = dice.roll('D6', `Battle length, end of battle round ${roundJustEnded} (${who})`);
  const continues = roll.total >= check.continueOn;
  return {
    continues,
    roll,
    roller: check.roller,
    reason: continues
      ? `Rolled ${roll.total} (${check.continueOn}+ needed): the game continues.`
      : `Rolled ${roll.total} (${check.continueOn}+ needed): the game is over.`,
  };
}

/**
 * The whole battle length at once: the last battle round (5, 6 or 7) and the rolls made.
 *
 * @example
 * rollBattleLength(new PhysicalDice([[3], [4]])).lastRound; // → 7
 */
export function rollBattleLength(dice: DiceSource, rule: BattleLengthRule = BATTLE_LENGTH): { lastRound: number; rolls: RollRecord[] } {
  const rolls: RollRecord[] = [];
  for (let round = 1; ; round++) {
    const check = battleLengthCheck(round, dice, rule);
    if (check.roll) rolls.push(check.roll);
    if (!check.continues) return { lastRound: round, rolls };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Objective markers
// ---------------------------------------------------------------------------------------------------------------

/** 003 (Capture the Data, Push Them Back): "a player controls an objective marker if they have more models within 3" of it than their opponent does". */
export const OBJECTIVE_CONTROL_RANGE_INCHES = 3;

/**
 * Who controls an objective marker (003 Capture the Data, Push Them Back): more models within 3"; null on a tie.
 *
 * @example
 * controller({ a: 3, b: 2 }); // → 'a'
 * controller({ a: 1, b: 1 }); // → null
 */
export function controller(modelsWithin3: Readonly<Record<Side, number>>): Side | null {
  if (modelsWithin3.a > modelsWithin3.b) return 'a';
  if (modelsWithin3.b > modelsWithin3.a) return 'b';
  return null;
}

/**
 * 003 Vital Intelligence, THE BATTLEFIELD: the first marker in the centre, then one halfway along each imaginary line
 * from the centre to a corner (inches from one corner of a width × depth battlefield). Numbering 1–5 is the roll-off
 * winner's choice, so these are unnumbered.
 *
 * @example
 * vitalIntelligenceMarkers({ width: 72, depth: 48 })[1]; // → { x: 18, y: 12 } (halfway from the centre to a corner)
 */
export function vitalIntelligenceMarkers(board: { width: number; depth: number }): { x: number; y: number }[] {
  const cx = board.width / 2;
  const cy = board.depth / 2;
  const corners = [
    [0, 0],
    [board.width, 0],
    [0, board.depth],
    [board.width, board.depth],
  ] as const;
  return [{ x: cx, y: cy }, ...corners.map(([x, y]) => ({ x: (cx + x) / 2, y: (cy + y) / 2 }))];
}

/**
 * 003 Beachhead: "Neither of these objective markers can be set up within 8" of any battlefield edge or within 12" of
 * any other objective marker." Within is inclusive (docs/decisions.md "Issue 30: within is inclusive"): a marker
 * exactly 8" from an edge or exactly 12" from another marker is within it, so it must be more than 8" and 12" away.
 *
 * @example
 * beachheadMarkerAllowed({ nearestEdgeInches: 10, nearestMarkerInches: 14 }); // → true
 * beachheadMarkerAllowed({ nearestEdgeInches: 8, nearestMarkerInches: null }); // → false (exactly 8" is within 8")
 */
export function beachheadMarkerAllowed(at: { nearestEdgeInches: number; nearestMarkerInches: number | null }): boolean {
  return at.nearestEdgeInches > 8 && (at.nearestMarkerInches === null || at.nearestMarkerInches > 12);
}

/**
 * 003 Vital Intelligence, Capture the Data: at the start of each battle round the first-turn player rolls a D6 ("this
 * cannot be re-rolled for any reason"): on a 6 all markers are active, otherwise the marker with the number rolled.
 *
 * @example
 * captureTheDataActive(1, new PhysicalDice([[3]])).active; // → [3]
 * captureTheDataActive(2, new PhysicalDice([[6]])).active; // → [1, 2, 3, 4, 5]
 */
export function captureTheDataActive(round: number, dice: DiceSource): { active: number[]; roll: RollRecord } {
  const roll = dice.roll('D6', `Capture the Data, battle round ${round} (no re-rolls)`);
  return { active: roll.total === 6 ? [1, 2, 3, 4, 5] : [roll.total], roll };
}

/**
 * Capture the Data scoring at the end of the battle round: 1 VP per marker controlled, 2 per active marker.
 *
 * @example
 * captureTheDataScore([1, 3], [3]); // → 3
 */
export function captureTheDataScore(controlled: readonly number[], active: readonly number[]): number {
  return [...new Set(controlled)].reduce((s, m) => s + (active.includes(m) ? 2 : 1), 0);
}

export type BeachheadMarker = 'own-zone' | 'centre' | 'enemy-zone';
/** 003 Push Them Back: 1 VP own zone, 2 centre, 3 opponent's zone. */
export const PUSH_THEM_BACK_VP: Readonly<Record<BeachheadMarker, number>> = { 'own-zone': 1, centre: 2, 'enemy-zone': 3 };

/**
 * 003 Push Them Back: "Starting from the second battle round, ... at the start of their turn".
 *
 * @example
 * pushThemBackScore(2, ['own-zone', 'centre']); // → 3
 * pushThemBackScore(1, ['enemy-zone']); // → 0
 */
export function pushThemBackScore(round: number, controlled: readonly BeachheadMarker[]): number {
  if (round < 2) return 0;
  return [...new Set(controlled)].reduce((s, m) => s + PUSH_THEM_BACK_VP[m], 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Tactical Objectives (Maelstrom of War)
// ---------------------------------------------------------------------------------------------------------------

/**
 * How many active Tactical Objectives a player must have at the start of their turn, and what to do about it:
 * - Visions of Victory: fewer than 4 → generate up to 4 (never discard);
 * - Tactical Escalation: fewer than the battle round number → generate up to it (never discard);
 * - Deadlock: 6 in the first battle round, 5 in the second, 4 in the third "and so on" (never below 0): discard down or
 *   generate up to that number.
 * Generating itself uses the Warhammer 40,000 rulebook's Tactical Objectives (cards or dice), which no seed contains.
 * With Unreliable Advice (Visions of Victory) each objective generated is two generated, the opponent keeping one.
 *
 * @example
 * tacticalObjectiveAdjustment(DEADLOCK, 3, 6); // → { target: 4, generate: 0, discard: 2 }
 * tacticalObjectiveAdjustment(VISIONS_OF_VICTORY, 1, 2); // → { target: 4, generate: 2, toDrawForUnreliableAdvice: 4 }
 */
export function tacticalObjectiveAdjustment(
  mission: Pick<ClubMission, 'id' | 'tacticalObjectives' | 'missionRules'>,
  round: number,
  active: number,
): { target: number; generate: number; discard: number; toDrawForUnreliableAdvice: number } {
  const rule = mission.tacticalObjectives;
  if (rule === null) throw new Error(`Mission "${mission.id}" does not use Tactical Objectives.`);
  if (!Number.isInteger(round) || round < 1) throw new RangeError(`A battle round is 1 or more; got ${round}.`);
  let target: number;
  let mayDiscard = false;
  if (rule.kind === 'top-up') target = rule.count;
  else if (rule.kind === 'battle-round') target = round;
  else {
    target = Math.max(0, rule.firstRound - (round - 1));
    mayDiscard = true;
  }
  const generate = Math.max(0, target - active);
  const discard = mayDiscard ? Math.max(0, active - target) : 0;
  const unreliable = mission.missionRules.some((r) => r.id === 'unreliable-advice');
  return { target, generate, discard, toDrawForUnreliableAdvice: unreliable ? generate * 2 : 0 };
}

/** 003 Visions of Victory, Refined Strategy: "each player selects up to 6 of their Tactical Objectives". */
export const REFINED_STRATEGY_MAX = 6;

/**
 * 003 Deadlock, Strategic Deadlock: "From the start of the third battle round, the Command Point cost of all Stratagems ... is doubled."
 *
 * @example
 * stratagemCost(DEADLOCK, 1, 3); // → 2
 * stratagemCost(NO_MERCY, 1, 3); // → 1
 */
export function stratagemCost(mission: Pick<ClubMission, 'missionRules'>, baseCost: number, round: number): number {
  const deadlock = mission.missionRules.some((r) => r.id === 'strategic-deadlock');
  return deadlock && round >= 3 ? baseCost * 2 : baseCost;
}

/**
 * 003 Tactical Escalation, Tactical Priority: +1 VP per objective of the nominated type achieved, −1 per one discarded.
 *
 * @example
 * tacticalPriorityVp(3, 1); // → 2
 */
export function tacticalPriorityVp(achievedOfType: number, discardedOfType: number): number {
  return achievedOfType - discardedOfType;
}
