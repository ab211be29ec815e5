/**
 * What the dice decide for a start-of-turn prompt (issue 33; the prompts: prompts.ts). Each kind is resolved by the
 * rules package's own function, with the dice given: app dice (SeededDice, KeyedDice) or the faces the players typed in
 * (PhysicalDice, in the order of the prompt's `rolls`; a missing or wrong face throws PhysicalDiceError, naming the
 * roll, and changes nothing). Rolls whose number depends on a first roll (Fog of War after arrivals, Orbital Debris'
 * mortal wounds) come back as follow-up prompts.
 */
import type { DiceSource, RollRecord, RollSource } from '../dice';
import { PhysicalDice, PhysicalDiceError } from '../dice';
import { resolveRunAway } from '../hor/run-away';
import { rollForReserves } from '../mission-pack/reserves';
import type { ReserveSelection } from '../mission-pack/reserves';
import { randomGameLengthCheck } from '../mission-pack/random-game-length';
import { battleLengthCheck } from '../club-8th/battle';
import { acidRainCheck, deadOfNightCheck, fogOfWarCheck, restoratives } from '../club-8th/twist';
import type { FogOfWarPrompt, GameLengthPrompt, PromptChoices, PromptOutcome, ReservesPrompt, TablePrompt, TwistRollPrompt } from './prompt-types';
import { fogOfWarPrompt, orbitalDebrisWoundsPrompt } from './follow-ups';

const common = (prompt: TablePrompt, text: string, rolls: RollRecord[]) => ({
  promptId: prompt.id,
  text,
  rolls,
  gameEnds: false,
  followUps: [] as TablePrompt[],
});

const membersOf = (members: Record<string, string[]>, sels: readonly ReserveSelection[]): string[] => sels.flatMap((s) => members[s.id] ?? []);

function resolveReserves(prompt: ReservesPrompt, dice: DiceSource): PromptOutcome {
  const { arrivals, rolls } = rollForReserves(prompt.waiting, prompt.turn, dice, prompt.table);
  const came = arrivals.filter((a) => a.arrives).map((a) => a.selection);
  const waiting = arrivals.filter((a) => !a.arrives).map((a) => a.selection);
  const words = arrivals.map((a) => `${a.selection.name}: rolled ${a.roll?.total ?? '—'}, ${a.arrives ? 'arrives' : 'stays in reserve'}.`);
  if (prompt.delayedArrive.length > 0) words.push(`${prompt.delayedArrive.map((s) => s.name).join(', ')}: delayed last turn, arriving now.`);
  const followUps: TablePrompt[] = [];
  // 003 Fog of War: a unit arriving after the battle has begun rolls the first time it does so.
  if (prompt.fogOfWar && came.length > 0) followUps.push(fogOfWarPrompt(prompt, came, prompt.members));
  const arriving = prompt.fogOfWar ? prompt.delayedArrive : [...prompt.delayedArrive, ...came];
  return {
    ...common(prompt, words.join(' '), rolls),
    kind: 'reserves',
    arrive: membersOf(prompt.members, arriving),
    stay: membersOf(prompt.members, waiting),
    delayed: [],
    delayedTo: null,
    mayDeepStrike: arriving.filter((s) => s.mayDeepStrike === true).map((s) => s.id),
    followUps,
  };
}

function resolveFog(prompt: FogOfWarPrompt, dice: DiceSource): PromptOutcome {
  const checks = prompt.arriving.map((s) => ({ s, ...fogOfWarCheck(dice, s.name) }));
  const now = checks.filter((c) => !c.delayed).map((c) => c.s);
  const late = checks.filter((c) => c.delayed).map((c) => c.s);
  return {
    ...common(
      prompt,
      checks.map((c) => `${c.s.name}: rolled ${c.roll.total}, ${c.delayed ? `delayed to turn ${prompt.turn + 1}` : 'arrives'}.`).join(' '),
      checks.map((c) => c.roll),
    ),
    kind: 'fog-of-war',
    arrive: membersOf(prompt.members, now),
    stay: [],
    delayed: membersOf(prompt.members, late),
    delayedTo: late.length > 0 ? prompt.turn + 1 : null,
    mayDeepStrike: now.filter((s) => s.mayDeepStrike === true).map((s) => s.id),
  };
}

function resolveGameLength(prompt: GameLengthPrompt, dice: DiceSource): PromptOutcome {
  const check =
    prompt.rule.kind === 'random'
      ? randomGameLengthCheck(prompt.rule.statedTurns, prompt.turn, dice)
      : battleLengthCheck(prompt.turn, dice, prompt.rule.battleLength);
  return { ...common(prompt, check.reason, check.roll ? [check.roll] : []), kind: 'game-length', continues: check.continues, gameEnds: !check.continues };
}

/** 003 Twist 9: "Each player rolls 3 dice at the start of their turn. For each roll of 6 ..." (as club-8th orbitalDebris). */
function resolveOrbitalDebris(prompt: TwistRollPrompt, dice: DiceSource): PromptOutcome {
  const player = prompt.player ?? '';
  const r = dice.roll('3D6', `Orbital Debris: ${player}`);
  const sixes = r.faces.filter((f) => f === 6).length;
  const followUps: TablePrompt[] = [];
  if (sixes > 0) followUps.push(orbitalDebrisWoundsPrompt(prompt, sixes, player));
  const text = sixes === 0 ? `Rolled ${r.faces.join(', ')}: no 6, no mortal wounds.` : `Rolled ${r.faces.join(', ')}: ${sixes} × 6.`;
  return { ...common(prompt, text, [r]), kind: 'orbital-debris', sixes, followUps };
}

