import { describe, expect, it } from 'vitest';
import { PhysicalDice } from '../dice';
import { planGame } from '../game/plan';
import type { Ruleset } from '../ruleset/schema';
import { battleHonoursPreset } from '../presets';
import { nightFightingOn, resolvePrompt, turnPrompts } from './prompts';
import type { PromptModel, ReservesPrompt, TablePrompt } from './prompt-types';
import { NONE, model, nightWhenSaid, ruleset, sides, skirmish, withStates, wolvesAndOrks } from './test-helpers';

const kinds = (ps: readonly TablePrompt[]) => ps.map((p) => `${p.kind}:${p.side ?? '-'}`);
const only = <K extends TablePrompt['kind']>(ps: readonly TablePrompt[], kind: K) => ps.filter((p) => p.kind === kind) as (TablePrompt & { kind: K })[];

describe('at the table: the prompts at the start of each turn (issue 33)', () => {
  it('no prompt when nothing applies: every model in play, no optional rule, a turn that is neither the first nor the last', () => {
    const plan = skirmish();
    for (const turn of [2, 5, 9]) expect(turnPrompts(plan, { models: wolvesAndOrks() }, turn, ruleset)).toEqual([]);
    // Night Fighting read "only when a rule says so" and no rule says so: turn 1 is quiet too.
    expect(turnPrompts(skirmish(nightWhenSaid), { models: wolvesAndOrks() }, 1, nightWhenSaid)).toEqual([]);
  });

  it('refuses a turn the game does not have, in words', () => {
    const plan = skirmish();
    expect(() => turnPrompts(plan, { models: [] }, 0, ruleset)).toThrow('This game has turns 1 to 10; there is no turn 0.');
    expect(() => turnPrompts(plan, { models: [] }, 11, ruleset)).toThrow(/no turn 11/);
  });
});

describe('004 Run Away!: "at the start of his turn if more than 50% of his force is falling back or has been removed as a casualty"', () => {
  const plan = skirmish();
  const runAway = (models: PromptModel[], turn = 3) => only(turnPrompts(plan, { models }, turn, ruleset), 'run-away');

  it('004 Run Away!: a squad losing members crosses the threshold exactly — 3 of 6 out asks nothing, the 4th (a member) asks the test', () => {
    const three = withStates(wolvesAndOrks(), { gunner: 'out', 'third#1': 'out', 'third#2': 'out' });
    expect(runAway(three)).toEqual([]);
    const four = withStates(three, { 'third#3': 'out' });
    const [p] = runAway(four);
    expect(p).toMatchObject({ side: 'a', moment: 'player-turn-start', team: 'Wolves', mayVoluntarilyFail: false, citation: '004 · Run Away!' });
    expect(p!.rolls).toEqual([
      { purpose: 'Run Away! test, Wolves', expression: '2D6', count: 2, target: { atMost: 8, meaning: 'passed: the team fights on' } },
    ]);
    expect(p!.text).toContain('4 of 6 models are falling back or casualties (more than 50%)');
    expect(p!.text).toContain('the Leadership of Sergeant Brand');
  });

  it('004 Run Away!: falling back counts toward the 50%; down and in-reserve models are still fighting', () => {
    expect(runAway(withStates(wolvesAndOrks(), { gunner: 'fallen-back', 'third#1': 'out', 'third#2': 'out', 'third#3': 'fallen-back' }))).toHaveLength(1);
    expect(runAway(withStates(wolvesAndOrks(), { gunner: 'down', 'third#1': 'out', 'third#2': 'reserve', 'third#3': 'out' }))).toEqual([]);
  });

  it('004 Run Away!: "If the Team Leader is falling back or is a casualty" the highest Leadership not falling back is used', () => {
    const [p] = runAway(withStates(wolvesAndOrks(), { boss: 'out', gunner: 'out', 'third#1': 'out', 'third#2': 'out' }));
    expect(p!.rolls[0]!.target).toMatchObject({ atMost: 9 });
    expect(p!.text).toContain('the Leadership of Veteran');
  });

  it('004 Run Away!: "less than 25% of its models remaining may choose to voluntarily fail"; nobody left to rally: no roll', () => {
    const one = withStates(wolvesAndOrks(), { boss: 'out', gunner: 'out', 'third#1': 'out', 'third#2': 'out', 'third#3': 'out' });
    expect(runAway(one)[0]).toMatchObject({ mayVoluntarilyFail: true });
    const [fled] = runAway(withStates(one, { vet: 'fallen-back' }));
    expect(fled!.rolls).toEqual([]);
    expect(resolvePrompt(fled!, new PhysicalDice())).toMatchObject({ kind: 'run-away', passed: false, gameEnds: true });
  });

  it('004 Run Away!: the test is asked again every turn while the side stays over the threshold, each side at its own turn', () => {
    const models = withStates(wolvesAndOrks(), { boss: 'out', gunner: 'out', 'third#1': 'out', 'third#2': 'out', boy: 'out', nob: 'down' });
    const orks = [...models, model('grot', 'b', { state: 'fallen-back' })];
    // Turn 1 too: the Orks (second turn) may already have lost models in the Wolves' first turn.
    for (const turn of [1, 4, 10]) expect(kinds(runAway(orks, turn))).toEqual(['run-away:a', 'run-away:b']);
  });

  it('004 Run Away!: not asked when the plan does not list the rule', () => {
    const bare = { ...plan, specialRules: plan.specialRules.filter((r) => r.id !== 'run-away') };
    expect(turnPrompts(bare, { models: withStates(wolvesAndOrks(), { boy: 'out', nob: 'out' }) }, 2, ruleset)).toEqual([]);
  });
});

