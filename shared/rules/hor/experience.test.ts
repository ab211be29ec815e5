import { describe, expect, it } from 'vitest';
import { bonusCampaignExperience } from './experience';
import type { GameFacts } from './facts';
import { model } from './test-helpers';

const turns = { kind: 'turns' } as const;

describe('004 Bonus Campaign Experience', () => {
  it('004 Mission 1: Skirmish: +1 EXP per enemy Special model killed by shooting or melee (Team Leader or Special only)', () => {
    const leader = model('a', 'team-leader');
    const special = model('a', 'special');
    const core = model('a', 'core');
    const victims = [
      model('b', 'special', { aliveAtEnd: false, outOfAction: { by: leader.id, how: 'shooting' } }),
      model('b', 'special', { aliveAtEnd: false, outOfAction: { by: leader.id, how: 'melee' } }),
      model('b', 'special', { aliveAtEnd: false, outOfAction: { by: special.id, how: 'other' } }), // not shooting/melee
      model('b', 'core', { aliveAtEnd: false, outOfAction: { by: special.id, how: 'melee' } }), // not Special
      model('b', 'special', { squad: true, aliveAtEnd: false, outOfAction: { by: special.id, how: 'melee' } }), // Squad counts as Core
      model('b', 'special', { aliveAtEnd: false, outOfAction: { by: core.id, how: 'melee' } }), // killer is Core
      model('b', 'team-leader'),
    ];
    const exp = bonusCampaignExperience('skirmish', { models: [leader, special, core, ...victims], ending: turns });
    expect(exp.byModel).toEqual({ [leader.id]: 2 });
    expect(exp.awards[0]).toMatchObject({
      exp: 2,
      reason: 'killed 2 enemy Special models (+1 EXP each)',
      citation: '004 · Mission 1: Skirmish / Bonus Campaign Experience',
    });
  });

  it('004 Mission 2: Relic Hunt: +1 EXP per Relic counter carried at the end by a Team Leader or Special model', () => {
    const models = [model('a', 'team-leader', { relicsCarried: 2 }), model('a', 'core', { relicsCarried: 1 }), model('b', 'special', { relicsCarried: 1 })];
    const exp = bonusCampaignExperience('relic-hunt', { models, ending: turns, relicCount: 4 });
    expect(Object.values(exp.byModel)).toEqual([2, 1]);
  });

  it('004 Mission 3: Breakthrough: +1 EXP for an attacking Team Leader/Special within 6" of the Defender corner; +2 for the defending Team Leader if the Defender wins', () => {
    const attackerSpecial = model('a', 'special', { withinSixOfDefenderCorner: true });
    const defenderLeader = model('b', 'team-leader');
    const base: GameFacts = {
      models: [attackerSpecial, model('a', 'core', { withinSixOfDefenderCorner: true }), defenderLeader, model('b'), model('b'), model('b')],
      attacker: 'a',
      ending: turns,
    };
    // Defender: 4 of 4 alive → Survival 1 VP; attacker: 2 of 2 → Survival 1 VP: a draw, no Defender bonus.
    expect(bonusCampaignExperience('breakthrough', base).byModel).toEqual({ [attackerSpecial.id]: 1 });
    const defenderWins = bonusCampaignExperience('breakthrough', base, { kind: 'win', winner: 'b', automatic: false, reason: '' });
    expect(defenderWins.byModel).toEqual({ [attackerSpecial.id]: 1, [defenderLeader.id]: 2 });
  });

  it('004 Mission 4 – Sabotage: +2 EXP for a Team Leader or Special model that destroys an objective marker', () => {
    const s = model('b', 'special', { destroyedObjectiveMarker: true });
    const c = model('a', 'core', { destroyedObjectiveMarker: true });
    expect(bonusCampaignExperience('sabotage', { models: [s, c], ending: turns }).byModel).toEqual({ [s.id]: 2 });
  });

  it('004 Mission 5 – Seize Ground: +1 EXP for a Team Leader or Special model claiming an objective at the end', () => {
    const s = model('a', 'team-leader', { claimedObjective: true });
    const dead = model('a', 'special', { claimedObjective: true, aliveAtEnd: false });
    expect(bonusCampaignExperience('seize-ground', { models: [s, dead, model('b')], ending: turns }).byModel).toEqual({ [s.id]: 1 });
  });

  it('004 Mission 6: Last Stand: +2 EXP for a banner-bearer alive at the end, or +2 to the Team Leader/Special who killed him', () => {
    const bearer = model('b', 'special', { bannerBearer: true, lastStandRole: 'defending' });
    expect(bonusCampaignExperience('last-stand', { models: [bearer, model('a')], attacker: 'a', ending: turns }).byModel).toEqual({ [bearer.id]: 2 });
    const killer = model('a', 'special');
    const slain = { ...bearer, aliveAtEnd: false, outOfAction: { by: killer.id, how: 'melee' as const } };
    expect(bonusCampaignExperience('last-stand', { models: [slain, killer], attacker: 'a', ending: turns }).byModel).toEqual({ [killer.id]: 2 });
    const coreKiller = model('a', 'core');
    const slainByCore = { ...slain, outOfAction: { by: coreKiller.id, how: 'shooting' as const } };
    expect(bonusCampaignExperience('last-stand', { models: [slainByCore, coreKiller], attacker: 'a', ending: turns }).byModel).toEqual({});
  });

  it('004 Non-Learning: the model never gains Experience Points (recorded as not awarded, with the reason)', () => {
    const s = model('a', 'special', { destroyedObjectiveMarker: true, nonLearning: true });
    const exp = bonusCampaignExperience('sabotage', { models: [s, model('b')], ending: turns });
    expect(exp.awards).toEqual([]);
    expect(exp.notAwarded).toEqual([
      {
        modelId: s.id,
        bonusId: 'sabotage-destroyer',
        reason: 'Non-Learning: never gains Experience Points (would have gained +2 EXP: destroyed an objective marker).',
      },
    ]);
  });

  it('004 Squad: a Special model within a Squad counts as Core and earns no bonus EXP', () => {
    const s = model('a', 'special', { squad: true, destroyedObjectiveMarker: true });
    expect(bonusCampaignExperience('sabotage', { models: [s, model('b')], ending: turns }).awards).toEqual([]);
  });
});
