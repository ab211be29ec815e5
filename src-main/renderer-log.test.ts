import { describe, expect, it } from 'vitest';
import type { HandlerContext } from './context';
import { logRendererError, RENDERER_ERRORS_PER_MINUTE } from './renderer-log';

describe('app.logError (issue 31)', () => {
  it('writes ten a minute, counts the rest, and says how many once the minute is over', () => {
    let now = Date.parse('2026-11-27T20:00:00Z');
    const lines: string[] = [];
    const ctx = { now: () => new Date(now), log: (m: string) => lines.push(m) } as unknown as HandlerContext;
    const send = (message: string) => logRendererError(ctx, { kind: 'error', message, source: 'app://herald/a.js', line: 4, column: 2 });
    const answers = Array.from({ length: 25 }, (_, i) => send(`Loop ${i}`));
    expect(answers.filter((a) => (a as { logged: boolean }).logged)).toHaveLength(RENDERER_ERRORS_PER_MINUTE);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('Error in the window: Loop 0 (app://herald/a.js:4:2)');
    now += 60_000;
    send('Later');
    expect(lines.slice(10)).toEqual([
      '15 more errors in the window were not logged (at most 10 a minute).',
      'Error in the window: Later (app://herald/a.js:4:2)',
    ]);
  });

  it('names a rejection, the screen and the stack', () => {
    const lines: string[] = [];
    const ctx = { now: () => new Date(), log: (m: string) => lines.push(m) } as unknown as HandlerContext;
    logRendererError(ctx, { kind: 'unhandledrejection', message: 'No team', route: '#/teams/t1', stack: 'Error: No team\n    at x' });
    expect(lines).toEqual(['Unhandled rejection in the window on #/teams/t1: No team\nError: No team\n    at x']);
  });
});
