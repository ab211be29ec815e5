/**
 * Random Game Length (000 "Random Game Length"; 002 identical, with the same "end ot the" slip).
 */
import type { DiceSource, RollRecord } from '../dice';
import type { DiceTable } from '../ruleset/schema';
import { cite000 } from './cite';

/** 000: "On a 4, 5 or 6 a further turn is played ... until either a 1, 2 or 3 is rolled". */
export const RANDOM_GAME_LENGTH_TABLE: DiceTable = {
  id: 'random-game-length',
  name: 'Random Game Length',
  expression: 'D6',
  rows: [
    { from: 1, to: 3, result: 'game-ends', text: 'The game ends.' },
    { from: 4, to: 6, result: 'further-turn', text: 'A further turn is played.' },
  ],
  citation: cite000('Random Game Length'),
};

/** 000: "or three extra turns are played". */
export const MAX_EXTRA_TURNS = 3;
/** 000: a further turn on "a 4, 5 or 6". */
export const FURTHER_TURN_ON = 4;

export interface GameLengthCheck {
  /** Whether another turn is played after `turnJustEnded`. */
  continues: boolean;
  /** The D6 rolled, or null when no roll is due (before the stated turns end, or after three extra turns). */
  roll: RollRecord | null;
  reason: string;
}

/**
 * One check at the end of a turn, for a game played turn by turn. Before the mission's stated number of turns has been
 * played the game simply continues; after it, roll a D6 (4+ continues) until a 1–3 or three extra turns.
 * The caller stops calling once `continues` is false.
 *
 * @example
 * randomGameLengthCheck(6, 5, new PhysicalDice()).continues; // → true (no roll before turn 6 ends)
 * randomGameLengthCheck(6, 6, new PhysicalDice([[4]])).continues; // → true
 * randomGameLengthCheck(6, 9, new PhysicalDice()).continues; // → false (three extra turns played)
 */
export function randomGameLengthCheck(statedTurns: number, turnJustEnded: number, dice: DiceSource): GameLengthCheck {
  if (!Number.isInteger(statedTurns) || statedTurns < 1) throw new RangeError(`A mission lasts 1 or more turns; got ${statedTurns}.`);
  if (!Number.isInteger(turnJustEnded) || turnJustEnded < 1) throw new RangeError(`A turn is 1 or more; got ${turnJustEnded}.`);
  if (turnJustEnded < statedTurns) return { continues: true, roll: null, reason: `The mission lasts at least ${statedTurns} turns.` };
  const extraPlayed = turnJustEnded - statedTurns;
  if (extraPlayed >= MAX_EXTRA_TURNS) {
    return { continues: false, roll: null, reason: `Three extra turns have been played: the game ends.` };
  }
  const roll = dice.roll('D6', `Random Game Length, end of turn ${turnJustEnded}`);
  const continues = roll.total >= FURTHER_TURN_ON;
  return {
    continues,
    roll,
    reason: continues ? `Rolled ${roll.total}: a further turn is played.` : `Rolled ${roll.total}: the game ends.`,
  };
}

/**
 * Roll the whole game length at once: the last turn played (stated turns + 0..3) and the rolls made.
 *
 * @example
 * rollRandomGameLength(6, new PhysicalDice([[5], [2]])); // → { lastTurn: 7, extraTurns: 1 }
 */
export function rollRandomGameLength(statedTurns: number, dice: DiceSource): { lastTurn: number; extraTurns: number; rolls: RollRecord[] } {
  const rolls: RollRecord[] = [];
  let turn = statedTurns;
  for (;;) {
    const check = randomGameLengthCheck(statedTurns, turn, dice);
    if (check.roll) rolls.push(check.roll);
    if (!check.continues) break;
    turn += 1;
  }
  return { lastTurn: turn, extraTurns: turn - statedTurns, rolls };
}
