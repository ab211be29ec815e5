import { describe, expect, it } from 'vitest';
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import { battleHonoursPreset } from '../presets/battle-honours';
import { RosterModel } from '../roster/roster';
import { TeamList } from '../roster/team-list';
import { Honours, type Honour } from '../ruleset/schema';
import { campaignStatChanges, honourChanges, honourStats, profileAsItPlays } from './playing-profile';
import type { ModelProjection } from './project';

const orks = () => TeamList.parse(SAMPLE_TEAM_LISTS[2]);
const honours = () => battleHonoursPreset().progression.honours!;
const held = (honour: string) => ({ honour, group: 'g', cost: 10, entryId: `buy-${honour}` });
const projection = (extra: Partial<ModelProjection> = {}): ModelProjection => ({
  model: 'm1',
  team: 'orks',
  exp: 0,
  level: 0,
  advances: [],
  permanentInjuries: [],
  mauled: null,
  dead: false,
  honours: [],
  ...extra,
});
const boy = RosterModel.parse({ id: 'm1', entryId: 'boy', name: 'Snag' });
const cell = (p: ReturnType<typeof profileAsItPlays>, key: string) => p.cells.find((c) => c.key === key)!;
/** A ruleset's honours as pinned before honours carried `stats`: the shipped text, no data. */
const pinnedBefore = (): Honours => {
  const h = JSON.parse(JSON.stringify(honours())) as Honours;
  for (const g of h.groups) for (const x of g.honours) delete x.stats;
  return h;
};

describe('profileAsItPlays: honours reach the profile (issue 30; docs/progression.md Battle Honours)', () => {
  it('"Iron Jaw 10 (+1 W, max 3)": a Boy with W 1 plays with W 2, and says why', () => {
    const p = profileAsItPlays(orks(), boy, projection({ honours: [held('iron-jaw')] }), honours());
    expect(cell(p, 'W')).toEqual({ key: 'W', value: 2, base: 1, delta: 1, changed: true, why: ['Honour: Iron Jaw'] });
    // Without the honour, the list's W 1.
    expect(cell(profileAsItPlays(orks(), boy, projection(), honours()), 'W')).toMatchObject({ value: 1, changed: false });
  });

  it('"max 3": Iron Jaw raises W to 3 at most; a model with W 3 gains nothing from it', () => {
    const list = orks();
    list.entries.find((e) => e.id === 'boy')!.profile.W = 3;
    expect(cell(profileAsItPlays(list, boy, projection({ honours: [held('iron-jaw')] }), honours()), 'W')).toMatchObject({ value: 3, changed: false, why: [] });
    list.entries.find((e) => e.id === 'boy')!.profile.W = 2;
    expect(cell(profileAsItPlays(list, boy, projection({ honours: [held('iron-jaw')] }), honours()), 'W')).toMatchObject({ value: 3, base: 2, changed: true });
  });

  it('"Strident Voice 10 (+1 Ld)" and "Fast Mover 5 (+2" Move)": Ld in the profile, Move beside it', () => {
    const p = profileAsItPlays(orks(), boy, projection({ honours: [held('strident-voice'), held('fast-mover')] }), honours());
    expect(cell(p, 'Ld')).toMatchObject({ value: 8, base: 7, changed: true, why: ['Honour: Strident Voice'] });
    expect(p.other).toEqual([{ stat: 'Move', delta: 2, why: 'Honour: Fast Mover' }]);
  });

  it('an honour whose effect is not a characteristic (Furious Charge) changes no value', () => {
    const p = profileAsItPlays(orks(), boy, projection({ honours: [held('furious-charge')] }), honours());
    expect(p.cells.some((c) => c.changed)).toBe(false);
    expect(p.other).toEqual([]);
  });

  it('with gear, permanent injuries ("4 −1 S") and advances, in one profile', () => {
    const nob = RosterModel.parse({ id: 'm1', entryId: 'boss-nob', name: 'Grukk', options: { 'eavy-armour': 1 } });
    const p = profileAsItPlays(
      orks(),
      nob,
      projection({
        permanentInjuries: [{ characteristic: 'minus-1-s', text: '-1 S', gameId: 'g1' }],
        advances: [{ level: 2, result: 'plus-1-bs', text: '+1 BS', followUps: [], gameId: 'g2' }],
        honours: [held('iron-jaw')],
      }),
      honours(),
    );
    expect(cell(p, 'Sv')).toMatchObject({ value: '4+', base: '6+', why: ["'Eavy armour"] });
    expect(cell(p, 'S')).toMatchObject({ value: 3, base: 4, why: ['Permanent injury: -1 S'] });
    expect(cell(p, 'BS')).toMatchObject({ value: 3, base: 2, why: ['Level 2 advance: +1 BS'] });
    expect(cell(p, 'W')).toMatchObject({ value: 3, base: 2, why: ['Honour: Iron Jaw'] });
  });

  it("the Ork sample's \"'Eavy armour (4+)\" gives the Boss Nob Sv 4+ (the list's printed wargear)", () => {
    const nob = RosterModel.parse({ id: 'm1', entryId: 'boss-nob', name: 'Grukk', options: { 'eavy-armour': 1 } });
    expect(cell(profileAsItPlays(orks(), nob, undefined, honours()), 'Sv')).toMatchObject({ value: '4+', base: '6+', changed: true });
    expect(cell(profileAsItPlays(orks(), { ...nob, options: {} }, undefined, honours()), 'Sv')).toMatchObject({ value: '6+', changed: false });
  });
});

