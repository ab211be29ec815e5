import { describe, expect, it } from 'vitest';
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import { teamListProblems } from './team-list-issues';
import { armouryAllows, optionGroupChoice, TeamList, type TeamListInput } from './team-list';
import { Roster } from './roster';
import { validateRoster } from './validate';

const marinesRaw = () => JSON.parse(JSON.stringify(SAMPLE_TEAM_LISTS[0])) as TeamListInput & Record<string, unknown>;
type RawEntry = Record<string, unknown> & { options: Record<string, unknown>[] };
const entries = (raw: TeamListInput) => raw.entries as unknown as RawEntry[];
const texts = (data: unknown) => teamListProblems(data).map((p) => p.text);

describe('team-list format additions (issue 17)', () => {
  it('format-1 files stay valid and parse to the same content (no new fields appear, so hashes are unchanged)', () => {
    for (const raw of SAMPLE_TEAM_LISTS) {
      const list = TeamList.parse(raw);
      expect(list.entries.every((e) => e.psyker === undefined && e.optionGroups === undefined)).toBe(true);
      expect(list.armoury.every((a) => a.entries === undefined)).toBe(true);
    }
  });

  it('psyker, option groups ("one" / "any") and armoury items for named entries parse', () => {
    const raw = marinesRaw();
    const vet = entries(raw)[1]!;
    vet.psyker = true;
    vet.optionGroups = [{ id: 'special-weapon', name: 'Special weapon', choose: 'any' }];
    (raw.armoury as Record<string, unknown>[])[0]!.entries = ['veteran'];
    const list = TeamList.parse(raw);
    expect(list.entries[1]!.psyker).toBe(true);
    expect(optionGroupChoice(list.entries[1]!, 'special-weapon')).toBe('any');
    expect(optionGroupChoice(list.entries[0]!, 'anything')).toBe('one');
    expect(optionGroupChoice(list.entries[0]!, undefined)).toBeUndefined();
    expect(armouryAllows(list.armoury[0]!, list.entries[1]!)).toBe(true);
    expect(armouryAllows(list.armoury[0]!, list.entries[0]!)).toBe(false);
  });

  it('options and Armoury items may say what they do to the profile (a save, or a change to a characteristic)', () => {
    const raw = marinesRaw();
    (raw.armoury as Record<string, unknown>[])[0]!.stats = { S: 1, Sv: '4+' };
    expect(TeamList.parse(raw).armoury[0]!.stats).toEqual({ S: 1, Sv: '4+' });
    expect(TeamList.parse(SAMPLE_TEAM_LISTS[0]).armoury.find((a) => a.id === 'storm-shield')!.stats).toEqual({ Inv: '3+' });
    (raw.armoury as Record<string, unknown>[])[0]!.stats = { S: 9, Sv: '1+' };
    expect(texts(raw)).toEqual([
      'Armoury item 1 (Melta bombs), profile change (S): At most 5 up.',
      'Armoury item 1 (Melta bombs), profile change (Sv): A save looks like "3+" (or "-" for none).',
    ]);
  });

  it('an "any" group lets a model take several of its options; an undeclared group still allows one', () => {
    const raw = marinesRaw();
    const vet = entries(raw)[1]!;
    vet.options = vet.options.map((o) => ({ ...o, replaces: [] }));
    const model = { id: 'm1', entryId: 'veteran', name: 'Brother A', options: { flamer: 1, meltagun: 1 } };
    const one = validateRoster(TeamList.parse(raw), Roster.parse({ models: [model] }), 250);
    expect(one.issues.map((i) => i.code)).toContain('option-group');
    vet.optionGroups = [{ id: 'special-weapon', name: 'Special weapons', choose: 'any' }];
    const any = validateRoster(TeamList.parse(raw), Roster.parse({ models: [model] }), 250);
    expect(any.issues.map((i) => i.code)).not.toContain('option-group');
  });

  it('an armoury item for named entries is refused to other entries, in words', () => {
    const raw = marinesRaw();
    (raw.armoury as Record<string, unknown>[])[0]!.entries = ['sergeant'];
    const report = validateRoster(
      TeamList.parse(raw),
      Roster.parse({ models: [{ id: 'm1', entryId: 'veteran', name: 'Brother A', armoury: ['melta-bombs'] }] }),
      250,
    );
    expect(report.issues.map((i) => i.message)).toContain('Melta bombs is not for Veteran Space Marine models (Brother A).');
  });
});

