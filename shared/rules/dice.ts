/**
 * Over 400 lines: the seeded generator, the dice-expression parser and both dice sources share one roll log and its keys.
 * Dice for the rules package: a seeded generator that gives identical rolls on every platform, a parser for the dice
 * expressions the seeds use, and two dice sources (the app rolls, or the players type in physical dice).
 *
 * Algorithm (do not change without bumping RNG_ALGORITHM and updating the golden test in dice.test.ts):
 * - the seed (a string, or a safe integer written in decimal) is hashed with cyrb128 over its UTF-16 code units into
 *   four 32-bit words;
 * - those words are the state of sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state);
 *   the first 15 outputs are discarded so that similar seeds diverge;
 * - a die with n faces takes 32-bit outputs u and rejects u >= floor(2^32 / n) * n, then returns (u mod n) + 1:
 *   every face is exactly equally likely (no modulo bias).
 * All arithmetic is 32-bit integer arithmetic (Math.imul, |0, >>>0), which JavaScript defines exactly, so a seed gives
 * the same rolls on every machine and every engine. The state is four numbers: a saved game resumes exactly.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------------
// Seeded generator
// ---------------------------------------------------------------------------------------------------------------

export const RNG_ALGORITHM = 'sfc32/cyrb128/v1' as const;

const Uint32 = z.number().int().min(0).max(0xffff_ffff);

/** The whole generator state: store it with the game to resume (and reproduce) the same rolls. */
export const RngState = z.object({
  algorithm: z.literal(RNG_ALGORITHM),
  state: z.tuple([Uint32, Uint32, Uint32, Uint32]),
});
export type RngState = z.infer<typeof RngState>;

/** A seed: any string (a game id, say) or a safe integer. */
export type Seed = string | number;

function seedText(seed: Seed): string {
  if (typeof seed === 'number') {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`A numeric dice seed must be a whole number; got ${seed}.`);
    return String(seed);
  }
  return seed;
}

/**
 * cyrb128 (bryc, public domain): a fast 128-bit string hash used only to spread a seed over the sfc32 state.
 *
 * @example
 * cyrb128('game-7'); // → [4135307826, 938596791, 2299135410, 1865927748]
 */
export function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32 over a mutable state; every call returns one uniformly distributed 32-bit unsigned integer. */
export class Sfc32 {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  private constructor(state: readonly [number, number, number, number]) {
    [this.#a, this.#b, this.#c, this.#d] = state;
  }

  static fromSeed(seed: Seed): Sfc32 {
    const rng = new Sfc32(cyrb128(seedText(seed)));
    for (let i = 0; i < 15; i++) rng.nextUint32();
    return rng;
  }

  static fromState(state: RngState): Sfc32 {
    return new Sfc32(RngState.parse(state).state);
  }

