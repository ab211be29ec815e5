import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhysicalDice, SeededDice } from '../dice';
import {
  battleLengthCheck,
  beachheadMarkerAllowed,
  captureTheDataActive,
  captureTheDataScore,
  clubFirstTurn,
  controller,
  deploymentOrder,
  deploymentRollOff,
  pushThemBackScore,
  REFINED_STRATEGY_MAX,
  rollBattleLength,
  stratagemCost,
  tacticalObjectiveAdjustment,
  tacticalPriorityVp,
  vitalIntelligenceMarkers,
} from './battle';
import {
  BATTLE_LENGTH,
  BEACHHEAD,
  CLUB_MISSIONS,
  ClubMission,
  DEADLOCK,
  NO_MERCY,
  TACTICAL_ESCALATION,
  VISIONS_OF_VICTORY,
  VITAL_INTELLIGENCE,
  clubMission,
} from './missions';
import { scoreClubMission } from './scoring';
import type { ClubSideFacts } from './scoring';

const quiet: ClubSideFacts = { enemyWarlordSlain: false, enemyUnitsDestroyedInFirstRound: 0, enemyUnitsDestroyed: 0, modelInEnemyDeploymentZone: false };

describe('003 missions as data', () => {
  it('003 Appendix 3: six missions — Eternal War: Vital Intelligence, Beachhead, No Mercy; Maelstrom of War: Visions of Victory, Tactical Escalation, Deadlock', () => {
    for (const m of CLUB_MISSIONS) expect(() => ClubMission.parse(m), m.id).not.toThrow();
    expect(CLUB_MISSIONS.map((m) => `${m.category}/${m.id}`)).toEqual([
      'eternal-war/vital-intelligence',
      'eternal-war/beachhead',
      'eternal-war/no-mercy',
      'maelstrom-of-war/visions-of-victory',
      'maelstrom-of-war/tactical-escalation',
      'maelstrom-of-war/deadlock',
    ]);
    expect(clubMission('deadlock')).toBe(DEADLOCK);
    expect(() => clubMission('nope')).toThrow();
    expect(JSON.parse(JSON.stringify(CLUB_MISSIONS))).toEqual(CLUB_MISSIONS);
  });

  it('003 The Armies: each player selects a Battle-forged army to an agreed points limit (every mission)', () => {
    for (const m of CLUB_MISSIONS) expect(m.armies).toBe('Each player selects a Battle-forged army to an agreed points limit.');
  });

  it('003 Visions of Victory Refined Strategy: each player selects up to 6 of their Tactical Objectives before the battle', () => {
    expect(REFINED_STRATEGY_MAX).toBe(6);
    expect(VISIONS_OF_VICTORY.missionRules.map((r) => r.id)).toContain('refined-strategy');
  });

  it('003 every mission: the same battle length, seize the initiative on a 6, Slay the Warlord and Linebreaker', () => {
    for (const m of CLUB_MISSIONS) {
      expect(m.battleLength).toEqual(BATTLE_LENGTH);
      expect(m.firstTurn.seizeOn).toBe(6);
      expect(m.victoryConditions.map((v) => v.id)).toEqual(expect.arrayContaining(['slay-the-warlord', 'linebreaker']));
    }
    expect(CLUB_MISSIONS.filter((m) => m.suddenDeathNotInUse).map((m) => m.id)).toEqual(['vital-intelligence', 'beachhead']);
  });

  it('003 objective markers: Vital Intelligence 5, Beachhead 3 (centre + one per zone), No Mercy none, Maelstrom missions 6', () => {
    expect(CLUB_MISSIONS.map((m) => m.battlefield.objectiveMarkers)).toEqual([5, 3, 0, 6, 6, 6]);
  });
});

describe('003 Battle Length', () => {
  it('003 Battle Length: no roll before the end of battle round 5', () => {
    for (const r of [1, 2, 3, 4]) expect(battleLengthCheck(r, new PhysicalDice())).toMatchObject({ continues: true, roll: null });
  });

  it('003 Battle Length: after round 5 the first-turn player rolls — the game continues on 3+', () => {
    expect(battleLengthCheck(5, new PhysicalDice([[3]]))).toMatchObject({ continues: true, roller: 'first-turn-player' });
    expect(battleLengthCheck(5, new PhysicalDice([[2]]))).toMatchObject({ continues: false });
  });

  it('003 Battle Length: after round 6 the second-turn player rolls — the game continues on 4+', () => {
    expect(battleLengthCheck(6, new PhysicalDice([[4]]))).toMatchObject({ continues: true, roller: 'second-turn-player' });
    expect(battleLengthCheck(6, new PhysicalDice([[3]]))).toMatchObject({ continues: false });
  });

  it('003 Battle Length: the battle automatically ends at the end of battle round 7', () => {
    expect(battleLengthCheck(7, new PhysicalDice())).toMatchObject({ continues: false, roll: null });
    expect(rollBattleLength(new PhysicalDice([[6], [6]]))).toMatchObject({ lastRound: 7 });
    expect(rollBattleLength(new PhysicalDice([[1]])).lastRound).toBe(5);
    expect(rollBattleLength(new PhysicalDice([[3], [3]])).lastRound).toBe(6);
  });

  it('003 Battle Length: seeded games last 5, 6 or 7 rounds, with one roll per check made (property)', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const r = rollBattleLength(SeededDice.fromSeed(seed));
        return [5, 6, 7].includes(r.lastRound) && r.rolls.length === Math.min(r.lastRound - 4, 2) && r.rolls.every((x) => x.source === 'app');
      }),
    );
  });
});