describe('a list that is refused says why and where, in words (issue 17)', () => {
  it('an unknown field', () => {
    const raw = marinesRaw();
    entries(raw)[2]!.colour = 'blue';
    expect(texts(raw)).toEqual(['Entry 3 (Tactical Marine): has a field Herald does not know: "colour".']);
  });

  it('an unknown field at the top of the file', () => {
    expect(texts({ ...marinesRaw(), author: 'me' })).toEqual(['Has a field Herald does not know: "author".']);
  });

  it('duplicate entry ids', () => {
    const raw = marinesRaw();
    entries(raw)[2]!.id = 'veteran';
    expect(texts(raw)).toEqual(['Entry 3 (Tactical Marine), id: Two entries have the id "veteran".']);
  });

  it('negative costs', () => {
    const raw = marinesRaw();
    entries(raw)[0]!.points = -5;
    entries(raw)[1]!.options[2]!.points = -1;
    expect(texts(raw)).toEqual([
      'Entry 1 (Space Marine Sergeant), points: Points cannot be negative.',
      "Entry 2 (Veteran Space Marine), option 'Replace boltgun with plasma gun', points: Points cannot be negative.",
    ]);
  });

  it('an option that replaces wargear the entry does not carry', () => {
    const raw = marinesRaw();
    entries(raw)[1]!.options[2]!.replaces = ['Bolter'];
    expect(texts(raw)).toEqual([
      "Entry 2 (Veteran Space Marine), option 'Replace boltgun with plasma gun': replaces 'Bolter', which this entry does not carry.",
    ]);
  });

  it('a Squad without sizes', () => {
    const raw = marinesRaw();
    entries(raw)[2]!.category = 'squad';
    expect(texts(raw)).toEqual(['Entry 3 (Tactical Marine), squad size: a Squad needs its size: the smallest and largest number of models.']);
  });

  it("zod's own wording never shows: a characteristic too big, a wrong type, a missing field, a bad category", () => {
    const raw = marinesRaw();
    (entries(raw)[0]!.profile as Record<string, unknown>).WS = 12;
    (entries(raw)[1]!.profile as Record<string, unknown>).BS = 'four';
    delete entries(raw)[2]!.name;
    entries(raw)[3]!.category = 'hero';
    const out = texts(raw);
    expect(out).toEqual([
      'Entry 1 (Space Marine Sergeant), WS: A characteristic is at most 10.',
      'Entry 2 (Veteran Space Marine), BS: A characteristic is a number from 0 to 10.',
      'Entry 3, name: Give a name.',
      'Entry 4 (Scout), type: should be one of: "team-leader", "special", "core", "squad".',
    ]);
    for (const t of out) expect(t).not.toMatch(/\w+\.\d+\.\w+|expected|Too big|Invalid/);
  });

  it('the allowance and armoury are named in words too', () => {
    const raw = marinesRaw();
    (raw.allowance as unknown as Record<string, { min: number; max: number }>).special = { min: 4, max: 3 };
    (raw.armoury as Record<string, unknown>[])[1]!.points = 2.5;
    expect(texts(raw)).toEqual([
      'Model allowance, Special models: The minimum is larger than the maximum.',
      'Armoury item 2 (Auspex), points: Points are whole numbers.',
    ]);
    // Checks across the list run once each part is valid on its own (zod runs refinements on valid data).
    const other = marinesRaw();
    (other.armoury as Record<string, unknown>[])[2]!.entries = ['librarian'];
    expect(texts(other)).toEqual([`Armoury item 3 (Storm shield), entries: refers to "librarian", which is not an entry of this list.`]);
  });
});
