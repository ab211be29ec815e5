/** Test-only: game plans and table models for the start-of-turn prompts' tests. Not exported from index.ts. */
import { PhysicalDice } from '../dice';
import { battleHonoursPreset } from '../presets';
import { planGame } from '../game/plan';
import type { GamePlan, GamePlanOptionsInput, PlanOptionalRules } from '../game/plan';
import type { Ruleset } from '../ruleset/schema';
import type { PromptModel } from './prompt-types';

export const ruleset = battleHonoursPreset();
/** Night Fighting only when Blizzard or Dusk & Dawn says so (House rules → Readings). */
export const nightWhenSaid: Ruleset = { ...battleHonoursPreset(), readings: { nightFighting: 'when-a-rule-says' } };
export const sides = { a: { teamId: 'team-1', name: 'Wolves' }, b: { teamId: 'team-2', name: 'Orks' } };
export const NONE: PlanOptionalRules = { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false };

/** A Skirmish: Wolves deploy first and take the first turn (the Orks roll 1 to steal it), or `faces` for more rolls. */
export function skirmish(rules: Ruleset = ruleset, extra: Partial<GamePlanOptionsInput> = {}, faces: number[][] = [[1]]): GamePlan {
  return planGame(rules, { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a', optionalRules: NONE, ...extra }, new PhysicalDice(faces));
}

export const model = (id: string, side: 'a' | 'b', extra: Partial<PromptModel> = {}): PromptModel => ({
  id,
  side,
  name: id,
  type: 'core',
  leadership: 7,
  state: 'in-play',
  ...extra,
});

/** Six Wolves (a Team Leader Ld 8, a Special Ld 9, a Core, a Squad of three Ld 7) and two Orks. */
export function wolvesAndOrks(): PromptModel[] {
  return [
    model('boss', 'a', { type: 'team-leader', leadership: 8, name: 'Sergeant Brand' }),
    model('vet', 'a', { type: 'special', leadership: 9, name: 'Veteran' }),
    model('gunner', 'a', { name: 'Gunner' }),
    ...[1, 2, 3].map((n) => model(`third#${n}`, 'a', { name: `Third Squad (${n} of 3)`, unitName: 'Third Squad' })),
    model('nob', 'b', { type: 'team-leader', leadership: 7, name: 'Nob' }),
    model('boy', 'b', { name: 'Boy' }),
  ];
}

/** The models with some set to a state. */
export function withStates(models: readonly PromptModel[], states: Record<string, PromptModel['state']>): PromptModel[] {
  return models.map((m) => (states[m.id] === undefined ? m : { ...m, state: states[m.id]! }));
}