describe('000 Reserves: "Turn 1 N/A, Turn 2 4+, Turn 3 3+, Turn 4+ 2+"; "Each selection ... is diced for separately"', () => {
  const plan = skirmish();
  const waiting = () =>
    withStates(
      wolvesAndOrks().map((m) => (m.id === 'vet' ? { ...m, mayDeepStrike: true } : m)),
      { vet: 'reserve', 'third#1': 'reserve', 'third#2': 'reserve', 'third#3': 'reserve' },
    );
  const reserves = (turn: number, rules: Pick<Ruleset, 'readings'> = ruleset) => only(turnPrompts(plan, { models: waiting() }, turn, rules), 'reserves');

  it('000 Reserves Table: nothing can arrive on turn 1 (first turn), so no prompt', () => {
    expect(reserves(1)).toEqual([]);
  });

  it('000 Reserves: a Squad is one selection (its members roll once together); 4+ on turn 2, 2+ from turn 4', () => {
    const [p] = reserves(2);
    expect(p).toMatchObject({ side: 'a', reinforcements: false, title: 'Reserves: Wolves', citation: '000 · Reserves / Reserves Table' });
    expect(p!.waiting.map((s) => s.name)).toEqual(['Veteran', 'Third Squad']);
    expect(p!.members['third']).toEqual(['third#1', 'third#2', 'third#3']);
    expect(p!.rolls.map((r) => [r.purpose, r.target?.atLeast])).toEqual([
      ['Reserves, turn 2: Veteran', 4],
      ['Reserves, turn 2: Third Squad', 4],
    ]);
    expect(reserves(7)[0]!.rolls.map((r) => r.target?.atLeast)).toEqual([2, 2]);
  });

  it("000 Reserves: the club's own table (House rules → Readings) decides the score needed", () => {
    const club: Ruleset = { ...battleHonoursPreset(), readings: { reservesArrivesOn: [5, 3] } };
    expect(reserves(1, club)[0]!.rolls[0]!.target).toMatchObject({ atLeast: 5 });
  });

  it('000 Reserves: resolved, the arrivals come on whole (members together), the rest stay; Deep Strike offered where allowed', () => {
    const out = resolvePrompt(reserves(2)[0]!, new PhysicalDice([[4], [3]]));
    expect(out).toMatchObject({ kind: 'reserves', arrive: ['vet'], stay: ['third#1', 'third#2', 'third#3'], mayDeepStrike: ['vet'], gameEnds: false });
    expect(out.text).toBe('Veteran: rolled 4, arrives. Third Squad: rolled 3, stays in reserve.');
  });

  it('004 Last Stand: "On every turn after the 1st, roll a d6 for every remaining reinforcement group. On a 3+ the group arrives"', () => {
    const lastStand = planGame(ruleset, { sides, mission: 'last-stand', attacker: 'a', optionalRules: NONE }, new PhysicalDice());
    const models = [
      ...wolvesAndOrks().filter((m) => m.side === 'a'),
      model('nob', 'b', { lastStandRole: 'defending', type: 'team-leader' }),
      model('boy1', 'b', { lastStandRole: 'reinforcement', state: 'reserve', reinforcementGroup: 'left', name: 'Boy 1' }),
      model('boy2', 'b', { lastStandRole: 'reinforcement', state: 'reserve', reinforcementGroup: 'left', name: 'Boy 2' }),
      model('grot', 'b', { lastStandRole: 'reinforcement', state: 'reserve', name: 'Grot' }),
    ];
    expect(only(turnPrompts(lastStand, { models }, 1, ruleset), 'reserves')).toEqual([]);
    const [p] = only(turnPrompts(lastStand, { models }, 2, ruleset), 'reserves') as ReservesPrompt[];
    expect(p).toMatchObject({ side: 'b', reinforcements: true, title: 'Reinforcements: Orks', citation: '004 · Mission 6: Last Stand / Special Rules' });
    expect(p!.rolls.map((r) => [r.purpose, r.target?.atLeast])).toEqual([
      ['Reserves, turn 2: Boy 1, Boy 2', 3],
      ['Reserves, turn 2: Grot', 3],
    ]);
    expect(resolvePrompt(p!, new PhysicalDice([[3], [2]]))).toMatchObject({ arrive: ['boy1', 'boy2'], stay: ['grot'] });
  });
});