describe('honourStats: data, never the text', () => {
  const ironJaw = (extra: Partial<Honour> = {}): Honour => ({ id: 'iron-jaw', name: 'Iron Jaw', cost: 10, effect: '+1 W, max 3', repeatable: false, ...extra });

  it('the preset carries the three characteristic effects docs/progression.md prints, and only those', () => {
    const withStats = honours()
      .groups.flatMap((g) => g.honours)
      .filter((h) => h.stats)
      .map((h) => [h.name, h.effect, h.stats]);
    expect(withStats).toEqual([
      ['Strident Voice', '+1 Ld', { Ld: 1 }],
      ['Iron Jaw', '+1 W, max 3', { W: 1, max: 3 }],
      ['Fast Mover', '+2" Move', { Move: 2 }],
    ]);
  });

  it('a ruleset pinned before the data still gets the shipped honour’s effect; a re-worded one does not', () => {
    expect(honourStats(ironJaw())).toEqual({ W: 1, max: 3 });
    expect(honourStats(ironJaw({ effect: '+1 W' }))).toBeUndefined();
    expect(honourStats(ironJaw({ name: 'Iron Jaws' }))).toBeUndefined();
    expect(campaignStatChanges(projection({ honours: [held('iron-jaw')] }), pinnedBefore())).toEqual([
      { stat: 'W', delta: 1, max: 3, why: 'Honour: Iron Jaw' },
    ]);
  });

  it("a club's own data wins: `{}` is no change, other stats are used as given", () => {
    expect(honourStats(ironJaw({ stats: {} }))).toEqual({});
    expect(honourChanges(honourStats(ironJaw({ stats: { T: 1 } })), 'Iron Jaw')).toEqual([{ stat: 'T', delta: 1, why: 'Honour: Iron Jaw' }]);
    expect(Honours.shape.groups.element.shape.honours.element.safeParse(ironJaw({ stats: { W: 9 } as never })).success).toBe(false);
  });

  it('an honour the ruleset no longer has changes nothing', () => {
    expect(campaignStatChanges(projection({ honours: [held('gone')] }), honours())).toEqual([]);
    expect(campaignStatChanges(projection({ honours: [held('iron-jaw')] }), null)).toEqual([]);
  });
});
