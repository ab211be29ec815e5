import { describe, expect, it } from 'vitest';
import { PhysicalDice } from '../dice';
import { battleHonoursPreset } from '../presets/battle-honours';
import { applyGame } from './apply';
import { HonourPurchaseError, buyHonour, honourRestriction, restrictionProblem } from './honours';
import { projectModels, type Projection } from './project';
import { rosterLegality } from '../ruleset/roster-legality';
import { input } from './test-helpers';

describe('honour restrictions (docs/progression.md: "Psychic (psykers only)", "Warplate 10 (Leader only)"; issue 17)', () => {
  const projection = () =>
    projectModels([
      ...applyGame({ ...input(), winner: 'a' }, new PhysicalDice()),
      ...applyGame({ ...input({ gameId: 'g2' }), winner: 'a' }, new PhysicalDice()),
    ]);
  const buy = (honour: string, extra: { psyker?: boolean; modelType?: 'team-leader' | 'core' } = {}) =>
    buyHonour({
      ruleset: battleHonoursPreset(),
      projection: projection(),
      id: 'h1',
      team: 'team-a',
      model: 'a-tl',
      modelType: extra.modelType ?? 'team-leader',
      honour,
      psyker: extra.psyker,
    });

  it("the preset's Psychic group is psykers only: Open Mind is refused for a model that is not a psyker, with the reason", () => {
    expect(() => buy('open-mind')).toThrow(HonourPurchaseError);
    expect(() => buy('open-mind')).toThrow('Open Mind is for psykers only, and "a-tl" is not a psyker (its team-list entry does not say it is).');
    expect(() => buy('open-mind', { psyker: false })).toThrow(/psykers only/);
    expect(buy('open-mind', { psyker: true })).toMatchObject({ kind: 'honour.bought', honour: 'open-mind', group: 'psychic', cost: 10 });
  });

  it('every honour of the Psychic group is restricted; no other preset honour is psykers only', () => {
    const groups = battleHonoursPreset().progression.honours!.groups;
    const psychic = groups.flatMap((g) => g.honours.filter((h) => honourRestriction(h.restriction ?? g.restriction) === 'psyker').map((h) => h.id));
    expect(psychic).toEqual(['open-mind', 'master-psyker', 'alpha-psyker', 'power-surge', 'mirror-psyker', 'battle-psyker']);
  });

  it("Warplate stays the Team Leader's only; an honour with no restriction is for anyone", () => {
    expect(() => buy('warplate', { modelType: 'core' })).toThrow('Warplate is for the Team Leader only.');
    expect(buy('deadeye', { modelType: 'core' })).toMatchObject({ honour: 'deadeye' });
  });

  it('reads the club\'s own "Only for" texts; one it cannot check is no restriction', () => {
    expect(honourRestriction('Psykers only')).toBe('psyker');
    expect(honourRestriction('psyker')).toBe('psyker');
    expect(honourRestriction('Team Leader only')).toBe('team-leader');
    expect(honourRestriction('Leader only')).toBe('team-leader');
    expect(honourRestriction('Orks only')).toBeNull();
    expect(honourRestriction(undefined)).toBeNull();
    expect(restrictionProblem('Open Mind', 'psyker', { who: 'Brother Kaelen', psyker: true })).toBeNull();
    expect(restrictionProblem('Open Mind', 'psyker', { who: 'Brother Kaelen' })).toMatch(/Brother Kaelen is not a psyker/);
  });
});

describe('a ruleset change re-checks psykers-only honours (issue 17)', () => {
  it('a model holding a Psychic honour is named when it is not a psyker, and not when it is', () => {
    const bh = battleHonoursPreset();
    const projection: Projection = {
      models: {
        kaelen: {
          model: 'kaelen',
          team: 't1',
          exp: 0,
          level: 0,
          advances: [],
          permanentInjuries: [],
          mauled: null,
          dead: false,
          honours: [{ honour: 'open-mind', group: 'psychic', cost: 10, entryId: 'e1' }],
        },
      },
      teams: { t1: { team: 't1', req: 0, earned: 0, spent: 0, teamHonours: [], honourPoints: 0, lastGameId: null } },
    };
    const team = (psyker: boolean) => ({ id: 't1', name: 'Iron Wolves', models: [{ id: 'kaelen', name: 'Brother Kaelen', type: 'special' as const, psyker }] });
    expect(rosterLegality({ before: bh, after: bh, projection, teams: [team(false)] })).toEqual([
      'Iron Wolves: Brother Kaelen holds Open Mind, which the new ruleset allows psykers only (Brother Kaelen is not a psyker).',
    ]);
    expect(rosterLegality({ before: bh, after: bh, projection, teams: [team(true)] })).toEqual([]);
  });
});

describe('honour effects in the presets (issue 17: "left empty where our documents do not give it")', () => {
  it('docs/progression.md Battle Honours: the six effects it prints are in the preset; every other honour has none', () => {
    const effects = Object.fromEntries(
      battleHonoursPreset().progression.honours!.groups.flatMap((g) => g.honours.filter((h) => h.effect !== undefined).map((h) => [h.id, h.effect])),
    );
    expect(effects).toEqual({
      'the-specialist': '+1 Special slot',
      'medical-gear': 'One injury re-roll per battle.',
      'restorative-surgery': 'Removes one permanent injury.',
      'strident-voice': '+1 Ld',
      'iron-jaw': '+1 W, max 3',
      'fast-mover': '+2" Move',
    });
  });
});
