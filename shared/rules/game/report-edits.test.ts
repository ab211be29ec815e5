/** The result form's edits as pure reducers (report-edits.ts): what one tick changes elsewhere in the report. */
import { describe, expect, it } from 'vitest';
import type { GameReport, ModelReport } from './report';
import {
  clubSideOf,
  relicsCarriedTotal,
  runAwayCounts,
  setAttacker,
  setClubCount,
  setEnding,
  setFirstBloodSimultaneous,
  setFirstStrike,
  setGameTurns,
  setLastStandRole,
  setModelFlag,
  setNotArrived,
  setObjectiveClaim,
  setOutOfAction,
  setRelicCount,
  setRelicsCarried,
  setSideAward,
  setTakenOutBy,
  setTakenOutHow,
  setTookPart,
  squadLosses,
  wholeIn,
} from './report-edits';

const model = (id: string, side: 'a' | 'b', extra: Partial<ModelReport> = {}): ModelReport => ({
  id,
  side,
  type: 'core',
  tookPart: true,
  aliveAtEnd: true,
  ...extra,
});
const side = { firstBlood: false, sweepingAdvance: false, kayfabe: false };
const report = (over: Partial<GameReport> = {}): GameReport =>
  ({
    missionId: 'skirmish',
    sides: { a: { ...side }, b: { ...side } },
    ending: { kind: 'turns' },
    models: [model('a-boss', 'a', { type: 'team-leader' }), model('a-boy', 'a'), model('b-sarge', 'b', { type: 'team-leader' }), model('b-vox', 'b')],
    ...over,
  }) as GameReport;
const row = (r: GameReport, id: string) => r.models.find((m) => m.id === id)!;

