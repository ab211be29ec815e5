import { describe, expect, it } from 'vitest';
import type { GameFacts } from './facts';
import { GameFactsError } from './facts';
import { breakthroughAchieved, gameEndCheck, relicHuntBreakout, scoreMission, seizeGroundAllClaimed } from './scoring';
import { model, team } from './test-helpers';
import { getMission } from './missions';
import { missionScoring, scoringWords } from './mission-scoring';
import { secondaryOffered } from './secondary-objectives';

const turns = { kind: 'turns' } as const;

function facts(partial: Partial<GameFacts>): GameFacts {
  return { models: [...team('a', 8), ...team('b', 8)], ending: turns, ...partial };
}

describe('004 Step 5 - Ending the Game', () => {
  it('004 Step 5: the game ends after both players completed 10 turns', () => {
    const onTable = { a: 5, b: 5 };
    expect(gameEndCheck({ completedTurns: { a: 10, b: 9 }, modelsOnTable: onTable }).ends).toBe(false);
    expect(gameEndCheck({ completedTurns: { a: 10, b: 10 }, modelsOnTable: onTable }).ends).toBe(true);
  });

  it('004 Step 5: a failed Run Away! test ends the game', () => {
    expect(gameEndCheck({ completedTurns: { a: 3, b: 2 }, failedRunAway: 'b', modelsOnTable: { a: 5, b: 5 } })).toMatchObject({ ends: true });
  });

  it('004 Step 5: no models left on the table → the game ends, the other player wins automatically regardless of VPs', () => {
    expect(gameEndCheck({ completedTurns: { a: 3, b: 2 }, modelsOnTable: { a: 2, b: 0 } }).reason).toMatch(/Player A wins automatically/);
    const a = [model('a', 'team-leader')];
    const b = [model('b', 'team-leader', { aliveAtEnd: false }), model('b', 'core', { aliveAtEnd: false, relicsCarried: 0 })];
    // B holds more VP (it would hold relics) but A wins because B has no models left.
    const score = scoreMission('seize-ground', {
      models: [...a, ...b],
      ending: { kind: 'no-models-left', side: 'b' },
      objectives: [{ claimedBy: 'b' }, { claimedBy: 'b' }, { claimedBy: 'b' }],
    });
    expect(score.vp.b).toBeGreaterThan(score.vp.a);
    expect(score.outcome).toMatchObject({ kind: 'win', winner: 'a', automatic: true });
  });

  it('004 Step 5: the player with the most VPs wins; equal VPs is a draw', () => {
    const draw = scoreMission('skirmish', facts({}));
    expect(draw.vp).toEqual({ a: 1, b: 1 }); // Survival each (8 of 8 alive)
    expect(draw.outcome.kind).toBe('draw');
  });
});

