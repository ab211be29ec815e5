import { describe, expect, it } from 'vitest';
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import { SeededDice } from '../dice';
import { scoreMission } from '../hor/scoring';
import { modelRef } from '../model-ref';
import { applyGame } from '../progression/apply';
import { PROGRESSION_ENTRY_VERSION, type ProgressionEntry } from '../progression/entries';
import { filledLevels, input, noAwards } from '../progression/test-helpers';
import { foldRoster, type LedgerItem } from '../roster/ledger';
import { RosterModel } from '../roster/roster';
import { TeamList } from '../roster/team-list';
import { validateRoster } from '../roster/validate';
import type { GameReport, ModelReport } from './report';
import { killsBy, sideOutcomes, toGameFacts } from './report';
import { validateReport } from './report-checks';
import { reportIdsOf, reportModelsOf, rosterModelIds, squadMemberId, squadOfMember } from './squads';

const guard = SAMPLE_TEAM_LISTS.map((l) => TeamList.parse(l)).find((l) => l.id === 'imperial-guard-sample')!;

/** A team: its Team Leader and a Squad of `size` (seed 004 "Squad"), as the app builds the report lines. */
function squadTeam(side: 'a' | 'b', size: number): ModelReport[] {
  const leader: ModelReport = { id: `${side}-sarge`, side, name: 'Sgt', type: 'team-leader', tookPart: true, aliveAtEnd: true };
  const squad = reportModelsOf(
    { modelId: `${side}-squad`, name: 'Third Squad', entryName: 'Guardsman Squad', category: 'squad', squadSize: size, specialRules: [] },
    side,
  );
  return [leader, ...squad];
}
/** `n` single Core models. */
const singles = (side: 'a' | 'b', n: number): ModelReport[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${side}-c${i + 1}`,
    side,
    type: i === 0 ? ('team-leader' as const) : ('core' as const),
    tookPart: true,
    aliveAtEnd: true,
  }));

function report(models: ModelReport[], extra: Partial<GameReport> = {}): GameReport {
  return {
    reportVersion: 1,
    missionId: 'skirmish',
    sides: {
      a: { teamId: 'hydra', firstBlood: false, sweepingAdvance: false, kayfabe: false },
      b: { teamId: 'orks', firstBlood: false, sweepingAdvance: false, kayfabe: false },
    },
    models,
    ending: { kind: 'turns' },
    rolls: [],
    ...extra,
  };
}
/** Take `n` of the side's squad members out of action, by `by`. */
function lose(models: ModelReport[], side: 'a' | 'b', n: number, by: string | null): ModelReport[] {
  let left = n;
  return models.map((m) => {
    if (left === 0 || m.side !== side || squadOfMember(m.id) === null) return m;
    left -= 1;
    return { ...m, aliveAtEnd: false, outOfAction: { by, how: 'shooting' as const } };
  });
}

describe('004 Squad: each member of a Squad is a model', () => {
  it('004 Squad: a 10-model Squad is ten Core report lines; "If there is only one model left in a squad … he immediately loses the \'Squad\' special rule"', () => {
    const ten = squadTeam('a', 10);
    expect(ten).toHaveLength(11);
    expect(ten.slice(1).every((m) => m.type === 'core' && m.squad === true)).toBe(true);
    expect(ten[3]).toMatchObject({ id: squadMemberId('a-squad', 3), name: 'Third Squad (3 of 10)' });
    expect(squadOfMember('a-squad#3')).toEqual({ squadId: 'a-squad', member: 3 });
    expect(squadOfMember('a-sarge')).toBeNull();
    const last = squadTeam('a', 1)[1]!;
    expect(last.squad).toBeUndefined();
    expect(reportIdsOf({ modelId: 'x', category: 'squad', squadSize: 2 })).toEqual(['x#1', 'x#2']);
    expect(reportIdsOf({ modelId: 'sarge', category: 'team-leader', squadSize: undefined })).toEqual(['sarge']);
    // The ledger knows a squad's members as models of its team.
    expect(rosterModelIds({ id: 'x', squadSize: 2 })).toEqual(['x', 'x#1', 'x#2']);
    expect(rosterModelIds({ id: 'sarge' })).toEqual(['sarge']);
    expect(squadOfMember('x#0')).toBeNull();
  });

  it('004 Secondary Objectives: Survival ("Over 75% of a Kill Team\'s models") and Destroyer ("Under 25% of the enemy\'s models") count Squad members', () => {
    // Hydra: Sergeant + 10 guardsmen, 3 guardsmen lost: 8 of 11 alive (72.7 %) — not Survival (it was "2 of 2" before).
    const models = lose([...squadTeam('a', 10), ...singles('b', 4)], 'a', 3, 'b-c1');
    const score = scoreMission('skirmish', toGameFacts(report(models)));
    expect(score.lines.filter((l) => l.source === 'survival').map((l) => l.side)).toEqual(['b']);
    // The Orks kill 9 of the 10 guardsmen and the Sergeant: 1 of 11 left (under 25%) — Destroyer.
    const wiped = lose([...squadTeam('a', 10), ...singles('b', 4)], 'a', 9, 'b-c2').map((m) =>
      m.id === 'a-sarge' ? { ...m, aliveAtEnd: false, outOfAction: { by: 'b-c1', how: 'melee' as const } } : m,
    );
    const destroyer = scoreMission('skirmish', toGameFacts(report(wiped))).lines.find((l) => l.source === 'destroyer');
    expect(destroyer).toMatchObject({ side: 'b', reason: expect.stringContaining('1 of 11 enemy models left alive') });
  });

  it('004 Squad: a squad member\'s kills count one per enemy model, and each member killed counts as Core ("counts as Core when determining whether a model gives VP or bonus EXP")', () => {
    const models = lose([...squadTeam('a', 10), ...singles('b', 4)], 'b', 0, null).map((m) =>
      m.id === 'b-c2' || m.id === 'b-c3' ? { ...m, aliveAtEnd: false, outOfAction: { by: 'a-squad#4', how: 'shooting' as const } } : m,
    );
    expect(killsBy(report(models), 'a-squad#4').map((k) => k.modelId)).toEqual(['b-c2', 'b-c3']);
    const victims = lose([...squadTeam('a', 10), ...singles('b', 4)], 'a', 2, 'b-c1');
    expect(killsBy(report(victims), 'b-c1')).toEqual([
      { modelId: 'a-squad#1', type: 'core', squad: true },
      { modelId: 'a-squad#2', type: 'core', squad: true },
    ]);
  });

  it('004 Mission 3: Breakthrough: "moving 25% or more models … and have also killed 25% or more of the Defender\'s team" counts Squad members', () => {
    const within = (models: ModelReport[], n: number) => {
      let left = n;
      return models.map((m) => (m.side === 'a' && m.aliveAtEnd && left-- > 0 ? { ...m, withinSixOfDefenderCorner: true } : m));
    };
    // Defender: Sergeant + 10 guardsmen, 3 killed (27 %); Attacker: 8 Orks.
    const defenders = lose(squadTeam('b', 10), 'b', 3, 'a-c1');
    const base = (n: number) =>
      report([...within(singles('a', 8), n), ...defenders], { missionId: 'breakthrough', attacker: 'a', ending: { kind: 'mission-win', side: 'a' } });
    expect(validateReport(base(2))).toEqual([]);
    // 2 of 11 defenders killed (18 %) is not enough.
    const fewer = report([...within(singles('a', 8), 2), ...lose(squadTeam('b', 10), 'b', 2, 'a-c1')], {
      missionId: 'breakthrough',
      attacker: 'a',
      ending: { kind: 'mission-win', side: 'a' },
    });
    expect(validateReport(fewer).join(' ')).toMatch(/25% or more of the Defender's team killed/);
  });

  it('004 Mission 6: Last Stand: "split his Kill Team in half (by model count)" — 1 of 8 marked defending is refused in words; a Squad counts its members and stays whole on one side', () => {
    const eight = singles('b', 8).map((m, i) => ({ ...m, lastStandRole: i === 0 ? ('defending' as const) : ('reinforcement' as const) }));
    const problems = validateReport(report([...singles('a', 4), ...eight], { missionId: 'last-stand', attacker: 'a' }));
    expect(problems).toContain(
      "Last Stand: the defender splits his Kill Team in half by model count, so 4 of its 8 models are the 'defending models', not 1 (004 Mission 6: Last Stand).",
    );
    // Sergeant + 10 guardsmen = 11 models. 004 Squad: "Simply treat the unit as normal" — the squad is not split
    // between the halves (issue 30), so the halves are as near half as whole units allow: 1 or 10 defend.
    const split = (n: number) => squadTeam('b', 10).map((m, i) => ({ ...m, lastStandRole: i < n ? ('defending' as const) : ('reinforcement' as const) }));
    const lastStand = (defender: ModelReport[]) => validateReport(report([...singles('a', 4), ...defender], { missionId: 'last-stand', attacker: 'a' }));
    expect(lastStand(split(6))).toEqual([
      `Last Stand: Squad ${modelRef('b-squad')} is split between the 'defending models' and the reinforcements: a Squad stays whole on one side (004 Squad: "Simply treat the unit as normal").`,
    ]);
    expect(lastStand(split(1))).toEqual([]);
    const squadDefends = split(0).map((m, i) => (i === 0 ? m : { ...m, lastStandRole: 'defending' as const }));
    expect(lastStand(squadDefends)).toEqual([]);
    expect(lastStand(split(11)).join(' ')).toMatch(/in half by model count, each Squad whole, so 1 or 10 of its 11 models are the 'defending models', not 11/);
    // Without squads nothing changes: 5 or 6 of 11 single models.
    const elevenSingles = singles('b', 11).map((m, i) => ({ ...m, lastStandRole: i < 6 ? ('defending' as const) : ('reinforcement' as const) }));
    expect(lastStand(elevenSingles)).toEqual([]);
  });

  it('004 Step 5: "no model\'s left on the table" — reinforcements not yet arrived do not block the automatic win', () => {
    // Last Stand: the defender's 4 defending models are killed on turn 1; its 4 reinforcements never arrived.
    const defender = singles('b', 8).map((m, i) =>
      i < 4
        ? { ...m, lastStandRole: 'defending' as const, aliveAtEnd: false, outOfAction: { by: 'a-c1', how: 'shooting' as const } }
        : { ...m, lastStandRole: 'reinforcement' as const, notArrived: true },
    );
    const r = report([...singles('a', 4), ...defender], { missionId: 'last-stand', attacker: 'a', ending: { kind: 'no-models-left', side: 'b' } });
    expect(validateReport(r)).toEqual([]);
    expect(scoreMission('last-stand', toGameFacts(r)).outcome).toMatchObject({ kind: 'win', winner: 'a', automatic: true });
    // One of them on the table and alive: the ending is refused in words.
    const oneLeft = { ...r, models: r.models.map((m) => (m.id === 'b-c5' ? { ...m, notArrived: false } : m)) };
    expect(validateReport(oneLeft)).toContain('The game ended with Player B having no models left on the table, but 1 of its models are on it, alive.');
    // A model that never arrived cannot have been killed or have killed.
    const odd = { ...r, models: r.models.map((m) => (m.id === 'b-c6' ? { ...m, aliveAtEnd: false, outOfAction: { by: 'a-c2', how: 'melee' as const } } : m)) };
    expect(validateReport(odd).join(' ')).toMatch(/never reached the table \(still in reserve\) but was taken out of action/);
  });

  it('004 Run Away!: a voluntary failure needs "less than 25% of its models remaining"; a test needs "more than 50% … falling back or … removed as a casualty"', () => {
    const eight = singles('b', 8);
    const voluntary = report([...singles('a', 4), ...eight], { ending: { kind: 'run-away', side: 'b', voluntary: true } });
    expect(validateReport(voluntary)).toContain(
      'Player B chose to fail its Run Away! test with 8 of 8 models remaining: only a team with less than 25% of its models remaining may (004 Run Away!).',
    );
    const early = report([...singles('a', 4), ...eight], { ending: { kind: 'run-away', side: 'b', voluntary: false } });
    expect(validateReport(early).join(' ')).toMatch(/0 of 8 models removed as casualties and 0 falling back: the test is only taken when more than 50%/);
    // Five of eight falling back: the test was due, the failure stands and gives Come Back You Cowards!.
    const due = { ...early, ending: { kind: 'run-away' as const, side: 'b' as const, voluntary: false, fallingBack: 5 } };
    expect(validateReport(due)).toEqual([]);
    const tooMany = { ...early, ending: { kind: 'run-away' as const, side: 'b' as const, voluntary: false, fallingBack: 9 } };
    expect(validateReport(tooMany)).toContain('Player B has 9 models falling back, but only 8 of its models are alive.');
    expect(scoreMission('skirmish', toGameFacts(due)).lines.some((l) => l.source === 'come-back-you-cowards' && l.side === 'a')).toBe(true);
    // A Squad's members count: Sergeant + 10 guardsmen, 6 guardsmen lost = 6 of 11 out (more than 50 %).
    const squad = lose([...singles('a', 4), ...squadTeam('b', 10)], 'b', 6, 'a-c1');
    expect(validateReport(report(squad, { ending: { kind: 'run-away', side: 'b', voluntary: false } }))).toEqual([]);
    expect(
      validateReport(report(lose([...singles('a', 4), ...squadTeam('b', 10)], 'b', 5, 'a-c1'), { ending: { kind: 'run-away', side: 'b', voluntary: false } })),
    ).not.toEqual([]);
  });

  it('docs/progression.md Considerate Commander and injuries: each Squad member is a model — counted one by one, each casualty rolls', () => {
    // Hydra: Sergeant + 10 guardsmen, 3 lost: 8 of 11 survived (72.7 %, under 75 %): no Considerate Commander.
    const models = lose([...squadTeam('a', 10), ...singles('b', 4)], 'a', 3, 'b-c1');
    const r = report(models);
    expect(sideOutcomes(r).a).toMatchObject({ modelsTookPart: 11, modelsAliveAtEnd: 8 });
    const entries = applyGame(input({ facts: toGameFacts(r), awards: { a: noAwards, b: noAwards } }), SeededDice.fromSeed('squads'));
    const awards = (team: string) => entries.flatMap((e) => (e.kind === 'req.awarded' && e.team === team ? [e.award] : []));
    expect(awards('team-a')).not.toContain('considerate-commander');
    expect(awards('team-b')).toContain('considerate-commander');
    const injured = entries.flatMap((e) => (e.kind === 'injury.rolled' ? [e.model] : []));
    expect(injured).toEqual(['a-squad#1', 'a-squad#2', 'a-squad#3']);
    // A club EXP award (Experience & Levels) cannot go to one member: members are interchangeable.
    const levels = filledLevels();
    const award = levels.progression.experience.awards![0]!;
    const withAward = input({
      ruleset: levels,
      facts: toGameFacts(r),
      awards: { a: { ...noAwards, expAwards: [{ model: 'a-squad#5', award: award.id, times: 1 }] }, b: noAwards },
    });
    expect(() => applyGame(withAward, SeededDice.fromSeed('squads'))).toThrow(/is one member of a Squad/);
  });

  it('004 Squad: a dead member takes one model off its squad on the roster; the last one leaves it; the squad stays legal', () => {
    const squad = RosterModel.parse({ id: 'third', entryId: 'guardsman-squad', name: 'Third Squad', squadSize: 5 });
    const sarge = RosterModel.parse({ id: 'sarge', entryId: 'veteran-sergeant', name: 'Sgt Harker' });
    const died = (model: string): LedgerItem => {
      const data: ProgressionEntry = {
        v: PROGRESSION_ENTRY_VERSION,
        id: `g1/${model}`,
        gameId: 'g1',
        team: 'hydra',
        rolls: [],
        voided: false,
        citation: 'x',
        kind: 'model.died',
        model,
        reason: 'Dead.',
      };
      return { data, req: 0, voided: false };
    };
    const founded: LedgerItem = { data: { kind: 'team.founded', roster: { models: [sarge, squad] } }, req: 0, voided: false };
    const after = foldRoster([founded, died('third#2'), died('third#5')]);
    expect(after.models[1]).toMatchObject({ id: 'third', squadSize: 3, squadLost: 2 });
    // Below the Guardsman Squad's minimum of 5 by casualties: still legal, priced for the 3 left.
    const checked = validateRoster(guard, after, 250);
    expect(checked.issues.map((i) => i.code)).not.toContain('squad-size');
    expect(checked.points).toBe(10 + 3 * 4);
    const gone = foldRoster([founded, ...['third#1', 'third#2', 'third#3', 'third#4', 'third#5'].map(died)]);
    expect(gone.models.map((m) => m.id)).toEqual(['sarge']);
  });
});
