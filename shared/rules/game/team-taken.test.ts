import { describe, expect, it } from 'vitest';
import { takenPoints, teamTakenProblems } from './team-taken';

const cards = [
  { modelId: 'sarge', name: 'Sergeant Harker', points: 60 },
  { modelId: 'third', name: 'Third Squad', points: 150 },
  { modelId: 'lenz', name: 'Trooper Lenz', points: 60 },
];

describe('docs/progression.md Battle Honours: "a team is the models taken to one game (200–400 pts; honours don\'t count toward it)"', () => {
  it('the points of the models taken (a Squad by its roster line) must fit the game', () => {
    expect(takenPoints(cards, ['sarge', 'third'])).toBe(210);
    expect(teamTakenProblems('Hydra Platoon', cards, ['sarge', 'third'], 250)).toEqual([]);
    expect(teamTakenProblems('Hydra Platoon', cards, ['sarge', 'third', 'lenz'], 250)).toEqual([
      'Hydra Platoon takes 270 pts to a 250-pt game: leave 20 pts of models at home (docs/progression.md: a team is the models taken to one game).',
    ]);
  });

  it('no model at all, or one no longer on the roster, is refused in words', () => {
    expect(teamTakenProblems('Hydra Platoon', cards, [], 250)).toEqual(['Hydra Platoon takes no model to the game: choose at least one.']);
    expect(teamTakenProblems('Hydra Platoon', cards, ['sarge', 'ghost'], 250)).toEqual(['Hydra Platoon takes a model no longer on its roster: choose again.']);
  });
});
