import { describe, expect, it } from 'vitest';
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import { Roster } from './roster';
import { TeamList } from './team-list';
import { entryChanges, impactMatters, rosterImpact } from './team-list-diff';

const v1 = TeamList.parse(SAMPLE_TEAM_LISTS[0]);
const roster = Roster.parse({
  models: [
    { id: 'a', entryId: 'sergeant', name: 'Sergeant Tarkus', armoury: ['storm-shield'] },
    { id: 'b', entryId: 'tactical-marine', name: 'Brother Cato' },
    { id: 'c', entryId: 'tactical-marine', name: '' },
  ],
});
const edit = (f: (l: TeamList) => void) => {
  const l = JSON.parse(JSON.stringify(v1)) as TeamList;
  f(l);
  return TeamList.parse(l);
};

describe('what a new version of a list changes for a roster (issue 17)', () => {
  it('names, model by model, only what each model uses', () => {
    const v2 = edit((l) => {
      const tac = l.entries.find((e) => e.id === 'tactical-marine')!;
      tac.profile.WS = 3;
      tac.wargear = [...tac.wargear, 'Combat knife'];
      tac.psyker = true;
      l.armoury.find((a) => a.id === 'storm-shield')!.points = 20;
      l.entries.find((e) => e.id === 'scout')!.points = 99; // nobody uses it
    });
    const impact = rosterImpact(v1, v2, roster, 250);
    expect(impact.models.map((m) => [m.name, m.changes])).toEqual([
      ['Sergeant Tarkus', ['Armoury item “Storm shield”: 15 → 20 pts.']],
      ['Brother Cato', ['Profile: WS 4 → 3.', 'Wargear now includes “Combat knife”.', 'Now a psyker.']],
      ['A Tactical Marine', ['Profile: WS 4 → 3.', 'Wargear now includes “Combat knife”.', 'Now a psyker.']],
    ]);
    expect(impact.pointsAfter - impact.pointsBefore).toBe(5);
    expect(impactMatters(impact)).toBe(true);
  });

  it('an entry gone from the list is named, with the problem it gives the roster', () => {
    const v2 = edit((l) => {
      l.entries = l.entries.filter((e) => e.id !== 'tactical-marine');
    });
    const impact = rosterImpact(v1, v2, roster, 250);
    expect(impact.models.map((m) => m.changes)).toEqual([
      ['Its entry “Tactical Marine” is no longer in the list.'],
      ['Its entry “Tactical Marine” is no longer in the list.'],
    ]);
    expect(impact.newProblems.length).toBeGreaterThan(0);
    expect(impact.legalAfter).toBe(false);
  });

  it('the same list changes nothing', () => {
    expect(impactMatters(rosterImpact(v1, v1, roster, 250))).toBe(false);
    expect(entryChanges(v1.entries[0]!, v1.entries[0]!)).toEqual([]);
  });
});
