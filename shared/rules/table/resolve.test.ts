import { describe, expect, it } from 'vitest';
import { PhysicalDice, PhysicalDiceError, SeededDice } from '../dice';
import { planGame } from '../game/plan';
import { withOptionalRules } from '../game/optional-rules';
import type { GamePlan } from '../game/plan';
import type { Ruleset } from '../ruleset/schema';
import { battleHonoursPreset } from '../presets';
import { RunAwayError } from '../hor/run-away';
import { facesOf, physicalDiceFor, resolvePrompt, turnPrompts } from './prompts';
import type { TablePrompt } from './prompt-types';
import { NONE, model, nightWhenSaid, ruleset, sides, skirmish, withStates, wolvesAndOrks } from './test-helpers';

const kinds = (ps: readonly TablePrompt[]) => ps.map((p) => `${p.kind}:${p.side ?? '-'}`);
const first = <K extends TablePrompt['kind']>(ps: readonly TablePrompt[], kind: K) => ps.find((p) => p.kind === kind) as TablePrompt & { kind: K };
const withTwist = (id: string): GamePlan => ({ ...skirmish(nightWhenSaid), twist: { id, text: `${id} text` } });

describe('004 Run Away!: "roll 2D6. If the score is equal to or less than the Team Leader\'s unmodified Leadership, the player has passed"', () => {
  const models = withStates(wolvesAndOrks(), { gunner: 'out', 'third#1': 'out', 'third#2': 'out', 'third#3': 'out' });
  const prompt = () => first(turnPrompts(skirmish(), { models }, 3, ruleset), 'run-away');

  it('004 Run Away!: 8 against Leadership 8 passes; 9 fails and "the game ends"', () => {
    expect(resolvePrompt(prompt(), physicalDiceFor(prompt(), [4, 4]))).toMatchObject({ kind: 'run-away', passed: true, gameEnds: false });
    const failed = resolvePrompt(prompt(), physicalDiceFor(prompt(), [5, 4]));
    expect(failed).toMatchObject({ kind: 'run-away', passed: false, gameEnds: true });
    expect(failed.rolls[0]).toMatchObject({ purpose: 'Run Away! test, Wolves', faces: [5, 4], source: 'physical' });
  });

  it('004 Run Away!: a voluntary failure is refused in words unless under 25% remains', () => {
    expect(() => resolvePrompt(prompt(), new PhysicalDice([[2, 2]]), { voluntaryFail: true })).toThrow(RunAwayError);
    const last = withStates(models, { boss: 'out', vet: 'out' });
    const p = first(turnPrompts(skirmish(), { models: last }, 3, ruleset), 'run-away');
    expect(resolvePrompt(p, new PhysicalDice(), { voluntaryFail: true })).toMatchObject({ passed: false, gameEnds: true, rolls: [] });
  });

  it("physical dice: the faces typed in must match the prompt's dice, in words, before anything is rolled", () => {
    expect(() => physicalDiceFor(prompt(), [6])).toThrow(PhysicalDiceError);
    expect(() => physicalDiceFor(prompt(), [6])).toThrow('Run Away! test: Wolves needs 2 dice (2D6), but 1 was typed in.');
    // App dice: the same prompt resolves from a seed.
    expect(resolvePrompt(prompt(), SeededDice.fromSeed('g')).rolls[0]).toMatchObject({ source: 'app', expression: '2D6' });
  });

  it("app dice read back from the table's log: the faces a resolved prompt kept resolve it the same way, still the app's", () => {
    const models = withStates(wolvesAndOrks(), { vet: 'reserve', 'third#1': 'reserve', 'third#2': 'reserve', 'third#3': 'reserve' });
    const debris = turnPrompts(withTwist('orbital-debris'), { models }, 3, nightWhenSaid);
    const all = [...debris, ...turnPrompts(skirmish(), { models }, 3, ruleset)];
    for (const [i, p] of all.entries()) {
      const done = resolvePrompt(p, SeededDice.fromSeed(`game-7|${i}`));
      expect(resolvePrompt(p, physicalDiceFor(p, facesOf(done), 'app'))).toEqual(done);
      for (const f of done.followUps) {
        const again = resolvePrompt(f, SeededDice.fromSeed(`game-7|${f.id}`));
        expect(resolvePrompt(f, physicalDiceFor(f, facesOf(again), 'app'))).toEqual(again);
      }
    }
    const [wounds] = resolvePrompt(first(debris, 'orbital-debris'), new PhysicalDice([[6, 6, 1]])).followUps;
    const d3 = resolvePrompt(wounds!, SeededDice.fromSeed('game-7|wounds'));
    expect(resolvePrompt(wounds!, physicalDiceFor(wounds!, facesOf(d3), 'app'))).toEqual(d3);
    expect(() => physicalDiceFor(first(debris, 'orbital-debris'), [])).toThrow('Orbital Debris needs 3 dice (3D6), but 0 were typed in.');
  });
});

