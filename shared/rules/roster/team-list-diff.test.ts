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

  it('issue 30: a Squad option priced per model from now on is named, with the points it adds', () => {
    const guard = TeamList.parse(SAMPLE_TEAM_LISTS.find((l) => (l as { id: string }).id === 'imperial-guard-sample'));
    const withVox = (perModel: boolean) =>
      TeamList.parse({
        ...guard,
        entries: guard.entries.map((e) =>
          e.id === 'guardsman-squad' ? { ...e, options: [{ id: 'vox', name: 'Vox-caster', points: 5, ...(perModel ? { perModel } : {}) }] } : e,
        ),
      });
    const squad = Roster.parse({ models: [{ id: 's', entryId: 'guardsman-squad', name: 'Third Squad', squadSize: 6, options: { vox: 1 } }] });
    const impact = rosterImpact(withVox(false), withVox(true), squad, 250);
    expect(impact.models.map((m) => m.changes)).toEqual([['Option “Vox-caster”: now priced per model in the squad.']]);
    expect(impact.pointsAfter - impact.pointsBefore).toBe(5 * 5);
  });

  it('the same list changes nothing', () => {
    expect(impactMatters(rosterImpact(v1, v1, roster, 250))).toBe(false);
    expect(entryChanges(v1.entries[0]!, v1.entries[0]!)).toEqual([]);
  });
});
