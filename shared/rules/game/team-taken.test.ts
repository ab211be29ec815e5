import { describe, expect, it } from 'vitest';
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import { Roster } from '../roster/roster';
import { TeamList } from '../roster/team-list';
import { takenAllowanceProblems, takenPoints, teamTakenProblems } from './team-taken';

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

describe('004 Building your Team: "You must follow all Model Allowance rules set out in your list" — the team taken too', () => {
  const guard = SAMPLE_TEAM_LISTS.map((l) => TeamList.parse(l)).find((l) => l.id === 'imperial-guard-sample')!;
  const marines = SAMPLE_TEAM_LISTS.map((l) => TeamList.parse(l)).find((l) => l.id === 'space-marines-sample')!;
  const model = (id: string, entryId: string, name: string, extra: object = {}) => ({ id, entryId, name, options: {}, armoury: [], grenades: {}, ...extra });
  const hydra = Roster.parse({
    models: [
      model('sarge', 'veteran-sergeant', 'Sergeant Harker'),
      model('lenz', 'guardsman', 'Trooper Lenz'),
      model('third', 'guardsman-squad', 'Third Squad', { squadSize: 10 }),
    ],
  });
  const hydraCards = [
    { modelId: 'sarge', name: 'Sergeant Harker', points: 10 },
    { modelId: 'lenz', name: 'Trooper Lenz', points: 5 },
    { modelId: 'third', name: 'Third Squad', points: 40 },
  ];
  const seed = '(004: "You must follow all Model Allowance rules set out in your list").';

  it("taken: { a: ['third'] } — no Team Leader — is refused in words; with the Sergeant it is accepted", () => {
    expect(teamTakenProblems('Hydra Platoon', hydraCards, ['third'], 250, { list: guard, roster: hydra })).toEqual([
      `Hydra Platoon as taken to this game breaks its list's Model Allowance — No Team Leader: every team needs one ${seed}`,
    ]);
    expect(teamTakenProblems('Hydra Platoon', hydraCards, ['sarge', 'third'], 250, { list: guard, roster: hydra })).toEqual([]);
    // Without the list and roster only the points are checked (as before).
    expect(teamTakenProblems('Hydra Platoon', hydraCards, ['third'], 250)).toEqual([]);
  });

  it("the list's minimums count the models taken (Space Marines: at least 2 Core models)", () => {
    const wolves = Roster.parse({
      models: [
        model('tarkus', 'sergeant', 'Sergeant Tarkus'),
        model('kaelen', 'veteran', 'Brother Kaelen'),
        model('cato', 'tactical-marine', 'Brother Cato'),
        model('varro', 'tactical-marine', 'Brother Varro'),
      ],
    });
    expect(takenAllowanceProblems('Iron Wolves', { list: marines, roster: wolves }, ['tarkus', 'kaelen', 'cato'])).toEqual([
      `Iron Wolves as taken to this game breaks its list's Model Allowance — At least 2 Core models: this team has 1 ${seed}`,
    ]);
    expect(takenAllowanceProblems('Iron Wolves', { list: marines, roster: wolves }, ['tarkus', 'cato', 'varro'])).toEqual([]);
  });

  it('a model sitting this game out (incapacitated last game) still counts toward the minimums, never the maximums', () => {
    const of = { list: guard, roster: hydra, sittingOut: ['sarge'] };
    expect(takenAllowanceProblems('Hydra Platoon', of, ['lenz', 'third'])).toEqual([]);
    // The maximum counts the models taken: a second Team Leader on the roster breaks it only when both are taken.
    const two = Roster.parse({ models: [...hydra.models, model('sarge2', 'veteran-sergeant', 'Sergeant Voss')] });
    expect(takenAllowanceProblems('Hydra Platoon', { list: guard, roster: two }, ['sarge', 'third'])).toEqual([]);
    expect(takenAllowanceProblems('Hydra Platoon', { list: guard, roster: two }, ['sarge', 'sarge2'])).toEqual([
      `Hydra Platoon as taken to this game breaks its list's Model Allowance — Only one Team Leader: this team has 2 ${seed}`,
    ]);
  });
});