describe('game length: the last turn, and the rolls after the stated turns', () => {
  it('004 Step 5: "once both players have completed 10 turns" — turn 10 says so at its end; turn 9 says nothing', () => {
    const plan = skirmish();
    expect(turnPrompts(plan, { models: [] }, 9, ruleset)).toEqual([]);
    const [last] = turnPrompts(plan, { models: [] }, 10, ruleset);
    expect(last).toMatchObject({ kind: 'last-turn', moment: 'turn-end', rolls: [], citation: '004 · Step 5 - Ending the Game' });
    expect(resolvePrompt(last!, new PhysicalDice())).toMatchObject({ kind: 'noted', gameEnds: true });
  });

  it('000 Random Game Length: "On a 4, 5 or 6 a further turn is played" after turn 10, up to three extra turns', () => {
    const random: Ruleset = { ...battleHonoursPreset(), readings: { gameLength: 'random-game-length' } };
    const plan = skirmish(random);
    expect(plan.turns).toBe(13);
    expect(turnPrompts(plan, { models: [] }, 9, random)).toEqual([]);
    const at10 = first(turnPrompts(plan, { models: [] }, 10, random), 'game-length');
    expect(at10.rolls).toEqual([
      { purpose: 'Random Game Length, end of turn 10', expression: 'D6', count: 1, target: { atLeast: 4, meaning: 'a further turn is played' } },
    ]);
    expect(resolvePrompt(at10, new PhysicalDice([[4]]))).toMatchObject({ kind: 'game-length', continues: true, gameEnds: false });
    const at12 = first(turnPrompts(plan, { models: [] }, 12, random), 'game-length');
    expect(resolvePrompt(at12, new PhysicalDice([[3]]))).toMatchObject({ continues: false, gameEnds: true });
    expect(kinds(turnPrompts(plan, { models: [] }, 13, random))).toEqual(['last-turn:-']);
  });

  it('003 BATTLE LENGTH: after round 5 the first-turn player rolls (3+), after round 6 the other (4+), always over after round 7', () => {
    const club = withOptionalRules(battleHonoursPreset(), { 'club-8th-missions': true });
    const plan = planGame(club, { sides, mission: 'vital-intelligence', firstTurnChoice: 'take', optionalRules: NONE }, new PhysicalDice([[5], [2], [3]]));
    const ft = plan.firstTurn.side;
    expect(turnPrompts(plan, { models: [] }, 4, club)).toEqual([]);
    const r5 = first(turnPrompts(plan, { models: [] }, 5, club), 'game-length');
    expect(r5).toMatchObject({ side: ft, citation: '003 · BATTLE LENGTH' });
    expect(r5.rolls[0]!.target).toMatchObject({ atLeast: 3 });
    expect(resolvePrompt(r5, new PhysicalDice([[2]]))).toMatchObject({ continues: false, gameEnds: true });
    const r6 = first(turnPrompts(plan, { models: [] }, 6, club), 'game-length');
    expect(r6.side).toBe(ft === 'a' ? 'b' : 'a');
    expect(resolvePrompt(r6, new PhysicalDice([[4]]))).toMatchObject({ continues: true });
    expect(kinds(turnPrompts(plan, { models: [] }, 7, club))).toEqual(['last-turn:-']);
  });
});