describe('004 Secondary Objectives', () => {
  it('004 Secondary Objectives: Survival needs over 75% alive (6 of 8 is exactly 75%: no)', () => {
    const s = scoreMission('sabotage', facts({ models: [...team('a', 8, 2), ...team('b', 8, 1)] }));
    expect(s.lines.filter((l) => l.source === 'survival').map((l) => l.side)).toEqual(['b']);
  });

  it('004 Secondary Objectives: Destroyer needs under 25% of the enemy alive, and not if he ran away', () => {
    const models = [...team('a', 8), ...team('b', 8, 7)]; // 1 of 8 alive: 12.5%
    expect(scoreMission('sabotage', facts({ models })).lines.some((l) => l.source === 'destroyer' && l.side === 'a')).toBe(true);
    const ranAway = scoreMission('sabotage', facts({ models, ending: { kind: 'run-away', side: 'b', voluntary: true } }));
    expect(ranAway.lines.some((l) => l.source === 'destroyer')).toBe(false);
    const two = scoreMission('sabotage', facts({ models: [...team('a', 8), ...team('b', 8, 6)] })); // 2 of 8: exactly 25%
    expect(two.lines.some((l) => l.source === 'destroyer')).toBe(false);
  });

  it('004 Secondary Objectives: Come Back You Cowards! when the opponent fails a Run Away! test (1 VP; Sabotage keeps 1)', () => {
    const s = scoreMission('sabotage', facts({ ending: { kind: 'run-away', side: 'b', voluntary: false, fallingBack: 5 } }));
    expect(s.lines.find((l) => l.source === 'come-back-you-cowards')).toMatchObject({ side: 'a', vp: 1, citation: '004 · Secondary Objectives' });
  });

  it('004 Secondary Objectives: Assassination only when one of your team took the enemy Team Leader out', () => {
    const killer = model('a', 'special');
    const leaderB = model('b', 'team-leader', { aliveAtEnd: false, outOfAction: { by: killer.id, how: 'melee' } });
    const s = scoreMission('sabotage', { models: [killer, model('a', 'team-leader'), leaderB, model('b')], ending: turns });
    expect(s.lines.find((l) => l.source === 'assassination')).toMatchObject({ side: 'a', vp: 1 });
    const misadventure = { ...leaderB, outOfAction: { by: null, how: 'other' as const } };
    const s2 = scoreMission('sabotage', { models: [killer, model('a', 'team-leader'), misadventure, model('b')], ending: turns });
    expect(s2.lines.some((l) => l.source === 'assassination')).toBe(false);
  });

  it('004 Secondary Objectives: Lead from the Front when a living Team Leader is in the enemy deployment zone', () => {
    const s = scoreMission('sabotage', {
      models: [model('a', 'team-leader', { inEnemyDeploymentZone: true }), model('b', 'team-leader', { inEnemyDeploymentZone: true, aliveAtEnd: false })],
      ending: turns,
    });
    expect(s.lines.filter((l) => l.source === 'lead-from-the-front').map((l) => l.side)).toEqual(['a']);
  });

  it('004 "Lead from the Front: A player\'s Team Leader is in the enemy deployment zone" — not offered where the mission sets up without deployment zones (Breakthrough, Last Stand)', () => {
    expect(missionScoring(getMission('breakthrough')).deploymentZones).toBe(false);
    expect(missionScoring(getMission('last-stand')).deploymentZones).toBe(false);
    expect(secondaryOffered('lead-from-the-front', missionScoring(getMission('breakthrough')))).toBe(false);
    expect(secondaryOffered('lead-from-the-front', missionScoring(getMission('skirmish')))).toBe(true);
    expect(secondaryOffered('assassination', missionScoring(getMission('last-stand')))).toBe(true);
    const leaderIn = { models: [model('a', 'team-leader', { inEnemyDeploymentZone: true }), model('b', 'team-leader')], ending: turns, attacker: 'a' as const };
    expect(scoreMission('breakthrough', leaderIn).lines.some((l) => l.source === 'lead-from-the-front')).toBe(false);
    // A club's own mission says whether it has deployment zones (absent: it has).
    expect(missionScoring({ id: 'ambush' }).deploymentZones).toBe(true);
    expect(missionScoring({ id: 'ambush', scoring: { deploymentZones: false } }).deploymentZones).toBe(false);
    expect(scoringWords(missionScoring(getMission('last-stand')))).toContain(
      'No deployment zones: no model ends in the enemy deployment zone, so Lead from the Front is not scored.',
    );
  });
});

