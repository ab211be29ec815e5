import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhysicalDice, SeededDice } from '../dice';
import type { DiceTable } from '../ruleset/schema';
import {
  DEEP_STRIKE_EDITIONS,
  DEEP_STRIKE_LATER_001,
  DEEP_STRIKE_PACK_000,
  deepStrikeOutcome,
  isOnTable,
  mayDeepStrike,
  rollDeepStrikeMishap,
  scatterFirstModel,
} from './deep-strike';
import { ESCALATION_EXCLUDED_TYPES, escalationDeployment, withEscalationReserves } from './escalation';
import { infiltrateFirstMethod, infiltratorDeploymentOrder, infiltratorSetUp, mayOutflank, rollOff } from './infiltrate';
import { RESERVES_TABLE, reservesTableTarget, rollForReserves } from './reserves';

const board = { width: 72, depth: 48 };

describe('000 / 001 Deep Strike', () => {
  it('000 Deep Strike: some units always have the option, others only in missions where the Deep Strike rule is in force', () => {
    expect(mayDeepStrike({ alwaysHasOption: true, hasOptionInDeepStrikeMissions: false }, false)).toBe(true);
    expect(mayDeepStrike({ alwaysHasOption: false, hasOptionInDeepStrikeMissions: true }, false)).toBe(false);
    expect(mayDeepStrike({ alwaysHasOption: false, hasOptionInDeepStrikeMissions: true }, true)).toBe(true);
    expect(mayDeepStrike({ alwaysHasOption: false, hasOptionInDeepStrikeMissions: false }, true)).toBe(false);
  });

  it('000 Deep Strike: a HIT on the scatter dice — the model stays where it is, nothing rolled', () => {
    const s = scatterFirstModel({ intended: { x: 10, y: 10 }, scatterDie: { kind: 'hit' } }, new PhysicalDice());
    expect(s).toEqual({ scattered: false, distanceInches: 0, landing: { x: 10, y: 10 }, roll: null });
  });

  it('000 Deep Strike: an arrow — roll 2D6" to see how far the model scatters, in the arrow\'s direction', () => {
    const s = scatterFirstModel(
      { intended: { x: 10, y: 10 }, scatterDie: { kind: 'arrow', directionDegrees: 90 }, unit: 'Terminators' },
      new PhysicalDice([[3, 5]]),
    );
    expect(s.distanceInches).toBe(8);
    expect(s.landing.x).toBeCloseTo(10);
    expect(s.landing.y).toBeCloseTo(18);
    expect(s.roll).toMatchObject({ expression: '2D6', total: 8, purpose: 'Deep Strike scatter distance, Terminators' });
  });

  it('000 Deep Strike: scattering 2D6 from near an edge can put the first model off the table', () => {
    const s = scatterFirstModel({ intended: { x: 2, y: 24 }, scatterDie: { kind: 'arrow', directionDegrees: 180 } }, new PhysicalDice([[1, 2]]));
    expect(isOnTable(s.landing, board)).toBe(false);
    expect(isOnTable({ x: 0, y: 48 }, board)).toBe(true);
  });

  it('000 Deep Strike: scatter distance is 2 to 12 inches (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 359 }), (seed, deg) => {
        const s = scatterFirstModel({ intended: { x: 36, y: 24 }, scatterDie: { kind: 'arrow', directionDegrees: deg } }, SeededDice.fromSeed(seed));
        const moved = Math.hypot(s.landing.x - 36, s.landing.y - 24);
        return s.distanceInches >= 2 && s.distanceInches <= 12 && Math.abs(moved - s.distanceInches) < 1e-9;
      }),
    );
  });

  it('000 Deep Strike: if the first model scatters off the table, the entire unit is destroyed', () => {
    expect(deepStrikeOutcome('pack-000', { unitSize: 5, firstModel: 'off-table', otherModelsUnplaceable: 0 })).toMatchObject({
      kind: 'unit-destroyed',
      modelsDestroyed: 5,
    });
  });

  it('000 Deep Strike: models that cannot complete the circle (within 1" of the enemy, impassable, off-table) — the surplus models are destroyed', () => {
    expect(deepStrikeOutcome('pack-000', { unitSize: 10, firstModel: null, otherModelsUnplaceable: 3, otherProblems: ['within-1-of-enemy'] })).toMatchObject({
      kind: 'surplus-destroyed',
      modelsPlaced: 7,
      modelsDestroyed: 3,
    });
    expect(deepStrikeOutcome('pack-000', { unitSize: 10, firstModel: null, otherModelsUnplaceable: 0 })).toMatchObject({ kind: 'arrived', modelsPlaced: 10 });
  });

  it('001 Deep Strike: any model landing off-table, in impassable terrain, on a friendly model or within 1" of an enemy — roll on the Mishap table', () => {
    for (const problem of ['off-table', 'impassable', 'on-friendly-model', 'within-1-of-enemy'] as const) {
      expect(deepStrikeOutcome('later-001', { unitSize: 5, firstModel: problem, otherModelsUnplaceable: 0 })).toMatchObject({
        kind: 'mishap',
        problems: [problem],
      });
    }
    expect(deepStrikeOutcome('later-001', { unitSize: 5, firstModel: null, otherModelsUnplaceable: 1, otherProblems: ['impassable'] }).kind).toBe('mishap');
    expect(deepStrikeOutcome('later-001', { unitSize: 5, firstModel: null, otherModelsUnplaceable: 0 }).kind).toBe('arrived');
  });

  it('000/001 Deep Strike: the edition is data — a club copy of an edition changes the outcome', () => {
    const houseRules = { ...DEEP_STRIKE_PACK_000, unplaceableModels: 'mishap' as const };
    expect(deepStrikeOutcome(houseRules, { unitSize: 5, firstModel: null, otherModelsUnplaceable: 2 }).kind).toBe('mishap');
    expect(deepStrikeOutcome(houseRules, { unitSize: 5, firstModel: 'off-table', otherModelsUnplaceable: 0 }).kind).toBe('unit-destroyed');
    expect(() => deepStrikeOutcome('pack-000', { unitSize: 3, firstModel: null, otherModelsUnplaceable: 3 })).toThrow(RangeError);
  });

  it('001 Deep Strike: the Mishap table is not printed in any seed — nothing is rolled until the club enters one', () => {
    const dice = new PhysicalDice([[1]]);
    expect(rollDeepStrikeMishap(DEEP_STRIKE_LATER_001.mishapTable, dice)).toMatchObject({ status: 'no-table' });
    expect(dice.remaining).toBe(1);
    const clubTable: DiceTable = {
      id: 'club-mishap',
      name: 'Club mishap table',
      expression: 'D6',
      rows: [
        { from: 1, to: 3, result: 'bad', text: 'Bad' },
        { from: 4, to: 6, result: 'worse', text: 'Worse' },
      ],
      citation: { source: 'house rule', section: 'Mishaps' },
    };
    const r = rollDeepStrikeMishap(clubTable, new PhysicalDice([[4]]), -1);
    expect(r).toMatchObject({ status: 'rolled', modified: 3, row: { result: 'bad' } });
  });

  it('000 Deep Strike: may not move or assault on arrival, may shoot but counts as having moved', () => {
    expect(DEEP_STRIKE_PACK_000).toMatchObject({
      beginsInReserve: true,
      mayMoveOnArrival: false,
      mayAssaultOnArrival: false,
      mayShootOnArrival: true,
      countsAsMoved: true,
    });
    expect(DEEP_STRIKE_PACK_000.difficultTerrainIsDangerous).toBe(false);
  });

  it('001 Deep Strike: difficult terrain becomes dangerous; no assault on arrival even with fleet; fire or run; vehicles at cruising speed', () => {
    expect(DEEP_STRIKE_LATER_001).toMatchObject({
      beginsInReserve: true,
      difficultTerrainIsDangerous: true,
      mayAssaultOnArrival: false,
      assaultExceptionBySpecialRule: true,
      mayMoveOnArrival: false,
      mayDisembarkOnArrival: true,
      mayRunOnArrival: true,
      vehiclesCountAsCruisingSpeed: true,
      ruinsGroundFloorOnly: true,
    });
    expect(Object.keys(DEEP_STRIKE_EDITIONS)).toEqual(['pack-000', 'later-001']);
  });
});

