/**
 * Issue 19: "A club's own missions and house-ruled values are scored, not only printed": mission VP, secondary
 * objective values and Bonus Campaign Experience are ruleset data that scoring reads; a club mission is scored from the
 * objectives and values its data gives.
 */
import { describe, expect, it } from 'vitest';
import { PhysicalDice } from '../dice';
import { battleHonoursPreset } from '../presets';
import type { Mission, Ruleset } from '../ruleset/schema';
import { Ruleset as RulesetSchema } from '../ruleset/schema';
import { bonusCampaignExperience } from '../hor/experience';
import { missionScoring, scoringWords } from '../hor/mission-scoring';
import { planGame } from './plan';
import { reportFromPlan } from './report';
import { validateReport } from './report-checks';
import type { GameReport, ModelReport } from './report';
import { scoreGame } from './score';
import { diffRulesets } from '../ruleset/diff';
import { checkRuleset } from '../ruleset/validate';

const m = (id: string, side: 'a' | 'b', extra: Partial<ModelReport> = {}): ModelReport => ({
  id,
  side,
  type: 'core',
  tookPart: true,
  aliveAtEnd: true,
  ...extra,
});
const sides = { a: { teamId: 'orks' }, b: { teamId: 'guard' } };

/** The preset with one mission changed. */
function withMission(id: string, change: (m: Mission) => Mission): Ruleset {
  const r = battleHonoursPreset();
  return RulesetSchema.parse({ ...r, missions: r.missions.map((x) => (x.id === id ? change({ ...x }) : x)) });
}

/** A club's own mission: three markers, 2 VP per marker claimed, +3 EXP to a Team Leader or Special model holding one. */
const HOLD_THE_BRIDGE: Mission = {
  id: 'hold-the-bridge',
  name: 'Hold the Bridge',
  summary: 'Both teams fight over three crossings.',
  specialRules: [],
  setup: ['Place three objective markers on the bridges.'],
  counters: [{ kind: 'objective', count: 3, placement: 'One on each bridge.' }],
  victoryPoints: ['Each marker claimed at the end is worth 2 VP.'],
  secondaryOverrides: { survival: 0 },
  endingConditions: [],
  automaticWins: [],
  bonusExperience: [
    { id: 'bridge-holder', exp: 3, per: 'once', modelTypes: ['team-leader', 'special'], earnedFor: 'objective-claimed', condition: 'Holds a bridge: +3 EXP.' },
    { id: 'bridge-story', exp: 1, per: 'once', modelTypes: ['core'], condition: 'The organiser decides who told the best story.' },
  ],
  requisition: [],
  scoring: { vpPerClaimedMarker: 2, automaticWin: 'none' },
  citation: { source: 'house rule', section: 'Hold the Bridge' },
};

