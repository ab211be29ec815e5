/**
 * Run Away! (seed 004 "Run Away!"):
 * "A player must make a Run Away! test at the start of his turn if more than 50% of his force is falling back or has
 * been removed as a casualty. For example, in a force that has twelve models a test is needed if less than six are
 * still fighting. If the Run Away! test is failed, the game ends. A team that has less than 25% of its models
 * remaining may choose to voluntarily fail their Run Away! test. ... To take a Run Away! test roll 2D6. If the score
 * is equal to or less than the Team Leader's unmodified Leadership, the player has passed the test ... If the Team
 * Leader is falling back or is a casualty then the player must use the highest Leadership amongst any remaining
 * friendly models who are not falling back."
 */
import type { DiceSource, RollRecord } from '../dice';
import type { ModelType } from '../ruleset/schema';
import type { GameFacts } from './facts';
import { sideModels, sideName } from './facts';

export interface RunAwayModel {
  id: string;
  type: ModelType;
  /** Unmodified Leadership. */
  leadership: number;
  status: 'fighting' | 'falling-back' | 'casualty';
}

export interface RunAwayNeed {
  needed: boolean;
  total: number;
  /** Falling back or removed as a casualty. */
  out: number;
  reason: string;
}

/**
 * Is a test needed at the start of this player's turn? Strictly more than half of the force must be falling back
 * or casualties: with 12 models, 7 out (5 fighting) needs a test, 6 out does not — matching the seed's example
 * "a test is needed if less than six are still fighting".
 *
 * @example
 * const twelve = (out: number) => Array.from({ length: 12 }, (_, i) => ({ id: `m${i}`, type: 'core' as const, leadership: 7, status: i < out ? ('casualty' as const) : ('fighting' as const) }));
 * runAwayTestNeeded(twelve(7)).needed; // → true (5 still fighting: "less than six")
 * runAwayTestNeeded(twelve(6)).needed; // → false
 */
export function runAwayTestNeeded(models: readonly RunAwayModel[]): RunAwayNeed {
  const total = models.length;
  const out = models.filter((m) => m.status !== 'fighting').length;
  const needed = out * 2 > total;
  return {
    needed,
    total,
    out,
    reason: needed
      ? `${out} of ${total} models are falling back or casualties (more than 50%): take a Run Away! test.`
      : `${out} of ${total} models are falling back or casualties (not more than 50%): no Run Away! test.`,
  };
}

/**
 * May the player choose to fail the test? "less than 25% of its models remaining": strictly under a quarter.
 * Choice (the seed does not define "remaining"): remaining = not removed as a casualty, so falling-back models still
 * count as remaining — they are still on the table.
 *
 * @example
 * const team = (dead: number) => Array.from({ length: 8 }, (_, i) => ({ id: `m${i}`, type: 'core' as const, leadership: 7, status: i < dead ? ('casualty' as const) : ('fighting' as const) }));
 * mayVoluntarilyFail(team(7)); // → true (1 of 8 left, under 25%)
 * mayVoluntarilyFail(team(6)); // → false (2 of 8 = 25%)
 */
export function mayVoluntarilyFail(models: readonly RunAwayModel[]): boolean {
  const remaining = models.filter((m) => m.status !== 'casualty').length;
  return remaining * 4 < models.length;
}

export interface LeadershipChoice {
  leadership: number;
  modelId: string;
  reason: string;
}

/**
 * Whose Leadership the test uses; null when every remaining model is falling back.
 *
 * @example
 * const models: RunAwayModel[] = [
 *   { id: 'boss', type: 'team-leader', leadership: 9, status: 'casualty' },
 *   { id: 'nob', type: 'special', leadership: 8, status: 'fighting' },
 * ];
 * runAwayLeadership(models); // → { leadership: 8, modelId: 'nob' }
 */
export function runAwayLeadership(models: readonly RunAwayModel[]): LeadershipChoice | null {
  const leader = models.find((m) => m.type === 'team-leader' && m.status === 'fighting');
  if (leader) return { leadership: leader.leadership, modelId: leader.id, reason: "the Team Leader's unmodified Leadership" };
  let best: RunAwayModel | undefined;
  for (const m of models) if (m.status === 'fighting' && (best === undefined || m.leadership > best.leadership)) best = m;
  if (!best) return null;
  return {
    leadership: best.leadership,
    modelId: best.id,
    reason: 'the highest Leadership amongst remaining models not falling back (the Team Leader is falling back or a casualty)',
  };
}

export type RunAwayResult =
  | { kind: 'not-needed'; need: RunAwayNeed; gameEnds: false; rolls: RollRecord[]; reason: string }
  | { kind: 'voluntary-fail'; need: RunAwayNeed; gameEnds: true; rolls: RollRecord[]; reason: string }
  | { kind: 'no-leader'; need: RunAwayNeed; gameEnds: true; rolls: RollRecord[]; reason: string }
  | {
      kind: 'rolled';
      need: RunAwayNeed;
      passed: boolean;
      gameEnds: boolean;
      leadership: LeadershipChoice;
      rolls: RollRecord[];
      reason: string;
    };