describe('003 Deployment and First Turn', () => {
  it('003 Deployment (Vital Intelligence, Beachhead, Visions of Victory): the player who did not pick the zone deploys their entire army first', () => {
    const d = deploymentOrder(VITAL_INTELLIGENCE, 'a', { a: ['A1', 'A2'], b: ['B1', 'B2', 'B3'] });
    expect(d.order.map((o) => o.unit)).toEqual(['B1', 'B2', 'B3', 'A1', 'A2']);
    expect(d.finishedFirst).toBe('b');
  });

  it('003 Deployment (No Mercy, Tactical Escalation, Deadlock): alternate units one at a time, starting with the player who did not pick', () => {
    const d = deploymentOrder(NO_MERCY, 'b', { a: ['A1', 'A2', 'A3'], b: ['B1'] });
    expect(d.order.map((o) => o.unit)).toEqual(['A1', 'B1', 'A2', 'A3']);
    expect(d.finishedFirst).toBe('b');
    expect(TACTICAL_ESCALATION.deployment.chosenBy).toBe('placed-sixth-objective-marker');
  });

  it('003 Deployment: the players roll off (re-rolling ties) to pick the map and zone', () => {
    expect(deploymentRollOff(new PhysicalDice([[4], [4], [6], [1]]))).toMatchObject({ winner: 'a' });
  });

  it('003 First Turn: if the chooser takes the first turn the opponent seizes the initiative on a 6', () => {
    expect(clubFirstTurn({ chooser: 'a', chooserTakesFirst: true }, new PhysicalDice([[6]]))).toMatchObject({ first: 'b', seized: true });
    expect(clubFirstTurn({ chooser: 'a', chooserTakesFirst: true }, new PhysicalDice([[5]]))).toMatchObject({ first: 'a', seized: false });
    expect(clubFirstTurn({ chooser: 'a', chooserTakesFirst: false }, new PhysicalDice())).toMatchObject({ first: 'b', seized: false, roll: null });
  });
});

describe('003 Eternal War objectives', () => {
  it('003 Vital Intelligence battlefield: a marker in the centre and one halfway from the centre to each corner', () => {
    expect(vitalIntelligenceMarkers({ width: 72, depth: 48 })).toEqual([
      { x: 36, y: 24 },
      { x: 18, y: 12 },
      { x: 54, y: 12 },
      { x: 18, y: 36 },
      { x: 54, y: 36 },
    ]);
  });

  it('003 Capture the Data: a D6 of 6 activates every marker, otherwise the marker with that number', () => {
    expect(captureTheDataActive(1, new PhysicalDice([[6]])).active).toEqual([1, 2, 3, 4, 5]);
    expect(captureTheDataActive(2, new PhysicalDice([[3]])).active).toEqual([3]);
  });

  it('003 Capture the Data: 1 VP per marker controlled, 2 per active marker; control = more models within 3"', () => {
    expect(captureTheDataScore([1, 3, 4], [3])).toBe(4);
    expect(captureTheDataScore([1, 2], [1, 2, 3, 4, 5])).toBe(4);
    expect(controller({ a: 3, b: 2 })).toBe('a');
    expect(controller({ a: 2, b: 2 })).toBeNull();
  });

  it('003 Beachhead Push Them Back: from round 2, 1 VP own zone, 2 centre, 3 enemy zone', () => {
    expect(pushThemBackScore(1, ['own-zone', 'centre', 'enemy-zone'])).toBe(0);
    expect(pushThemBackScore(2, ['own-zone', 'centre', 'enemy-zone'])).toBe(6);
    expect(pushThemBackScore(4, ['enemy-zone'])).toBe(3);
  });

  it('003 Beachhead: "Neither of these objective markers can be set up within 8" of any battlefield edge or within 12" of any other objective marker" — exactly 8" and 12" are within', () => {
    expect(beachheadMarkerAllowed({ nearestEdgeInches: 8, nearestMarkerInches: 20 })).toBe(false);
    expect(beachheadMarkerAllowed({ nearestEdgeInches: 10, nearestMarkerInches: 12 })).toBe(false);
    expect(beachheadMarkerAllowed({ nearestEdgeInches: 8.1, nearestMarkerInches: 12.1 })).toBe(true);
    expect(beachheadMarkerAllowed({ nearestEdgeInches: 9, nearestMarkerInches: null })).toBe(true);
    expect(beachheadMarkerAllowed({ nearestEdgeInches: 7.9, nearestMarkerInches: 20 })).toBe(false);
    expect(beachheadMarkerAllowed({ nearestEdgeInches: 10, nearestMarkerInches: 11 })).toBe(false);
  });
});