describe('000 / 001 Infiltrate', () => {
  it('000 Infiltrate: more than 12" from an enemy unit if unseen; more than 18" even if seen', () => {
    expect(infiltratorSetUp('pack-000', { nearestEnemyInches: 13, seenByDeployedEnemy: false }).allowed).toBe(true);
    expect(infiltratorSetUp('pack-000', { nearestEnemyInches: 12, seenByDeployedEnemy: false }).allowed).toBe(false);
    expect(infiltratorSetUp('pack-000', { nearestEnemyInches: 13, seenByDeployedEnemy: true }).allowed).toBe(false);
    expect(infiltratorSetUp('pack-000', { nearestEnemyInches: 18, seenByDeployedEnemy: true }).allowed).toBe(false);
    expect(infiltratorSetUp('pack-000', { nearestEnemyInches: 18.5, seenByDeployedEnemy: true }).allowed).toBe(true);
  });

  it('001 Infiltrate: 12" unseen / 18" seen; inside a building more than 12" away; never from inside a transport', () => {
    expect(infiltratorSetUp('later-001', { nearestEnemyInches: 13, seenByDeployedEnemy: false }).allowed).toBe(true);
    expect(infiltratorSetUp('later-001', { nearestEnemyInches: 19, seenByDeployedEnemy: true }).allowed).toBe(true);
    expect(infiltratorSetUp('later-001', { nearestEnemyInches: 13, seenByDeployedEnemy: true, insideBuilding: true }).allowed).toBe(true);
    expect(infiltratorSetUp('later-001', { nearestEnemyInches: 30, seenByDeployedEnemy: false, insideTransport: true }).allowed).toBe(false);
    // 000 says nothing about transports.
    expect(infiltratorSetUp('pack-000', { nearestEnemyInches: 30, seenByDeployedEnemy: false, insideTransport: true }).allowed).toBe(true);
  });

  it('000 Infiltrate: toss a coin; 001: roll-off, the winner decides — then alternate deploying infiltrators', () => {
    expect(infiltrateFirstMethod('pack-000')).toBe('coin-toss');
    expect(infiltrateFirstMethod('later-001')).toBe('roll-off-winner-decides');
    const order = infiltratorDeploymentOrder('b', { a: ['Scouts', 'Snipers'], b: ['Kroot', 'Pathfinders', 'Stealth'] });
    expect(order.map((o) => `${o.side}:${o.unit}`)).toEqual(['b:Kroot', 'a:Scouts', 'b:Pathfinders', 'a:Snipers', 'b:Stealth']);
  });

  it('001 Infiltrate: a roll-off re-rolls ties and returns every roll', () => {
    const r = rollOff(new PhysicalDice([[3], [3], [2], [5]]), 'Infiltrate');
    expect(r.winner).toBe('b');
    expect(r.rolls.map((x) => x.total)).toEqual([3, 3, 2, 5]);
  });

  it('001 Infiltrate: confers an outflank move on infiltrators kept in reserve (000 has no outflank)', () => {
    expect(mayOutflank('later-001', { infiltrator: true, inReserve: true })).toBe(true);
    expect(mayOutflank('later-001', { infiltrator: true, inReserve: false })).toBe(false);
    expect(mayOutflank('pack-000', { infiltrator: true, inReserve: true })).toBe(false);
  });
});

