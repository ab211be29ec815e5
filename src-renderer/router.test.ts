import { describe, expect, it } from 'vitest';
import { href, parseRoute } from './router.svelte';

describe('parseRoute', () => {
  it('reads a game, the game at the table and the game opened at its result wizard', () => {
    expect(parseRoute(href.game('g1'))).toEqual({ name: 'game', id: 'g1' });
    expect(parseRoute(href.table('g1'))).toEqual({ name: 'game', id: 'g1', table: true });
    expect(parseRoute(href.gameResult('g1'))).toEqual({ name: 'game', id: 'g1', atResult: true });
  });

  it('reads a print page with its paper and evening', () => {
    expect(parseRoute(href.print('evening', 'c1', 'letter', 'ab.cd'))).toEqual({ name: 'print', kind: 'evening', id: 'c1', paper: 'letter', evening: 'ab.cd' });
    expect(parseRoute('#/nowhere')).toEqual({ name: 'home' });
  });
});
