import { describe, expect, it } from 'vitest';
import { armouryDuplicates, teamPointsProblem } from './team-building';

describe('004 Building your Team', () => {
  it('004 Building your Team: a 250 point team', () => {
    expect(teamPointsProblem(250)).toBeNull();
    expect(teamPointsProblem(253)).toBe('The team costs 253 points, over the 250-point limit by 3.');
  });

  it('004 Kill Team Armouries: a model may only take one of each piece of wargear from the Armoury', () => {
    expect(armouryDuplicates('Sergeant', ['auspex', 'bionics'])).toEqual([]);
    expect(armouryDuplicates('Sergeant', ['auspex', 'auspex'])).toEqual([
      'Sergeant takes auspex 2 times: a model may only take one of each piece of wargear from the Armoury.',
    ]);
  });
});
