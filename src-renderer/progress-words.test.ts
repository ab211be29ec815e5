/** The import's progress in words (issue 31): each step, and the check game by game. */
import { describe, expect, it } from 'vitest';
import { importProgressWords, importStep } from './progress-words';

describe('importProgressWords', () => {
  it('says what the file holds as its check starts', () => {
    expect(importProgressWords({ fileName: 'Vraks.herald-campaign', step: 'checking', games: 5000, entries: 93366 })).toMatch(
      /^Importing Vraks\.herald-campaign: checking its 5.000 games and 93.366 ledger entries as the screens would…$/,
    );
  });

  it('names the game being checked, one after those done, never past the last', () => {
    const p = { fileName: 'Vraks.herald-campaign', step: 'checking' as const, games: 5000, entries: 93366 };
    expect(importProgressWords({ ...p, gamesChecked: 1204 })).toMatch(/checking game 1.205 of 5.000 as the screens would…$/);
    expect(importProgressWords({ ...p, gamesChecked: 5000 })).toMatch(/checking game 5.000 of 5.000/);
    expect(importStep({ ...p, gamesChecked: 1204 })).toBe(2);
  });

  it('reads and writes in words', () => {
    expect(importProgressWords({ fileName: 'a.herald-campaign', step: 'reading' })).toBe('Importing a.herald-campaign: reading the file…');
    expect(importProgressWords({ fileName: 'a.herald-campaign', step: 'writing', games: 1, entries: 2 })).toMatch(/writing its 1 game and 2 ledger entries/);
  });
});
