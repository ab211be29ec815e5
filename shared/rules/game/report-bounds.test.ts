import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PhysicalDice } from '../dice';
import { battleHonoursPreset } from '../presets/battle-honours';
import { GameReport, REPORT_LIMITS, reportFromPlan } from './report';
import { validateReport } from './report-checks';
import type { ModelReport } from './report';
import { planGame } from './plan';
import { reportBoundsProblems, tacticalObjectivesMax } from './report-bounds';
import { clubMission } from '../club-8th/missions';
import { validReportArb } from './test-helpers';

const model = (id: string, side: 'a' | 'b', extra: Partial<ModelReport> = {}): ModelReport => ({
  id,
  side,
  type: 'core',
  tookPart: true,
  aliveAtEnd: true,
  ...extra,
});
const sides = { a: { teamId: 'orks' }, b: { teamId: 'guard' } };
const models = [model('a-boss', 'a', { type: 'team-leader' }), model('a-boy', 'a'), model('b-sarge', 'b', { type: 'team-leader' }), model('b-vox', 'b')];
const rosters = { a: ['a-boss', 'a-boy'], b: ['b-sarge', 'b-vox'] };

/** A Relic Hunt planned with physical dice: D3 shows 1 → 3 Relic counters. */
function relicHunt() {
  const plan = planGame(battleHonoursPreset(), { sides, mission: 'relic-hunt', deployFirst: 'a' }, new PhysicalDice([[1], [4], [3], [2], [2], [2]]));
  return {
    plan,
    report: reportFromPlan(
      plan,
      models.map((m) => ({ ...m })),
    ),
  };
}

