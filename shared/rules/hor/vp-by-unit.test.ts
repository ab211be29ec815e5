/**
 * Issue 30 item 7: 000's Victory Points by unit and its Margin of Victory, chosen by a club's mission (MissionScoring
 * `victoryPoints: 'by-unit'`, `marginOfVictory`). Each case cites the seed sentence it applies.
 */
import { describe, expect, it } from 'vitest';
import type { GameFacts, ModelFacts } from './facts';
import { unitVictoryPoints } from './vp-by-unit';
import { scoreMission } from './scoring';
import { missionScoring, scoringData, scoringWords } from './mission-scoring';
import type { Mission } from '../ruleset/schema';

const model = (id: string, side: 'a' | 'b', unitPoints: number, extra: Partial<ModelFacts> = {}): ModelFacts => ({
  id,
  side,
  type: 'core',
  aliveAtEnd: true,
  unitPoints,
  ...extra,
});
const dead = { aliveAtEnd: false, outOfAction: null } as const;
const facts = (models: ModelFacts[]): GameFacts => ({ ending: { kind: 'turns' }, models });
/** A squad of `size` members with `alive` of them left, worth `points` together. */
const squad = (id: string, side: 'a' | 'b', points: number, size: number, alive: number): ModelFacts[] =>
  Array.from({ length: size }, (_, i) => model(`${id}#${i + 1}`, side, points, { unit: id, squad: true, ...(i < alive ? {} : dead) }));

/** A club mission scoring 000's Victory Points by unit (and, when asked, its Margin of Victory). */
const mission = (margin = false): Mission => ({
  id: 'purge',
  name: 'Purge',
  summary: 'Destroy the enemy.',
  specialRules: [],
  setup: [],
  counters: [],
  victoryPoints: [],
  // No secondary objectives here: only the units' VP.
  secondaryOverrides: { assassination: 0, 'lead-from-the-front': 0, survival: 0, destroyer: 0, 'come-back-you-cowards': 0 },
  endingConditions: [],
  automaticWins: [],
  bonusExperience: [],
  requisition: [],
  scoring: { victoryPoints: 'by-unit', ...(margin ? { marginOfVictory: true } : {}) },
  citation: { source: 'house rule', section: 'Purge' },
});