describe('004 Missions: Victory Points', () => {
  it('004 Mission 1: Skirmish: Assassination and Destroyer are worth 2 VP, Come Back You Cowards! 3 VP', () => {
    const killer = model('a', 'team-leader');
    const leaderB = model('b', 'team-leader', { aliveAtEnd: false, outOfAction: { by: killer.id, how: 'shooting' } });
    const bRest = Array.from({ length: 7 }, (_, i) => model('b', 'core', { aliveAtEnd: i === 0 }));
    const s = scoreMission('skirmish', { models: [killer, ...team('a', 3), leaderB, ...bRest], ending: { kind: 'run-away', side: 'b', voluntary: false } });
    const bySource = Object.fromEntries(s.lines.filter((l) => l.side === 'a').map((l) => [l.source, l.vp]));
    // Destroyer does not count (b ran away); Assassination 2, Cowards 3, Survival 1.
    expect(bySource).toEqual({ assassination: 2, 'come-back-you-cowards': 3, survival: 1 });
    expect(s.lines.find((l) => l.source === 'assassination')?.citation).toBe('004 · Mission 1: Skirmish / Victory Points');
    const destroyer = scoreMission('skirmish', { models: [killer, leaderB, ...bRest], ending: turns });
    expect(destroyer.lines.find((l) => l.source === 'destroyer')).toMatchObject({ side: 'a', vp: 2 });
    expect(destroyer.outcome).toMatchObject({ kind: 'win', winner: 'a', automatic: false });
  });

  it('004 Mission 2: Relic Hunt: each Relic counter is worth 1 VP to whoever holds it at the end', () => {
    const models = [model('a', 'special', { relicsCarried: 2 }), model('a'), model('b', 'core', { relicsCarried: 1 }), model('b')];
    const s = scoreMission('relic-hunt', { models, ending: turns, relicCount: 4 });
    expect(s.lines.filter((l) => l.source === 'mission')).toMatchObject([
      { side: 'a', vp: 2 },
      { side: 'b', vp: 1 },
    ]);
  });

  it('004 Mission 2: Relic Hunt: refuses impossible facts (slain carriers, more relics than placed, missing count)', () => {
    const dead = [model('a', 'special', { relicsCarried: 1, aliveAtEnd: false }), model('a'), model('b')];
    expect(() => scoreMission('relic-hunt', { models: dead, ending: turns, relicCount: 3 })).toThrow(/slain model drops its relics/);
    const tooMany = [model('a', 'special', { relicsCarried: 4 }), model('b')];
    expect(() => scoreMission('relic-hunt', { models: tooMany, ending: turns, relicCount: 3 })).toThrow(GameFactsError);
    expect(() => scoreMission('relic-hunt', { models: [model('a'), model('b')], ending: turns })).toThrow(/how many Relic counters/);
  });

  it('004 Mission 2: Relic Hunt: all relics within 6" of the own corner at the start of the turn → automatic win', () => {
    expect(relicHuntBreakout({ relicCount: 4, carriedBySide: 4, carriersWithinSixOfOwnCorner: true })).toBe(true);
    expect(relicHuntBreakout({ relicCount: 4, carriedBySide: 3, carriersWithinSixOfOwnCorner: true })).toBe(false);
    const models = [model('a', 'special', { relicsCarried: 3 }), model('b'), model('b'), model('b')];
    const s = scoreMission('relic-hunt', { models, ending: { kind: 'mission-win', side: 'a' }, relicCount: 3 });
    expect(s.outcome).toMatchObject({ kind: 'win', winner: 'a', automatic: true });
    expect(() => scoreMission('relic-hunt', { models, ending: { kind: 'mission-win', side: 'b' }, relicCount: 3 })).toThrow(/without holding all 3 relics/);
  });

  it('004 Mission 3: Breakthrough: Come Back You Cowards! is worth 3 VP', () => {
    const s = scoreMission('breakthrough', facts({ attacker: 'a', ending: { kind: 'run-away', side: 'a', voluntary: false, fallingBack: 5 } }));
    expect(s.lines.find((l) => l.source === 'come-back-you-cowards')).toMatchObject({ side: 'b', vp: 3 });
  });

  it('004 Mission 3: Breakthrough: 25% of the Attacker within 6" of the Defender corner and 25% of the Defender killed → automatic win', () => {
    expect(breakthroughAchieved({ attackerModels: 8, attackersWithinSix: 2, defenderModels: 8, defendersKilled: 2 })).toBe(true);
    expect(breakthroughAchieved({ attackerModels: 8, attackersWithinSix: 1, defenderModels: 8, defendersKilled: 8 })).toBe(false);
    expect(breakthroughAchieved({ attackerModels: 8, attackersWithinSix: 8, defenderModels: 8, defendersKilled: 1 })).toBe(false);
    const attackers = [
      model('a', 'team-leader', { withinSixOfDefenderCorner: true }),
      model('a', 'core', { withinSixOfDefenderCorner: true }),
      ...team('a', 6),
    ];
    const defenders = team('b', 8, 2);
    const s = scoreMission('breakthrough', { models: [...attackers, ...defenders], attacker: 'a', ending: { kind: 'mission-win', side: 'a' } });
    expect(s.outcome).toMatchObject({ winner: 'a', automatic: true });
    expect(() => scoreMission('breakthrough', { models: [...attackers, ...defenders], attacker: 'b', ending: { kind: 'mission-win', side: 'a' } })).toThrow(
      /Only the Attacker/,
    );
  });

  it("004 Mission 4 – Sabotage: destroying the opponent's objective marker gains 3 VPs", () => {
    const s = scoreMission('sabotage', facts({ models: [model('a', 'core', { destroyedObjectiveMarker: true }), ...team('a', 7), ...team('b', 8)] }));
    expect(s.lines.find((l) => l.source === 'mission')).toMatchObject({ side: 'a', vp: 3 });
    expect(s.outcome).toMatchObject({ kind: 'win', winner: 'a' });
  });

  it('004 Mission 4 – Sabotage: no automatic win condition', () => {
    expect(() => scoreMission('sabotage', facts({ ending: { kind: 'mission-win', side: 'a' } }))).toThrow(/no automatic-win condition/);
  });

  it('004 Mission 5 – Seize Ground: 1 VP per claimed objective; all claimed after the third turn → automatic win', () => {
    const s = scoreMission('seize-ground', facts({ objectives: [{ claimedBy: 'a' }, { claimedBy: 'a' }, { claimedBy: null }, { claimedBy: 'b' }] }));
    expect(s.lines.filter((l) => l.source === 'mission')).toMatchObject([
      { side: 'a', vp: 2 },
      { side: 'b', vp: 1 },
    ]);
    expect(seizeGroundAllClaimed(2, [{ claimedBy: 'a' }, { claimedBy: 'a' }])).toBeNull();
    expect(seizeGroundAllClaimed(3, [{ claimedBy: 'a' }, { claimedBy: 'a' }])).toBe('a');
    expect(seizeGroundAllClaimed(5, [{ claimedBy: 'a' }, { claimedBy: null }])).toBeNull();
    const win = scoreMission(
      'seize-ground',
      facts({ objectives: [{ claimedBy: 'b' }, { claimedBy: 'b' }, { claimedBy: 'b' }], ending: { kind: 'mission-win', side: 'b' } }),
    );
    expect(win.outcome).toMatchObject({ winner: 'b', automatic: true });
    expect(() => scoreMission('seize-ground', facts({ ending: { kind: 'mission-win', side: 'b' } }))).toThrow(GameFactsError);
  });

  describe('004 Mission 6: Last Stand', () => {
    function lastStand(defendingAlive: number, defendingTotal: number, banner?: 'alive' | 'dead') {
      const defending = Array.from({ length: defendingTotal }, (_, i) =>
        model('b', i === 0 ? 'special' : 'core', { lastStandRole: 'defending', aliveAtEnd: i < defendingAlive, bannerBearer: banner !== undefined && i === 0 }),
      );
      if (banner === 'dead' && defending[0]) defending[0].aliveAtEnd = false;
      const reinforcements = Array.from({ length: defendingTotal }, () => model('b', 'core', { lastStandRole: 'reinforcement' }));
      return scoreMission('last-stand', { models: [...team('a', 8), ...defending, ...reinforcements], attacker: 'a', ending: turns });
    }
    const missionVp = (s: ReturnType<typeof lastStand>) => s.lines.filter((l) => l.source === 'mission').map((l) => [l.side, l.vp, l.reason]);

    it("004 Mission 6: Last Stand: 50% or more of the 'defending models' left → defender 3 VP", () => {
      expect(missionVp(lastStand(2, 4))).toEqual([['b', 3, '2 of 4 defending models left (50% or more)']]);
    });

    it('004 Mission 6: Last Stand: 25% or less left → attacker 3 VP; in between nobody', () => {
      expect(missionVp(lastStand(1, 4))).toEqual([['a', 3, '1 of 4 defending models left (25% or less)']]);
      expect(missionVp(lastStand(3, 8))).toEqual([]);
    });

    it('004 Mission 6: Last Stand: the banner still in play gives the defender 1 VP', () => {
      expect(missionVp(lastStand(3, 8, 'alive'))).toEqual([['b', 1, 'the banner is still in play at the end of the game']]);
      expect(missionVp(lastStand(4, 8, 'dead'))).toEqual([]); // bearer dead: 3 of 8 left
    });

    it('004 Mission 6: Last Stand: the banner-bearer must be a defending Special model; attacker and halves must be recorded', () => {
      const wrong = [model('b', 'core', { lastStandRole: 'defending', bannerBearer: true }), model('a')];
      expect(() => scoreMission('last-stand', { models: wrong, attacker: 'a', ending: turns })).toThrow(/Special model in the defending half/);
      expect(() => scoreMission('last-stand', { models: [model('a'), model('b')], ending: turns })).toThrow(/attacker/);
      expect(() => scoreMission('last-stand', { models: [model('a'), model('b')], attacker: 'a', ending: turns })).toThrow(/defending models/);
    });
  });
});