describe('000 Reserves', () => {
  it('000 Reserves Table: Turn 1 N/A, Turn 2 4+, Turn 3 3+, Turn 4+ 2+', () => {
    expect([1, 2, 3, 4, 5, 9].map((t) => reservesTableTarget(t))).toEqual([null, 4, 3, 2, 2, 2]);
    expect(RESERVES_TABLE.arrivesOn).toEqual([null, 4, 3, 2]);
  });

  it('000 Reserves: each Force Organisation selection is diced for separately; a transport attached rolls together with its unit', () => {
    const r = rollForReserves(
      [
        { id: 'u1', name: 'Tactical Squad', transport: 'Rhino' },
        { id: 'u2', name: 'Terminators', mayDeepStrike: true },
      ],
      2,
      new PhysicalDice([[4], [3]]),
    );
    expect(r.target).toBe(4);
    expect(r.arrivals.map((a) => a.arrives)).toEqual([true, false]);
    expect(r.rolls.map((x) => x.purpose)).toEqual(['Reserves, turn 2: Tactical Squad with Rhino', 'Reserves, turn 2: Terminators']);
    expect(r.arrivals[1]?.entry).toEqual(['move-on', 'deep-strike']);
  });

  it('000 Reserves: nothing arrives (and nothing is rolled) on turn 1', () => {
    const r = rollForReserves([{ id: 'u1', name: 'Bikes' }], 1, new PhysicalDice());
    expect(r).toMatchObject({ target: null, rolls: [] });
    expect(r.arrivals[0]?.arrives).toBe(false);
  });
});

describe('000 Escalation', () => {
  it('000 Escalation: only basic infantry without dedicated transports deploy at the start; everything else is in reserve', () => {
    expect(escalationDeployment({ basicInfantry: true, hasDedicatedTransport: false })).toBe('deploy');
    expect(escalationDeployment({ basicInfantry: true, hasDedicatedTransport: true })).toBe('reserve');
    expect(escalationDeployment({ basicInfantry: false, hasDedicatedTransport: false })).toBe('reserve');
    expect(ESCALATION_EXCLUDED_TYPES).toEqual(['monstrous-creature', 'bike', 'jump-infantry', 'artillery', 'beast']);
  });

  it('000 Escalation: Scouts-like rules apply as normal, and the mission may state otherwise', () => {
    expect(escalationDeployment({ basicInfantry: false, hasDedicatedTransport: false, deploysOnTableBySpecialRule: true })).toBe('deploy');
    expect(escalationDeployment({ basicInfantry: false, hasDedicatedTransport: true, missionAllows: true })).toBe('deploy');
  });

  it('000 Escalation: is always used in combination with the Reserves special rule', () => {
    expect(withEscalationReserves(['escalation'])).toEqual(['escalation', 'reserves']);
    expect(withEscalationReserves(['reserves', 'escalation'])).toEqual(['reserves', 'escalation']);
    expect(withEscalationReserves(['night-fighting'])).toEqual(['night-fighting']);
  });
});