describe('report bounds (issue 16): counts bounded by the plan and the rosters', () => {
  it('004 Mission 2: a Relic Hunt whose plan placed 3 relics refuses 100,000 recorded relic counters, citing the seed', () => {
    const { plan, report } = relicHunt();
    expect(plan.counters).toEqual([expect.objectContaining({ kind: 'relic', count: 3 })]);
    expect(reportBoundsProblems(report, { plan, rosters })).toEqual([]);
    expect(reportBoundsProblems({ ...report, relicCount: 100000 }, { plan, rosters })).toEqual([
      'Relic Hunt: 100000 Relic counters recorded, but the game plan placed 3 (004 · Mission 2: Relic Hunt).',
    ]);
    expect(reportBoundsProblems({ ...report, relicCount: 4 }, { plan })[0]).toMatch(/4 Relic counters recorded, but the game plan placed 3/);
  });

  it('relics carried: no model, and not all models together, carry more than the counters placed', () => {
    const { plan, report } = relicHunt();
    const one = { ...report, models: report.models.map((m) => (m.id === 'a-boss' ? { ...m, relicsCarried: 100000 } : m)) };
    expect(reportBoundsProblems(one, { plan })).toEqual([
      '{model:a-boss} carries 100000 relics, but there are only 3 Relic counters in this game (004 · Mission 2: Relic Hunt).',
    ]);
    const all = { ...report, models: report.models.map((m) => ({ ...m, relicsCarried: 1 })) };
    expect(reportBoundsProblems(all, { plan })).toEqual([
      'The models carry 4 relics in all, but there are only 3 Relic counters in this game (004 · Mission 2: Relic Hunt).',
    ]);
    // A relic count raised above the plan does not raise what may be carried.
    const raised = { ...report, relicCount: 9, models: report.models.map((m) => (m.id === 'a-boss' ? { ...m, relicsCarried: 5 } : m)) };
    expect(reportBoundsProblems(raised, { plan }).join(' ')).toMatch(/carries 5 relics, but there are only 3/);
  });

  it("without a plan, the mission's own set-up bounds the counters (004: D3+2 → at most 5)", () => {
    const { report } = relicHunt();
    expect(reportBoundsProblems({ ...report, relicCount: 5 })).toEqual([]);
    expect(reportBoundsProblems({ ...report, relicCount: 6 })[0]).toMatch(/6 Relic counters recorded, but the mission places at most \(D3\+2\) 5/);
  });

  it("004 Mission 5: objective markers recorded ≤ the plan's markers; game turns ≤ the plan's turns (004 Step 5)", () => {
    const plan = planGame(battleHonoursPreset(), { sides, mission: 'seize-ground', deployFirst: 'a' }, new PhysicalDice([[2], [4], [3], [2], [2], [2]]));
    const report = reportFromPlan(plan, models);
    const markers = plan.counters[0]!.count;
    expect(reportBoundsProblems(report, { plan })).toEqual([]);
    const more = { ...report, objectives: Array.from({ length: markers + 1 }, () => ({ claimedBy: null })) };
    expect(reportBoundsProblems(more, { plan })).toEqual([`${markers + 1} objective markers recorded, but the game plan placed ${markers}.`]);
    expect(reportBoundsProblems({ ...report, gameTurns: 11 }, { plan })).toEqual([
      '11 game turns recorded, but the game lasts at most 10 (004 · Step 5 - Ending the Game).',
    ]);
  });

  it('rosters: a side lists no more models than its roster, and every model that took part is on it', () => {
    const { plan, report } = relicHunt();
    const extra = { ...report, models: [...report.models, model('ghost', 'b')] };
    expect(reportBoundsProblems(extra, { plan, rosters })).toEqual([
      "Player B's result lists 3 models, but its roster has 2.",
      '{model:ghost} took part for Player B but is not on its roster.',
    ]);
  });

  it('kills: no model takes more enemy models out of action than the enemy had (counted on the victims)', () => {
    const victims = Array.from({ length: 3 }, (_, i) =>
      model('b-x', 'b', { aliveAtEnd: false, outOfAction: { by: 'a-boss', how: 'melee' }, name: `copy ${i}` }),
    );
    const report: GameReport = { ...relicHunt().report, models: [model('a-boss', 'a'), ...victims] };
    expect(reportBoundsProblems(report).join(' ')).toMatch(/\{model:a-boss\} took 3 models out of action, but the enemy had only 1/);
  });

  it('003: Tactical Objectives achieved are bounded by what can be active over the battle', () => {
    const escalation = clubMission('tactical-escalation');
    expect(tacticalObjectivesMax(escalation)).toBe(28); // 1 + 2 + … + 7 battle rounds
    expect(tacticalObjectivesMax(clubMission('no-mercy'))).toBe(0);
    const report: GameReport = {
      ...relicHunt().report,
      missionId: 'tactical-escalation',
      relicCount: undefined,
      club8th: { a: { tacticalObjectiveVp: 10, nominatedTypeAchieved: 29 }, b: { tacticalObjectiveVp: 0, nominatedTypeAchieved: 3 } },
    };
    delete report.relicCount;
    expect(reportBoundsProblems(report)).toEqual([
      expect.stringMatching(/Player A achieved 29 Tactical Objectives of its nominated type, but at most 28 can be active over the battle \(003 · /),
    ]);
  });

  it('the report schema caps every count, so a huge number is refused before any rule sees it', () => {
    const { report } = relicHunt();
    expect(GameReport.safeParse({ ...report, relicCount: 3_000_000 }).success).toBe(false);
    expect(GameReport.safeParse({ ...report, relicCount: REPORT_LIMITS.relics }).success).toBe(true);
    expect(GameReport.safeParse({ ...report, models: Array.from({ length: REPORT_LIMITS.models + 1 }, (_, i) => model(`m${i}`, 'a')) }).success).toBe(false);
    expect(validateReport({ ...report, relicCount: 3_000_000 })[0]).toMatch(/^relicCount: /);
  });

  it('property: every report that follows the seed-004 rules is within bounds (nothing legal is refused)', () => {
    fc.assert(
      fc.property(validReportArb, (report) => {
        expect(reportBoundsProblems(report)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
