/** Issue 16: rules texts are rendered by their structure, so no model id — even one letter long — garbles a text. */
import { describe, expect, it } from 'vitest';
import { modelRef } from '../../shared/rules';
import type { LoadedTeam } from './context';
import { humanizer } from './words';

const teams = { a: { row: { name: 'Iron Wolves' } }, b: { row: { name: 'Da Krumpas' } } } as unknown as Record<'a' | 'b', LoadedTeam>;

describe('humanizer (issue 16)', () => {
  const names = new Map([
    ['a', 'Grukk'],
    ['e', 'Brother Kaelen'],
    ['{model:x}', 'Odd'],
    ['b-sarge', 'Sergeant Vox'],
  ]);
  const human = humanizer(teams, names);

  it('puts in team names and model names by reference; one-letter ids leave every other letter alone', () => {
    expect(human(`Model ${modelRef('a')} is a casualty: record how it was taken out of action (by whom, or misadventure).`)).toBe(
      'Model Grukk is a casualty: record how it was taken out of action (by whom, or misadventure).',
    );
    expect(human(`Player A has First Blood: ${modelRef('e')} took ${modelRef('b-sarge')} out of action.`)).toBe(
      'Iron Wolves has First Blood: Brother Kaelen took Sergeant Vox out of action.',
    );
    expect(human('Relic Hunt: each relic carried at the end is 1 VP to Player B.')).toBe('Relic Hunt: each relic carried at the end is 1 VP to Da Krumpas.');
  });

  it('texts stored before issue 16 name a model as an exact quoted id, and only that form is read', () => {
    expect(human('Injury, Player A, Core "e"')).toBe('Injury, Iron Wolves, Core Brother Kaelen');
    expect(human('Advance, Player B, "b-sarge" level 2 — a "special" result')).toBe('Advance, Da Krumpas, Sergeant Vox level 2 — a "special" result');
  });

  it('a name put in is never read again (a team or model named like a reference stays as it is)', () => {
    const odd = humanizer({ a: { row: { name: '{model:a}' } }, b: { row: { name: 'Player B' } } } as unknown as Record<'a' | 'b', LoadedTeam>, names);
    expect(odd('Player A beat Player B.')).toBe('{model:a} beat Player B.');
  });
});
