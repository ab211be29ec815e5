import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SeededDice } from '../dice';
import type { GameFacts, ModelFacts, Side } from '../hor/facts';
import type { MissionId } from '../hor/missions';
import { MISSION_IDS } from '../hor/missions';
import { battleHonoursPreset } from '../presets/battle-honours';
import type { Ruleset } from '../ruleset/schema';
import type { ApplyGameInput } from './apply';
import { applyGame } from './apply';
import { ProgressionEntry } from './entries';
import { projectModels } from './project';
import { voidGame } from './void';
import { filledLevels } from './test-helpers';

const RUNS = 1000;
const RULESETS: Ruleset[] = [battleHonoursPreset(), filledLevels()];

const modelArb = fc.record({
  type: fc.constantFrom('team-leader' as const, 'special' as const, 'core' as const),
  aliveAtEnd: fc.boolean(),
  squad: fc.boolean(),
  nonLearning: fc.boolean(),
  relicsCarried: fc.integer({ min: 0, max: 2 }),
  inEnemyDeploymentZone: fc.boolean(),
  withinSixOfDefenderCorner: fc.boolean(),
  destroyedObjectiveMarker: fc.boolean(),
  claimedObjective: fc.boolean(),
  bannerBearer: fc.boolean(),
  how: fc.constantFrom('shooting' as const, 'melee' as const, 'other' as const),
  killer: fc.option(fc.nat(), { nil: null }),
});

type GameSpec = {
  ruleset: number;
  missionId: MissionId;
  facts: GameFacts;
  winner: Side | 'draw';
  firstBlood: Side | null;
  kayfabe: [boolean, boolean];
  misadventure: [number, number];
  threats: [number, number];
};

const gameArb: fc.Arbitrary<GameSpec> = fc
  .record({
    ruleset: fc.integer({ min: 0, max: RULESETS.length - 1 }),
    missionId: fc.constantFrom(...MISSION_IDS),
    a: fc.array(modelArb, { minLength: 1, maxLength: 6 }),
    b: fc.array(modelArb, { minLength: 1, maxLength: 6 }),
    winner: fc.constantFrom('a' as const, 'b' as const, 'draw' as const),
    ending: fc.constantFrom<GameFacts['ending']>(
      { kind: 'turns' },
      { kind: 'run-away', side: 'a', voluntary: false },
      { kind: 'run-away', side: 'b', voluntary: true },
    ),
    firstBlood: fc.constantFrom('a' as const, 'b' as const, null),
    kayfabe: fc.tuple(fc.boolean(), fc.boolean()),
    misadventure: fc.tuple(fc.nat(6), fc.nat(6)),
    threats: fc.tuple(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 2, max: 5 })),
  })
  .map((g) => {
    const build = (side: Side, list: typeof g.a, enemies: number): ModelFacts[] =>
      list.map((r, i) => ({
        id: `${side}${i}`,
        side,
        type: r.type,
        squad: r.squad,
        nonLearning: r.nonLearning,
        aliveAtEnd: r.aliveAtEnd,
        relicsCarried: r.relicsCarried,
        inEnemyDeploymentZone: r.inEnemyDeploymentZone,
        withinSixOfDefenderCorner: r.withinSixOfDefenderCorner,
        destroyedObjectiveMarker: r.destroyedObjectiveMarker,
        claimedObjective: r.claimedObjective,
        bannerBearer: i === 0 && r.bannerBearer,
        outOfAction: r.aliveAtEnd ? null : { by: r.killer === null ? null : `${side === 'a' ? 'b' : 'a'}${r.killer % enemies}`, how: r.how },
      }));
    const a = build('a', g.a, g.b.length);
    const b = build('b', g.b, g.a.length);
    const casualties = (ms: ModelFacts[]) => ms.filter((x) => !x.aliveAtEnd).length;
    return {
      ruleset: g.ruleset,
      missionId: g.missionId,
      facts: { models: [...a, ...b], ending: g.ending, attacker: 'a' as const },
      winner: g.winner,
      firstBlood: g.firstBlood,
      kayfabe: g.kayfabe,
      misadventure: [Math.min(g.misadventure[0], casualties(a)), Math.min(g.misadventure[1], casualties(b))],
      threats: g.threats,
    };
  });

const toInput = (g: GameSpec, gameId: string): ApplyGameInput => ({
  gameId,
  ruleset: RULESETS[g.ruleset] as Ruleset,
  missionId: g.missionId,
  facts: g.facts,
  winner: g.winner,
  awards: {
    a: { firstBlood: g.firstBlood === 'a', kayfabe: g.kayfabe[0], misadventureLosses: g.misadventure[0] },
    b: { firstBlood: g.firstBlood === 'b', kayfabe: g.kayfabe[1], misadventureLosses: g.misadventure[1] },
  },
  teams: { a: { team: 'team-a', threat: g.threats[0] }, b: { team: 'team-b', threat: g.threats[1] } },
});

describe('properties of the progression ledger (fast-check, 1,000 runs)', () => {
  it('docs/progression.md rule 5 (dice "seeded, logged"): the same seed gives the same entries', () => {
    fc.assert(
      fc.property(gameArb, fc.string(), (g, seed) => {
        const first = applyGame(toInput(g, 'g1'), SeededDice.fromSeed(seed));
        const second = applyGame(toInput(g, 'g1'), SeededDice.fromSeed(seed));
        expect(second).toEqual(first);
      }),
      { numRuns: RUNS },
    );
  });

  it('docs/architecture.md "Voiding a game reverses exactly its entries": apply then void is the identity on the projection', () => {
    fc.assert(
      fc.property(gameArb, gameArb, fc.string(), (g1, g2, seed) => {
        const dice = SeededDice.fromSeed(seed);
        const before = applyGame(toInput(g1, 'g1'), dice);
        const after = [...before, ...applyGame({ ...toInput(g2, 'g2'), ruleset: RULESETS[g1.ruleset] as Ruleset }, dice)];
        expect(projectModels(voidGame(after, 'g2'))).toEqual(projectModels(before));
      }),
      { numRuns: RUNS },
    );
  });

  it('docs/progression.md: EXP and requisition are never negative; every entry parses with the versioned schema', () => {
    fc.assert(
      fc.property(gameArb, fc.string(), (g, seed) => {
        const entries = applyGame(toInput(g, 'g1'), SeededDice.fromSeed(seed));
        for (const e of entries) {
          expect(ProgressionEntry.parse(e)).toEqual(e);
          if ('amount' in e) expect(e.amount).toBeGreaterThanOrEqual(0);
        }
        const p = projectModels(entries);
        for (const m of Object.values(p.models)) expect(m.exp).toBeGreaterThanOrEqual(0);
        for (const t of Object.values(p.teams)) {
          expect(t.req).toBeGreaterThanOrEqual(0);
          expect(t.req).toBe(t.earned - t.spent);
        }
        // Seed 004 "Non-Learning": never gains EXP.
        const nonLearning = new Set(g.facts.models.filter((x) => x.nonLearning).map((x) => x.id));
        expect(entries.filter((e) => e.kind === 'exp.gained' && nonLearning.has(e.model))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
