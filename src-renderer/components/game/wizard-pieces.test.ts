/**
 * The pieces the result wizard's steps use, given their props: the score, the changes, the balances, the rolls, the
 * problems and the dice typed in.
 */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { ChangeView, GamePreview, ScoreView, Side } from '../../../shared/ipc/schemas/games';
import type { RollRecord } from '../../../shared/rules';
import BalancesTable from './BalancesTable.svelte';
import ChangeList from './ChangeList.svelte';
import DiceEntry from './DiceEntry.svelte';
import ProblemList from './ProblemList.svelte';
import RollList from './RollList.svelte';
import ScorePanel from './ScorePanel.svelte';
import { diceCount, diceSides, facesText, isD66 } from './dice-words';

const teamName = (s: Side) => (s === 'a' ? 'Blades' : 'Gitz');
const named = (t: string) => t.replace(/\bPlayer A\b/g, 'Blades').replace(/\bPlayer B\b/g, 'Gitz');

const score = (over: Partial<ScoreView> = {}): ScoreView => ({
  vp: { a: 3, b: 1 },
  lines: [
    { side: 'a', vp: 2, reason: 'Slew the enemy Team Leader' },
    { side: 'a', vp: 1, reason: 'First Blood' },
  ] as ScoreView['lines'],
  secondaries: { a: [], b: [] },
  winner: 'a',
  reason: 'Player A scored more VP.',
  automatic: false,
  margin: null,
  notes: [],
  ...over,
});

