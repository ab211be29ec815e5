/**
 * Byes so far (issue 33), from the games alone: Herald keeps no record of who came to an evening (docs/decisions.md,
 * "Evening pairings"), so a team's byes are the game nights it sat out — the evenings (days with at least one game)
 * after its first game on which it played none. A night a team stayed at home counts too: it missed a game, so it is
 * not the one to sit out again.
 */

/** A finished game as the count needs it: the two teams and the day played (YYYY-MM-DD). */
export interface GameNight {
  a: string;
  b: string;
  playedOn: string;
}

/**
 * The game nights each team sat out since its first game, counting only the days before `before` (tonight).
 *
 * @example
 * nightsSatOut([{ a: 'orks', b: 'guard', playedOn: '2026-01-01' }, { a: 'orks', b: 'eldar', playedOn: '2026-01-08' }], '2026-01-15');
 * // → Map { 'orks' => 0, 'guard' => 1, 'eldar' => 0 }
 */
export function nightsSatOut(games: readonly GameNight[], before: string): Map<string, number> {
  const played = new Map<string, Set<string>>();
  const nights = new Set<string>();
  for (const g of games) {
    if (g.playedOn >= before) continue;
    nights.add(g.playedOn);
    for (const team of [g.a, g.b]) (played.get(team) ?? played.set(team, new Set()).get(team)!).add(g.playedOn);
  }
  const sorted = [...nights].sort();
  const out = new Map<string, number>();
  for (const [team, days] of played) {
    const first = [...days].sort()[0]!;
    out.set(team, sorted.filter((night) => night > first && !days.has(night)).length);
  }
  return out;
}