function resolveTwist(prompt: TwistRollPrompt, dice: DiceSource): PromptOutcome {
  if (prompt.kind === 'acid-rain') {
    const c = acidRainCheck(prompt.turn, prompt.raining ?? true, dice);
    return {
      ...common(prompt, c.raining ? 'It rains this battle round.' : 'No rain this battle round.', c.roll ? [c.roll] : []),
      kind: 'acid-rain',
      raining: c.raining,
    };
  }
  if (prompt.kind === 'dead-of-night') {
    const c = deadOfNightCheck(prompt.turn, prompt.successes ?? 0, dice);
    const text = `Maximum range of shooting attacks and psychic powers: ${c.maxRangeInches}".`;
    return { ...common(prompt, text, c.roll ? [c.roll] : []), kind: 'dead-of-night', successes: c.successes, maxRangeInches: c.maxRangeInches };
  }
  if (prompt.kind === 'restoratives') {
    const r = restoratives(dice, `a unit of ${prompt.player ?? ''}`);
    return {
      ...common(prompt, `The unit regains ${r.woundsRegained} lost wound${r.woundsRegained === 1 ? '' : 's'}.`, [r.roll]),
      kind: 'restoratives',
      woundsRegained: r.woundsRegained,
    };
  }
  return resolveOrbitalDebris(prompt, dice);
}

/**
 * Roll a prompt and say what comes of it: which reserves arrive, whether the game ends, whether the test is passed.
 * A prompt with nothing to roll is simply noted. `choices.voluntaryFail`: the team chooses to fail its Run Away! test
 * (refused with a RunAwayError, in words, unless under 25% of it remains).
 *
 * @example
 * // `runAwayPrompt`: a Run Away! test against the Team Leader's Leadership 8
 * resolvePrompt(runAwayPrompt, new PhysicalDice([[5, 4]])); // → { kind: 'run-away', passed: false, gameEnds: true }
 */
export function resolvePrompt(prompt: TablePrompt, dice: DiceSource, choices: PromptChoices = {}): PromptOutcome {
  switch (prompt.kind) {
    case 'run-away': {
      const result = resolveRunAway({ models: prompt.models, voluntaryFail: choices.voluntaryFail === true, team: prompt.team }, dice);
      const passed = result.kind === 'not-needed' || (result.kind === 'rolled' && result.passed);
      return { ...common(prompt, result.reason, result.rolls), kind: 'run-away', passed, result, gameEnds: result.gameEnds };
    }
    case 'reserves':
      return resolveReserves(prompt, dice);
    case 'fog-of-war':
      return resolveFog(prompt, dice);
    case 'game-length':
      return resolveGameLength(prompt, dice);
    case 'acid-rain':
    case 'dead-of-night':
    case 'restoratives':
    case 'orbital-debris':
      return resolveTwist(prompt, dice);
    case 'orbital-debris-wounds': {
      const rolls = prompt.rolls.map((r) => dice.roll(r.expression, r.purpose));
      const text = rolls.map((r, i) => `Enemy unit ${i + 1}: ${r.total} mortal wound${r.total === 1 ? '' : 's'}.`).join(' ');
      return { ...common(prompt, text, rolls), kind: 'orbital-debris-wounds', mortalWounds: rolls.map((r) => r.total) };
    }
    default: {
      const last = prompt.kind === 'last-turn';
      return { ...common(prompt, last ? 'The game ends after this turn.' : 'Noted.', []), kind: 'noted', gameEnds: last };
    }
  }
}

/**
 * The faces of a prompt's rolls (one list, in the order of its `rolls`) as dice to resolve it with: typed in from real
 * dice, or the app's own roll read back from the table's log (`source: 'app'`, so a resumed game resolves the same way
 * and its roll records still say the app rolled). Too few or too many faces are refused in words (PhysicalDiceError),
 * before anything is rolled.
 *
 * @example
 * resolvePrompt(runAwayPrompt, physicalDiceFor(runAwayPrompt, [4, 4])).passed; // → true (8 against Leadership 8)
 * physicalDiceFor(runAwayPrompt, [6]); // throws: 'Run Away! test: Wolves needs 2 dice (2D6), but 1 was typed in.'
 */
export function physicalDiceFor(prompt: TablePrompt, faces: readonly number[], source: RollSource = 'physical'): DiceSource {
  const needed = prompt.rolls.reduce((n, r) => n + r.count, 0);
  if (faces.length !== needed) {
    const what = prompt.rolls.map((r) => r.expression).join(', ') || 'no dice';
    throw new PhysicalDiceError(
      'wrong-count',
      what,
      prompt.title,
      `${prompt.title} needs ${needed} ${needed === 1 ? 'die' : 'dice'} (${what}), but ${faces.length} ${faces.length === 1 ? 'was' : 'were'} typed in.`,
    );
  }
  let at = 0;
  const typed = new PhysicalDice(
    prompt.rolls.map((r) => {
      const chunk = faces.slice(at, at + r.count);
      at += r.count;
      return chunk;
    }),
  );
  return { source, roll: (expression, purpose) => ({ ...typed.roll(expression, purpose), source }) };
}

/**
 * The faces a resolved prompt's rolls came to, in order: what the table's log keeps (`physicalDiceFor` reads them back).
 *
 * @example
 * facesOf({ rolls: [physicalRoll('D6', [4], 'Reserves, turn 2: Veteran'), physicalRoll('D6', [1], 'Reserves, turn 2: Third Squad')] }); // → [4, 1]
 */
export const facesOf = (outcome: Pick<PromptOutcome, 'rolls'>): number[] => outcome.rolls.flatMap((r) => r.faces);