describe('Night Fighting and Dusk & Dawn: the turns it is dark', () => {
  it('004 → 000 Night Fighting, read "every turn" (the default): one prompt on turn 1, none after', () => {
    const plan = skirmish();
    const [p] = turnPrompts(plan, { models: [] }, 1, ruleset);
    expect(p).toMatchObject({ kind: 'visibility', moment: 'turn-start', side: null, title: 'Night Fighting all game', citation: '000 · Night Fighting' });
    expect(p!.text).toContain('roll 2D6×3 once for the unit');
    expect(turnPrompts(plan, { models: [] }, 2, ruleset)).toEqual([]);
    expect(nightFightingOn(plan, 7).night).toBe(true);
  });

  it('000 Dusk & Dawn: before dawn — "the Night Fighting rules are used on Turn 1"; daylight is prompted on turn 2', () => {
    const plan = skirmish(nightWhenSaid, { optionalRules: { ...NONE, duskAndDawn: true } }, [[1], [1]]);
    expect(plan.duskAndDawn?.id).toBe('before-dawn');
    expect(turnPrompts(plan, { models: [] }, 1, nightWhenSaid)[0]).toMatchObject({ kind: 'visibility', title: 'Night Fighting this turn' });
    expect(turnPrompts(plan, { models: [] }, 2, nightWhenSaid)[0]).toMatchObject({ kind: 'visibility', title: 'Daylight', citation: '000 · Dusk & Dawn' });
    expect(turnPrompts(plan, { models: [] }, 3, nightWhenSaid)).toEqual([]);
  });

  it('000 Dusk & Dawn: at dusk — "on Turn 6 and any subsequent turns"; a daylight roll prompts nothing', () => {
    const dusk = skirmish(nightWhenSaid, { optionalRules: { ...NONE, duskAndDawn: true } }, [[6], [1]]);
    expect(turnPrompts(dusk, { models: [] }, 5, nightWhenSaid)).toEqual([]);
    expect(kinds(turnPrompts(dusk, { models: [] }, 6, nightWhenSaid))).toEqual(['visibility:-']);
    expect(turnPrompts(dusk, { models: [] }, 7, nightWhenSaid)).toEqual([]);
    expect(nightFightingOn(dusk, 5)).toEqual({ night: false, why: 'Dusk & Dawn: dusk falls on turn 6' });
    const day = skirmish(nightWhenSaid, { optionalRules: { ...NONE, duskAndDawn: true } }, [[3], [1]]);
    for (const turn of [1, 2, 6]) expect(turnPrompts(day, { models: [] }, turn, nightWhenSaid)).toEqual([]);
  });

  it('004 Weather: Blizzard — "Night Fighting rules are in effect during the entire game" — with the Weather on turn 1', () => {
    const plan = skirmish(nightWhenSaid, { optionalRules: { ...NONE, weather: true } }, [[1], [1]]);
    expect(plan.weather?.id).toBe('blizzard');
    const ps = turnPrompts(plan, { models: [] }, 1, nightWhenSaid);
    expect(kinds(ps)).toEqual(['visibility:-', 'weather:-']);
    expect(ps[0]!.title).toBe('Night Fighting all game');
    expect(ps[1]!.text).toContain('no one may run');
    expect(turnPrompts(plan, { models: [] }, 2, nightWhenSaid)).toEqual([]);
  });

  it('004 Weather: "3-5. Fine conditions: all normal rules apply" prompts nothing; Stormy is shown on turn 1 only', () => {
    const fine = skirmish(nightWhenSaid, { optionalRules: { ...NONE, weather: true } }, [[4], [1]]);
    expect(turnPrompts(fine, { models: [] }, 1, nightWhenSaid)).toEqual([]);
    const stormy = skirmish(nightWhenSaid, { optionalRules: { ...NONE, weather: true } }, [[2], [1]]);
    expect(turnPrompts(stormy, { models: [] }, 1, nightWhenSaid)[0]).toMatchObject({ kind: 'weather', citation: '004 · Weather' });
    expect(turnPrompts(stormy, { models: [] }, 2, nightWhenSaid)).toEqual([]);
  });

  it('nightFightingOn: never when the plan does not list Night Fighting', () => {
    const plan = skirmish();
    const bare = { ...plan, specialRules: plan.specialRules.filter((r) => r.id !== 'night-fighting') };
    expect(nightFightingOn(bare, 1).night).toBe(false);
    expect(turnPrompts(bare, { models: [] }, 1, ruleset)).toEqual([]);
  });
});

describe('the order of a turn: the start, the player with the first turn, the other player, the end', () => {
  it('004 Step 4 / Run Away! / 000 Reserves: the Orks took the first turn — their prompts come first, the last turn ends the list', () => {
    const plan = skirmish(ruleset, {}, [[6]]); // the Orks steal the initiative
    expect(plan.firstTurn.side).toBe('b');
    const models = withStates(wolvesAndOrks(), { boss: 'out', gunner: 'out', 'third#1': 'out', 'third#2': 'out', vet: 'reserve', boy: 'reserve' });
    expect(kinds(turnPrompts(plan, { models }, 10, ruleset))).toEqual(['reserves:b', 'run-away:a', 'reserves:a', 'last-turn:-']);
  });
});