describe('report edits', () => {
  it('never change the report they are given', () => {
    const before = report();
    const copy = JSON.parse(JSON.stringify(before)) as GameReport;
    setOutOfAction(before, 'b-vox', true);
    setSideAward(before, 'a', 'firstBlood', true);
    setEnding(before, 'run-away', 'a', false, 2);
    expect(before).toEqual(copy);
  });

  it('ignore a model the report has no row for', () => {
    expect(setOutOfAction(report(), 'nobody', true)).toEqual(report());
  });

  it('a casualty is not alive, by nobody known until said, and holds no end position (004: removed from the table)', () => {
    const r = setOutOfAction(
      report({ models: [model('b-vox', 'b', { relicsCarried: 2, claimedObjective: true, destroyedObjectiveMarker: true })] }),
      'b-vox',
      true,
    );
    expect(row(r, 'b-vox')).toEqual(model('b-vox', 'b', { aliveAtEnd: false, outOfAction: { by: null, how: 'shooting' }, destroyedObjectiveMarker: true }));
    expect(row(setOutOfAction(r, 'b-vox', false), 'b-vox')).toMatchObject({ aliveAtEnd: true, outOfAction: null });
  });

  it('names who took a model out, how, or misadventure with no killer', () => {
    let r = setOutOfAction(report(), 'b-vox', true);
    r = setTakenOutBy(r, 'b-vox', 'a-boy');
    r = setTakenOutHow(r, 'b-vox', 'melee');
    expect(row(r, 'b-vox').outOfAction).toEqual({ by: 'a-boy', how: 'melee' });
    expect(row(setTakenOutBy(r, 'b-vox', ''), 'b-vox').outOfAction).toEqual({ by: null, how: 'melee' });
    expect(row(setTakenOutBy(r, 'b-vox', 'misadventure'), 'b-vox').outOfAction).toEqual({ by: null, how: 'other', misadventure: true });
    expect(row(setTakenOutHow(report(), 'a-boy', 'other'), 'a-boy').outOfAction).toEqual({ by: null, how: 'other' });
  });

  it('a model that did not take part is alive, placed nowhere, and took no one out of action', () => {
    let r = setOutOfAction(report(), 'b-vox', true);
    r = setTakenOutBy(r, 'b-vox', 'a-boy');
    r = setModelFlag(r, 'a-boy', 'inEnemyDeploymentZone', true);
    r = setTookPart(r, 'a-boy', false);
    expect(row(r, 'a-boy')).toEqual(model('a-boy', 'a', { tookPart: false, outOfAction: null }));
    expect(row(r, 'b-vox').outOfAction?.by).toBeNull();
    expect(row(setTookPart(r, 'a-boy', true), 'a-boy').tookPart).toBe(true);
  });

  it('ticks and unticks a model’s facts', () => {
    const r = setModelFlag(report(), 'a-boss', 'claimedObjective', true);
    expect(row(r, 'a-boss').claimedObjective).toBe(true);
    expect('claimedObjective' in row(setModelFlag(r, 'a-boss', 'claimedObjective', false), 'a-boss')).toBe(false);
  });

  it('relics carried are whole numbers within the caps, and none leaves no entry', () => {
    expect(row(setRelicsCarried(report(), 'a-boy', '2.7'), 'a-boy').relicsCarried).toBe(2);
    expect(row(setRelicsCarried(report(), 'a-boy', 999), 'a-boy').relicsCarried).toBe(20);
    expect('relicsCarried' in row(setRelicsCarried(report(), 'a-boy', '-1'), 'a-boy')).toBe(false);
    expect(wholeIn('abc', 0, 5)).toBe(0);
  });

  it('a Squad stays whole on one side of Last Stand’s split: its members who took part change together (issue 30)', () => {
    const squad = report({ models: [model('b-sq#1', 'b'), model('b-sq#2', 'b'), model('b-sq#3', 'b', { tookPart: false })] });
    const r = setLastStandRole(squad, 'b-sq#1', ['b-sq#2', 'b-sq#3'], 'defending');
    expect(r.models.map((m) => m.lastStandRole)).toEqual(['defending', 'defending', undefined]);
    expect(setLastStandRole(r, 'b-sq#1', ['b-sq#2'], '').models.map((m) => m.lastStandRole)).toEqual([undefined, undefined, undefined]);
  });

  it('a model not arrived is alive and placed nowhere, and is not the defending model', () => {
    const start = report({
      models: [model('b-vox', 'b', { aliveAtEnd: false, outOfAction: { by: null, how: 'shooting' }, lastStandRole: 'defending', bannerBearer: true })],
    });
    const r = setNotArrived(start, 'b-vox', true);
    expect(row(r, 'b-vox')).toEqual(model('b-vox', 'b', { notArrived: true, outOfAction: null }));
    expect('notArrived' in row(setNotArrived(r, 'b-vox', false), 'b-vox')).toBe(false);
    const reinforcement = setNotArrived(report({ models: [model('b-vox', 'b', { lastStandRole: 'reinforcement' })] }), 'b-vox', true);
    expect(row(reinforcement, 'b-vox').lastStandRole).toBe('reinforcement');
  });

  it('First Blood goes to one side only, and a side’s tick undoes “at the same time” (003)', () => {
    let r = setFirstBloodSimultaneous(report(), true);
    r = setSideAward(r, 'a', 'firstBlood', true);
    r = setSideAward(r, 'b', 'firstBlood', true);
    expect(r.sides.a.firstBlood).toBe(false);
    expect(r.sides.b.firstBlood).toBe(true);
    expect(r.club8th?.firstBloodSimultaneous).toBeUndefined();
    expect(setSideAward(r, 'a', 'kayfabe', true).sides.b.firstBlood).toBe(true);
  });

  it('First Blood at the same time clears both sides’ own First Blood (003: both score it)', () => {
    const r = setFirstBloodSimultaneous(setSideAward(report(), 'a', 'firstBlood', true), true);
    expect(r.sides.a.firstBlood).toBe(false);
    expect(r.club8th?.firstBloodSimultaneous).toBe(true);
    expect(setFirstBloodSimultaneous(r, false).club8th?.firstBloodSimultaneous).toBeUndefined();
  });

  it('seed 003’s counts: empty is 0, each within its bounds', () => {
    let r = setClubCount(report(), 'a', 'objectiveVp', '');
    expect(clubSideOf(r, 'a').objectiveVp).toBe(0);
    r = setClubCount(r, 'a', 'tacticalObjectiveVp', '-500');
    r = setClubCount(r, 'b', 'nominatedTypeAchieved', '250');
    r = setFirstStrike(r, 'b', true);
    expect(clubSideOf(r, 'a').tacticalObjectiveVp).toBe(-100);
    expect(clubSideOf(r, 'b')).toEqual({ nominatedTypeAchieved: 100, firstStrike: true });
    expect(clubSideOf(report(), 'a')).toEqual({});
  });

  it('the ending: turns, a team with no models left, a Run Away! test taken or chosen (004)', () => {
    expect(setEnding(report(), 'turns', 'b').ending).toEqual({ kind: 'turns' });
    expect(setEnding(report(), 'no-models-left', 'b').ending).toEqual({ kind: 'no-models-left', side: 'b' });
    expect(setEnding(report(), 'run-away', 'a', false, 2).ending).toEqual({ kind: 'run-away', side: 'a', voluntary: false, fallingBack: 2 });
    expect(setEnding(report(), 'run-away', 'a', false, 0).ending).toEqual({ kind: 'run-away', side: 'a', voluntary: false });
    // A chosen failure has no falling-back count ("less than 25% of its models remaining", 004 Run Away!).
    expect(setEnding(report(), 'run-away', 'a', true, 2).ending).toEqual({ kind: 'run-away', side: 'a', voluntary: true });
  });

  it('game turns are optional whole numbers, at most the cap', () => {
    expect(setGameTurns(report(), '4').gameTurns).toBe(4);
    expect(setGameTurns(report(), '999').gameTurns).toBe(50);
    expect('gameTurns' in setGameTurns(setGameTurns(report(), '4'), '')).toBe(false);
    expect('gameTurns' in setGameTurns(report(), '2.5')).toBe(false);
    expect('gameTurns' in setGameTurns(report(), '-1')).toBe(false);
  });

  it('Relic counters placed are whole numbers within the caps (004 places D3+2)', () => {
    expect(setRelicCount(report(), '3').relicCount).toBe(3);
    expect(setRelicCount(report(), '9999').relicCount).toBe(20);
  });

  it('an objective marker is claimed by a team or nobody', () => {
    const r = report({ objectives: [{ claimedBy: null }, { claimedBy: 'a' }] } as Partial<GameReport>);
    expect(setObjectiveClaim(r, 0, 'b').objectives?.[0]?.claimedBy).toBe('b');
    expect(setObjectiveClaim(r, 1, '').objectives?.[1]?.claimedBy).toBeNull();
    expect(setObjectiveClaim(r, 5, 'a').objectives).toEqual(r.objectives);
    expect(setObjectiveClaim(report(), 0, 'a').objectives).toEqual([]);
  });

  it('the Attacker’s models lose the Defender’s facts and the Defender’s lose the Attacker’s (004 Breakthrough, Last Stand)', () => {
    const start = report({
      models: [
        model('a-boss', 'a', { lastStandRole: 'defending', bannerBearer: true, withinSixOfDefenderCorner: true }),
        model('b-vox', 'b', { lastStandRole: 'reinforcement', bannerBearer: true, withinSixOfDefenderCorner: true }),
      ],
    });
    const r = setAttacker(start, 'a');
    expect(r.attacker).toBe('a');
    expect(row(r, 'a-boss')).toEqual(model('a-boss', 'a', { withinSixOfDefenderCorner: true }));
    expect(row(r, 'b-vox')).toEqual(model('b-vox', 'b', { lastStandRole: 'reinforcement', bannerBearer: true }));
  });
});