describe("issue 19: the ruleset's mission values are what scoring reads", () => {
  it('004 Mission 1: Skirmish / Victory Points ("a total of 2 VPs" for Assassination): a club that makes it 5 VP scores 5', () => {
    const ruleset = withMission('skirmish', (x) => ({ ...x, secondaryOverrides: { ...x.secondaryOverrides, assassination: 5 } }));
    const report: GameReport = {
      ...reportFromPlan(planGame(ruleset, { sides, mission: 'skirmish', deployFirst: 'a' }, new PhysicalDice([[3], [2]]))),
      models: [
        m('a-boss', 'a', { type: 'team-leader' }),
        m('b-sarge', 'b', { type: 'team-leader', aliveAtEnd: false, outOfAction: { by: 'a-boss', how: 'melee' } }),
        m('b-1', 'b'),
      ],
    };
    const score = scoreGame(report, ruleset);
    expect(score.lines.find((l) => l.source === 'assassination')).toMatchObject({ side: 'a', vp: 5 });
  });

  it('004 Mission 4 – Sabotage / Victory Points ("gains 3 VPs"): the value of the ruleset\'s copy is scored, and printed as scored', () => {
    const ruleset = withMission('sabotage', (x) => ({ ...x, scoring: { vpForEnemyMarker: 5 } }));
    const report: GameReport = {
      ...reportFromPlan(planGame(ruleset, { sides, mission: 'sabotage', deployFirst: 'a' }, new PhysicalDice([[3], [2]]))),
      models: [m('a-1', 'a', { destroyedObjectiveMarker: true }), m('b-1', 'b')],
    };
    expect(scoreGame(report, ruleset).lines.filter((l) => l.source === 'mission')).toMatchObject([{ side: 'a', vp: 5 }]);
    // Seed 004's own Sabotage still gives 3.
    expect(scoreGame(report, battleHonoursPreset()).lines.filter((l) => l.source === 'mission')).toMatchObject([{ side: 'a', vp: 3 }]);
    expect(scoringWords(missionScoring(ruleset.missions.find((x) => x.id === 'sabotage')!))).toEqual(["Destroying the opponent's objective marker: 5 VP."]);
  });

  it('004 Mission 4 – Sabotage / Bonus Campaign Experience ("gains +2 EXP"): the ruleset\'s EXP value is awarded', () => {
    const ruleset = withMission('sabotage', (x) => ({ ...x, bonusExperience: x.bonusExperience.map((b) => ({ ...b, exp: 4 })) }));
    const sabotage = ruleset.missions.find((x) => x.id === 'sabotage')!;
    const facts = {
      ending: { kind: 'turns' as const },
      models: [{ id: 'a-gun', side: 'a' as const, type: 'special' as const, aliveAtEnd: true, destroyedObjectiveMarker: true }],
    };
    expect(bonusCampaignExperience(sabotage, facts).byModel).toEqual({ 'a-gun': 4 });
    expect(bonusCampaignExperience('sabotage', facts).byModel).toEqual({ 'a-gun': 2 });
  });
});

describe("issue 19: a club's own mission is planned, recorded and scored from its data", () => {
  const ruleset = RulesetSchema.parse({ ...battleHonoursPreset(), missions: [...battleHonoursPreset().missions, HOLD_THE_BRIDGE] });

  it('004 Secondary Objectives ("All Secondary Missions are worth 1 Victory Point") and the mission\'s own 2 VP per marker', () => {
    const plan = planGame(ruleset, { sides, mission: 'hold-the-bridge', deployFirst: 'a', deployment: 'deployment-1' }, new PhysicalDice([[2]]));
    expect(plan.mission.scoring).toMatchObject({ vpPerClaimedMarker: 2, attackerAndDefender: false });
    expect(plan.roles).toBeNull();
    const start = reportFromPlan(plan);
    // The report asks who claims each of the three markers, as for Seize Ground.
    expect(start.objectives).toEqual([{ claimedBy: null }, { claimedBy: null }, { claimedBy: null }]);
    const report: GameReport = {
      ...start,
      objectives: [{ claimedBy: 'a' }, { claimedBy: 'a' }, { claimedBy: 'b' }],
      models: [
        m('a-boss', 'a', { type: 'team-leader', claimedObjective: true }),
        m('b-boss', 'b', { type: 'team-leader', aliveAtEnd: false, outOfAction: { by: 'a-boss', how: 'shooting' } }),
        m('b-vet', 'b', { type: 'special', claimedObjective: true }),
      ],
    };
    // Without the ruleset's missions the report is refused, with the ruleset's it is not.
    expect(validateReport(report)[0]).toMatch(/"hold-the-bridge" is not in the ruleset/);
    expect(validateReport(report, ruleset.missions)).toEqual([]);
    const score = scoreGame(report, ruleset);
    // A: 2 markers × 2 VP + Assassination 1; Survival is worth 0 in this mission. B: 1 marker × 2 VP.
    expect(score.vp).toEqual({ a: 5, b: 2 });
    expect(score.lines.find((l) => l.source === 'mission' && l.side === 'a')).toMatchObject({
      vp: 4,
      citation: 'house rule · Hold the Bridge / Victory Points',
    });
    expect(score.notes.filter((n) => n.includes('has no mission'))).toEqual([]);
  });

  it("the mission's Bonus Campaign Experience: a bonus with earnedFor is awarded from the result; one without is left to the organiser", () => {
    const facts = {
      ending: { kind: 'turns' as const },
      models: [
        { id: 'a-boss', side: 'a' as const, type: 'team-leader' as const, aliveAtEnd: true, claimedObjective: true },
        { id: 'a-boy', side: 'a' as const, type: 'core' as const, aliveAtEnd: true, claimedObjective: true },
      ],
    };
    const bonus = bonusCampaignExperience(HOLD_THE_BRIDGE, facts);
    expect(bonus.byModel).toEqual({ 'a-boss': 3 });
    expect(bonus.awards[0]).toMatchObject({ bonusId: 'bridge-holder', citation: 'house rule · Hold the Bridge / Bonus Campaign Experience' });
  });

  it('a club mission with no scoring data scores the secondary objectives only, and refuses mission facts it does not have', () => {
    const bare: Mission = {
      ...HOLD_THE_BRIDGE,
      id: 'night-raid',
      name: 'Night Raid',
      counters: [],
      secondaryOverrides: {},
      scoring: undefined,
      bonusExperience: [],
    };
    const r2 = RulesetSchema.parse({ ...battleHonoursPreset(), missions: [...battleHonoursPreset().missions, bare] });
    const report: GameReport = {
      ...reportFromPlan(planGame(r2, { sides, mission: 'night-raid', deployFirst: 'a', deployment: 'deployment-1' }, new PhysicalDice([[2]]))),
      models: [m('a-1', 'a'), m('b-1', 'b', { destroyedObjectiveMarker: true })],
    };
    expect(validateReport(report, r2.missions)).toContain('Model {model:b-1} destroyed an objective marker, which Night Raid does not score.');
    const clean = { ...report, models: [m('a-1', 'a'), m('b-1', 'b')] };
    expect(scoreGame(clean, r2).lines.map((l) => l.source)).toEqual(['survival', 'survival']);
  });
});