describe('003 Twist: the effects that act at the start of a turn', () => {
  it('003 Twist 3 Acid Rain: it rains in the first battle round; from the second, a 4+ stops it or starts it again', () => {
    const plan = withTwist('acid-rain');
    expect(kinds(turnPrompts(plan, { models: [] }, 1, nightWhenSaid))).toEqual(['twist:-']);
    expect(turnPrompts(plan, { models: [] }, 1, nightWhenSaid)[0]!.text).toContain('It rains in the first battle round.');
    const r2 = first(turnPrompts(plan, { models: [] }, 2, nightWhenSaid), 'acid-rain');
    expect(r2.rolls[0]).toMatchObject({ purpose: 'Acid Rain, start of battle round 2', target: { atLeast: 4, meaning: 'the rain stops' } });
    expect(resolvePrompt(r2, new PhysicalDice([[5]]))).toMatchObject({ kind: 'acid-rain', raining: false });
    const r3 = first(turnPrompts(plan, { models: [], twist: { raining: false } }, 3, nightWhenSaid), 'acid-rain');
    expect(resolvePrompt(r3, new PhysicalDice([[3]]))).toMatchObject({ raining: false });
    // Replayed from the table's answers: round 2's 5 stopped the rain, round 3's 4 started it again, round 4's 1 kept it.
    const answered = { [r2.id]: { faces: [5] }, [r3.id]: { faces: [4] }, 't4-turn-start-both-acid-rain': { faces: [1] } };
    expect(first(turnPrompts(plan, { models: [], answered }, 3, nightWhenSaid), 'acid-rain').raining).toBe(false);
    expect(first(turnPrompts(plan, { models: [], answered }, 5, nightWhenSaid), 'acid-rain')).toMatchObject({
      raining: true,
      rolls: [{ target: { meaning: 'the rain stops' } }],
    });
  });

  it('003 Twist 11 Dead of Night: 12" at first; the first-turn player rolls each later round, each 4+ adds 6"', () => {
    const plan = withTwist('dead-of-night');
    const r3 = first(turnPrompts(plan, { models: [], twist: { deadOfNightSuccesses: 1 } }, 3, nightWhenSaid), 'dead-of-night');
    expect(r3).toMatchObject({ side: plan.firstTurn.side, successes: 1 });
    expect(resolvePrompt(r3, new PhysicalDice([[4]]))).toMatchObject({ kind: 'dead-of-night', successes: 2, maxRangeInches: 24 });
    const r2 = first(turnPrompts(plan, { models: [] }, 2, nightWhenSaid), 'dead-of-night');
    const answered = { [r2.id]: { faces: [6] }, [r3.id]: { faces: [2] } };
    expect(first(turnPrompts(plan, { models: [], answered }, 4, nightWhenSaid), 'dead-of-night')).toMatchObject({ successes: 1 });
    expect(first(turnPrompts(plan, { models: [], answered }, 4, nightWhenSaid), 'dead-of-night').text).toContain('grows from 18" to 24"');
  });

  it('003 Twist 2 Restoratives: each player "may pick a friendly unit at the start of their turn" — a D3, optional', () => {
    const ps = turnPrompts(withTwist('restoratives'), { models: [] }, 4, nightWhenSaid);
    expect(kinds(ps)).toEqual(['restoratives:a', 'restoratives:b']);
    expect(ps[0]).toMatchObject({ optional: true });
    expect(resolvePrompt(ps[1]!, new PhysicalDice([[2]]))).toMatchObject({ kind: 'restoratives', woundsRegained: 2 });
  });

  it('003 Twist 9 Orbital Debris: 3 dice each turn; each 6 is a D3 of mortal wounds (a follow-up), none without a 6', () => {
    const [p] = turnPrompts(withTwist('orbital-debris'), { models: [] }, 2, nightWhenSaid);
    expect(p!.rolls[0]).toMatchObject({ expression: '3D6', count: 3, purpose: 'Orbital Debris: Wolves' });
    const out = resolvePrompt(p!, new PhysicalDice([[6, 2, 6]]));
    expect(out).toMatchObject({ kind: 'orbital-debris', sixes: 2 });
    const [wounds] = out.followUps;
    expect(wounds!.rolls.map((r) => r.expression)).toEqual(['D3', 'D3']);
    expect(resolvePrompt(wounds!, physicalDiceFor(wounds!, [1, 3]))).toMatchObject({ kind: 'orbital-debris-wounds', mortalWounds: [1, 3] });
    expect(resolvePrompt(p!, new PhysicalDice([[1, 2, 5]])).followUps).toEqual([]);
  });

  it('003 Twist 10 Fog of War: an arriving unit rolls "the first time": on a 1 or 2 it arrives in the following turn, without a roll', () => {
    const plan = withTwist('fog-of-war');
    const models = withStates(wolvesAndOrks(), { vet: 'reserve', gunner: 'reserve' });
    const reserves = first(turnPrompts(plan, { models }, 3, nightWhenSaid), 'reserves');
    const arrived = resolvePrompt(reserves, new PhysicalDice([[5], [3]]));
    expect(arrived).toMatchObject({ arrive: [], stay: [] });
    const [fog] = arrived.followUps;
    expect(fog).toMatchObject({ kind: 'fog-of-war', citation: '003 · Twist 10 Fog of War' });
    const fogged = resolvePrompt(fog!, new PhysicalDice([[2], [6]]));
    expect(fogged).toMatchObject({ kind: 'fog-of-war', arrive: ['gunner'], delayed: ['vet'], delayedTo: 4 });
    const next = first(
      turnPrompts(plan, { models: models.map((m) => (m.id === 'vet' ? { ...m, fogDelayedTo: 4 } : m)).filter((m) => m.id !== 'gunner') }, 4, nightWhenSaid),
      'reserves',
    );
    expect(next.rolls).toEqual([]);
    expect(resolvePrompt(next, new PhysicalDice())).toMatchObject({ arrive: ['vet'], followUps: [] });
  });

  it('003 Twist 12 Meeting Battle: the second contingent on turn 2 and the third on turn 3, for each player', () => {
    const plan = withTwist('meeting-battle');
    expect(turnPrompts(plan, { models: [] }, 1, nightWhenSaid)).toEqual([]);
    expect(kinds(turnPrompts(plan, { models: [] }, 2, nightWhenSaid))).toEqual(['meeting-battle:a', 'meeting-battle:b']);
    expect(turnPrompts(plan, { models: [] }, 3, nightWhenSaid)[0]!.title).toBe('Meeting Battle: the third contingent');
    expect(turnPrompts(plan, { models: [] }, 4, nightWhenSaid)).toEqual([]);
  });

  it('003 Twist 4–8: a whole-game effect (Warp Storm) is shown on turn 1 only, and only noted', () => {
    const plan = withTwist('warp-storm');
    const [p] = turnPrompts(plan, { models: [] }, 1, nightWhenSaid);
    expect(p).toMatchObject({ kind: 'twist', text: 'warp-storm text' });
    expect(resolvePrompt(p!, new PhysicalDice())).toMatchObject({ kind: 'noted', gameEnds: false, rolls: [] });
    expect(turnPrompts(plan, { models: [] }, 2, nightWhenSaid)).toEqual([]);
    expect(turnPrompts({ ...plan, twist: { id: 'a-club-twist', text: 'x' } }, { models: [model('x', 'a')] }, 1, nightWhenSaid)).toEqual([]);
  });
});
