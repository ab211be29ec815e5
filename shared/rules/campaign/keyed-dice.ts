/**
 * Dice for a campaign game, keyed by what each roll is for (issue 5: "Dice are the club's choice per campaign").
 *
 * A game's rolls are asked for by purpose ("Injury, Player A, Special "x""). Keying every roll by
 * `<phase>|<purpose>|<n>` (n counts repeats of the same purpose, e.g. a tied roll-off rolled again) means:
 * - app dice: each roll comes from its own seeded stream (`seed|key`), so the same seed gives the same result for
 *   the same roll, and correcting an unrelated fact in the result does not re-roll anyone's injury;
 * - physical dice: the faces typed in are stored under the key, so a corrected result only asks again for the rolls
 *   it adds; a roll with no faces yet throws PhysicalDiceError ('missing') carrying the key to ask for.
 */
import type { DiceSource, RollRecord, RollSource } from '../dice';
import { PhysicalDiceError, SeededDice, physicalRoll } from '../dice';

export type DicePhase = 'plan' | 'post';

/** A physical roll still to be typed in. */
export class MissingRollError extends PhysicalDiceError {
  readonly key: string;
  constructor(key: string, cause: PhysicalDiceError) {
    super('missing', cause.expression, cause.purpose, cause.message);
    this.name = 'MissingRollError';
    this.key = key;
  }
}

/**
 * A roll Herald made that the club changed before the game was committed (issue 20: "club ruling: re-roll"): the
 * faces it counts as, who asked and why. The record keeps the story in its purpose, so the stored roll tells it.
 */
export interface RollOverride {
  faces: readonly number[];
  by: string;
  reason: string;
}

export type KeyedDiceMode =
  | { source: 'app'; seed: string; overrides?: Readonly<Record<string, RollOverride>> }
  | { source: 'physical'; faces: Readonly<Record<string, readonly number[]>> };

/**
 * @example
 * const dice = new KeyedDice('post', { source: 'app', seed: 'game-7' });
 * dice.roll('D6', 'Injury, Player A, Core "x"'); // always the same faces for this seed and purpose
 * dice.keys; // ['post|Injury, Player A, Core "x"|1']
 */
export class KeyedDice implements DiceSource {
  readonly source: RollSource;
  /** The key of every roll made, in order. */
  readonly keys: string[] = [];
  readonly #counts = new Map<string, number>();

  constructor(
    readonly phase: DicePhase,
    readonly mode: KeyedDiceMode,
  ) {
    this.source = mode.source;
  }

  /** The key the next roll for `purpose` will have. */
  nextKey(purpose: string): string {
    return `${this.phase}|${purpose}|${(this.#counts.get(purpose) ?? 0) + 1}`;
  }

  roll(expression: string, purpose: string): RollRecord {
    const key = this.nextKey(purpose);
    let record: RollRecord;
    if (this.mode.source === 'app') {
      record = SeededDice.fromSeed(`${this.mode.seed}|${key}`).roll(expression, purpose);
      const changed = this.mode.overrides?.[key];
      if (changed) {
        const rolled = record.faces.join(', ');
        record = {
          ...physicalRoll(expression, changed.faces, purpose),
          purpose: `${purpose} — Herald rolled ${rolled}; changed at ${changed.by}'s request: ${changed.reason}`,
        };
      }
    } else {
      const faces = this.mode.faces[key];
      if (faces === undefined) {
        const label = purpose === '' ? '' : ` for ${purpose}`;
        throw new MissingRollError(key, new PhysicalDiceError('missing', expression, purpose, `Roll ${expression}${label} and type in the dice.`));
      }
      record = physicalRoll(expression, faces, purpose);
    }
    this.#counts.set(purpose, (this.#counts.get(purpose) ?? 0) + 1);
    this.keys.push(key);
    return { ...record, key };
  }
}