describe('issue 19: the Apply dialog says which values the club changed', () => {
  it('004 Mission 4 – Sabotage ("gains 3 VPs"), Skirmish\'s Assassination and the roster cap (docs/progression.md "at most 400 pts"), in words', () => {
    const before = battleHonoursPreset();
    const after = withMission('sabotage', (x) => ({
      ...x,
      scoring: { vpForEnemyMarker: 5 },
      bonusExperience: x.bonusExperience.map((b) => ({ ...b, exp: 3 })),
    }));
    after.missions = after.missions.map((x) => (x.id === 'skirmish' ? { ...x, secondaryOverrides: { ...x.secondaryOverrides, assassination: 5 } } : x));
    after.team.rosterCap = 500;
    expect(diffRulesets(before, after).map((c) => c.text)).toEqual([
      'Roster cap after founding 400 → 500 pts.',
      'Skirmish: Assassination 2 → 5 VP.',
      'Sabotage: Destroying the opponent\'s objective marker: 5 VP; bonus EXP "A Team Leader or Special model that destroys an objective marker gains +2 EXP." 2 → 3.',
    ]);
  });
});

describe("issue 19: a mission's scoring data is checked as the club types it", () => {
  it('VP per claimed marker without markers, and a bonus for relics in a mission without them, are named in words; the presets have none', () => {
    expect(checkRuleset(battleHonoursPreset()).problems).toEqual([]);
    const broken: Mission = {
      ...HOLD_THE_BRIDGE,
      counters: [],
      bonusExperience: [{ id: 'relic-bonus', exp: 1, per: 'each', modelTypes: ['special'], earnedFor: 'relic-carried', condition: 'Carries a relic.' }],
    };
    const r = RulesetSchema.parse({ ...battleHonoursPreset(), missions: [...battleHonoursPreset().missions, broken] });
    expect(checkRuleset(r).problems).toEqual([
      'Mission "Hold the Bridge" scores objective markers claimed but places none: add its objective markers.',
      'Mission "Hold the Bridge": the bonus "Carries a relic." is earned for something the mission does not score.',
    ]);
  });
});