  nextUint32(): number {
    const a = this.#a | 0;
    const b = this.#b | 0;
    const c = this.#c | 0;
    const d = this.#d | 0;
    const t = (((a + b) | 0) + d) | 0;
    this.#d = (d + 1) | 0;
    this.#a = b ^ (b >>> 9);
    const c2 = (c + (c << 3)) | 0;
    this.#b = c2;
    this.#c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /** A uniform integer in 1..sides, without modulo bias (rejection sampling). */
  die(sides: number): number {
    if (!Number.isInteger(sides) || sides < 1 || sides > 0xffff_ffff) throw new RangeError(`A die needs 1 or more sides; got ${sides}.`);
    const limit = Math.floor(0x1_0000_0000 / sides) * sides;
    for (;;) {
      const u = this.nextUint32();
      if (u < limit) return (u % sides) + 1;
    }
  }

  state(): RngState {
    return { algorithm: RNG_ALGORITHM, state: [this.#a >>> 0, this.#b >>> 0, this.#c >>> 0, this.#d >>> 0] };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Dice expressions
// ---------------------------------------------------------------------------------------------------------------

/**
 * A parsed dice expression. The seeds use D3, D6, 2D6, 3D6, D66, D3+2 and 2D6×3 (seed 000 Night Fighting:
 * "Roll 2D6 and multiply the result by 3"). One modifier at most, applied to the sum of the dice: that covers every
 * expression in the seeds and avoids any question of precedence.
 */
export interface DiceExpression {
  /** Canonical text, e.g. "2D6×3", "D3+2", "D66". */
  readonly text: string;
  /** Number of dice typed or rolled. D66 is two D6: the tens die, then the units die. */
  readonly count: number;
  /** Faces of each die (3 or 6). */
  readonly sides: 3 | 6;
  readonly kind: 'sum' | 'd66';
  /** Added to the dice result (may be negative). */
  readonly add: number;
  /** The dice result (after add) is multiplied by this. */
  readonly multiply: number;
}

export const MAX_DICE_IN_EXPRESSION = 20;

/** The expression cannot be read. `message` says why, in words a player understands. */
export class DiceExpressionError extends Error {
  readonly expression: string;
  constructor(expression: string, message: string) {
    super(message);
    this.name = 'DiceExpressionError';
    this.expression = expression;
  }
}

const EXPRESSION = /^(\d*)D(66|\d+)(?:([+\-−×x*])(\d+))?$/;

/**
 * Parse "D3", "2D6", "D66", "D3+2", "2D6×3" (also "2d6x3", "2D6*3", spaces ignored). Throws DiceExpressionError.
 *
 * @example
 * parseDice('2D6×3'); // → { text: '2D6×3', count: 2, sides: 6, kind: 'sum', add: 0, multiply: 3 }
 * parseDice('D20'); // → throws DiceExpressionError
 */
export function parseDice(input: string): DiceExpression {
  const compact = input.replace(/\s+/g, '').toUpperCase().replace(/X/g, 'x');
  const m = EXPRESSION.exec(compact);
  if (!m) {
    throw new DiceExpressionError(input, `"${input}" is not a dice expression: write it like D6, 2D6, D66, D3+2 or 2D6×3.`);
  }
  const [, countText = '', sidesText = '', op, operandText] = m;
  const count = countText === '' ? 1 : Number(countText);
  if (count < 1 || count > MAX_DICE_IN_EXPRESSION) {
    throw new DiceExpressionError(input, `"${input}": the number of dice must be 1 to ${MAX_DICE_IN_EXPRESSION}.`);
  }
  const operand = operandText === undefined ? 0 : Number(operandText);
  let add = 0;
  let multiply = 1;
  if (op === '+') add = operand;
  else if (op === '-' || op === '−') add = -operand;
  else if (op !== undefined) {
    if (operand < 1) throw new DiceExpressionError(input, `"${input}": a multiplier must be 1 or more.`);
    multiply = operand;
  }
  const suffix = op === undefined ? '' : add > 0 ? `+${add}` : add < 0 ? `-${-add}` : `×${multiply}`;

  if (sidesText === '66') {
    if (countText !== '') throw new DiceExpressionError(input, `"${input}": D66 is a single roll of two dice; write D66 with no count.`);
    return { text: `D66${suffix}`, count: 2, sides: 6, kind: 'd66', add, multiply };
  }
  const sides = Number(sidesText);
  if (sides !== 3 && sides !== 6) {
    throw new DiceExpressionError(input, `"${input}": these rules only use D3, D6 and D66 dice, not D${sidesText}.`);
  }
  return { text: `${count === 1 ? '' : count}D${sides}${suffix}`, count, sides, kind: 'sum', add, multiply };
}

function asExpression(expression: string | DiceExpression): DiceExpression {
  return typeof expression === 'string' ? parseDice(expression) : expression;
}

/** The raw dice result before modifiers: the sum, or for D66 tens×10 + units. */
function rawResult(expr: DiceExpression, faces: readonly number[]): number {
  if (expr.kind === 'd66') return (faces[0] ?? 0) * 10 + (faces[1] ?? 0);
  return faces.reduce((sum, f) => sum + f, 0);
}

/**
 * Total of an expression for given faces (faces must already be valid).
 *
 * @example
 * totalOf('D3+2', [2]); // → 4
 * totalOf('D66', [2, 5]); // → 25
 */
export function totalOf(expression: string | DiceExpression, faces: readonly number[]): number {
  const expr = asExpression(expression);
  return (rawResult(expr, faces) + expr.add) * expr.multiply;
}

/**
 * Lowest and highest total an expression can give.
 *
 * @example
 * diceRange('2D6×3'); // → { min: 6, max: 36 }
 */
export function diceRange(expression: string | DiceExpression): { min: number; max: number } {
  const expr = asExpression(expression);
  const low = expr.kind === 'd66' ? 11 : expr.count;
  const high = expr.kind === 'd66' ? 66 : expr.count * expr.sides;
  return { min: (low + expr.add) * expr.multiply, max: (high + expr.add) * expr.multiply };
}

/**
 * Every raw result an expression can give, ascending (D66: 11..16, 21..26, …, 61..66; 2D6: 2..12).
 *
 * @example
 * possibleRawResults('2D6'); // → [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
 */
export function possibleRawResults(expression: string | DiceExpression): number[] {
  const expr = asExpression(expression);
  if (expr.kind === 'd66') {
    const out: number[] = [];
    for (let t = 1; t <= 6; t++) for (let u = 1; u <= 6; u++) out.push(t * 10 + u);
    return out;
  }
  const out: number[] = [];
  for (let v = expr.count; v <= expr.count * expr.sides; v++) out.push(v);
  return out;
}

/**
 * True when `value` is a valid D66 result (both digits 1..6).
 *
 * @example
 * isD66Value(36); // → true
 * isD66Value(37); // → false
 */
export function isD66Value(value: number): boolean {
  const t = Math.floor(value / 10);
  const u = value % 10;
  return Number.isInteger(value) && t >= 1 && t <= 6 && u >= 1 && u <= 6;
}

// ---------------------------------------------------------------------------------------------------------------
// Roll records and dice sources
// ---------------------------------------------------------------------------------------------------------------

export const RollSource = z.enum(['app', 'physical']);
export type RollSource = z.infer<typeof RollSource>;

/** One roll, as logged with the game: what it was for, the dice as they fell, and the result. */
export const RollRecord = z.object({
  purpose: z.string(),
  expression: z.string(),
  faces: z.array(z.number().int().min(1).max(6)),
  total: z.number().int(),
  source: RollSource,
  /** The roll's key in its game (keyed-dice.ts), so a die can be corrected before the game is committed (issue 20). */
  key: z.string().max(300).optional(),
  /** What the table made of it ("Dead: removed from the roster."), shown as soon as the die is typed (issue 20). */
  result: z.string().max(500).optional(),
});
export type RollRecord = z.infer<typeof RollRecord>;

/** Where rolls come from. Rules functions take one of these and never roll any other way. */
export interface DiceSource {
  readonly source: RollSource;
  /** Roll `expression` (e.g. "2D6") for `purpose` (e.g. "Run Away! test, Orks"). */
  roll(expression: string, purpose: string): RollRecord;
}

/** The app rolls, from a seeded sfc32 generator. */
export class SeededDice implements DiceSource {
  readonly source = 'app' as const;
  readonly #rng: Sfc32;

  private constructor(rng: Sfc32) {
    this.#rng = rng;
  }

  static fromSeed(seed: Seed): SeededDice {
    return new SeededDice(Sfc32.fromSeed(seed));
  }

  /** Resume exactly where a saved game stopped. */
  static fromState(state: RngState): SeededDice {
    return new SeededDice(Sfc32.fromState(state));
  }

  state(): RngState {
    return this.#rng.state();
  }

  /** One die face in 1..sides (for code that needs a bare die). */
  die(sides: 3 | 6): number {
    return this.#rng.die(sides);
  }

  roll(expression: string, purpose: string): RollRecord {
    const expr = parseDice(expression);
    const faces: number[] = [];
    for (let i = 0; i < expr.count; i++) faces.push(this.#rng.die(expr.sides));
    return { purpose, expression: expr.text, faces, total: totalOf(expr, faces), source: 'app' };
  }
}

export type PhysicalDiceProblem = 'missing' | 'wrong-count' | 'out-of-range' | 'not-a-number';

/** Typed-in dice that cannot be used. `message` tells the player what to type instead. */
export class PhysicalDiceError extends Error {
  readonly problem: PhysicalDiceProblem;
  readonly expression: string;
  readonly purpose: string;
  constructor(problem: PhysicalDiceProblem, expression: string, purpose: string, message: string) {
    super(message);
    this.name = 'PhysicalDiceError';
    this.problem = problem;
    this.expression = expression;
    this.purpose = purpose;
  }
}

function describeDice(expr: DiceExpression): string {
  if (expr.kind === 'd66') return 'two D6: the tens die, then the units die';
  return `${expr.count} ${expr.count === 1 ? 'die' : 'dice'}`;
}

/**
 * Check typed-in faces against an expression and make the roll record. A D3 face is typed as its D3 result (1–3),
 * i.e. after the player has halved the D6; the seeds only say "D3" (choice recorded here).
 * Throws PhysicalDiceError.
 *
 * @example
 * physicalRoll('2D6', [3, 4], 'Run Away!'); // → { purpose: 'Run Away!', expression: '2D6', faces: [3, 4], total: 7, source: 'physical' }
 */
export function physicalRoll(expression: string | DiceExpression, faces: readonly number[], purpose: string): RollRecord {
  const expr = asExpression(expression);
  const label = purpose === '' ? expr.text : `${expr.text} (${purpose})`;
  if (faces.length !== expr.count) {
    throw new PhysicalDiceError(
      'wrong-count',
      expr.text,
      purpose,
      `${label} needs ${describeDice(expr)}, but ${faces.length} ${faces.length === 1 ? 'was' : 'were'} typed in.`,
    );
  }
  faces.forEach((face, i) => {
    if (!Number.isInteger(face)) {
      throw new PhysicalDiceError(
        'not-a-number',
        expr.text,
        purpose,
        `${label}: die ${i + 1} must be a whole number from 1 to ${expr.sides}; got ${String(face)}.`,
      );
    }
    if (face < 1 || face > expr.sides) {
      throw new PhysicalDiceError('out-of-range', expr.text, purpose, `${label}: die ${i + 1} shows ${face}, but a D${expr.sides} shows 1 to ${expr.sides}.`);
    }
  });
  return { purpose, expression: expr.text, faces: [...faces], total: totalOf(expr, faces), source: 'physical' };
}

/**
 * Non-throwing check for forms: null when the faces are fine, otherwise the message to show.
 *
 * @example
 * checkPhysicalFaces('2D6', [3, 4]); // → null
 * checkPhysicalFaces('2D6', [7, 1]); // → '2D6: die 1 shows 7, but a D6 shows 1 to 6.'
 */
export function checkPhysicalFaces(expression: string, faces: readonly number[]): string | null {
  try {
    physicalRoll(expression, faces, '');
    return null;
  } catch (e) {
    if (e instanceof PhysicalDiceError || e instanceof DiceExpressionError) return e.message;
    throw e;
  }
}

/**
 * The players roll real dice and type the faces in. Each queued entry is the faces of one roll, in the order the
 * rules ask for them; a roll with nothing queued throws a PhysicalDiceError ('missing') naming what to roll.
 */
export class PhysicalDice implements DiceSource {
  readonly source = 'physical' as const;
  readonly #queue: number[][];

  constructor(queued: readonly (readonly number[])[] = []) {
    this.#queue = queued.map((f) => [...f]);
  }

  /** Queue the faces of one more roll. */
  push(faces: readonly number[]): void {
    this.#queue.push([...faces]);
  }

  /** Rolls typed in but not used yet. */
  get remaining(): number {
    return this.#queue.length;
  }

  roll(expression: string, purpose: string): RollRecord {
    const expr = parseDice(expression);
    const faces = this.#queue[0];
    if (faces === undefined) {
      const label = purpose === '' ? '' : ` for ${purpose}`;
      throw new PhysicalDiceError('missing', expr.text, purpose, `Roll ${expr.text}${label} and type in ${describeDice(expr)}.`);
    }
    // Validate before consuming, so a typo can be corrected and the same roll retried.
    const record = physicalRoll(expr, faces, purpose);
    this.#queue.shift();
    return record;
  }
}

/** Wraps a source and keeps every roll, for rules code that must return the rolls it made. */
export class RollLog implements DiceSource {
  readonly records: RollRecord[] = [];
  readonly #inner: DiceSource;
  constructor(inner: DiceSource) {
    this.#inner = inner;
  }
  get source(): RollSource {
    return this.#inner.source;
  }
  roll(expression: string, purpose: string): RollRecord {
    const record = this.#inner.roll(expression, purpose);
    this.records.push(record);
    return record;
  }
}
