/**
 * A whole game on a seed-003 mission (the club's 8th-edition supplement, switched on in the ruleset): planned with
 * the mission's own set-up rules, recorded with the facts its victory conditions need, scored, and applied to the
 * campaign (no Bonus Campaign Experience: seed 003 prints none).
 */
import { describe, expect, it } from 'vitest';
import { PhysicalDice, SeededDice } from '../dice';
import { battleHonoursPreset } from '../presets';
import { applyGame } from '../progression/apply';
import { CLUB_MISSION_TABLE } from '../club-8th/missions';
import { GamePlan, GamePlanError, planGame } from './plan';
import { clubFacts, reportFromPlan } from './report';
import { validateReport } from './report-checks';
import type { GameReport, ModelReport } from './report';
import { scoreGame } from './score';
import { withOptionalRules } from './optional-rules';
import { reportModelsOf } from './squads';

const sides = { a: { teamId: 'wolves' }, b: { teamId: 'orks' } };
const club = withOptionalRules(battleHonoursPreset(), { 'club-8th-missions': true });
const m = (id: string, side: 'a' | 'b', extra: Partial<ModelReport> = {}): ModelReport => ({
  id,
  side,
  type: 'core',
  tookPart: true,
  aliveAtEnd: true,
  ...extra,
});
const models = (): ModelReport[] => [
  m('a-tl', 'a', { type: 'team-leader' }),
  m('a-sp', 'a', { type: 'special' }),
  m('a-1', 'a'),
  m('b-tl', 'b', { type: 'team-leader' }),
  m('b-sp', 'b', { type: 'special' }),
  m('b-1', 'b'),
];
const out = (r: GameReport, id: string, by: string | null, how: 'shooting' | 'melee' | 'other' = 'shooting') => {
  const x = r.models.find((y) => y.id === id)!;
  x.aliveAtEnd = false;
  x.outOfAction = { by, how };
};

