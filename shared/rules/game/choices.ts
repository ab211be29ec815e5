/**
 * The players' choices a game plan depends on (issue 30 item 8): what the winner of a roll-off chooses, or the player
 * who finished setting up first. They answer what was rolled, so they are asked once the plan is shown, not before:
 * - 004 Step 3: "Player's now roll off, the winner may choose to deploy first or second" ('deploy');
 * - 004 Breakthrough: "Whoever scores higher decides which player will be the Attacker"; Last Stand: "either by
 *   deciding yourselves, or by rolling a d6" ('attacker');
 * - 003 FIRST TURN: "The player who finished setting up their army first chooses who takes the first turn" ('first-turn').
 * A plan lists the choices its mission has (and only those), each with the answer it follows: the players' once they
 * said it (`made`), otherwise the first option until they do. Like a typed die, an answer can be changed until the game
 * is committed and the plan is worked out again from it.
 */
import { z } from 'zod';
import type { Side } from '../hor/facts';
import { opponent, sideName } from '../hor/facts';

export const PlanChoiceId = z.enum(['deploy', 'attacker', 'first-turn']);
export type PlanChoiceId = z.infer<typeof PlanChoiceId>;

export const PlanChoice = z.object({
  id: PlanChoiceId,
  /** Who chooses: the roll-off winner, the player who finished setting up first; null when the players decide together. */
  chooser: z.enum(['a', 'b']).nullable(),
  question: z.string().min(1),
  options: z.array(z.object({ value: z.string().min(1), label: z.string().min(1) })).min(2),
  /** The answer the plan follows: the players' when `made`, otherwise the first option until they say. */
  value: z.string().min(1),
  made: z.boolean(),
  /** The seed sentence that gives the choice. */
  citation: z.string().min(1),
});
export type PlanChoice = z.infer<typeof PlanChoice>;

/** What a choice sets among the plan's options (GamePlanOptions), stored with the game's set-up as they are. */
export interface ChoiceSettings {
  rollOffWinnerDeploys?: 'first' | 'second';
  attacker?: 'roll-off' | Side;
  rollOffWinnerChooses?: 'attacker' | 'defender';
  firstTurnChoice?: 'take' | 'give';
}

/**
 * The plan options an answer sets; undefined for an answer the choice does not have.
 *
 * @example
 * choiceSettings('attacker', 'winner-defends'); // → { attacker: 'roll-off', rollOffWinnerChooses: 'defender' }
 * choiceSettings('deploy', 'attack'); // → undefined
 */
export function choiceSettings(id: PlanChoiceId, value: string): ChoiceSettings | undefined {
  if (id === 'deploy') return value === 'first' || value === 'second' ? { rollOffWinnerDeploys: value } : undefined;
  if (id === 'first-turn') return value === 'take' || value === 'give' ? { firstTurnChoice: value } : undefined;
  if (value === 'winner-attacks') return { attacker: 'roll-off', rollOffWinnerChooses: 'attacker' };
  if (value === 'winner-defends') return { attacker: 'roll-off', rollOffWinnerChooses: 'defender' };
  if (value === 'a' || value === 'b') return { attacker: value };
  return undefined;
}

/** 004 Step 3: the roll-off winner deploys first or second. */
export function deployChoice(winner: Side, value: 'first' | 'second', made: boolean): PlanChoice {
  return {
    id: 'deploy',
    chooser: winner,
    question: `${sideName(winner)} won the roll-off to deploy: does it deploy first or second?`,
    options: [
      { value: 'first', label: `${sideName(winner)} deploys first` },
      { value: 'second', label: `${sideName(winner)} deploys second` },
    ],
    value,
    made,
    citation: '004 Step 3: "the winner may choose to deploy first or second"',
  };
}

/**
 * Breakthrough / Last Stand: who attacks. `winner` is the roll-off's (null when the players decided without one);
 * Last Stand also lets the players decide (`playersMayDecide`).
 */
export function attackerChoice(winner: Side | null, value: string, made: boolean, playersMayDecide: boolean): PlanChoice {
  const rolled = winner
    ? [
        { value: 'winner-attacks', label: `${sideName(winner)} won the roll-off and attacks` },
        { value: 'winner-defends', label: `${sideName(winner)} won the roll-off and defends: ${sideName(opponent(winner))} attacks` },
      ]
    : [
        { value: 'winner-attacks', label: 'Roll off: the winner chooses to attack' },
        { value: 'winner-defends', label: 'Roll off: the winner chooses to defend' },
      ];
  const decided = playersMayDecide
    ? [
        { value: 'a', label: `Decided by the players: ${sideName('a')} attacks (no roll-off)` },
        { value: 'b', label: `Decided by the players: ${sideName('b')} attacks (no roll-off)` },
      ]
    : [];
  return {
    id: 'attacker',
    chooser: winner,
    question: winner ? `${sideName(winner)} won the roll-off: who is the Attacker?` : 'Who is the Attacker?',
    options: [...rolled, ...decided],
    value,
    made,
    citation: playersMayDecide
      ? 'Last Stand: the Attacker is chosen "either by deciding yourselves, or by rolling a d6"'
      : 'Breakthrough: "Whoever scores higher decides which player will be the Attacker"',
  };
}

/** 003 FIRST TURN: the player who finished setting up first takes the first turn or gives it. */
export function firstTurnChoice(chooser: Side, value: 'take' | 'give', made: boolean): PlanChoice {
  return {
    id: 'first-turn',
    chooser,
    question: `${sideName(chooser)} finished setting up first: does it take the first turn or give it to ${sideName(opponent(chooser))}?`,
    options: [
      { value: 'take', label: `${sideName(chooser)} takes the first turn (${sideName(opponent(chooser))} may seize the initiative)` },
      { value: 'give', label: `${sideName(chooser)} gives the first turn to ${sideName(opponent(chooser))}` },
    ],
    value,
    made,
    citation: '003 First Turn: "The player who finished setting up their army first chooses who takes the first turn"',
  };
}
