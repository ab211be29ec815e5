import { describe, expect, it } from 'vitest';
import { PhysicalDice, SeededDice } from '../dice';
import { battleHonoursPreset, experienceLevelsPreset } from '../presets';
import { Ruleset } from '../ruleset/schema';
import { GamePlan, GamePlanError, planGame } from './plan';
import { withOptionalRules } from './optional-rules';
import { DEFAULT_RESERVES_ARRIVES_ON, READINGS, plannedReadings, readingOf, reservesText, setReading } from './readings';
import { RESERVES_TABLE } from '../mission-pack/reserves';
import { diffRulesets } from '../ruleset/diff';

const sides = { a: { teamId: 'team-1' }, b: { teamId: 'team-2' } };
const off = { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false };
const withReadings = (readings: Ruleset['readings']): Ruleset => ({ ...battleHonoursPreset(), readings });
const ids = (p: GamePlan) => p.specialRules.map((s) => s.id);

describe('the players choose (issue 19: the roll-off winners choose, the roll is still logged)', () => {
  it('004 Step 3 "the winner may choose to deploy first or second": the winner deploying second, the roll-off logged', () => {
    const plan = planGame(
      battleHonoursPreset(),
      { sides, mission: 'skirmish', deployment: 'deployment-1', rollOffWinnerDeploys: 'second' },
      new PhysicalDice([[5], [2], [1]]),
    );
    expect(plan.deploysFirst).toEqual({ side: 'b', how: 'rolled', reason: 'Player A won the roll-off and chose to deploy second.' });
    expect(plan.rolls.map((r) => r.purpose)).toEqual(['Roll-off to deploy: Player A', 'Roll-off to deploy: Player B', 'Steal the initiative']);
  });

  it('004 Breakthrough "Whoever scores higher decides which player will be the Attacker": the winner may defend', () => {
    const plan = planGame(battleHonoursPreset(), { sides, mission: 'breakthrough', rollOffWinnerChooses: 'defender' }, new PhysicalDice([[2], [6]]));
    expect(plan.roles).toMatchObject({ attacker: 'a', defender: 'b', how: 'rolled', reason: 'Player B won the roll-off and chose to be the Defender.' });
    expect(plan.firstTurn.side).toBe('a'); // the Attacker always goes first
  });

  it('004 Last Stand "either by deciding yourselves, or by rolling a d6": the players decide, nothing is rolled for it', () => {
    const plan = planGame(battleHonoursPreset(), { sides, mission: 'last-stand', attacker: 'b' }, new PhysicalDice([]));
    expect(plan.roles).toMatchObject({ attacker: 'b', defender: 'a', how: 'chosen' });
    expect(plan.deploysFirst.side).toBe('a');
    expect(plan.rolls).toEqual([]);
  });

  it('003 FIRST TURN "chooses who takes the first turn": given to the opponent, no seize roll', () => {
    const club = withOptionalRules(battleHonoursPreset(), { 'club-8th-missions': true });
    const took = planGame(club, { sides, mission: 'beachhead', deployment: 'picked-by-a' }, new PhysicalDice([[2]]));
    expect(took.firstTurn).toMatchObject({ side: 'b', stolen: false });
    const gave = planGame(club, { sides, mission: 'beachhead', deployment: 'picked-by-a', firstTurnChoice: 'give' }, new PhysicalDice([]));
    expect(gave.firstTurn).toEqual({ side: 'a', stolen: false, reason: 'Player B finished setting up first and chose to give the first turn to Player A.' });
    expect(gave.rolls).toEqual([]);
  });

  it('004 Weather "If both players agree, roll a D6"; Injuries "Discuss with your opponent beforehand": the two players may leave them out', () => {
    const r = withOptionalRules(battleHonoursPreset(), { weather: true, 'in-game-injuries': true });
    const both = planGame(r, { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a' }, new PhysicalDice([[3], [1]]));
    expect(both.weather?.id).toBe('fine');
    expect(ids(both)).toContain('in-game-injuries');
    const neither = planGame(
      r,
      { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a', playersOff: ['weather', 'in-game-injuries'] },
      new PhysicalDice([[1]]),
    );
    expect(neither.weather).toBeNull();
    expect(ids(neither)).not.toContain('in-game-injuries');
    expect(neither.notPlayed?.map((n) => n.id)).toEqual(['weather', 'in-game-injuries']);
    expect(neither.notPlayed?.[0]?.reason).toMatch(/If both players agree/);
    expect(GamePlan.parse(neither)).toEqual(neither);
    // The club's choices are not the players' to drop.
    expect(() => planGame(withOptionalRules(r, { twist: true }), { sides, mission: 'skirmish', playersOff: ['twist'] }, new PhysicalDice([]))).toThrow(
      GamePlanError,
    );
  });
});

describe('readings of the seed conflicts (issue 19: a ruleset choice with its default written down)', () => {
  it('every reading has a default among its choices and a reason in words; the presets leave them at the defaults', () => {
    for (const r of READINGS) {
      expect(r.choices.map((c) => c.value)).toContain(r.default);
      expect(r.reason.length).toBeGreaterThan(20);
      expect(readingOf(battleHonoursPreset(), r.key)).toBe(r.default);
    }
    expect(DEFAULT_RESERVES_ARRIVES_ON).toEqual(RESERVES_TABLE.arrivesOn); // 000's Reserves Table
    expect(battleHonoursPreset().readings).toBeUndefined();
    expect(experienceLevelsPreset().readings).toBeUndefined();
  });

  it('a ruleset pinned before readings existed parses to the same content (same hash); setReading stores only what differs', () => {
    const pinned = JSON.parse(JSON.stringify(battleHonoursPreset())) as unknown;
    // The content hash is of canonical JSON (keys sorted), so equal content is the same hash.
    const parsed = Ruleset.parse(pinned);
    expect('readings' in parsed).toBe(false);
    expect(parsed).toEqual(pinned);
    const r = battleHonoursPreset();
    setReading(r, 'gameLength', 'random-game-length');
    expect(r.readings).toEqual({ gameLength: 'random-game-length' });
    setReading(r, 'gameLength', 'ten-turns');
    expect(r.readings).toBeUndefined();
    setReading(r, 'reservesArrivesOn', [null, 4, 3, 2]);
    expect(r.readings).toBeUndefined();
    expect(Ruleset.safeParse({ ...r, readings: { nightFighting: 'sometimes' } }).success).toBe(false);
    // The apply dialog names the change in words.
    expect(diffRulesets(battleHonoursPreset(), withReadings({ nightFighting: 'when-a-rule-says', reservesArrivesOn: [null, 3, 2] }))).toEqual([
      { area: 'Readings', kind: 'changed', text: 'Night Fighting: every turn of every game → only when a rule says so.' },
      { area: 'Readings', kind: 'changed', text: 'Reserves table: turn 1: none, turn 2: 4+, turn 3: 3+, turn 4: 2+ → turn 1: none, turn 2: 3+, turn 3: 2+.' },
    ]);
  });

  it('004 Kill Team Special Rules + 000 Night Fighting, default "every turn": Night Fighting always on, Dusk & Dawn not rolled (it would change nothing)', () => {
    const r = withOptionalRules(battleHonoursPreset(), { 'dusk-and-dawn': true });
    const plan = planGame(
      r,
      { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a', optionalRules: { ...off, duskAndDawn: true } },
      new PhysicalDice([[1]]),
    );
    expect(plan.specialRules.find((s) => s.id === 'night-fighting')).toMatchObject({ source: 'always' });
    expect(plan.duskAndDawn).toBeNull();
    expect(plan.notPlayed).toEqual([expect.objectContaining({ id: 'dusk-and-dawn', reason: expect.stringMatching(/Night Fighting on every turn/) })]);
    expect(plan.rolls.map((x) => x.purpose)).toEqual(['Steal the initiative']);
  });

  it('Night Fighting "only when a rule says": 004 Blizzard "during the entire game", 000 Dusk & Dawn turn 1 / turn 6 on; otherwise not in effect', () => {
    const r = withReadings({ nightFighting: 'when-a-rule-says' });
    const night = (p: GamePlan) => p.specialRules.filter((s) => s.id === 'night-fighting');
    const blizzard = planGame(
      r,
      { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a', optionalRules: { ...off, weather: true, duskAndDawn: true } },
      new PhysicalDice([[1], [6], [1]]),
    );
    expect(night(blizzard)).toEqual([expect.objectContaining({ source: 'optional', reminder: expect.stringMatching(/^The whole game \(Blizzard\)/) })]);
    const dusk = planGame(
      r,
      { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a', optionalRules: { ...off, duskAndDawn: true } },
      new PhysicalDice([[6], [1]]),
    );
    expect(night(dusk)[0]?.reminder).toMatch(/^Turn 6 and later \(Dusk & Dawn: dusk\)/);
    const dawn = planGame(
      r,
      { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a', optionalRules: { ...off, duskAndDawn: true } },
      new PhysicalDice([[1], [1]]),
    );
    expect(night(dawn)[0]?.reminder).toMatch(/^Turn 1 only/);
    const daylight = planGame(
      r,
      { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a', optionalRules: { ...off, duskAndDawn: true } },
      new PhysicalDice([[3], [1]]),
    );
    expect(night(daylight)).toEqual([]);
    expect(daylight.notPlayed).toEqual([expect.objectContaining({ id: 'night-fighting', reason: expect.stringMatching(/Not in effect this game/) })]);
  });

  it('004 Step 5 "10 turns" by default; 000 Random Game Length when the club reads it so (turn 13 at most)', () => {
    const ten = planGame(battleHonoursPreset(), { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a' }, new PhysicalDice([[1]]));
    expect(ten.turns).toBe(10);
    expect(ten.gameLength).toBeUndefined();
    const random = planGame(
      withReadings({ gameLength: 'random-game-length' }),
      { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a' },
      new PhysicalDice([[1]]),
    );
    expect(random.turns).toBe(13);
    expect(random.gameLength).toMatch(/after turn 10, roll a D6: on a 4–6 another turn/);
  });

  it("000 / 001 Deep Strike and Infiltrate and the Reserves table: the plan lists the club's readings", () => {
    expect(plannedReadings(battleHonoursPreset()).map((r) => `${r.name}: ${r.text.split(':')[0]}`)).toEqual([
      'Deep Strike: As 000 prints it',
      'Infiltrate: As 000 prints it',
      'Game length: 10 turns',
      'Reserves table: Roll for each reserve at the start of your turn',
    ]);
    const r = withReadings({ deepStrike: 'later-001', reservesArrivesOn: [null, 3, 2] });
    const texts = plannedReadings(r).map((x) => x.text);
    expect(texts[0]).toMatch(/^As 001 prints it: .*Mishap table/);
    expect(texts[3]).toBe('Roll for each reserve at the start of your turn: turn 1 none, turn 2 on 3+, turn 3 and later on 2+.');
    expect(reservesText([null, 4, 3, 2])).toBe('turn 1 none, turn 2 on 4+, turn 3 on 3+, turn 4 and later on 2+');
    // A seed-003 mission has its own battle length: no game-length reading beside it.
    const club = { ...withOptionalRules(battleHonoursPreset(), { 'club-8th-missions': true }), readings: { gameLength: 'random-game-length' as const } };
    const beachhead = planGame(club, { sides, mission: 'beachhead', deployment: 'picked-by-a' }, new PhysicalDice([[2]]));
    expect(beachhead.readings?.map((x) => x.name)).toEqual(['Deep Strike', 'Infiltrate', 'Reserves table']);
    expect(beachhead.turns).toBe(7);
    const plan = planGame(r, { sides }, SeededDice.fromSeed('readings'));
    expect(plan.readings?.map((x) => x.name)).toEqual(['Deep Strike', 'Infiltrate', 'Game length', 'Reserves table']);
    // The always-on Reserves rule's reminder follows the club's table (never two tables side by side).
    expect(plan.specialRules.find((s) => s.id === 'reserves')?.reminder).toBe(
      'Roll for each reserve at the start of your turn: turn 1 none, turn 2 on 3+, turn 3 and later on 2+.',
    );
  });
});

describe('consequences of the Weather on the readings (issue 19)', () => {
  it('004 Weather: Blizzard "no team may Infiltrate or Scout" takes Infiltrate out; Stormy "all scatter rolls are made on 3D6" reaches Deep Strike', () => {
    const r = withOptionalRules(battleHonoursPreset(), { weather: true });
    const text = (p: GamePlan, id: string) => p.readings?.find((x) => x.id === id)?.text ?? '';
    const blizzard = planGame(r, { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a' }, new PhysicalDice([[1], [1]]));
    expect(text(blizzard, 'reading-infiltrate')).toMatch(/^Not in this game: Blizzard/);
    const stormy = planGame(r, { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a' }, new PhysicalDice([[2], [1]]));
    expect(text(stormy, 'reading-deep-strike')).toMatch(/Stormy: scatter on 3D6 instead of 2D6/);
    expect(text(stormy, 'reading-infiltrate')).toMatch(/^As 000 prints it/);
  });

  it('003 Twist 10 Fog of War reaches the Reserves; Twist 12 Meeting Battle "sets up one contingent at the start of battle" changes the deployment', () => {
    const r = withOptionalRules(battleHonoursPreset(), { twist: true });
    // 2D6 = 10 → Fog of War; 2D6 = 12 → Meeting Battle.
    const fog = planGame(r, { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a' }, new PhysicalDice([[4, 6], [1]]));
    expect(fog.twist?.id).toBe('fog-of-war');
    expect(fog.readings?.find((x) => x.id === 'reading-reserves')?.text).toMatch(/Fog of War: the first time a unit arrives, roll a D6: on a 1–2/);
    const meeting = planGame(r, { sides, mission: 'last-stand', attacker: 'a' }, new PhysicalDice([[6, 6]]));
    expect(meeting.twist?.id).toBe('meeting-battle');
    expect(meeting.deploysFirst.reason).toMatch(/Meeting Battle \(Twist\): only each army's first contingent/);
    expect(meeting.twist?.text).toMatch(/more than 9" from the enemy, wholly within 9" of a battlefield edge/);
  });
});

describe("a club's house-ruled values are scored (issue 19)", () => {
  it('004 Mission 1: Skirmish with Assassination = 5 VP (house rule) scores 5; a Survival worth 2 scores 2', async () => {
    const { scoreGame } = await import('./score');
    const { REPORT_VERSION, GameReport } = await import('./report');
    const r = battleHonoursPreset();
    r.missions = r.missions.map((m) => (m.id === 'skirmish' ? { ...m, secondaryOverrides: { ...m.secondaryOverrides, assassination: 5 } } : m));
    r.secondaryObjectives = r.secondaryObjectives.map((o) => (o.id === 'survival' ? { ...o, vp: 2 } : o));
    const report = {
      reportVersion: REPORT_VERSION,
      missionId: 'skirmish',
      sides: {
        a: { teamId: 't1', firstBlood: false, sweepingAdvance: false, kayfabe: false },
        b: { teamId: 't2', firstBlood: false, sweepingAdvance: false, kayfabe: false },
      },
      models: [
        { id: 'a-boss', side: 'a', type: 'team-leader', tookPart: true, aliveAtEnd: true },
        { id: 'b-sarge', side: 'b', type: 'team-leader', tookPart: true, aliveAtEnd: false, outOfAction: { by: 'a-boss', how: 'melee' } },
        { id: 'b-vox', side: 'b', type: 'special', tookPart: true, aliveAtEnd: true },
      ],
      ending: { kind: 'turns' },
      rolls: [],
    };
    const parsed = GameReport.safeParse(report);
    if (!parsed.success) throw new Error(parsed.error.message);
    const house = scoreGame(parsed.data, r);
    expect(house.lines.find((l) => l.source === 'assassination')?.vp).toBe(5);
    expect(house.lines.find((l) => l.source === 'survival')?.vp).toBe(2);
    expect(house.vp.a).toBe(7);
    expect(scoreGame(parsed.data, battleHonoursPreset()).vp.a).toBe(3); // seed 004: Assassination 2 in Skirmish + Survival 1
  });
});
