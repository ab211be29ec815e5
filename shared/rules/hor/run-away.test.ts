import { describe, expect, it } from 'vitest';
import { PhysicalDice, SeededDice } from '../dice';
import type { RunAwayModel } from './run-away';
import { RunAwayError, mayVoluntarilyFail, resolveRunAway, runAwayLeadership, runAwayTestNeeded } from './run-away';

function force(n: number, out: number, opts: { leaderStatus?: RunAwayModel['status']; fallingBack?: number } = {}): RunAwayModel[] {
  // Model 0 is the Team Leader (Ld 9); others Ld 7, the last ones 8 so "highest" is testable.
  return Array.from({ length: n }, (_, i) => {
    const status: RunAwayModel['status'] =
      i === 0 ? (opts.leaderStatus ?? 'fighting') : i > n - 1 - out ? (i > n - 1 - (opts.fallingBack ?? 0) ? 'falling-back' : 'casualty') : 'fighting';
    return { id: `m${i}`, type: i === 0 ? 'team-leader' : 'core', leadership: i === 0 ? 9 : i === 1 ? 8 : 7, status };
  });
}

describe('004 Run Away!', () => {
  it('004 Run Away!: "in a force that has twelve models a test is needed if less than six are still fighting"', () => {
    expect(runAwayTestNeeded(force(12, 6)).needed).toBe(false); // 6 fighting
    expect(runAwayTestNeeded(force(12, 7)).needed).toBe(true); // 5 fighting
  });

  it('004 Run Away!: falling back models count with casualties toward "more than 50%"', () => {
    const models = force(10, 6, { fallingBack: 3 });
    expect(models.filter((m) => m.status === 'falling-back')).toHaveLength(3);
    expect(runAwayTestNeeded(models)).toMatchObject({ needed: true, out: 6, total: 10 });
    expect(runAwayTestNeeded(force(10, 5, { fallingBack: 5 })).needed).toBe(false);
  });

  it("004 Run Away!: 2D6 equal to the Team Leader's unmodified Leadership passes, one more fails", () => {
    const models = force(8, 5);
    const pass = resolveRunAway({ models }, new PhysicalDice([[4, 5]]));
    expect(pass).toMatchObject({ kind: 'rolled', passed: true, gameEnds: false, leadership: { leadership: 9, modelId: 'm0' } });
    const fail = resolveRunAway({ models }, new PhysicalDice([[5, 5]]));
    expect(fail).toMatchObject({ kind: 'rolled', passed: false, gameEnds: true });
    expect(fail.rolls).toEqual([{ purpose: 'Run Away! test', expression: '2D6', faces: [5, 5], total: 10, source: 'physical' }]);
  });

  it('004 Run Away!: a Team Leader falling back or a casualty → highest Leadership among models not falling back', () => {
    const models = force(8, 5, { leaderStatus: 'falling-back' });
    expect(runAwayLeadership(models)).toMatchObject({ leadership: 8, modelId: 'm1' });
    const casualty = force(8, 5, { leaderStatus: 'casualty' });
    expect(runAwayLeadership(casualty)?.leadership).toBe(8);
    // The Ld 8 model is falling back too: the best remaining fighting model has Ld 7.
    const both = casualty.map((m) => (m.id === 'm1' ? { ...m, status: 'falling-back' as const } : m));
    expect(runAwayLeadership(both)?.leadership).toBe(7);
  });

  it('004 Run Away!: with every remaining model falling back the test fails without a roll (choice: nobody to test)', () => {
    const models: RunAwayModel[] = [
      { id: 'l', type: 'team-leader', leadership: 9, status: 'casualty' },
      { id: 'x', type: 'core', leadership: 7, status: 'falling-back' },
      { id: 'y', type: 'core', leadership: 7, status: 'casualty' },
    ];
    const r = resolveRunAway({ models }, new PhysicalDice());
    expect(r).toMatchObject({ kind: 'no-leader', gameEnds: true, rolls: [] });
  });

  it('004 Run Away!: a team below 25% of its models remaining may voluntarily fail; at 25% it may not', () => {
    expect(mayVoluntarilyFail(force(12, 10))).toBe(true); // 2 of 12 remain (16.7%)
    expect(mayVoluntarilyFail(force(12, 9))).toBe(false); // 3 of 12 remain (exactly 25%)
    const r = resolveRunAway({ models: force(12, 10), voluntaryFail: true }, new PhysicalDice());
    expect(r).toMatchObject({ kind: 'voluntary-fail', gameEnds: true, rolls: [] });
    expect(() => resolveRunAway({ models: force(12, 9), voluntaryFail: true }, new PhysicalDice())).toThrow(RunAwayError);
  });

  it('004 Run Away!: falling-back models still count as remaining for the 25% (choice)', () => {
    // 12 models: 8 casualties, 3 falling back → 4 remain (33%): no voluntary failure.
    expect(mayVoluntarilyFail(force(12, 11, { fallingBack: 3 }))).toBe(false);
  });

  it('004 Run Away!: no test and no roll when not needed', () => {
    const r = resolveRunAway({ models: force(6, 3) }, SeededDice.fromSeed(1));
    expect(r).toMatchObject({ kind: 'not-needed', gameEnds: false, rolls: [] });
    expect(() => resolveRunAway({ models: force(6, 3), voluntaryFail: true }, SeededDice.fromSeed(1))).toThrow(RunAwayError);
  });
});
