import { describe, expect, it } from 'vitest';
import type { ModelReport } from '../game/report';
import { reportModelsOf } from '../game/squads';
import type { TableEvent } from './taps';
import { effectiveTaps, foldTable, sideCounts, tableModelsOf, tapProblem } from './state';

const leader = (side: 'a' | 'b'): ModelReport => ({ id: `${side}-boss`, side, name: `Boss ${side}`, type: 'team-leader', tookPart: true, aliveAtEnd: true });
const squad = (side: 'a' | 'b', size: number) =>
  reportModelsOf({ modelId: `${side}-squad`, name: 'Squad', entryName: 'Guardsman Squad', category: 'squad', squadSize: size, specialRules: [] }, side);
const start = () => tableModelsOf([leader('a'), ...squad('a', 3), leader('b'), { id: 'b-left', side: 'b', type: 'core', tookPart: false, aliveAtEnd: true }]);

describe('the table state is a fold of the taps (issue 33)', () => {
  it('starts with every model that took part in play, a Squad as its members, before the first turn', () => {
    const s = foldTable(start(), []);
    expect(s.turn).toBe(0);
    expect(s.models.map((m) => [m.id, m.state, m.squad])).toEqual([
      ['a-boss', 'in-play', null],
      ['a-squad#1', 'in-play', 'a-squad'],
      ['a-squad#2', 'in-play', 'a-squad'],
      ['a-squad#3', 'in-play', 'a-squad'],
      ['b-boss', 'in-play', null],
    ]);
  });

  it('a casualty in one tap records the model, who took it out and the turn; the same log folds to the same state', () => {
    const log: TableEvent[] = [
      { kind: 'turn', turn: 1 },
      { kind: 'turn', turn: 2 },
      { kind: 'casualty', model: 'a-squad#2', by: 'b-boss' },
      { kind: 'casualty', model: 'a-squad#3', by: null },
    ];
    const s = foldTable(start(), log);
    expect(s.models.find((m) => m.id === 'a-squad#2')).toMatchObject({ state: 'out', by: 'b-boss', outInTurn: 2 });
    expect(s.casualties).toEqual([
      { model: 'a-squad#2', by: 'b-boss', turn: 2 },
      { model: 'a-squad#3', by: null, turn: 2 },
    ]);
    expect(foldTable(start(), log)).toEqual(s);
  });

  it('undo takes back the latest tap still in effect, and the next undo the one before; the log itself only grows', () => {
    const log: TableEvent[] = [
      { kind: 'turn', turn: 1 },
      { kind: 'casualty', model: 'a-boss', by: 'b-boss' },
      { kind: 'state', model: 'b-boss', state: 'down' },
    ];
    expect(foldTable(start(), [...log, { kind: 'undo' }]).models.find((m) => m.id === 'b-boss')?.state).toBe('in-play');
    const twice = foldTable(start(), [...log, { kind: 'undo' }, { kind: 'undo' }]);
    expect(twice.models.find((m) => m.id === 'a-boss')?.state).toBe('in-play');
    expect(twice.casualties).toEqual([]);
    expect(effectiveTaps([{ kind: 'undo' }, { kind: 'turn', turn: 1 }])).toEqual([{ kind: 'turn', turn: 1 }]);
  });

  it('a model put back in play is no longer a casualty', () => {
    const s = foldTable(start(), [
      { kind: 'casualty', model: 'a-boss', by: 'b-boss' },
      { kind: 'state', model: 'a-boss', state: 'in-play' },
    ]);
    expect(s.casualties).toEqual([]);
    expect(s.models[0]).toMatchObject({ state: 'in-play', by: null });
  });

  // Seed 004 "Squad": "individual models will still count toward the maximum Model Availability"; Run Away!: "if more
  // than 50% of his force is falling back or has been removed as a casualty".
  it('counts members as models, falling back and casualties together, for Run Away!', () => {
    const s = foldTable(start(), [
      { kind: 'casualty', model: 'a-squad#1', by: 'b-boss' },
      { kind: 'state', model: 'a-squad#2', state: 'fallen-back' },
      { kind: 'state', model: 'a-boss', state: 'reserve' },
    ]);
    expect(sideCounts(s, 'a')).toEqual({ total: 4, inPlay: 1, down: 0, out: 1, reserve: 1, fallenBack: 1, fallingBackOrOut: 2 });
  });

  it('a casualty drops its relics; counters never go below 0', () => {
    const s = foldTable(start(), [
      { kind: 'relic', model: 'a-boss', delta: 1 },
      { kind: 'relic', model: 'a-squad#1', delta: 1 },
      { kind: 'casualty', model: 'a-squad#1', by: null },
      { kind: 'counter', side: 'a', counter: 'objectives', delta: 1 },
      { kind: 'counter', side: 'b', counter: 'objectives', delta: -1 },
    ]);
    expect(s.models.map((m) => m.relics)).toEqual([1, 0, 0, 0, 0]);
    expect(s.counters.a.objectives).toBe(1);
    expect(s.counters.b.objectives).toBe(0);
  });

  it('refuses in words a tap that makes no sense, so it never reaches the log', () => {
    const s = foldTable(start(), [{ kind: 'turn', turn: 1 }]);
    expect(tapProblem(s, { kind: 'turn', turn: 3 })).toBe('The next turn is turn 2.');
    expect(tapProblem(s, { kind: 'casualty', model: 'a-boss', by: 'a-squad#1' })).toBe('A model cannot take out a model of its own side.');
    expect(tapProblem(s, { kind: 'casualty', model: 'nobody', by: null })).toBe('That model is not in this game.');
    expect(tapProblem(foldTable(start(), []), { kind: 'undo' })).toBe('There is no tap to undo.');
    const over = foldTable(start(), [{ kind: 'end', ending: { kind: 'turns' } }]);
    expect(tapProblem(over, { kind: 'turn', turn: 1 })).toMatch(/game is over/);
    expect(tapProblem(over, { kind: 'undo' })).toBeNull();
    expect(tapProblem(s, { kind: 'casualty', model: 'a-boss', by: 'b-boss' })).toBeNull();
  });

  it('a tap naming a model the game no longer has is skipped by the fold', () => {
    const s = foldTable(start(), [{ kind: 'casualty', model: 'gone', by: null }]);
    expect(s.casualties).toEqual([]);
    expect(s.taps).toBe(1);
  });
});
