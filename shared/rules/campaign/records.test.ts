import { describe, expect, it } from 'vitest';
import { campaignRecords, type RecordsInput, type RecordsResult } from './records';

const teams = [
  { id: 'ta', name: 'Da Boyz' },
  { id: 'tb', name: 'Iron Saints' },
  { id: 'tc', name: 'Ash Walkers' },
];
const models = [
  { id: 'a1', teamId: 'ta', name: 'Grukk' },
  { id: 'a2', teamId: 'ta', name: 'Snag' },
  { id: 'b1', teamId: 'tb', name: 'Brother Kol' },
  { id: 'c1', teamId: 'tc', name: 'Vessa' },
];
const game = (number: number, teamA: string, teamB: string, winner: RecordsResult['winner']): RecordsResult => ({ number, teamA, teamB, winner });
type Stat = RecordsInput['stats'][number];
const input = (results: RecordsResult[], stats: Stat[] = []): RecordsInput => ({ teams, models, stats, results });
const byKind = (results: RecordsResult[], stats: Stat[] = []) => Object.fromEntries(campaignRecords(input(results, stats)).map((r) => [r.kind, r]));

describe('campaign records (issue 22)', () => {
  it('has no records before any game is committed', () => {
    expect(campaignRecords(input([]))).toEqual([]);
    expect(campaignRecords(input([], [{ id: 'a1', games: 0, kills: 0 }]))).toEqual([]);
  });

  it('takes kills and games fought per model from the teams’ counts, games and winning runs from the results', () => {
    const r = byKind(
      [game(1, 'ta', 'tb', 'a'), game(2, 'ta', 'tc', 'a')],
      [
        { id: 'a1', games: 2, kills: 2 },
        { id: 'a2', games: 1, kills: 0 },
        { id: 'b1', games: 1, kills: 0 },
        { id: 'c1', games: 1, kills: 0 },
      ],
    );
    expect(r.mostKills).toMatchObject({ value: 2, holders: ['Grukk (Da Boyz)'], valueText: '2 kills', text: 'Most kills: Grukk (Da Boyz), 2 kills' });
    expect(r.longestServing).toMatchObject({ value: 2, holders: ['Grukk (Da Boyz)'] });
    expect(r.mostGames).toMatchObject({ value: 2, holders: ['Da Boyz'], text: 'Most games: Da Boyz, 2 games' });
    expect(r.longestWinningRun).toMatchObject({ value: 2, text: 'Longest winning run: Da Boyz, 2 wins in a row' });
  });

  it('leaves out a record nobody holds: a draw is no winning run, a model without a kill holds no kill record', () => {
    const r = byKind([game(3, 'tb', 'tc', 'draw')], [{ id: 'b1', games: 1, kills: 0 }]);
    expect(r.mostKills).toBeUndefined();
    expect(r.longestWinningRun).toBeUndefined();
    expect(r.longestServing).toMatchObject({ value: 1, holders: ['Brother Kol (Iron Saints)'] });
    expect(r.mostGames).toMatchObject({ value: 1, holders: ['Ash Walkers', 'Iron Saints'] });
  });

  it('breaks a winning run on a draw or a loss and keeps the longest, in game order', () => {
    const r = byKind([
      game(4, 'ta', 'tb', 'a'),
      game(1, 'ta', 'tb', 'a'),
      game(2, 'ta', 'tb', 'draw'),
      game(3, 'ta', 'tc', 'a'),
      game(5, 'tc', 'ta', 'a'),
      game(6, 'tb', 'tc', 'a'),
    ]);
    // Da Boyz: W (1), D (2), W W (3, 4), L (5): best run 2. Iron Saints: one win (6).
    expect(r.longestWinningRun).toMatchObject({ value: 2, holders: ['Da Boyz'] });
  });

  it('names every holder of a tied record, and the first three in its line when more share it', () => {
    const all = models.map((m) => ({ id: m.id, games: 1, kills: 0 }));
    expect(byKind([game(1, 'ta', 'tc', 'draw')], all).longestServing).toMatchObject({
      holders: ['Brother Kol (Iron Saints)', 'Grukk (Da Boyz)', 'Snag (Da Boyz)', 'Vessa (Ash Walkers)'],
      holdersText: 'Brother Kol (Iron Saints), Grukk (Da Boyz), Snag (Da Boyz) and 1 more',
    });
    const r = byKind([game(1, 'ta', 'tb', 'a'), game(2, 'tc', 'tb', 'a')]);
    expect(r.longestWinningRun).toMatchObject({
      value: 1,
      holders: ['Ash Walkers', 'Da Boyz'],
      text: 'Longest winning run: Ash Walkers, Da Boyz, 1 win in a row',
    });
  });
});
