/**
 * Victory conditions of the seed-003 missions: the player with the most victory points wins; equal is a draw.
 */
import type { Side } from './cite';
import { otherSide } from './cite';
import type { ClubMission } from './missions';

/** What one player achieved, recorded by the players (the rules never guess these). */
export interface ClubSideFacts {
  /** Capture the Data / Push Them Back VP summed over the battle rounds (see battle.ts). */
  objectiveVp?: number;
  /** VP from Tactical Objectives achieved, Tactical Priority adjustments included. */
  tacticalObjectiveVp?: number;
  /** Tactical Escalation: Tactical Objectives of this player's nominated type achieved (for Mission Priorities). */
  nominatedTypeAchieved?: number;
  /** The enemy Warlord was slain during the battle. */
  enemyWarlordSlain: boolean;
  /** Enemy units destroyed during the first battle round (First Strike). */
  enemyUnitsDestroyedInFirstRound: number;
  /** Enemy units destroyed during the battle (No Quarter Given). */
  enemyUnitsDestroyed: number;
  /** At least one model within the enemy's deployment zone at the end (Linebreaker). */
  modelInEnemyDeploymentZone: boolean;
}

export interface ClubGameFacts {
  a: ClubSideFacts;
  b: ClubSideFacts;
  /**
   * First Blood: whose unit was destroyed first ('both' when units from opposing forces were destroyed simultaneously);
   * null when no unit was destroyed.
   */
  firstUnitDestroyedBelongedTo: Side | 'both' | null;
}

export interface ScoreLine {
  condition: string;
  vp: number;
}

export interface MissionResult {
  lines: Record<Side, ScoreLine[]>;
  totals: Record<Side, number>;
  /** The winner, or null for a draw. */
  winner: Side | null;
}

/**
 * Score a mission's victory conditions for both players (003, VICTORY CONDITIONS of each mission).
 *
 * @example
 * const side = { enemyWarlordSlain: false, enemyUnitsDestroyedInFirstRound: 0, enemyUnitsDestroyed: 0, modelInEnemyDeploymentZone: false };
 * const facts = { a: { ...side, enemyUnitsDestroyed: 4, enemyWarlordSlain: true }, b: { ...side, enemyUnitsDestroyed: 3 }, firstUnitDestroyedBelongedTo: 'b' as const };
 * scoreClubMission(NO_MERCY, facts); // → { totals: { a: 6, b: 3 }, winner: 'a' }
 */
export function scoreClubMission(mission: Pick<ClubMission, 'victoryConditions'>, facts: ClubGameFacts): MissionResult {
  const has = (id: string) => mission.victoryConditions.some((c) => c.id === id);
  const lines: Record<Side, ScoreLine[]> = { a: [], b: [] };
  for (const side of ['a', 'b'] as const) {
    const me = facts[side];
    const them = facts[otherSide(side)];
    const out = lines[side];
    if (has('capture-the-data')) out.push({ condition: 'capture-the-data', vp: me.objectiveVp ?? 0 });
    if (has('push-them-back')) out.push({ condition: 'push-them-back', vp: me.objectiveVp ?? 0 });
    if (has('tactical-objectives')) out.push({ condition: 'tactical-objectives', vp: me.tacticalObjectiveVp ?? 0 });
    if (has('no-quarter-given')) out.push({ condition: 'no-quarter-given', vp: me.enemyUnitsDestroyed });
    if (has('mission-priorities')) {
      // "one player has achieved more ... of their nominated type than their opponent has of their own": that player +1.
      out.push({ condition: 'mission-priorities', vp: (me.nominatedTypeAchieved ?? 0) > (them.nominatedTypeAchieved ?? 0) ? 1 : 0 });
    }
    if (has('slay-the-warlord')) out.push({ condition: 'slay-the-warlord', vp: me.enemyWarlordSlain ? 1 : 0 });
    if (has('first-strike')) out.push({ condition: 'first-strike', vp: me.enemyUnitsDestroyedInFirstRound > 0 ? 1 : 0 });
    if (has('first-blood')) {
      const f = facts.firstUnitDestroyedBelongedTo;
      out.push({ condition: 'first-blood', vp: f === 'both' || f === otherSide(side) ? 1 : 0 });
    }
    if (has('linebreaker')) out.push({ condition: 'linebreaker', vp: me.modelInEnemyDeploymentZone ? 1 : 0 });
  }
  const totals = { a: lines.a.reduce((s, l) => s + l.vp, 0), b: lines.b.reduce((s, l) => s + l.vp, 0) };
  const winner = totals.a > totals.b ? 'a' : totals.b > totals.a ? 'b' : null;
  return { lines, totals, winner };
}