export class RunAwayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunAwayError';
  }
}

/**
 * Resolve the start-of-turn Run Away! check. `voluntaryFail` is the player's choice; it is refused (RunAwayError)
 * unless under 25% of the team remains. When no model is left that is not falling back, there is no Leadership to
 * test against: choice (the seed is silent) — the test fails without a roll.
 *
 * @example
 * const models = [
 *   { id: 'boss', type: 'team-leader' as const, leadership: 8, status: 'fighting' as const },
 *   { id: 'boy', type: 'core' as const, leadership: 7, status: 'casualty' as const },
 *   { id: 'boy2', type: 'core' as const, leadership: 7, status: 'casualty' as const },
 * ];
 * resolveRunAway({ models }, new PhysicalDice([[5, 4]])); // → { kind: 'rolled', passed: false, gameEnds: true }
 */
export function resolveRunAway(input: { models: readonly RunAwayModel[]; voluntaryFail?: boolean; team?: string }, dice: DiceSource): RunAwayResult {
  const need = runAwayTestNeeded(input.models);
  const who = input.team === undefined ? '' : `, ${input.team}`;
  if (!need.needed) {
    if (input.voluntaryFail) throw new RunAwayError('No Run Away! test is needed this turn, so it cannot be failed voluntarily.');
    return { kind: 'not-needed', need, gameEnds: false, rolls: [], reason: need.reason };
  }
  if (input.voluntaryFail) {
    if (!mayVoluntarilyFail(input.models)) {
      throw new RunAwayError('Only a team with less than 25% of its models remaining may voluntarily fail its Run Away! test.');
    }
    return {
      kind: 'voluntary-fail',
      need,
      gameEnds: true,
      rolls: [],
      reason: 'The team chose to fail its Run Away! test (under 25% remaining): the game ends.',
    };
  }
  const leadership = runAwayLeadership(input.models);
  if (!leadership) {
    return {
      kind: 'no-leader',
      need,
      gameEnds: true,
      rolls: [],
      reason: 'Every remaining model is falling back: nobody can rally the team, the test is failed and the game ends.',
    };
  }
  const roll = dice.roll('2D6', `Run Away! test${who}`);
  const passed = roll.total <= leadership.leadership;
  return {
    kind: 'rolled',
    need,
    passed,
    gameEnds: !passed,
    leadership,
    rolls: [roll],
    reason: passed
      ? `Rolled ${roll.total} against Leadership ${leadership.leadership} (${leadership.reason}): passed, the team fights on.`
      : `Rolled ${roll.total} against Leadership ${leadership.leadership} (${leadership.reason}): failed, the game ends.`,
  };
}

/**
 * What is wrong with a game that ended on a failed Run Away! test, in words (empty when nothing is). The test is taken
 * only "if more than 50% of his force is falling back or has been removed as a casualty", and a team may choose to fail
 * it only with "less than 25% of its models remaining" (004 Run Away!; remaining as in mayVoluntarilyFail). The force
 * is the models that took part, a Squad's members one by one; the falling-back count is the players' (GameEnding).
 *
 * @example
 * const eight = Array.from({ length: 8 }, (_, i) => ({ id: `b${i}`, side: 'b' as const, type: 'core' as const, aliveAtEnd: true }));
 * runAwayEndingProblems({ models: eight, ending: { kind: 'run-away', side: 'b', voluntary: true } })[0];
 * // → 'Player B chose to fail its Run Away! test with 8 of 8 models remaining: only a team with less than 25% of its models remaining may (004 Run Away!).'
 */
export function runAwayEndingProblems(facts: Pick<GameFacts, 'models' | 'ending'>): string[] {
  const ending = facts.ending;
  if (ending.kind !== 'run-away') return [];
  const who = sideName(ending.side);
  const own = sideModels(facts, ending.side);
  const casualties = own.filter((m) => !m.aliveAtEnd).length;
  const remaining = own.length - casualties;
  const fallingBack = ending.fallingBack ?? 0;
  if (fallingBack > remaining) return [`${who} has ${fallingBack} models falling back, but only ${remaining} of its models are alive.`];
  if (ending.voluntary) {
    return remaining * 4 < own.length
      ? []
      : [
          `${who} chose to fail its Run Away! test with ${remaining} of ${own.length} models remaining: only a team with less than 25% of its models remaining may (004 Run Away!).`,
        ];
  }
  const out = casualties + fallingBack;
  return out * 2 > own.length
    ? []
    : [
        `${who} took a Run Away! test with ${casualties} of ${own.length} models removed as casualties and ${fallingBack} falling back: the test is only taken when more than 50% of the force is falling back or has been removed as a casualty (004 Run Away!). Record how many were falling back.`,
      ];
}
