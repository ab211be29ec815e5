/** The import's progress in words (issue 31): each step, and the check game by game. */
import { describe, expect, it } from 'vitest';
import { backupProgressWords, importProgressWords, importStep } from './progress-words';

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
    // Before the games, the ledger's entries (issue 29), the one being checked now.
    expect(importProgressWords({ ...p, entriesChecked: 40000 })).toMatch(/checking ledger entry 40.001 of 93.366 as the screens would…$/);
    expect(importStep({ ...p, gamesChecked: 1204 })).toBe(2);
  });

  it('reads and writes in words', () => {
    expect(importProgressWords({ fileName: 'a.herald-campaign', step: 'reading' })).toBe('Importing a.herald-campaign: reading the file…');
    expect(importProgressWords({ fileName: 'a.herald-campaign', step: 'writing', games: 1, entries: 2 })).toMatch(/writing its 1 game and 2 ledger entries/);
  });

  it('counts the writing: games stored, then ledger entries stored, then the history replayed game by game', () => {
    const w = { fileName: 'Vraks.herald-campaign', step: 'writing' as const, games: 5000, entries: 93366 };
    expect(importProgressWords({ ...w, gamesWritten: 1200 })).toBe(
      'Importing Vraks.herald-campaign: writing game 1,200 of 5,000, then replaying the whole history…',
    );
    // Issue 29: between the last game and the replay, the ledger's entries are counted, not a still line.
    expect(importProgressWords({ ...w, entriesWritten: 40000 })).toBe(
      'Importing Vraks.herald-campaign: writing the ledger, entry 40,000 of 93,366, then replaying the whole history…',
    );
    expect(importStep({ ...w, entriesWritten: 40000 })).toBe(3);
    // After the replay's last game, its last part is named rather than "game 4,990 of 4,990" standing still.
    expect(importProgressWords({ ...w, gamesJudged: 4990, gamesToJudge: 4990, finishing: true })).toBe(
      'Importing Vraks.herald-campaign: history replayed; checking every roster against it and working out the standings…',
    );
    expect(importProgressWords({ ...w, gamesJudged: 0, gamesToJudge: 4990 })).toBe('Importing Vraks.herald-campaign: replaying the history, game 1 of 4,990…');
    expect(importProgressWords({ ...w, gamesJudged: 4990, gamesToJudge: 4990 })).toBe(
      'Importing Vraks.herald-campaign: replaying the history, game 4,990 of 4,990…',
    );
    // A campaign without games has no replay to count.
    expect(importProgressWords({ ...w, games: 0, gamesJudged: 0, gamesToJudge: 0 })).toMatch(/backing up this laptop first/);
  });
});

describe('backupProgressWords (issue 31)', () => {
  const backup = { action: 'backup', stepNumber: 1, steps: 4 } as const;
  it('names each step of a backup, with the bytes it works on when known', () => {
    expect(backupProgressWords({ ...backup, step: 'copying', bytes: 71_303_168 })).toBe('Backing up: copying the campaign file as it is now (68.0 MB)…');
    expect(backupProgressWords({ ...backup, step: 'copying' })).toBe('Backing up: copying the campaign file as it is now…');
    expect(backupProgressWords({ ...backup, step: 'compressing', bytes: 71_303_168 })).toBe('Backing up: compressing 68.0 MB…');
    expect(backupProgressWords({ ...backup, step: 'writing', bytes: 12_582_912 })).toBe('Backing up: writing the 12.0 MB backup to disk…');
    expect(backupProgressWords({ ...backup, step: 'checking' })).toMatch(/^Backing up: reading the backup back and checking it/);
  });
  it('names each step of a restore', () => {
    const restore = { action: 'restore', stepNumber: 1, steps: 4 } as const;
    expect(backupProgressWords({ ...restore, step: 'checking-backup', bytes: 12_582_912 })).toBe(
      'Restoring: checking the chosen backup (12.0 MB) against its checksum…',
    );
    expect(backupProgressWords({ ...restore, step: 'unpacking', bytes: 71_303_168 })).toBe(
      'Restoring: unpacking the campaign file inside the chosen backup (68.0 MB) and checking it is the one the backup was made from…',
    );
    expect(backupProgressWords({ ...restore, step: 'backing-up', bytes: 71_303_168 })).toMatch(
      /^Restoring: backing up the campaign file as it is now \(68\.0 MB\) first, so this restore can be undone…$/,
    );
    expect(backupProgressWords({ ...restore, step: 'replacing' })).toMatch(/^Restoring: putting the backup in place/);
  });
  it('names each step of restoring one campaign, counting its games as they are checked', () => {
    const one = { action: 'restore-one', stepNumber: 2, steps: 4, campaign: 'Vraks' } as const;
    expect(backupProgressWords({ ...one, step: 'reading-backup' })).toBe('Restoring Vraks: reading it out of the backup…');
    expect(backupProgressWords({ ...one, step: 'checking-games', games: 40 })).toBe('Restoring Vraks: checking its 40 games as the screens would…');
    expect(backupProgressWords({ ...one, step: 'checking-games', games: 40, gamesChecked: 6 })).toBe(
      'Restoring Vraks: checking game 7 of 40 as the screens would…',
    );
    expect(backupProgressWords({ ...one, step: 'checking-games', games: 40, gamesChecked: 40 })).toMatch(/checking game 40 of 40/);
    expect(backupProgressWords({ ...one, step: 'backing-up' })).toBe('Restoring Vraks: backing up this laptop first, so this can be undone…');
    expect(backupProgressWords({ ...one, step: 'putting-back' })).toMatch(/^Restoring Vraks: putting it in place of the campaign as it is now/);
  });
});