describe('what the form reads off the report', () => {
  it('004 Run Away!: counts the casualties of the team that took the test, "if more than 50% of his force is falling back or has been removed as a casualty"', () => {
    const models = [
      model('a-boss', 'a'),
      model('a-boy', 'a', { aliveAtEnd: false }),
      model('a-gone', 'a', { tookPart: false }),
      model('b-vox', 'b', { aliveAtEnd: false }),
    ];
    expect(runAwayCounts(report({ models, ending: { kind: 'run-away', side: 'a', voluntary: false } }))).toEqual({ total: 2, casualties: 1, remaining: 1 });
    expect(runAwayCounts(report({ models }))).toBeNull();
  });

  it("004 Squad: counts each squad's members out of action by squad, for one side, only those who took part", () => {
    const models = [
      model('a-sq#1', 'a', { name: 'Third Squad (1 of 3)' }),
      model('a-sq#2', 'a', { name: 'Third Squad (2 of 3)', aliveAtEnd: false }),
      model('a-sq#3', 'a', { name: 'Third Squad (3 of 3)', tookPart: false }),
      model('a-boss', 'a'),
      model('b-sq#1', 'b', { name: 'Boyz (1 of 2)', aliveAtEnd: false }),
    ];
    expect(squadLosses(report({ models }), 'a')).toEqual([{ name: 'Third Squad', size: 2, out: 1 }]);
    expect(squadLosses(report({ models }), 'b')).toEqual([{ name: 'Boyz', size: 1, out: 1 }]);
  });

  it('adds up the Relics carried by the models that took part', () => {
    const models = [
      model('a-boss', 'a', { relicsCarried: 2 }),
      model('a-boy', 'a', { relicsCarried: 1, tookPart: false }),
      model('b-vox', 'b', { relicsCarried: 1 }),
    ];
    expect(relicsCarriedTotal(report({ models }))).toBe(3);
  });
});
