/**
 * The team taken to one game (docs/progression.md, Battle Honours: 'a **team** is the models taken to one game
 * (200–400 pts; honours don't count toward it)'; seed 004 "Building your Team": a team is built to the game's points).
 * A founded roster may hold more than one game's team; the players choose at set-up which roster models play, and
 * their points (models and gear, honours excluded) must fit the game's size. A Squad is taken whole (its roster line).
 * The team taken follows its list's Model Allowance like any team (004 "Building your Team": "You must follow all
 * Model Allowance rules set out in your list"): the roster validation's own allowance checks, on the models taken.
 */
import type { Roster } from '../roster/roster';
import type { TeamList } from '../roster/team-list';
import { validateRoster } from '../roster/validate';

/** What the check needs of a roster card (roster/validate.ts ModelCard). */
export interface TakenCard {
  modelId: string;
  name: string;
  points: number;
}

/**
 * The points of the models taken.
 *
 * @example
 * takenPoints([{ modelId: 'sarge', name: 'Harker', points: 60 }, { modelId: 'third', name: 'Third Squad', points: 50 }], ['sarge']); // → 60
 */
export function takenPoints(cards: readonly TakenCard[], taken: readonly string[]): number {
  const ids = new Set(taken);
  return cards.filter((c) => ids.has(c.modelId)).reduce((sum, c) => sum + c.points, 0);
}

/** What the Model Allowance check needs of a team: its list and roster, and who sits this game out. */
export interface TakenTeam {
  list: TeamList;
  roster: Roster;
  /**
   * Roster models that sit this game out, incapacitated last game (docs/progression.md Injuries): they are still of the
   * team, so they count toward the allowance's minimums, never toward its maximums.
   */
  sittingOut?: readonly string[];
}

const ALLOWANCE_SEED = '004: "You must follow all Model Allowance rules set out in your list"';

/**
 * The Model Allowance problems of the models a team takes to a game, in words naming the team (the roster validation's
 * allowance checks, with unlocks and Squad members, on the models taken).
 *
 * @example
 * // guard: the Imperial Guard sample list (one Team Leader, at most 2 Squads); roster: Sergeant Harker ('sarge') and Third Squad ('third')
 * takenAllowanceProblems('Hydra Platoon', { list: guard, roster }, ['third']);
 * // → ['Hydra Platoon as taken to this game breaks its list\'s Model Allowance — No Team Leader: every team needs one (004: "You must follow all Model Allowance rules set out in your list").']
 */
export function takenAllowanceProblems(team: string, of: TakenTeam, taken: readonly string[]): string[] {
  const models = (ids: ReadonlySet<string>) => ({ models: of.roster.models.filter((m) => ids.has(m.id)) });
  const takenIds = new Set(taken);
  const withSittersOut = new Set([...taken, ...(of.sittingOut ?? [])]);
  if (takenIds.size === 0) return [];
  const unlimited = Number.MAX_SAFE_INTEGER;
  const over = validateRoster(of.list, models(takenIds), unlimited).issues.filter((i) => i.code === 'allowance-max' || i.code === 'entry-max');
  const under = validateRoster(of.list, models(withSittersOut), unlimited).issues.filter((i) => i.code === 'allowance-min');
  return [...over, ...under].map((i) => `${team} as taken to this game breaks its list's Model Allowance — ${trimStop(i.message)} (${ALLOWANCE_SEED}).`);
}

const trimStop = (s: string) => s.replace(/\.$/, '');

/**
 * What is wrong with a team taken to a game, in words naming the team: models not on its roster, no model at all,
 * more points than the game's size, or (given its list and roster) a team that breaks the list's Model Allowance.
 *
 * @example
 * teamTakenProblems('Hydra Platoon', [{ modelId: 'sarge', name: 'Harker', points: 60 }, { modelId: 'third', name: 'Third Squad', points: 200 }], ['sarge', 'third'], 250);
 * // → ['Hydra Platoon takes 260 pts to a 250-pt game: leave 10 pts of models at home (docs/progression.md: a team is the models taken to one game).']
 */
export function teamTakenProblems(team: string, cards: readonly TakenCard[], taken: readonly string[], gameSize: number, allowance?: TakenTeam): string[] {
  const problems: string[] = [];
  const onRoster = new Set(cards.map((c) => c.modelId));
  const strangers = taken.filter((id) => !onRoster.has(id));
  if (strangers.length > 0)
    problems.push(`${team} takes ${strangers.length === 1 ? 'a model' : `${strangers.length} models`} no longer on its roster: choose again.`);
  if (taken.filter((id) => onRoster.has(id)).length === 0) problems.push(`${team} takes no model to the game: choose at least one.`);
  const points = takenPoints(cards, taken);
  if (points > gameSize)
    problems.push(
      `${team} takes ${points} pts to a ${gameSize}-pt game: leave ${points - gameSize} pts of models at home (docs/progression.md: a team is the models taken to one game).`,
    );
  if (allowance) problems.push(...takenAllowanceProblems(team, allowance, taken));
  return problems;
}