describe('ScorePanel', () => {
  it('waits for a result that makes sense', () => {
    render(ScorePanel, { score: null, teamName, named });
    expect(screen.getByText(/The score appears once the result makes sense/)).toBeTruthy();
  });

  it('shows each team’s VP, the winner in team names, and each team’s lines', () => {
    render(ScorePanel, { score: score(), teamName, named, title: 'Result' });
    expect(screen.getByRole('heading', { name: 'Result' })).toBeTruthy();
    expect(screen.getByLabelText('Blades victory points').textContent).toBe('3 VP');
    expect(screen.getByLabelText('Outcome').textContent).toBe('Blades wins. Blades scored more VP.');
    expect(within(screen.getByRole('list', { name: 'Blades VP' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('No VP.')).toBeTruthy();
  });

  it('says a draw, an automatic win, the margin and the notes', () => {
    const { unmount } = render(ScorePanel, { score: score({ winner: 'draw', reason: 'Equal VP.' }), teamName, named });
    expect(screen.getByLabelText('Outcome').textContent).toBe('Draw. Equal VP.');
    unmount();
    render(ScorePanel, {
      score: score({ automatic: true, margin: { name: 'Crushing victory', difference: 120, percent: 48.04, pointsLimit: 250 }, notes: ['Player B ran away.'] }),
      teamName,
      named,
    });
    expect(screen.getByLabelText('Outcome').textContent).toMatch(/^Blades wins \(automatic win\)\./);
    expect(screen.getByText(/Crushing victory/).closest('p')!.textContent).toMatch(/120 VP apart \(48% of 250 pts\)/);
    expect(within(screen.getByRole('list', { name: 'Notes' })).getByText('Gitz ran away.')).toBeTruthy();
  });
});

const change = (over: Partial<ChangeView>): ChangeView => ({
  step: 'injuries',
  side: 'b',
  kind: 'injury.rolled',
  modelId: 'm1',
  modelName: 'Snik',
  req: 0,
  text: 'Full recovery.',
  citation: '004',
  rolls: [],
  ...over,
});

describe('ChangeList', () => {
  it('says the empty text when there is nothing', () => {
    render(ChangeList, { changes: [], named, label: 'Gitz injuries', empty: 'No injuries.' });
    expect(screen.getByText('No injuries.')).toBeTruthy();
  });

  it('names the model unless the text does, and shows the dice and the Req it moves', () => {
    render(ChangeList, {
      changes: [
        change({ rolls: [{ purpose: 'Injury, Snik', expression: 'D66', faces: [3, 4], total: 34, source: 'physical' }] }),
        change({ modelName: 'Gorbag', text: 'Gorbag earns 2 EXP.', step: 'experience' }),
        change({ modelName: null, modelId: null, text: 'Win bonus', req: 3 }),
        change({ modelName: null, modelId: null, text: 'Honour bought', req: -2 }),
      ],
      named,
      label: 'Gitz changes',
      empty: '',
    });
    const items = within(screen.getByRole('list', { name: 'Gitz changes' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toMatch(/Snik:Full recovery\./);
    expect(items[0]!.textContent).toMatch(/Rolled D66: 3 then 4 → 34 \(real dice\)/);
    expect(items[1]!.textContent).not.toMatch(/Gorbag:/);
    expect(items[2]!.textContent).toMatch(/\+3 Req/);
    expect(items[3]!.textContent).toMatch(/−2 Req/);
  });
});

describe('BalancesTable', () => {
  it('shows each team’s Req before, earned, spent and after', () => {
    const balances = {
      a: { before: 5, earned: 3, spent: 2, after: 6, threat: 1 },
      b: { before: 0, earned: 1, spent: 4, after: -3, threat: 2 },
    } as NonNullable<GamePreview['balances']>;
    render(BalancesTable, { balances, teamName });
    const rows = within(screen.getByRole('table', { name: 'Requisition balances' })).getAllByRole('row');
    expect(rows[1]!.textContent).toMatch(/Blades\s*5 Req\s*\+3\s*−2\s*6 Req\s*1/);
    expect(rows[2]!.querySelector('.error')?.textContent).toBe('-3 Req');
  });
});

describe('RollList', () => {
  it('says when no dice were rolled', () => {
    render(RollList, { rolls: [], named, label: 'Rolls' });
    expect(screen.getByText('No dice rolled.')).toBeTruthy();
  });

  it('lists each roll, who rolled it and whether it was set-up', () => {
    const rolls: (RollRecord & { phase?: 'plan' | 'post' })[] = [
      { purpose: 'Mission, Player A', expression: 'D6', faces: [4], total: 4, source: 'app', phase: 'plan' },
      { purpose: 'Run Away!, Player B', expression: '2D6', faces: [3, 5], total: 8, source: 'physical' },
    ];
    render(RollList, { rolls, named, label: 'Rolls' });
    const rows = within(screen.getByRole('table', { name: 'Rolls' })).getAllByRole('row');
    expect(rows[1]!.textContent).toMatch(/Mission, Blades\s*set-up\s*D6\s*4\s*Herald/);
    expect(rows[2]!.textContent).toMatch(/Run Away!, Gitz\s*2D6\s*3 \+ 5 → 8\s*Players \(real dice\)/);
  });
});

describe('ProblemList', () => {
  it('shows nothing without problems, and lists them in team names otherwise', () => {
    const { unmount } = render(ProblemList, { problems: [], named });
    expect(screen.queryByLabelText('Fix these before going on')).toBeNull();
    unmount();
    render(ProblemList, { problems: ['Player A has no Team Leader.'], named });
    expect(within(screen.getByLabelText('Fix these before going on')).getByText('Blades has no Team Leader.')).toBeTruthy();
  });
});

describe('DiceEntry', () => {
  const roll = (expression: string) => ({ key: 'post|Injury: Snik|0', purpose: 'Injury, Player B', expression, message: '' }) as never;

  it('asks for one die in team names, and sends what was typed', async () => {
    const onEnter = vi.fn(async () => true);
    render(DiceEntry, { roll: roll('D6'), named, onEnter });
    expect(screen.getByText('Injury, Gitz')).toBeTruthy();
    await fireEvent.input(screen.getByLabelText('Die'), { target: { value: '5' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Enter the roll' }));
    expect(onEnter).toHaveBeenCalledWith([5]);
  });

  it('asks for the tens and units dice of a D66', () => {
    render(DiceEntry, { roll: roll('D66'), named, onEnter: async () => true });
    expect(screen.getByLabelText('Tens die')).toBeTruthy();
    expect(screen.getByLabelText('Units die')).toBeTruthy();
  });

  it('refuses a die that is missing or off the die, in words, and sends nothing', async () => {
    const onEnter = vi.fn(async () => true);
    render(DiceEntry, { roll: roll('2D6'), named, onEnter });
    await fireEvent.input(screen.getByLabelText('Die 1'), { target: { value: '7' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Enter the roll' }));
    expect(screen.getByRole('alert').textContent).toBe('Type each die as a whole number from 1 to 6.');
    expect(onEnter).not.toHaveBeenCalled();
  });

  it('a D3 goes up to 3', async () => {
    render(DiceEntry, { roll: roll('D3'), named, onEnter: async () => true });
    await fireEvent.input(screen.getByLabelText('Die'), { target: { value: '4' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Enter the roll' }));
    expect(screen.getByRole('alert').textContent).toBe('Type each die as a whole number from 1 to 3.');
  });

  it('keeps the dice typed when main refuses them', async () => {
    render(DiceEntry, { roll: roll('D6'), named, onEnter: async () => false });
    await fireEvent.input(screen.getByLabelText('Die'), { target: { value: '2' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Enter the roll' }));
    expect((screen.getByLabelText('Die') as HTMLInputElement).value).toBe('2');
  });
});

describe('dice words', () => {
  it('says faces as a sum, a D66, or a single die', () => {
    expect(facesText({ faces: [4], total: 4, expression: 'D6' })).toBe('4');
    expect(facesText({ faces: [3, 5], total: 8, expression: '2D6' })).toBe('3 + 5 → 8');
    expect(facesText({ faces: [1, 4], total: 14, expression: 'D66' })).toBe('1 then 4 → 14');
    expect(facesText({ faces: [], total: 7, expression: 'whatever' })).toBe('7');
  });

  it('reads how many dice to type and their sides, and falls back on one D6 for what it cannot read', () => {
    expect([diceCount('2D6'), diceSides('D3'), isD66('D66')]).toEqual([2, 3, true]);
    expect([diceCount('??'), diceSides('??'), isD66('??')]).toEqual([1, 6, false]);
  });
});
