/**
 * The team taken to one game (docs/progression.md, Battle Honours: 'a **team** is the models taken to one game
 * (200–400 pts; honours don't count toward it)'; seed 004 "Building your Team": a team is built to the game's points).
 * A founded roster may hold more than one game's team; the players choose at set-up which roster models play, and
 * their points (models and gear, honours excluded) must fit the game's size. A Squad is taken whole (its roster line).
 */

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

/**
 * What is wrong with a team taken to a game, in words naming the team: models not on its roster, no model at all, or
 * more points than the game's size.
 *
 * @example
 * teamTakenProblems('Hydra Platoon', [{ modelId: 'sarge', name: 'Harker', points: 60 }, { modelId: 'third', name: 'Third Squad', points: 200 }], ['sarge', 'third'], 250);
 * // → ['Hydra Platoon takes 260 pts to a 250-pt game: leave 10 pts of models at home (docs/progression.md: a team is the models taken to one game).']
 */
export function teamTakenProblems(team: string, cards: readonly TakenCard[], taken: readonly string[], gameSize: number): string[] {
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
  return problems;
}