describe('000 Victory Points: "A unit is worth as many Victory Points as its points cost"', () => {
  it('000 Victory Points Table, Non-vehicle unit, "Destroyed … Full points value": a dead model gives its points to the opponent', () => {
    const lines = unitVictoryPoints(facts([model('a-boss', 'a', 60), model('b-sarge', 'b', 45, dead)]), []);
    expect(lines).toEqual([
      { side: 'a', vp: 45, reason: 'Victory Points by unit: {model:b-sarge} was destroyed: its 45 points.', citation: '000 · Victory Points Table' },
    ]);
  });

  it('"At least 50% strength … None", "Less than 50% strength … 1/2 points value": a Squad is one unit, counted by its members', () => {
    // 5 of 10 left: at least 50%, nothing; 4 of 10 left: half of 50 pts.
    expect(unitVictoryPoints(facts(squad('third', 'b', 50, 10, 5)), [])).toEqual([]);
    expect(unitVictoryPoints(facts(squad('third', 'b', 50, 10, 4)), [])).toMatchObject([
      { side: 'a', vp: 25, reason: 'Victory Points by unit: {model:third} is below 50% strength (4 of 10 models left): half its 50 points, 25 VP.' },
    ]);
    // The whole squad dead: its points once, not once per member.
    expect(unitVictoryPoints(facts(squad('third', 'b', 50, 10, 0)), []).map((l) => l.vp)).toEqual([50]);
  });

  it('"1/2 points value" of an odd points cost is rounded up to a whole VP (reading: 000 gives no rounding)', () => {
    expect(unitVictoryPoints(facts(squad('vets', 'a', 45, 3, 1)), []).map((l) => [l.side, l.vp])).toEqual([['b', 23]]);
  });

  it('"Destroyed, off-table or Falling Back": a unit still in reserve at the end is off-table, full points value', () => {
    const lines = unitVictoryPoints(facts([model('a-scout', 'a', 30, { notArrived: true }), model('b-1', 'b', 20)]), []);
    expect(lines).toMatchObject([
      { side: 'b', vp: 30, reason: 'Victory Points by unit: {model:a-scout} is still in reserve at the end (off-table): its 30 points.' },
    ]);
  });

  it('a unit without its points value is refused in words, never guessed', () => {
    const problems: string[] = [];
    const noPoints: ModelFacts = { id: 'b-1', side: 'b', type: 'core', aliveAtEnd: false };
    expect(unitVictoryPoints(facts([noPoints]), problems)).toEqual([]);
    expect(problems[0]).toMatch(/^Victory Points by unit need each unit's points value: none is recorded for \{model:b-1\}/);
  });

  it('"In addition, achieving the mission objective will score Victory Points": the units\' VP are added to the mission\'s own', () => {
    const withRelics: Mission = {
      ...mission(),
      counters: [{ kind: 'relic', count: 2, placement: 'Centre.' }],
      scoring: { victoryPoints: 'by-unit', vpPerRelic: 10 },
    };
    const f: GameFacts = { ...facts([model('a-1', 'a', 20, { relicsCarried: 1 }), model('b-1', 'b', 35, dead)]), relicCount: 2 };
    expect(scoreMission(withRelics, f).vp).toEqual({ a: 45, b: 0 });
  });

  it('a mission that does not choose them scores no unit VP (every seed-004 mission): its scoring data is unchanged', () => {
    expect(missionScoring({ id: 'skirmish' })).toMatchObject({ victoryPointsByUnit: false, marginOfVictory: false });
    expect(scoringData(missionScoring({ id: 'skirmish' }))).toEqual({ attackerAndDefender: false, automaticWin: 'none' });
    expect(scoringData(missionScoring(mission(true)))).toMatchObject({ victoryPoints: 'by-unit', marginOfVictory: true });
    expect(scoringWords(missionScoring(mission(true)))).toHaveLength(2);
  });
});

describe('000 Margin of Victory decides a mission that chooses it', () => {
  const game = (bLost: number) => facts([model('a-1', 'a', 100), model('b-1', 'b', bLost, dead), model('b-2', 'b', 100)]);

  it('"A difference of less than 10% of the points limit is a Draw" (exactly 10% too, as the printed chart): 25 VP apart at 250 pts', () => {
    const score = scoreMission(mission(true), game(25), { pointsLimit: 250 });
    expect(score.vp).toEqual({ a: 25, b: 0 });
    expect(score.outcome).toEqual({ kind: 'draw', reason: '25 VP apart, 10% of the 250-point limit: a Draw (000 · Margin of Victory).' });
    // Without the Margin of Victory the most VP wins.
    expect(scoreMission(mission(false), game(25)).outcome).toMatchObject({ kind: 'win', winner: 'a' });
  });

  it('"A difference of more than 10% and up to 50% is a Solid Victory"; "more than 80% is a Victorious Slaughter!"', () => {
    expect(scoreMission(mission(true), game(26), { pointsLimit: 250 }).outcome).toEqual({
      kind: 'win',
      winner: 'a',
      automatic: false,
      reason: 'Player A has the most VPs (26 to 0), 26 VP apart, 10.4% of the 250-point limit: Solid Victory (000 · Margin of Victory).',
    });
    expect(scoreMission(mission(true), game(201), { pointsLimit: 250 }).outcome).toMatchObject({
      winner: 'a',
      reason: expect.stringContaining('Victorious Slaughter!'),
    });
  });

  it('only a game with a points limit is measured (game/score.ts always gives one): a check of the facts alone uses the most VP', () => {
    expect(scoreMission(mission(true), game(25)).outcome).toMatchObject({ kind: 'win', winner: 'a' });
  });
});
