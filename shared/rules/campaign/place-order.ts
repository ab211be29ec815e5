/**
 * A ledger in the order things happened (issue 27, docs/history.md): a game's entries stand at its place — its first
 * entry's seq — even those an amendment appended later; every other entry at its own seq. Pure.
 *
 * @example
 * inPlaceOrder([{ seq: 1, gameId: 'g1' }, { seq: 2, gameId: null }, { seq: 3, gameId: 'g1' }]);
 * // → seq 1, 3 (game g1 at its place), then 2
 */
export function inPlaceOrder<R extends { seq: number; gameId: string | null }>(rows: readonly R[]): R[] {
  const place = new Map<string, number>();
  for (const r of rows) if (r.gameId !== null) place.set(r.gameId, Math.min(place.get(r.gameId) ?? r.seq, r.seq));
  const at = (r: R) => (r.gameId === null ? r.seq : place.get(r.gameId)!);
  return [...rows].sort((x, y) => at(x) - at(y) || x.seq - y.seq);
}
