import { describe, expect, it } from 'vitest';
import { nightsSatOut } from './sat-out';

describe('nightsSatOut: the byes so far, from the games', () => {
  const games = [
    { a: 'orks', b: 'guard', playedOn: '2026-01-01' },
    { a: 'eldar', b: 'tau', playedOn: '2026-01-01' },
    { a: 'orks', b: 'eldar', playedOn: '2026-01-08' },
    { a: 'guard', b: 'tau', playedOn: '2026-01-15' },
    { a: 'orks', b: 'guard', playedOn: '2026-01-22' },
  ];

  it('counts the game nights after a team’s first game on which it played none', () => {
    expect(Object.fromEntries(nightsSatOut(games, '2026-02-01'))).toEqual({ orks: 1, guard: 1, eldar: 2, tau: 2 });
  });

  it('a team that joined later is not charged for the nights before its first game', () => {
    const later = [...games, { a: 'grots', b: 'orks', playedOn: '2026-01-29' }];
    expect(nightsSatOut(later, '2026-02-01').get('grots')).toBe(0);
  });

  it('tonight and later are not counted: tonight’s games are the evening itself', () => {
    expect(Object.fromEntries(nightsSatOut(games, '2026-01-15'))).toEqual({ orks: 0, guard: 1, eldar: 0, tau: 1 });
  });

  it('two games on one night are one night', () => {
    const twice = [...games, { a: 'orks', b: 'tau', playedOn: '2026-01-22' }];
    expect(nightsSatOut(twice, '2026-02-01').get('tau')).toBe(1);
  });
});
