import { describe, expect, it } from 'vitest';
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import { effectiveProfile, effectText, gearEffect, gearStatChanges, modelProfile, type StatEffect } from './effective-profile';
import { RosterModel } from './roster';
import { TeamList, type Profile } from './team-list';

const GUARDSMAN: Profile = { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7, Sv: '5+' };
const cell = (p: ReturnType<typeof effectiveProfile>, key: string) => p.cells.find((c) => c.key === key)!;

/** The sample Imperial Guard list: its Carapace armour says { Sv: '4+' } (its printed "4+ armour save."). */
const guardWithStats = (): TeamList => TeamList.parse(SAMPLE_TEAM_LISTS[1]);

describe('effectiveProfile (issue 17: the printed roster shows the stats a model really has)', () => {
  it('an armour save it is given replaces a worse one and says why', () => {
    const p = effectiveProfile(GUARDSMAN, [{ stat: 'Sv', set: '4+', why: 'Carapace armour' }]);
    expect(cell(p, 'Sv')).toEqual({ key: 'Sv', value: '4+', base: '5+', delta: 0, changed: true, why: ['Carapace armour'] });
  });

  it('a worse save than the model has changes nothing (a model uses its best save)', () => {
    const p = effectiveProfile({ ...GUARDSMAN, Sv: '3+' }, [{ stat: 'Sv', set: '4+', why: 'Carapace armour' }]);
    expect(cell(p, 'Sv')).toMatchObject({ value: '3+', changed: false, why: [] });
  });

  it('an invulnerable save adds the Inv column; a model without a save can be given one', () => {
    const p = effectiveProfile({ ...GUARDSMAN, Sv: '-' }, [
      { stat: 'Inv', set: '6+', why: 'Cybork body' },
      { stat: 'Sv', set: '4+', why: 'Carapace armour' },
    ]);
    expect(cell(p, 'Inv')).toMatchObject({ value: '6+', base: '–', changed: true });
    expect(cell(p, 'Sv')).toMatchObject({ value: '4+', base: '-', changed: true });
    expect(effectiveProfile(GUARDSMAN).cells.map((c) => c.key)).not.toContain('Inv');
  });

  it('characteristic changes add up with injuries and advances, within 1–10; Move goes to "other"', () => {
    const p = effectiveProfile(GUARDSMAN, [
      { stat: 'S', delta: 1, why: 'Power fist' },
      { stat: 'S', delta: -1, why: 'Permanent injury: -1 S' },
      { stat: 'BS', delta: 1, why: 'Level 2 advance: +1 BS' },
      { stat: 'W', delta: -3, why: 'Permanent injury: -1 W' },
      { stat: 'Move', delta: -1, why: 'Permanent injury: -1 Move' },
    ]);
    expect(cell(p, 'S')).toMatchObject({ value: 3, delta: 0, changed: false });
    expect(cell(p, 'BS')).toMatchObject({ value: 4, base: 3, delta: 1, changed: true, why: ['Level 2 advance: +1 BS'] });
    expect(cell(p, 'W')).toMatchObject({ value: 1, delta: 0, changed: false });
    expect(p.other).toEqual([{ stat: 'Move', delta: -1, why: 'Permanent injury: -1 Move' }]);
  });

  it('no profile (an entry no longer on the list) prints dashes', () => {
    expect(effectiveProfile(undefined).cells.every((c) => c.value === '–' && !c.changed)).toBe(true);
  });
});

describe('gearStatChanges and modelProfile', () => {
  it('seed 004 Kill Team Armouries: a Veteran Sergeant with Carapace armour bought has Sv 4+ (the list says 5+)', () => {
    const list = guardWithStats();
    const model = RosterModel.parse({ id: 'm1', entryId: 'veteran-sergeant', name: 'Sergeant Bastonne', armoury: ['carapace-armour', 'camo-cloak'] });
    // Camo cloak (+1 to cover saves) has no stats: text only.
    expect(gearStatChanges(list, model)).toEqual([{ stat: 'Sv', set: '4+', why: 'Carapace armour' }]);
    expect(gearEffect(list.armoury.find((a) => a.id === 'camo-cloak')!)).toBe('+1 to cover saves.');
    expect(gearEffect({ stats: { Sv: '4+' } })).toBe('Sv 4+');
    const p = modelProfile(list, model, [{ stat: 'WS', delta: -1, why: 'Permanent injury: -1 WS' }]);
    expect(cell(p, 'Sv')).toMatchObject({ value: '4+', base: '5+', changed: true });
    expect(cell(p, 'WS')).toMatchObject({ delta: -1, changed: true });
    // Without the armour: the list's save.
    expect(cell(modelProfile(list, { ...model, armoury: [] }), 'Sv')).toMatchObject({ value: '5+', changed: false });
  });

  it('an option taken applies its stats; one not taken does not', () => {
    const list = guardWithStats();
    const entry = list.entries.find((e) => e.id === 'veteran-sergeant')!;
    const option = entry.options[0]!;
    option.stats = { S: 1, Inv: '5+' } satisfies StatEffect;
    const taken = RosterModel.parse({ id: 'm1', entryId: entry.id, name: 'Bastonne', options: { [option.id]: 1 } });
    expect(gearStatChanges(list, taken)).toEqual([
      { stat: 'S', delta: 1, why: option.name },
      { stat: 'Inv', set: '5+', why: option.name },
    ]);
    expect(gearStatChanges(list, { ...taken, options: {} })).toEqual([]);
  });

  it('effectText says an effect in a few characters', () => {
    expect(effectText({ Sv: '4+' })).toBe('Sv 4+');
    expect(effectText({ S: 1, A: -1, Inv: '3+' })).toBe('S +1, A −1, Inv 3+');
    expect(effectText(undefined)).toBe('');
  });
});
