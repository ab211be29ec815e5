/**
 * Building a Kill Team (004 "Building your Team", "Kill Team Armouries"): the checks that need no Team List data.
 * Team Lists (model costs, Model Allowance) are not in the seeds; the app enters them as data later.
 */
import { TEAM_POINTS_LIMIT } from './core';

/**
 * "A model may only take one of each piece of wargear from the Armoury" (004 "Kill Team Armouries"). Returns one
 * message per item taken more than once. Grenades bought as extra grenades are not Armoury items (see priceGrenades).
 *
 * @example
 * armouryDuplicates('Nob', ['bosspole', 'bosspole']); // → ['Nob takes bosspole 2 times: a model may only take one of each piece of wargear from the Armoury.']
 */
export function armouryDuplicates(modelName: string, armouryItems: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const item of armouryItems) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n > 1)
    .map(([item, n]) => `${modelName} takes ${item} ${n} times: a model may only take one of each piece of wargear from the Armoury.`);
}

/**
 * "write a 250 point team" (004 "Building your Team"): null when within the limit, else the message.
 *
 * @example
 * teamPointsProblem(250); // → null
 * teamPointsProblem(262); // → 'The team costs 262 points, over the 250-point limit by 12.'
 */
export function teamPointsProblem(totalPoints: number, limit: number = TEAM_POINTS_LIMIT): string | null {
  return totalPoints <= limit ? null : `The team costs ${totalPoints} points, over the ${limit}-point limit by ${totalPoints - limit}.`;
}
