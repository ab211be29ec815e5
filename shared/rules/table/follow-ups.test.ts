import { describe, expect, it } from 'vitest';
import { PhysicalDice } from '../dice';
import type { GamePlan } from '../game/plan';
import type { ModelReport } from '../game/report';
import { visibilityBadge } from './conditions';
import { FollowUpSeed, followUpOf, followUpSeedOf } from './follow-ups';
import { physicalDiceFor, resolvePrompt, turnPrompts } from './prompts';
import type { PromptModel, TablePrompt } from './prompt-types';
import { foldTable, tableModelsOf } from './state';
import { TableEvent } from './taps';
import { NONE, nightWhenSaid, ruleset, skirmish, withStates, wolvesAndOrks } from './test-helpers';

const withTwist = (id: string): GamePlan => ({ ...skirmish(nightWhenSaid), twist: { id, text: `${id} text` } });
const first = <K extends TablePrompt['kind']>(ps: readonly TablePrompt[], kind: K) => ps.find((p) => p.kind === kind) as TablePrompt & { kind: K };
/** What the table's log keeps of an answer (JSON, read back through the tap's schema), as main writes it. */
const kept = (p: TablePrompt, faces: number[], followUps: TablePrompt[]) =>
  TableEvent.parse(
    JSON.parse(JSON.stringify({ kind: 'prompt', key: p.id, turn: p.turn, faces, followUps: followUps.map(followUpSeedOf).filter((s) => s !== null) })),
  ) as Extract<TableEvent, { kind: 'prompt' }>;

describe('003 Twist 10 Fog of War: "roll a dice the first time it does so. On a 1 or 2, it is delayed"', () => {
  const plan = withTwist('fog-of-war');
  const models = withStates(wolvesAndOrks(), { vet: 'reserve', gunner: 'reserve' });
  const reserves = first(turnPrompts(plan, { models }, 3, nightWhenSaid), 'reserves');
  const arrived = resolvePrompt(reserves, new PhysicalDice([[5], [3]]));

  it('is asked after the Reserves roll that brought units on, from what the log kept, right after it', () => {
    const [fog] = arrived.followUps;
    const seed = FollowUpSeed.parse(followUpSeedOf(fog!));
    expect(followUpOf(reserves.id, 3, seed)).toEqual(fog);
    const event = kept(reserves, [5, 3], arrived.followUps);
    const answered = { [reserves.id]: event };
    const ps = turnPrompts(plan, { models, answered }, 3, nightWhenSaid);
    expect(ps.map((p) => p.kind)).toEqual(['reserves', 'fog-of-war']);
    expect(ps[1]).toEqual(fog);
    expect(ps[1]!.rolls.map((r) => r.purpose)).toEqual(['Fog of War: Veteran', 'Fog of War: Gunner']);
    // Only in the turn it was answered in.
    expect(turnPrompts(plan, { models, answered }, 4, nightWhenSaid).some((p) => p.kind === 'fog-of-war')).toBe(false);
  });

  it('with the dice typed in, a 1 or 2 delays the unit: it stays in reserve and arrives the following turn without a roll', () => {
    const fog = arrived.followUps[0]!;
    const out = resolvePrompt(fog, physicalDiceFor(fog, [2, 6]));
    expect(out).toMatchObject({ kind: 'fog-of-war', arrive: ['gunner'], delayed: ['vet'], delayedTo: 4 });
    const report: ModelReport[] = wolvesAndOrks().map((m) => ({ id: m.id, side: m.side, type: m.type, tookPart: true, aliveAtEnd: true }));
    const log: TableEvent[] = [
      { kind: 'turn', turn: 3 },
      { kind: 'state', model: 'vet', state: 'reserve' },
      { kind: 'state', model: 'gunner', state: 'reserve' },
      { kind: 'prompt', key: fog.id, turn: 3, faces: [2, 6], arrive: ['gunner'], delay: ['vet'], delayedTo: 4 },
    ];
    const state = foldTable(tableModelsOf(report), log);
    expect(state.models.find((m) => m.id === 'vet')).toMatchObject({ state: 'reserve', delayedTo: 4 });
    expect(state.models.find((m) => m.id === 'gunner')).toMatchObject({ state: 'in-play', delayedTo: null });
    // Put back in play by hand: no longer delayed.
    expect(foldTable(tableModelsOf(report), [...log, { kind: 'state', model: 'vet', state: 'in-play' }]).models.find((m) => m.id === 'vet')?.delayedTo).toBe(
      null,
    );
    const next: PromptModel[] = models.filter((m) => m.id !== 'gunner').map((m) => (m.id === 'vet' ? { ...m, fogDelayedTo: 4 } : m));
    const at4 = first(turnPrompts(plan, { models: next }, 4, nightWhenSaid), 'reserves');
    expect(at4.rolls).toEqual([]);
    expect(resolvePrompt(at4, physicalDiceFor(at4, []))).toMatchObject({ arrive: ['vet'], followUps: [] });
  });

  it('nothing arrived, nothing to ask', () => {
    const none = resolvePrompt(reserves, new PhysicalDice([[1], [2]]));
    expect(none.followUps).toEqual([]);
    expect(kept(reserves, [1, 2], none.followUps).followUps).toEqual([]);
  });
});