describe('003 Maelstrom of War objectives', () => {
  it('003 Visions of Victory: top up to 4 active Tactical Objectives; Unreliable Advice generates two for each', () => {
    expect(tacticalObjectiveAdjustment(VISIONS_OF_VICTORY, 1, 0)).toEqual({ target: 4, generate: 4, discard: 0, toDrawForUnreliableAdvice: 8 });
    expect(tacticalObjectiveAdjustment(VISIONS_OF_VICTORY, 3, 5)).toMatchObject({ generate: 0, discard: 0 });
  });

  it('003 Tactical Escalation: as many active Tactical Objectives as the battle round number', () => {
    expect([1, 2, 5].map((r) => tacticalObjectiveAdjustment(TACTICAL_ESCALATION, r, 1).generate)).toEqual([0, 1, 4]);
    expect(tacticalObjectiveAdjustment(TACTICAL_ESCALATION, 2, 4).discard).toBe(0);
  });

  it('003 Deadlock: 6 in round 1, 5 in round 2, 4 in round 3 and so on — discard down or generate up', () => {
    expect([1, 2, 3, 6, 7].map((r) => tacticalObjectiveAdjustment(DEADLOCK, r, 3).target)).toEqual([6, 5, 4, 1, 0]);
    expect(tacticalObjectiveAdjustment(DEADLOCK, 3, 6)).toMatchObject({ generate: 0, discard: 2 });
    expect(tacticalObjectiveAdjustment(DEADLOCK, 1, 0)).toMatchObject({ generate: 6, discard: 0 });
    expect(() => tacticalObjectiveAdjustment(NO_MERCY, 1, 0)).toThrow();
  });

  it('003 Deadlock Strategic Deadlock: Stratagem costs are doubled from the third battle round', () => {
    expect([1, 2, 3, 5].map((r) => stratagemCost(DEADLOCK, 2, r))).toEqual([2, 2, 4, 4]);
    expect(stratagemCost(BEACHHEAD, 2, 5)).toBe(2);
  });

  it('003 Tactical Escalation Tactical Priority: +1 VP per objective of the nominated type achieved, -1 per one discarded', () => {
    expect(tacticalPriorityVp(3, 1)).toBe(2);
  });
});

describe('003 Victory Conditions', () => {
  it('003 Vital Intelligence: Capture the Data + Slay the Warlord + First Strike + Linebreaker; most VP wins', () => {
    const r = scoreClubMission(VITAL_INTELLIGENCE, {
      a: { ...quiet, objectiveVp: 7, enemyWarlordSlain: true, enemyUnitsDestroyedInFirstRound: 2 },
      b: { ...quiet, objectiveVp: 8, modelInEnemyDeploymentZone: true },
      firstUnitDestroyedBelongedTo: 'b',
    });
    expect(r.totals).toEqual({ a: 9, b: 9 });
    expect(r.winner).toBeNull();
    expect(r.lines.a.map((l) => l.condition)).toEqual(['capture-the-data', 'slay-the-warlord', 'first-strike', 'linebreaker']);
  });

  it('003 No Mercy: 1 VP per enemy unit destroyed, Slay the Warlord on top, First Blood to the opposing player', () => {
    const r = scoreClubMission(NO_MERCY, {
      a: { ...quiet, enemyUnitsDestroyed: 4, enemyWarlordSlain: true },
      b: { ...quiet, enemyUnitsDestroyed: 5 },
      firstUnitDestroyedBelongedTo: 'b',
    });
    expect(r.totals).toEqual({ a: 6, b: 5 });
    expect(r.winner).toBe('a');
  });

  it('003 First Blood: units destroyed simultaneously — both players get 1 victory point', () => {
    const r = scoreClubMission(DEADLOCK, { a: quiet, b: quiet, firstUnitDestroyedBelongedTo: 'both' });
    expect(r.totals).toEqual({ a: 1, b: 1 });
  });

  it('003 Tactical Escalation Mission Priorities: more objectives of your nominated type than the opponent of theirs: +1', () => {
    const r = scoreClubMission(TACTICAL_ESCALATION, {
      a: { ...quiet, tacticalObjectiveVp: 5, nominatedTypeAchieved: 3 },
      b: { ...quiet, tacticalObjectiveVp: 5, nominatedTypeAchieved: 2 },
      firstUnitDestroyedBelongedTo: null,
    });
    expect(r.totals).toEqual({ a: 6, b: 5 });
    expect(r.winner).toBe('a');
  });

  it('003 Beachhead and Visions of Victory use First Strike, not First Blood', () => {
    for (const m of [BEACHHEAD, VISIONS_OF_VICTORY]) {
      const ids = m.victoryConditions.map((v) => v.id);
      expect(ids).toContain('first-strike');
      expect(ids).not.toContain('first-blood');
    }
  });
});
