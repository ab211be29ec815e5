/**
 * Setting up a Kill Team game (004 "Setting up a Kill Team Game", steps 1–5).
 */
import type { DiceSource, RollRecord } from '../dice';
import type { DiceTable } from '../ruleset/schema';
import { lookupRow } from '../ruleset/coverage';
import { cite004 } from './cite';
import type { Side } from './facts';
import { opponent } from './facts';

/** 004 "Step 1 – Setup the Battlefield": a 4'×4' board with a heavy concentration of terrain. */
export const BOARD_SIZE_INCHES = { width: 48, depth: 48 } as const;

/** 004 "Step 5 – Ending the Game": "once both players have completed 10 turns". */
export const GAME_LENGTH_TURNS = 10;

/** 004 "Step 2 – Determine Mission": roll a D6 on the chart. */
export const MISSION_TABLE: DiceTable = {
  id: 'hor-mission',
  name: 'Mission',
  expression: 'D6',
  rows: [
    { from: 1, to: 1, result: 'skirmish', text: 'Skirmish' },
    { from: 2, to: 2, result: 'relic-hunt', text: 'Relic Hunt' },
    { from: 3, to: 3, result: 'breakthrough', text: 'Breakthrough' },
    { from: 4, to: 4, result: 'sabotage', text: 'Sabotage' },
    { from: 5, to: 5, result: 'seize-ground', text: 'Seize Ground' },
    { from: 6, to: 6, result: 'last-stand', text: 'Last Stand' },
  ],
  citation: cite004('Step 2 - Determine Mission'),
};

/**
 * 004 "Step 3 – Deploy Kill Teams": "roll a D6 and consult the diagram below. Deployment zones extend 18" from a
 * corner ... players always deploy in opposite corners". The diagram itself is not in the seed's text, so the six
 * results are kept as "diagram N" without inventing what each shows; a club can describe them in its own ruleset.
 */
export const DEPLOYMENT_TABLE: DiceTable = {
  id: 'hor-deployment',
  name: 'Deployment',
  expression: 'D6',
  rows: [1, 2, 3, 4, 5, 6].map((n) => ({
    from: n,
    to: n,
    result: `deployment-${n}`,
    text: `Deployment diagram ${n}: zones extend 18" from opposite table corners.`,
  })),
  citation: cite004('Step 3 - Deploy Kill Teams', 'The deployment diagram is missing from the seed text; results are numbered, not described.'),
  note: 'The diagram is not in the seed text: ask the club which corners each result uses.',
};

/** 004 "Step 3": zones extend 18" from the player's table corner. */
export const DEPLOYMENT_ZONE_INCHES = 18;

/** Missions with their own deployment ignore Step 3 (004 "Step 2": "if they do, ignore 'Step 3'"). */
export const MISSIONS_WITH_OWN_DEPLOYMENT = ['breakthrough', 'last-stand'] as const;

/**
 * 004 "Step 2 - Determine Mission": roll a D6 on the built-in mission table (planGame rolls on the ruleset's).
 *
 * @example
 * rollMission(new PhysicalDice([[3]])).missionId; // → 'breakthrough'
 */
export function rollMission(dice: DiceSource): { missionId: string; roll: RollRecord } {
  const roll = dice.roll('D6', 'Mission');
  const row = lookupRow(MISSION_TABLE.rows, roll.total);
  if (!row) throw new Error(`The mission table has no row for ${roll.total}.`);
  return { missionId: row.result, roll };
}

/**
 * 004 "Step 3 - Deploy Kill Teams": roll a D6 on the built-in deployment table (planGame uses the ruleset's).
 *
 * @example
 * rollDeployment(new PhysicalDice([[4]])).deploymentId; // → 'deployment-4'
 */
export function rollDeployment(dice: DiceSource): { deploymentId: string; roll: RollRecord } {
  const roll = dice.roll('D6', 'Deployment');
  const row = lookupRow(DEPLOYMENT_TABLE.rows, roll.total);
  if (!row) throw new Error(`The deployment table has no row for ${roll.total}.`);
  return { deploymentId: row.result, roll };
}

export interface FirstTurn {
  first: Side;
  stolen: boolean;
  rolls: RollRecord[];
  reason: string;
}

/**
 * Who takes the first turn (004 "Step 4 – Play the Game!"): "The player who deployed first goes first, unless his
 * opponent can steal the initiative: The player who deployed second rolls a D6, on a result of a 6 he gets first
 * turn!". In Breakthrough and Last Stand "The Attacker always has the first turn" / "The attacker will also always
 * get first turn": no roll to steal the initiative (choice: "always" is read as overriding Step 4).
 *
 * @example
 * determineFirstTurn({ missionId: 'skirmish', deployedFirst: 'a' }, new PhysicalDice([[6]])); // → { first: 'b', stolen: true }
 * determineFirstTurn({ missionId: 'breakthrough', deployedFirst: 'a', attacker: 'b' }, new PhysicalDice()).first; // → 'b'
 */
export function determineFirstTurn(input: { missionId: string; deployedFirst: Side; attacker?: Side }, dice: DiceSource): FirstTurn {
  if (input.missionId === 'breakthrough' || input.missionId === 'last-stand') {
    if (input.attacker === undefined) throw new Error(`The ${input.missionId} mission needs to know who the Attacker is.`);
    return { first: input.attacker, stolen: false, rolls: [], reason: 'The Attacker always has the first turn in this mission.' };
  }
  const second = opponent(input.deployedFirst);
  const roll = dice.roll('D6', 'Steal the initiative');
  const stolen = roll.total === 6;
  return {
    first: stolen ? second : input.deployedFirst,
    stolen,
    rolls: [roll],
    reason: stolen
      ? 'The player who deployed second rolled a 6 and stole the initiative.'
      : `The player who deployed second rolled ${roll.total} (a 6 is needed to steal the initiative): the player who deployed first goes first.`,
  };
}