describe('003 Twist 9 Orbital Debris: "For each roll of 6, they may pick a separate enemy unit and inflict D3 mortal wounds"', () => {
  const plan = withTwist('orbital-debris');
  const [debris] = turnPrompts(plan, { models: [] }, 2, nightWhenSaid);

  it('two sixes: a D3 for each of two enemy units, asked right after the 3 dice', () => {
    const out = resolvePrompt(debris!, new PhysicalDice([[6, 3, 6]]));
    const answered = { [debris!.id]: kept(debris!, [6, 3, 6], out.followUps) };
    const ps = turnPrompts(plan, { models: [], answered }, 2, nightWhenSaid);
    expect(ps.map((p) => p.kind)).toEqual(['orbital-debris', 'orbital-debris-wounds', 'orbital-debris']);
    const wounds = ps[1]!;
    expect(wounds).toMatchObject({ title: 'Orbital Debris: mortal wounds', citation: '003 · Twist 9 Orbital Debris', sixes: 2 });
    expect(wounds.text).toContain('Pick 2 separate enemy units');
    expect(resolvePrompt(wounds, physicalDiceFor(wounds, [3, 1]))).toMatchObject({ kind: 'orbital-debris-wounds', mortalWounds: [3, 1] });
    expect(() => physicalDiceFor(wounds, [3])).toThrow('Orbital Debris: mortal wounds needs 2 dice (D3, D3), but 1 was typed in.');
  });

  it('no six: no follow-up', () => {
    const out = resolvePrompt(debris!, new PhysicalDice([[1, 5, 4]]));
    const answered = { [debris!.id]: kept(debris!, [1, 5, 4], out.followUps) };
    expect(turnPrompts(plan, { models: [], answered }, 2, nightWhenSaid).map((p) => p.kind)).toEqual(['orbital-debris', 'orbital-debris']);
  });
});

describe('the Night Fighting badge: 000 "Roll 2D6 and multiply the result by 3, rolling once per unit"', () => {
  it('000 Dusk & Dawn at dusk: "the Night Fighting rules are used on Turn 6 and any subsequent turns"', () => {
    const dusk = skirmish(nightWhenSaid, { optionalRules: { ...NONE, duskAndDawn: true } }, [[6], [1]]);
    expect(visibilityBadge(dusk, 5)).toBeNull();
    expect(visibilityBadge(dusk, 6)).toEqual({
      title: 'Night Fighting',
      why: 'Dusk & Dawn: the battle started at dusk',
      distance: '2D6 × 3" per unit (6" to 36")',
    });
    expect(visibilityBadge(dusk, 8)).not.toBeNull();
  });

  it('000 Dusk & Dawn before dawn: "Night Fighting rules are used on Turn 1" — and it goes on turn 2', () => {
    const dawn = skirmish(nightWhenSaid, { optionalRules: { ...NONE, duskAndDawn: true } }, [[1], [1]]);
    expect(visibilityBadge(dawn, 0)).toBeNull();
    expect(visibilityBadge(dawn, 1)?.why).toBe('Dusk & Dawn: the battle starts before dawn');
    expect(visibilityBadge(dawn, 2)).toBeNull();
  });

  it('004 Blizzard: "Night Fighting rules are in effect during the entire game"; the club\'s every-turn reading too; none without it', () => {
    const blizzard = skirmish(nightWhenSaid, { optionalRules: { ...NONE, weather: true } }, [[1], [1]]);
    expect(visibilityBadge(blizzard, 9)?.why).toBe('Blizzard: Night Fighting for the entire game');
    expect(visibilityBadge(skirmish(ruleset), 3)?.why).toBe('the club plays Night Fighting on every turn');
    expect(visibilityBadge(skirmish(nightWhenSaid), 3)).toBeNull();
  });
});