describe('003 missions in a game: planning (Приложение 3.)', () => {
  it('003 Eternal War: Vital Intelligence — roll-off for the zone, the other player deploys its whole army first and chooses the first turn; the opponent may seize on a 6', () => {
    // Roll-off A 5 vs B 2: A picks the map and zone; B deploys first, finishes first and takes the first turn; A rolls 3.
    const plan = planGame(club, { sides, mission: 'vital-intelligence', firstTurnChoice: 'take' }, new PhysicalDice([[5], [2], [3]]));
    expect(plan.mission).toMatchObject({ id: 'vital-intelligence', name: 'Vital Intelligence', how: 'chosen' });
    expect(plan.mission.summary).toBe('Eternal War (8th-edition supplement). Victory points: Capture the Data, Slay the Warlord, First Strike, Linebreaker.');
    expect(plan.deployment).toBeNull();
    expect(plan.counters).toEqual([expect.objectContaining({ kind: 'objective', count: 5, how: 'mission' })]);
    expect(plan.club8th?.zonePicker).toMatchObject({ side: 'a', how: 'rolled' });
    expect(plan.deploysFirst).toMatchObject({ side: 'b', how: 'mission' });
    expect(plan.deploysFirst.reason).toMatch(/deploys its entire army first, then Player A deploys/);
    expect(plan.firstTurn).toMatchObject({ side: 'b', stolen: false });
    expect(plan.firstTurn.reason).toBe(
      'Player B finished setting up first and takes the first turn; Player A rolled 3 (a 6 is needed to seize the initiative).',
    );
    expect(plan.turns).toBe(7);
    expect(plan.club8th?.battleLength).toBe(
      'At the end of battle round 5, Player B (first turn) rolls a D6: on a 3+ the game continues, otherwise it is over. At the end of battle round 6, Player A (second turn) rolls a D6: on a 4+ the game continues, otherwise it is over. The battle ends after battle round 7 at the latest.',
    );
    expect(plan.club8th?.suddenDeath).toMatch(/not in use/);
    expect(plan.club8th?.tacticalObjectives).toBeNull();
    expect(plan.club8th?.victoryConditions.map((c) => c.id)).toEqual(['capture-the-data', 'slay-the-warlord', 'first-strike', 'linebreaker']);
    expect(plan.rolls.map((r) => r.purpose)).toEqual([
      'Vital Intelligence: roll-off for the deployment map and zone: Player A',
      'Vital Intelligence: roll-off for the deployment map and zone: Player B',
      'Seize the initiative',
    ]);
    expect(GamePlan.parse(plan)).toEqual(plan);
  });

  it('003 FIRST TURN: on a 6 the opponent seizes the initiative', () => {
    const plan = planGame(club, { sides, mission: 'beachhead', deployment: 'picked-by-a' }, new PhysicalDice([[6]]));
    expect(plan.club8th?.zonePicker).toMatchObject({ side: 'a', how: 'chosen' });
    expect(plan.firstTurn).toMatchObject({ side: 'a', stolen: true });
    expect(plan.firstTurn.reason).toMatch(/Player A rolled a 6 and seized the initiative/);
    expect(plan.counters[0]?.count).toBe(3);
  });

  it('003 Maelstrom of War: Deadlock — "the player who placed the sixth objective marker" picks (said by the players); alternate units; Tactical Objectives and Strategic Deadlock in the plan', () => {
    const plan = planGame(club, { sides, mission: 'deadlock', deployment: 'picked-by-b' }, new PhysicalDice([[2]]));
    expect(plan.club8th?.zonePicker.reason).toBe('Player B placed the sixth objective marker: it picks the standard deployment map and its deployment zone.');
    expect(plan.deploysFirst).toMatchObject({ side: 'a' });
    expect(plan.deploysFirst.reason).toMatch(/alternate one unit at a time/);
    // Without unit counts the player who starts is taken to finish first, and the plan says so.
    expect(plan.firstTurn.side).toBe('a');
    expect(plan.firstTurn.reason).toMatch(/taken to finish first; if Player B has fewer units, it finishes first and chooses instead/);
    expect(plan.club8th?.tacticalObjectives).toMatch(/generates 6 at the start of their first turn; 5 in battle round 2, 4 in round 3/);
    expect(plan.specialRules.filter((s) => s.source === 'mission').map((s) => s.name)).toEqual(['Strategic Deadlock']);
  });

  it('003 DEPLOYMENT (alternating units): whoever sets up their last unit first chooses the first turn — counted when the sides give their units', () => {
    const plan = planGame(
      club,
      { sides: { a: { teamId: 'wolves', units: 4 }, b: { teamId: 'orks', units: 6 } }, mission: 'tactical-escalation', deployment: 'picked-by-a' },
      new PhysicalDice([[1]]),
    );
    // B starts (did not pick), but A has fewer units: A finishes first and takes the first turn; B rolls 1.
    expect(plan.deploysFirst.side).toBe('b');
    expect(plan.firstTurn).toMatchObject({ side: 'a', stolen: false });
    expect(plan.firstTurn.reason).not.toMatch(/taken to finish first/);
  });

  it('003 (no mission table printed): "roll-club-8th" rolls a D6 over the six missions in printed order — on the ruleset\'s own copy when the club edited it', () => {
    const plan = planGame(club, { sides, mission: 'roll-club-8th' }, new PhysicalDice([[4], [3], [1], [2]]));
    expect(plan.mission).toMatchObject({ id: 'visions-of-victory', how: 'rolled' });
    expect(plan.rolls[0]).toMatchObject({ purpose: 'Mission', expression: 'D6', total: 4 });
    const edited = JSON.parse(JSON.stringify(club)) as typeof club;
    const table = edited.diceTables.find((t) => t.id === CLUB_MISSION_TABLE.id)!;
    table.rows = [{ from: 1, to: 6, result: 'no-mercy', text: 'No Mercy' }];
    expect(planGame(edited, { sides, mission: 'roll-club-8th' }, new PhysicalDice([[4], [3], [1], [2]])).mission.id).toBe('no-mercy');
  });

  it('003 missions are only played when the ruleset switches the 8th-edition supplement on; a seed-004 deployment is refused for them', () => {
    const off = battleHonoursPreset();
    expect(() => planGame(off, { sides, mission: 'no-mercy' }, new PhysicalDice())).toThrow(GamePlanError);
    expect(() => planGame(off, { sides, mission: 'no-mercy' }, new PhysicalDice())).toThrow(/switch it on in House rules → Optional rules to play No Mercy/);
    expect(() => planGame(off, { sides, mission: 'roll-club-8th' }, new PhysicalDice())).toThrow(/8th-edition supplement/);
    expect(() => planGame(club, { sides, mission: 'no-mercy', deployment: 'deployment-3' }, new PhysicalDice())).toThrow(/No Mercy has no deployment table/);
    // Seed 004's missions are unchanged by the switch.
    expect(planGame(club, { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a' }, new PhysicalDice([[2]])).club8th).toBeUndefined();
  });

  it('004 Weather, 000 Dusk & Dawn, 003 Twist and Mysterious Objectives: taken from the ruleset when the options leave them out; Mysterious Objectives apply to every 003 mission with markers', () => {
    // Dusk & Dawn is rolled when the club reads Night Fighting as 'when-a-rule-says' (issue 19; plan.test.ts).
    const r = {
      ...withOptionalRules(club, { twist: true, 'dusk-and-dawn': true, 'mysterious-objectives': true, 'in-game-injuries': true }),
      readings: { nightFighting: 'when-a-rule-says' as const },
    };
    const plan = planGame(r, { sides, mission: 'beachhead' }, SeededDice.fromSeed('club-1'));
    expect(plan.twist).not.toBeNull();
    expect(plan.duskAndDawn).not.toBeNull();
    expect(plan.weather).toBeNull();
    expect(plan.mysteriousObjectives).toMatchObject({ inEffect: true });
    // Order: twist, the zone roll-off (a tie is rolled again), Dusk & Dawn, seize the initiative.
    const purposes = plan.rolls.map((x) => x.purpose);
    expect(purposes[0]).toBe('Twist');
    expect(purposes.slice(-2)).toEqual(['Dusk & Dawn', 'Seize the initiative']);
    expect(purposes.slice(1, -2).every((p) => p.startsWith('Beachhead: roll-off for the deployment map and zone'))).toBe(true);
    expect(plan.specialRules.find((s) => s.id === 'in-game-injuries')).toMatchObject({ source: 'optional' });
    expect(planGame(r, { sides, mission: 'no-mercy' }, SeededDice.fromSeed('club-1')).mysteriousObjectives).toMatchObject({ inEffect: false });
    // Options given explicitly still win (a game keeps the options it was set up with).
    expect(
      planGame(
        r,
        { sides, mission: 'beachhead', optionalRules: { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false } },
        SeededDice.fromSeed('club-1'),
      ).twist,
    ).toBeNull();
  });
});

describe('003 missions in a game: the report and the score (VICTORY CONDITIONS)', () => {
  const planned = (mission: string, dice: number[][]) => planGame(club, { sides, mission }, new PhysicalDice(dice));

  it('003 Vital Intelligence: Capture the Data as recorded, Slay the Warlord (the Team Leader), First Strike and Linebreaker; most VP wins', () => {
    const report = reportFromPlan(planned('vital-intelligence', [[5], [2], [3]]), models());
    expect(report.club8th).toEqual({ a: { objectiveVp: 0, firstStrike: false }, b: { objectiveVp: 0, firstStrike: false } });
    out(report, 'b-tl', 'a-sp');
    report.sides.a.firstBlood = true;
    report.club8th!.a = { objectiveVp: 7, firstStrike: true };
    report.club8th!.b = { objectiveVp: 4, firstStrike: false };
    report.models.find((x) => x.id === 'a-1')!.inEnemyDeploymentZone = true;
    expect(validateReport(report)).toEqual([]);
    const s = scoreGame(report, club);
    expect(s.vp).toEqual({ a: 10, b: 4 });
    expect(s.lines.filter((l) => l.side === 'a').map((l) => [l.vp, l.reason])).toEqual([
      [7, 'Capture the Data: 7 VP for the objective markers controlled, as recorded.'],
      [1, 'Slay the Warlord: the enemy Warlord (its Team Leader) was slain.'],
      [1, 'First Strike: an enemy unit was destroyed in the first battle round.'],
      [1, 'Linebreaker: a model in the enemy deployment zone at the end of the battle.'],
    ]);
    expect(s.lines[0]?.citation).toBe('003 · Eternal War: Vital Intelligence / Victory Conditions');
    expect(s.outcome).toMatchObject({ kind: 'win', winner: 'a', automatic: false });
    expect(s.secondaries).toEqual({ a: [], b: [] });
    expect(s.missionId).toBe('vital-intelligence');
  });

  it('003 No Mercy: No Quarter Given (1 VP per enemy unit destroyed), Slay the Warlord in addition, First Blood; Sudden Death is in use', () => {
    const report = reportFromPlan(planned('no-mercy', [[1], [6], [4]]), models());
    expect(report.club8th).toEqual({ a: {}, b: {} });
    out(report, 'a-1', 'b-sp');
    expect(validateReport(report)).toEqual([
      'No Mercy scores First Blood: tick First Blood for the team that destroyed the first unit (or "at the same time").',
    ]);
    report.sides.b.firstBlood = true;
    out(report, 'b-tl', 'a-tl', 'melee');
    out(report, 'b-1', 'a-sp');
    let s = scoreGame(report, club);
    expect(s.vp).toEqual({ a: 3, b: 2 }); // A: 2 units + Warlord; B: 1 unit + First Blood
    expect(s.outcome).toMatchObject({ kind: 'win', winner: 'a' });
    // Simultaneous first casualties: both score First Blood.
    report.sides.b.firstBlood = false;
    report.club8th = { a: {}, b: {}, firstBloodSimultaneous: true };
    expect(clubFacts(report).firstUnitDestroyedBelongedTo).toBe('both');
    s = scoreGame(report, club);
    expect(s.vp).toEqual({ a: 4, b: 2 });
    // A team wiped out: Sudden Death (in use in No Mercy) — an automatic win regardless of VP.
    out(report, 'b-sp', 'a-tl');
    report.ending = { kind: 'no-models-left', side: 'b' };
    s = scoreGame(report, club);
    expect(s.outcome).toMatchObject({ kind: 'win', winner: 'a', automatic: true });
    expect(s.automaticWin?.reason).toMatch(/Sudden Death/);
  });

  it('003 Vital Intelligence, ACCEPTABLE CASUALTIES: Sudden Death is not in use — a team with no models left can still win on VP', () => {
    const report = reportFromPlan(planned('vital-intelligence', [[5], [2], [3]]), [
      m('a-tl', 'a', { type: 'team-leader' }),
      m('b-tl', 'b', { type: 'team-leader' }),
      m('b-1', 'b'),
    ]);
    out(report, 'a-tl', 'b-tl');
    report.sides.b.firstBlood = true;
    report.ending = { kind: 'no-models-left', side: 'a' };
    report.club8th!.a.objectiveVp = 12;
    report.club8th!.b.objectiveVp = 3;
    const s = scoreGame(report, club);
    expect(s.vp).toEqual({ a: 12, b: 4 });
    expect(s.outcome).toMatchObject({ kind: 'win', winner: 'a', automatic: false });
    expect(s.notes).toEqual(['Player A has no models left, but Sudden Death is not in use in Vital Intelligence: the victory points decide.']);
  });

  it("003 Maelstrom of War: Tactical Objective VP as recorded; Tactical Escalation's Mission Priorities; equal VP is a draw", () => {
    const report = reportFromPlan(planned('tactical-escalation', [[3], [4], [2]]), models());
    expect(report.club8th).toEqual({ a: { tacticalObjectiveVp: 0, nominatedTypeAchieved: 0 }, b: { tacticalObjectiveVp: 0, nominatedTypeAchieved: 0 } });
    report.club8th = { a: { tacticalObjectiveVp: 5, nominatedTypeAchieved: 3 }, b: { tacticalObjectiveVp: 6, nominatedTypeAchieved: 1 } };
    const s = scoreGame(report, club);
    expect(s.vp).toEqual({ a: 6, b: 6 });
    expect(s.outcome.kind).toBe('draw');
    expect(s.lines.find((l) => l.reason.startsWith('Mission Priorities'))).toMatchObject({ side: 'a', vp: 1 });
  });

  it('003 facts that contradict the mission are problems in words', () => {
    const report = reportFromPlan(planned('vital-intelligence', [[5], [2], [3]]), models());
    report.club8th!.a = { objectiveVp: 71, tacticalObjectiveVp: 2, firstStrike: true };
    report.ending = { kind: 'mission-win', side: 'a' };
    expect(validateReport(report)).toEqual([
      "Player A's Capture the Data VP (71) are more than 7 battle rounds can give (70).",
      "Vital Intelligence has no Tactical Objectives: remove Player A's Tactical Objective VP.",
      'Player A has First Strike, but no enemy unit was destroyed.',
      'Vital Intelligence has no outright mission win (seed 003): the game ends after its battle rounds and the victory points decide.',
    ]);
    const beachhead = reportFromPlan(planned('beachhead', [[5], [2], [3]]), models());
    beachhead.club8th!.b.objectiveVp = 31;
    expect(validateReport(beachhead)).toEqual([]);
    beachhead.club8th!.b.objectiveVp = 37;
    expect(validateReport(beachhead)).toEqual(["Player B's Push Them Back VP (37) are more than 7 battle rounds can give (36)."]);
    const skirmish: GameReport = { ...beachhead, missionId: 'skirmish' };
    expect(validateReport(skirmish)).toContain("Only the 8th-edition supplement's missions (seed 003) record their victory points by hand.");
  });

  it('003 prints no Bonus Campaign Experience: applying a seed-003 game gives no mission EXP, and the requisition awards as usual (docs/progression.md)', () => {
    const report = reportFromPlan(planned('vital-intelligence', [[5], [2], [3]]), models());
    out(report, 'b-sp', 'a-sp');
    report.sides.a.firstBlood = true;
    report.club8th!.a.objectiveVp = 5;
    const s = scoreGame(report, club);
    const awards = { firstBlood: false, kayfabe: false, misadventureLosses: 0 };
    const entries = applyGame(
      {
        gameId: 'g1',
        ruleset: club,
        missionId: report.missionId,
        facts: { models: report.models.map(({ tookPart: _t, ...x }) => x), ending: report.ending },
        winner: s.outcome.kind === 'win' ? s.outcome.winner : 'draw',
        awards: { a: { ...awards, firstBlood: true }, b: awards },
        teams: { a: { team: 'wolves', threat: 3 }, b: { team: 'orks', threat: 3 } },
      },
      new PhysicalDice([[4, 1]]),
    );
    expect(entries.some((e) => e.kind === 'exp.gained')).toBe(false);
    expect(entries.filter((e) => e.team === 'wolves' && e.kind === 'req.awarded').map((e) => (e.kind === 'req.awarded' ? e.award : ''))).toEqual([
      'took-part',
      'victory',
      'considerate-commander',
      'first-blood',
    ]);
    expect(entries.find((e) => e.kind === 'injury.rolled')).toMatchObject({ model: 'b-sp' });
  });
});

describe('003 counts units, not models: a Squad is one unit (squads.ts unitsDestroyed)', () => {
  const planned = (mission: string, dice: number[][]) => planGame(club, { sides, mission }, new PhysicalDice(dice));
  /** Player A: a Team Leader and one Core model; Player B: a Team Leader and a Guardsman Squad of ten. */
  const guardGame = (mission: string, dice: number[][]) => {
    const squad = reportModelsOf(
      { modelId: 'third', name: 'Third Squad', entryName: 'Guardsman Squad', category: 'squad', squadSize: 10, specialRules: [] },
      'b',
    );
    return reportFromPlan(planned(mission, dice), [m('a-tl', 'a', { type: 'team-leader' }), m('a-1', 'a'), m('b-tl', 'b', { type: 'team-leader' }), ...squad]);
  };
  const killGuardsmen = (r: GameReport, n: number) => {
    for (let i = 1; i <= n; i++) out(r, `third#${i}`, i % 2 === 0 ? 'a-tl' : 'a-1');
  };

  it('003 No Mercy, No Quarter Given: "Each player scores 1 victory point for each enemy unit that is destroyed" — 9 of 10 Guardsmen out give 0 VP, the whole squad 1', () => {
    const report = guardGame('no-mercy', [[1], [6], [4]]);
    killGuardsmen(report, 9);
    expect(clubFacts(report).a.enemyUnitsDestroyed).toBe(0);
    // No unit destroyed yet: First Blood ("The first unit, of any kind, to be destroyed") is not asked for…
    expect(validateReport(report)).toEqual([]);
    expect(scoreGame(report, club).vp).toEqual({ a: 0, b: 0 });
    // …and cannot be ticked for nine Guardsmen.
    report.sides.a.firstBlood = true;
    expect(validateReport(report)).toEqual([
      'Player A has First Blood, but no enemy unit was destroyed (a squad is destroyed only when its last member is): in No Mercy First Blood is the first unit destroyed.',
    ]);
    // The tenth falls: one unit destroyed, 1 VP, and First Blood is Player A's.
    killGuardsmen(report, 10);
    expect(clubFacts(report).a.enemyUnitsDestroyed).toBe(1);
    expect(validateReport(report)).toEqual([]);
    const s = scoreGame(report, club);
    expect(s.vp).toEqual({ a: 2, b: 0 });
    expect(s.lines.map((l) => l.reason)).toEqual([
      'No Quarter Given: 1 enemy unit destroyed (1 VP each).',
      "First Blood: the first unit destroyed was the enemy's.",
    ]);
    // The Team Leader too: two units, and Slay the Warlord "in addition".
    out(report, 'b-tl', 'a-tl');
    report.ending = { kind: 'no-models-left', side: 'b' };
    expect(scoreGame(report, club).vp).toEqual({ a: 4, b: 0 });
  });

  it('003 First Blood "If two or more units from opposing forces are destroyed simultaneously": a squad member lost is no unit destroyed', () => {
    const report = guardGame('no-mercy', [[1], [6], [4]]);
    killGuardsmen(report, 3);
    out(report, 'a-1', 'b-tl');
    report.club8th = { a: {}, b: {}, firstBloodSimultaneous: true };
    expect(validateReport(report)).toEqual(['First Blood at the same time needs a unit destroyed on each side.']);
  });

  it('003 First Strike: "You score 1 victory point if any units from your opponent\'s army were destroyed during the first battle round" — not for squad members', () => {
    const report = guardGame('beachhead', [[5], [2], [3]]);
    killGuardsmen(report, 9);
    report.club8th!.a.firstStrike = true;
    expect(validateReport(report)).toEqual(['Player A has First Strike, but no enemy unit was destroyed (a squad is destroyed only when its last member is).']);
    killGuardsmen(report, 10);
    expect(validateReport(report)).toEqual([]);
    expect(scoreGame(report, club).vp.a).toBe(1);
  });
});
