import { describe, expect, it } from 'vitest';
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import { Roster, type RosterModelInput } from './roster';
import { TeamList, armouryGrenades } from './team-list';
import { validateRoster } from './validate';

const guard = TeamList.parse(SAMPLE_TEAM_LISTS.find((l) => (l as { id: string }).id === 'imperial-guard-sample'));
let n = 0;
const model = (entryId: string, name: string, extra: Partial<RosterModelInput> = {}): RosterModelInput => ({ id: `g${++n}`, entryId, name, ...extra });
const roster = (...models: RosterModelInput[]) => Roster.parse({ models });
const codes = (list: TeamList, ...models: RosterModelInput[]) => validateRoster(list, roster(...models), 250).issues.map((i) => i.code);

describe('004 Grenades (issue 19: no list flag the seed does not have)', () => {
  it('"If a model comes with grenades, they may still buy additional grenades" and "may buy more than one": no buysGrenades needed', () => {
    // The sample Guardsman Squad has buysGrenades: false and comes with frag grenades.
    expect(guard.entries.find((e) => e.id === 'guardsman-squad')?.buysGrenades).toBe(false);
    const squad = model('guardsman-squad', 'First Squad', { squadSize: 5, grenades: { 'frag-assault': 3 } });
    expect(codes(guard, model('veteran-sergeant', 'Sgt Harker'), squad)).not.toContain('grenade-not-had');
    const noFlag: TeamList = { ...guard, entries: guard.entries.map((e) => ({ ...e, buysGrenades: false })) };
    const card = validateRoster(noFlag, roster(model('veteran-sergeant', 'Sgt Harker', { grenades: { 'frag-assault': 2 } })), 250);
    expect(card.issues.map((i) => i.code)).toEqual([]);
    expect(card.models[0]!.grenades).toEqual([{ type: 'frag-assault', name: 'Frag/Assault Grenade', count: 3 }]);
  });

  it('"you may only buy grenades from this list if the model already has that grenade": still refused', () => {
    expect(codes(guard, model('veteran-sergeant', 'Sgt Harker', { grenades: { plasma: 1 } }))).toContain('grenade-not-had');
  });

  it('melta bombs bought from the Armoury are melta bombs the model has: it may buy more (5 pts each)', () => {
    expect(armouryGrenades(guard.armoury.find((a) => a.id === 'melta-bombs')!)).toEqual(['melta-bomb']);
    expect(armouryGrenades(guard.armoury.find((a) => a.id === 'camo-cloak')!)).toEqual([]);
    // The sample list limits its grenades to frag and krak, but sells melta bombs in its Armoury: it sells them.
    const open: TeamList = { ...guard, grenades: [] };
    const without = codes(guard, model('veteran-sergeant', 'Sgt Harker', { grenades: { 'melta-bomb': 1 } }));
    expect(without).toEqual(['grenade-not-had']);
    const withBombs = validateRoster(guard, roster(model('veteran-sergeant', 'Sgt Harker', { armoury: ['melta-bombs'], grenades: { 'melta-bomb': 2 } })), 250);
    expect(withBombs.issues.map((i) => i.code)).toEqual([]);
    expect(withBombs.models[0]!.grenades).toContainEqual({ type: 'melta-bomb', name: 'Melta Bomb', count: 3 });
    // An item may name its grenades; then its name is not read.
    const named: TeamList = { ...open, armoury: open.armoury.map((a) => (a.id === 'camo-cloak' ? { ...a, grenades: ['defensive-photon' as const] } : a)) };
    expect(codes(named, model('veteran-sergeant', 'Sgt Harker', { armoury: ['camo-cloak'], grenades: { 'defensive-photon': 1 } }))).not.toContain(
      'grenade-not-had',
    );
  });

  it("a list that limits its grenades still refuses the others (the list's own rule); empty sells all of 004's list", () => {
    expect(guard.grenades).toEqual(['frag-assault', 'krak']);
    const plasma: TeamList = {
      ...guard,
      entries: guard.entries.map((e) => (e.id === 'veteran-sergeant' ? { ...e, grenades: [...e.grenades, 'plasma' as const] } : e)),
    };
    expect(codes(plasma, model('veteran-sergeant', 'Sgt Harker', { grenades: { plasma: 1 } }))).toEqual(['grenade-not-offered']);
    expect(codes({ ...plasma, grenades: [] }, model('veteran-sergeant', 'Sgt Harker', { grenades: { plasma: 1 } }))).toEqual([]);
  });
});