describe('issue 30 item 7: a club mission that chooses 000 Victory Points by unit and the Margin of Victory', () => {
  /** "Purge": 000's Victory Points by unit and Margin of Victory, no secondary objectives. */
  const PURGE: Mission = {
    ...HOLD_THE_BRIDGE,
    id: 'purge',
    name: 'Purge',
    counters: [],
    secondaryOverrides: { assassination: 0, 'lead-from-the-front': 0, survival: 0, destroyer: 0, 'come-back-you-cowards': 0 },
    bonusExperience: [],
    scoring: { victoryPoints: 'by-unit', marginOfVictory: true },
    citation: { source: 'house rule', section: 'Purge' },
  };
  const ruleset = RulesetSchema.parse({ ...battleHonoursPreset(), missions: [...battleHonoursPreset().missions, PURGE] });

  it('000 Margin of Victory ("Anything greater is a win … more than 50% and up to 80% is a Crushing Victory"): planned, recorded and scored', () => {
    const plan = planGame(ruleset, { sides, mission: 'purge', deployFirst: 'a', deployment: 'deployment-1' }, new PhysicalDice([[2]]));
    expect(plan.mission.scoring).toMatchObject({ victoryPoints: 'by-unit', marginOfVictory: true });
    const report: GameReport = {
      ...reportFromPlan(plan),
      models: [
        m('a-boss', 'a', { type: 'team-leader', unitPoints: 60 }),
        m('b-boss', 'b', { type: 'team-leader', unitPoints: 70, aliveAtEnd: false, outOfAction: { by: 'a-boss', how: 'melee' } }),
        m('b-gun', 'b', { type: 'special', unitPoints: 80, aliveAtEnd: false, outOfAction: { by: 'a-boss', how: 'shooting' } }),
        m('b-1', 'b', { unitPoints: 20 }),
      ],
    };
    const score = scoreGame(report, ruleset, { pointsLimit: 250 });
    expect(score.vp).toEqual({ a: 150, b: 0 });
    expect(score.margin).toMatchObject({ result: 'crushing-victory', name: 'Crushing Victory', winner: 'a', difference: 150, pointsLimit: 250 });
    expect(score.outcome).toMatchObject({ kind: 'win', winner: 'a', reason: expect.stringContaining('Crushing Victory (000 · Margin of Victory)') });
  });

  it('000 Margin of Victory: "only applicable in Gamma or Omega missions where Victory Points are used": refused in words without VP by unit', () => {
    const alone = { ...PURGE, scoring: { marginOfVictory: true } };
    const r = RulesetSchema.parse({ ...battleHonoursPreset(), missions: [...battleHonoursPreset().missions, alone] });
    expect(checkRuleset(r).problems).toEqual([
      'Mission "Purge" uses the Margin of Victory, which 000 gives only to missions "where Victory Points are used": score Victory Points by unit too, or switch the Margin of Victory off.',
    ]);
    expect(checkRuleset(ruleset).problems).toEqual([]);
  });

  it('a seed-004 mission keeps its Margin of Victory off: no margin, the most VP wins (004 Step 5)', () => {
    const report: GameReport = {
      ...reportFromPlan(planGame(ruleset, { sides, mission: 'skirmish', deployFirst: 'a' }, new PhysicalDice([[3], [2]]))),
      models: [m('a-boss', 'a', { type: 'team-leader', unitPoints: 60 }), m('b-1', 'b', { unitPoints: 20 })],
    };
    expect(scoreGame(report, ruleset, { pointsLimit: 250 }).margin).toBeNull();
  });
});

describe("issue 30 item 7: a club mission's deployment zones", () => {
  it('004 Step 2 ("ignore \'Step 3\'" for a mission with its own deployment): a club mission without zones rolls no deployment, the roll-off to deploy stays', () => {
    const noZones: Mission = { ...HOLD_THE_BRIDGE, id: 'ambush', name: 'Ambush', scoring: { ...HOLD_THE_BRIDGE.scoring, deploymentZones: false } };
    const ruleset = RulesetSchema.parse({ ...battleHonoursPreset(), missions: [...battleHonoursPreset().missions, noZones, HOLD_THE_BRIDGE] });
    const plan = planGame(ruleset, { sides, mission: 'ambush' }, new PhysicalDice([[5], [2], [1]]));
    expect(plan.deployment).toBeNull();
    expect(plan.rolls.map((r) => r.purpose)).not.toContain('Deployment');
    expect(plan.deploysFirst).toMatchObject({ side: 'a', how: 'rolled' });
    // With zones (absent: zones), the deployment is rolled as in 004 Step 3.
    const withZones = planGame(ruleset, { sides, mission: 'hold-the-bridge' }, new PhysicalDice([[3], [5], [2], [1]]));
    expect(withZones.deployment).toMatchObject({ how: 'rolled' });
  });
});
