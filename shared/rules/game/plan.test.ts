import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PhysicalDice, SeededDice, diceRange } from '../dice';
import { battleHonoursPreset, experienceLevelsPreset } from '../presets';
import { GamePlan, GamePlanError, planGame, rollOff } from './plan';
import type { GamePlanOptionsInput } from './plan';
import { Ruleset } from '../ruleset/schema';
import { WEATHER_TABLE, rollWeather } from '../hor/optional-rules';
import { DUSK_AND_DAWN_TABLE, rollDuskAndDawn } from '../mission-pack/dusk-and-dawn';
import { TWIST_TABLE, rollTwist } from '../club-8th/twist';

const sides = { a: { teamId: 'team-1' }, b: { teamId: 'team-2' } };
const ruleset = battleHonoursPreset();
/**
 * Dusk & Dawn is only rolled when the club reads Night Fighting as 'when-a-rule-says' (House rules → Readings,
 * issue 19): under the default 'every-shot' Night Fighting is on every turn and the roll would change nothing.
 */
const nightWhenSaid: Ruleset = { ...battleHonoursPreset(), readings: { nightFighting: 'when-a-rule-says' } };

describe('game plan (004 Setting up a Kill Team Game)', () => {
  it('004 Step 2–4: Skirmish rolled on the D6 table, deployment D6, roll-off to deploy, steal-the-initiative D6', () => {
    // Mission 1 → Skirmish; deployment 4; roll-off A 5 vs B 2 (A deploys first); B rolls 3: no steal.
    const plan = planGame(ruleset, { sides }, new PhysicalDice([[1], [4], [5], [2], [3]]));
    expect(plan.mission).toMatchObject({ id: 'skirmish', how: 'rolled' });
    expect(plan.deployment).toMatchObject({ id: 'deployment-4', how: 'rolled' });
    expect(plan.deploysFirst).toMatchObject({ side: 'a', how: 'rolled' });
    expect(plan.firstTurn).toMatchObject({ side: 'a', stolen: false });
    expect(plan.turns).toBe(10);
    expect(plan.roles).toBeNull();
    expect(plan.counters).toEqual([]);
    expect(plan.rolls.map((r) => r.purpose)).toEqual([
      'Mission',
      'Deployment',
      'Roll-off to deploy: Player A',
      'Roll-off to deploy: Player B',
      'Steal the initiative',
    ]);
    expect(GamePlan.parse(plan)).toEqual(plan);
  });

  it('004 Step 4: the player who deployed second steals the initiative on a 6', () => {
    const plan = planGame(ruleset, { sides, mission: 'skirmish', deployment: 'deployment-2', deployFirst: 'b' }, new PhysicalDice([[6]]));
    expect(plan.deployment).toMatchObject({ id: 'deployment-2', how: 'chosen' });
    expect(plan.firstTurn).toMatchObject({ side: 'a', stolen: true });
  });

  it('004 Step 3: a tied roll-off is rolled again (reading); the winner may choose to deploy second', () => {
    const plan = planGame(
      ruleset,
      { sides, mission: 'sabotage', deployment: 'deployment-1', rollOffWinnerDeploys: 'second' },
      new PhysicalDice([[3], [3], [2], [6], [1]]),
    );
    expect(plan.deploysFirst).toMatchObject({ side: 'a', how: 'rolled' });
    expect(plan.rolls).toHaveLength(5);
    expect(rollOff(new PhysicalDice([[4], [4], [1], [2]]), 'x').winner).toBe('b');
  });

  it('004 Mission 2: Relic Hunt places D3+2 Relic counters; a D6 roll-off decides who places first', () => {
    const plan = planGame(ruleset, { sides }, new PhysicalDice([[2], [3], [1], [6], [5], [4], [1], [2]]));
    expect(plan.mission.id).toBe('relic-hunt');
    expect(plan.counters).toEqual([expect.objectContaining({ kind: 'relic', count: 5, how: 'rolled' })]);
    expect(plan.firstToPlaceCounters).toEqual({ side: 'b', how: 'rolled' });
    expect(plan.specialRules.map((s) => s.id)).toContain('relics');
    expect(plan.rolls[1]).toMatchObject({ expression: 'D3+2', total: 5 });
  });

  it('004 Mission 4: Sabotage has two objective markers, no roll', () => {
    const plan = planGame(ruleset, { sides, mission: 'sabotage', deployment: 'deployment-1', deployFirst: 'a' }, new PhysicalDice([[1]]));
    expect(plan.counters).toEqual([expect.objectContaining({ kind: 'objective', count: 2, how: 'mission' })]);
    expect(plan.firstToPlaceCounters).toBeNull();
  });

  it('004 Mission 3: Breakthrough — roll-off decides the Attacker, who sets up first and always has the first turn', () => {
    const plan = planGame(ruleset, { sides, mission: 'breakthrough', rollOffWinnerChooses: 'defender' }, new PhysicalDice([[6], [2]]));
    expect(plan.roles).toMatchObject({ attacker: 'b', defender: 'a', how: 'rolled' });
    expect(plan.deployment).toBeNull();
    expect(plan.deploysFirst).toMatchObject({ side: 'b', how: 'mission' });
    expect(plan.firstTurn).toMatchObject({ side: 'b', stolen: false });
    expect(plan.rolls).toHaveLength(2);
  });

  it('004 Mission 6: Last Stand — the defender deploys first, the attacker always gets first turn', () => {
    const plan = planGame(ruleset, { sides, mission: 'last-stand', attacker: 'a' }, new PhysicalDice([]));
    expect(plan.roles).toMatchObject({ attacker: 'a', defender: 'b', how: 'chosen' });
    expect(plan.deploysFirst.side).toBe('b');
    expect(plan.firstTurn.side).toBe('a');
    expect(plan.specialRules.map((s) => s.id)).toEqual(expect.arrayContaining(['last-stand-banner', 'last-stand-reinforcements']));
    expect(plan.rolls).toEqual([]);
  });

  it('004 Kill Team Special Rules: Night Fighting, Reserves, Built-up Area and Run Away! are always listed with reminders', () => {
    const plan = planGame(ruleset, { sides, mission: 'skirmish', deployFirst: 'a', deployment: 'deployment-1' }, new PhysicalDice([[1]]));
    expect(
      plan.specialRules
        .filter((s) => s.source === 'always')
        .map((s) => s.id)
        .sort(),
    ).toEqual(['built-up-area', 'night-fighting', 'reserves', 'run-away']);
    for (const s of plan.specialRules) expect(s.reminder.length).toBeGreaterThan(0);
  });

  it('004 Weather, 000 Dusk & Dawn, 003 Twist and 003 Mysterious Objectives only when switched on, in seed order', () => {
    const off = planGame(
      ruleset,
      { sides, mission: 'seize-ground', deployment: 'deployment-1', deployFirst: 'a', firstToPlaceCounters: 'a' },
      new PhysicalDice([[1], [1]]),
    );
    expect([off.weather, off.duskAndDawn, off.twist, off.mysteriousObjectives]).toEqual([null, null, null, null]);

    const optionalRules = { weather: true, duskAndDawn: true, twist: true, mysteriousObjectives: true };
    // weather 1 (Blizzard), twist 2D6 = 11 (Dead of Night), D3+2 markers, deployment, Dusk & Dawn 6 (dusk), steal 2.
    const on = planGame(
      nightWhenSaid,
      { sides, mission: 'seize-ground', deployFirst: 'a', firstToPlaceCounters: 'a', optionalRules },
      new PhysicalDice([[1], [5, 6], [1], [3], [6], [2]]),
    );
    expect(on.weather?.id).toBe('blizzard');
    expect(on.twist?.id).toBe('dead-of-night');
    expect(on.counters[0]?.count).toBe(3);
    expect(on.duskAndDawn?.id).toBe('dusk');
    expect(on.mysteriousObjectives?.inEffect).toBe(true);
    expect(on.rolls.map((r) => r.purpose)).toEqual([
      'Weather',
      'Twist',
      'Seize Ground: number of objective markers',
      'Deployment',
      'Dusk & Dawn',
      'Steal the initiative',
    ]);

    const relics = planGame(
      ruleset,
      {
        sides,
        mission: 'skirmish',
        deployment: 'deployment-1',
        deployFirst: 'a',
        optionalRules: { ...optionalRules, weather: false, twist: false, duskAndDawn: false },
      },
      new PhysicalDice([[1]]),
    );
    expect(relics.mysteriousObjectives?.inEffect).toBe(false);
  });

  it('004 Weather: a ruleset with an edited weather table is rolled on that table, not the built-in one', () => {
    const edited = battleHonoursPreset();
    edited.diceTables = edited.diceTables.map((t) =>
      t.id === WEATHER_TABLE.id
        ? {
            ...t,
            rows: [
              { from: 1, to: 3, result: 'acid-fog', text: 'Acid fog: house rule.' },
              { from: 4, to: 6, result: 'fine', text: 'Fine.' },
            ],
          }
        : t,
    );
    expect(Ruleset.safeParse(edited).success).toBe(true);
    const opts = {
      sides,
      mission: 'skirmish',
      deployment: 'deployment-1',
      deployFirst: 'a',
      optionalRules: { weather: true, duskAndDawn: false, twist: false, mysteriousObjectives: false },
    } as const;
    const plan = planGame(edited, opts, new PhysicalDice([[2], [1]]));
    expect(plan.weather).toEqual({ id: 'acid-fog', text: 'Acid fog: house rule.' });
    expect(plan.rolls.map((r) => r.purpose)).toEqual(['Weather', 'Steal the initiative']);
    expect(GamePlan.parse(plan)).toEqual(plan);
    // The preset's own copy is the built-in table: same result as before.
    expect(planGame(ruleset, opts, new PhysicalDice([[2], [1]])).weather?.id).toBe('stormy');
  });

  it("000 Dusk & Dawn, 003 Twist: the ruleset's copy of the table (same id) is used when it has one, else the built-in", () => {
    const withCopies: Ruleset = { ...battleHonoursPreset(), readings: { nightFighting: 'when-a-rule-says' } };
    withCopies.diceTables = [
      ...withCopies.diceTables,
      { ...DUSK_AND_DAWN_TABLE, rows: [{ from: 1, to: 6, result: 'dusk', text: 'Always dusk (house rule).' }] },
      { ...TWIST_TABLE, rows: [{ from: 2, to: 12, result: 'grudge-match', text: 'Always a grudge match (house rule).' }] },
    ];
    expect(Ruleset.safeParse(withCopies).success).toBe(true);
    const optionalRules = { weather: false, duskAndDawn: true, twist: true, mysteriousObjectives: false };
    const opts = { sides, mission: 'skirmish', deployment: 'deployment-1', deployFirst: 'a', optionalRules } as const;
    const plan = planGame(withCopies, opts, new PhysicalDice([[1, 1], [1], [1]]));
    expect(plan.twist).toEqual({ id: 'grudge-match', text: 'Always a grudge match (house rule).' });
    expect(plan.duskAndDawn).toEqual({ id: 'dusk', text: 'Always dusk (house rule).' });
    const builtIn = planGame(nightWhenSaid, opts, new PhysicalDice([[1, 1], [1], [1]]));
    expect(builtIn.twist?.id).toBe('restoratives');
    expect(builtIn.duskAndDawn?.id).toBe('before-dawn');
  });

  it('004 Weather, 000 Dusk & Dawn, 003 Twist (property, 200 runs): the presets roll as the built-in rollWeather / rollDuskAndDawn / rollTwist', () => {
    const only = (rule: 'weather' | 'duskAndDawn' | 'twist') =>
      ({
        sides,
        mission: 'skirmish',
        deployment: 'deployment-1',
        deployFirst: 'a',
        optionalRules: { weather: false, duskAndDawn: false, twist: false, mysteriousObjectives: false, [rule]: true },
      }) as const;
    fc.assert(
      fc.property(fc.string(), (seed) => {
        expect(planGame(ruleset, only('weather'), SeededDice.fromSeed(seed)).weather?.id).toBe(rollWeather(SeededDice.fromSeed(seed)).weather.id);
        expect(planGame(nightWhenSaid, only('duskAndDawn'), SeededDice.fromSeed(seed)).duskAndDawn?.id).toBe(rollDuskAndDawn(SeededDice.fromSeed(seed)).result);
        expect(planGame(ruleset, only('twist'), SeededDice.fromSeed(seed)).twist?.id).toBe(rollTwist(SeededDice.fromSeed(seed)).twist);
      }),
      { numRuns: 200 },
    );
  });

  it('a chosen mission or deployment the ruleset does not have is a GamePlanError in words', () => {
    expect(() => planGame(ruleset, { sides, mission: 'vital-intelligence' }, SeededDice.fromSeed(1))).toThrow(GamePlanError);
    expect(() => planGame(ruleset, { sides, mission: 'skirmish', deployment: 'deployment-9' }, SeededDice.fromSeed(1))).toThrow(/no deployment/);
    expect(() => planGame(ruleset, { sides: { a: { teamId: 'x' }, b: { teamId: 'x' } } }, SeededDice.fromSeed(1))).toThrow(/different teams/);
    const noTable = { ...experienceLevelsPreset(), missionTable: null };
    expect(() => planGame(noTable, { sides }, SeededDice.fromSeed(1))).toThrow(/no mission table/);
  });

  const optionsArb = fc.record({
    mission: fc.constantFrom('roll', 'skirmish', 'relic-hunt', 'breakthrough', 'sabotage', 'seize-ground', 'last-stand'),
    deployment: fc.constantFrom('roll', 'deployment-1', 'deployment-6'),
    deployFirst: fc.constantFrom('roll-off' as const, 'a' as const, 'b' as const),
    attacker: fc.constantFrom('roll-off' as const, 'a' as const, 'b' as const),
    firstToPlaceCounters: fc.constantFrom('roll-off' as const, 'a' as const, 'b' as const),
    optionalRules: fc.record({ weather: fc.boolean(), duskAndDawn: fc.boolean(), twist: fc.boolean(), mysteriousObjectives: fc.boolean() }),
  });

  it('004 Setting up (property, 1,000 runs): same seed → same plan; the plan parses; every roll within its range', () => {
    fc.assert(
      fc.property(fc.string(), optionsArb, (seed, o) => {
        const options: GamePlanOptionsInput = { sides, ...o };
        const p1 = planGame(ruleset, options, SeededDice.fromSeed(seed));
        const p2 = planGame(ruleset, options, SeededDice.fromSeed(seed));
        expect(p2).toEqual(p1);
        expect(GamePlan.parse(JSON.parse(JSON.stringify(p1)))).toEqual(p1);
        for (const r of p1.rolls) {
          const { min, max } = diceRange(r.expression);
          expect(r.total).toBeGreaterThanOrEqual(min);
          expect(r.total).toBeLessThanOrEqual(max);
        }
        if (o.mission !== 'roll') expect(p1.mission.id).toBe(o.mission);
        for (const c of p1.counters) if (c.how === 'rolled') expect(c.count).toBeGreaterThanOrEqual(3);
      }),
      { numRuns: 1000 },
    );
  });
});
