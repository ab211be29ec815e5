import { describe, expect, it } from 'vitest';
import { PhysicalDice, SeededDice } from '../dice';
import { validateTableCoverage } from '../ruleset/coverage';
import { judgeNightFighting, nightFightingCheck } from '../mission-pack/night-fighting';
import { RESERVES_TABLE, reservesTableTarget, rollForReserves } from '../mission-pack/reserves';
import { BUILT_UP_AREA_MISHAP_MODIFIER, LAST_STAND_REINFORCEMENTS_TABLE, mayDeepStrikeInBuiltUpArea } from './kill-team-rules';
import { lastStandDefendingSizes, rollMissionCounters } from './missions';
import { DEPLOYMENT_TABLE, GAME_LENGTH_TURNS, MISSION_TABLE, determineFirstTurn, rollDeployment, rollMission } from './setup';

describe('004 Setting up a Kill Team game', () => {
  it('004 Step 2 - Determine Mission: D6 1 Skirmish … 6 Last Stand, every result covered once', () => {
    expect(validateTableCoverage(MISSION_TABLE).ok).toBe(true);
    const names = [1, 2, 3, 4, 5, 6].map((n) => rollMission(new PhysicalDice([[n]])).missionId);
    expect(names).toEqual(['skirmish', 'relic-hunt', 'breakthrough', 'sabotage', 'seize-ground', 'last-stand']);
  });

  it('004 Step 3 - Deploy Kill Teams: a D6 deployment table (diagram results 1–6)', () => {
    expect(validateTableCoverage(DEPLOYMENT_TABLE).ok).toBe(true);
    const r = rollDeployment(new PhysicalDice([[4]]));
    expect(r.deploymentId).toBe('deployment-4');
    expect(r.roll).toMatchObject({ purpose: 'Deployment', expression: 'D6', total: 4 });
  });

  it('004 Step 4 - Play the Game!: the player who deployed first goes first unless the other rolls a 6', () => {
    expect(determineFirstTurn({ missionId: 'skirmish', deployedFirst: 'a' }, new PhysicalDice([[5]]))).toMatchObject({ first: 'a', stolen: false });
    expect(determineFirstTurn({ missionId: 'skirmish', deployedFirst: 'a' }, new PhysicalDice([[6]]))).toMatchObject({ first: 'b', stolen: true });
  });

  it('004 Breakthrough / Last Stand: the Attacker always has the first turn (no roll to steal)', () => {
    const dice = new PhysicalDice();
    expect(determineFirstTurn({ missionId: 'breakthrough', deployedFirst: 'a', attacker: 'b' }, dice)).toMatchObject({ first: 'b', rolls: [] });
    expect(determineFirstTurn({ missionId: 'last-stand', deployedFirst: 'b', attacker: 'a' }, dice)).toMatchObject({ first: 'a', rolls: [] });
    expect(() => determineFirstTurn({ missionId: 'last-stand', deployedFirst: 'b' }, dice)).toThrow(/Attacker/);
  });

  it('004 Step 5 - Ending the Game: 10 turns', () => {
    expect(GAME_LENGTH_TURNS).toBe(10);
  });

  it('004 Relic Hunt and Seize Ground: D3+2 counters (3–5); Sabotage: one marker each, no roll', () => {
    expect(rollMissionCounters('relic-hunt', new PhysicalDice([[1]]))).toMatchObject([{ kind: 'relic', count: 3 }]);
    expect(rollMissionCounters('seize-ground', new PhysicalDice([[3]]))).toMatchObject([{ kind: 'objective', count: 5 }]);
    expect(rollMissionCounters('sabotage', new PhysicalDice())).toEqual([{ kind: 'objective', count: 2, roll: null }]);
    expect(rollMissionCounters('skirmish', new PhysicalDice())).toEqual([]);
    const seeded = rollMissionCounters('relic-hunt', SeededDice.fromSeed('x'))[0];
    expect(seeded?.count).toBeGreaterThanOrEqual(3);
    expect(seeded?.count).toBeLessThanOrEqual(5);
    expect(seeded?.roll?.purpose).toBe('Relic Hunt: number of Relic counters');
  });

  it('004 Last Stand: "split his Kill Team in half (by model count)" — an odd model may go in either half (choice)', () => {
    expect(lastStandDefendingSizes(8)).toEqual([4]);
    expect(lastStandDefendingSizes(9)).toEqual([4, 5]);
  });

  it('004 Last Stand with a Squad ("Simply treat the unit as normal"): the Squad stays whole, the halves as near half as whole units allow', () => {
    expect(lastStandDefendingSizes([1, 1, 1, 1])).toEqual([2]);
    expect(lastStandDefendingSizes([1, 10])).toEqual([1, 10]);
    expect(lastStandDefendingSizes([1, 1, 1, 5])).toEqual([3, 5]);
    expect(lastStandDefendingSizes([1, 1, 1, 1, 1, 5])).toEqual([5]);
    expect(lastStandDefendingSizes([1, 1, 5, 5])).toEqual([6]);
  });
});

describe('004 Kill Team special rules', () => {
  it('000 Night Fighting (named in 004): visibility is 2D6×3 inches, one rule in mission-pack', () => {
    const r = nightFightingCheck({ targetDistanceInches: 21, weapon: 'normal', unit: 'Sergeant' }, new PhysicalDice([[3, 4]]));
    expect(r.maxRangeInches).toBe(21);
    expect(r.mayFire).toBe(true);
    expect(r.roll).toMatchObject({ expression: '2D6×3', purpose: 'Night Fighting: how far can Sergeant see?' });
    expect(judgeNightFighting(22, 'normal', 21).mayFire).toBe(false);
  });

  it('000 Reserves table (named in 004): turn 1 none, turn 2 on 4+, turn 3 on 3+, turn 4+ on 2+', () => {
    expect([1, 2, 3, 4, 7].map((t) => reservesTableTarget(t, RESERVES_TABLE))).toEqual([null, 4, 3, 2, 2]);
    expect(() => reservesTableTarget(0)).toThrow(RangeError);
  });

  it('004 Mission 6: Last Stand: reinforcement groups arrive on 3+ every turn after the 1st', () => {
    expect([1, 2, 3, 4].map((t) => reservesTableTarget(t, LAST_STAND_REINFORCEMENTS_TABLE))).toEqual([null, 3, 3, 3]);
    const groups = [
      { id: 'g1', name: 'group 1' },
      { id: 'g2', name: 'group 2' },
    ];
    const r = rollForReserves(groups, 2, new PhysicalDice([[3], [2]]), LAST_STAND_REINFORCEMENTS_TABLE);
    expect(r.arrivals.map((x) => x.arrives)).toEqual([true, false]);
    expect(r.rolls.map((x) => x.purpose)).toEqual(['Reserves, turn 2: group 1', 'Reserves, turn 2: group 2']);
    expect(rollForReserves(groups, 1, new PhysicalDice(), LAST_STAND_REINFORCEMENTS_TABLE).rolls).toEqual([]);
  });

  it('004 Built-up Area: only teleporting/materialising models (or team-list exceptions) Deep Strike; mishaps at -1', () => {
    expect(mayDeepStrikeInBuiltUpArea({ teleportsOrMaterialises: false })).toBe(false);
    expect(mayDeepStrikeInBuiltUpArea({ teleportsOrMaterialises: true })).toBe(true);
    expect(mayDeepStrikeInBuiltUpArea({ teleportsOrMaterialises: false, teamListException: true })).toBe(true);
    expect(BUILT_UP_AREA_MISHAP_MODIFIER).toBe(-1);
  });
});
