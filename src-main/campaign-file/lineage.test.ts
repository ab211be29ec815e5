/** The fast-forward check (issue 22 hand-over), pure: two copies of one campaign compared by identity and content. */
import { describe, expect, it } from 'vitest';
import { accountWords, compareLineage, gameNumbers } from './lineage';
import type { CampaignFile } from './schema';

type Entry = CampaignFile['ledger'][number];

/**
 * One laptop's copy: its own row ids (`prefix`), every row's identity across laptops the id it was made with. `games`
 * are game numbers; `ledger` says, per entry, its game number (or null for a team-page entry) and whether it is voided.
 */
function copy(prefix: string, games: number[], ledger: { game: number | null; voided?: boolean; reason?: string; origin?: string }[]): CampaignFile {
  const gameId = (n: number) => `${prefix}-game-${n}`;
  return {
    rulesets: [{ hash: 'h1', pinnedAt: '2026-11-01T19:00:00.000Z' }],
    teams: [{ id: `${prefix}-team`, originId: 'team-1', name: 'Iron Wolves' }],
    rolls: [],
    // A game is voided when every entry it wrote is (a game with no entries here stays committed).
    games: games.map((n) => {
      const own = ledger.filter((e) => e.game === n);
      const voided = own.length > 0 && own.every((e) => e.voided);
      return {
        id: gameId(n),
        originId: `game-${n}`,
        number: n,
        status: voided ? 'voided' : 'committed',
        teamAId: `${prefix}-team`,
        teamBId: `${prefix}-team`,
        playedOn: `2026-03-1${n}`,
        vpA: 1,
        vpB: 1,
        winner: 'draw',
        report: null,
        voidedAt: voided ? '2026-11-02T19:00:00.000Z' : null,
        voidReason: voided ? 'entered twice' : null,
      };
    }),
    ledger: ledger.map((e, i): Partial<Entry> => {
      const origin = e.origin ?? (e.game === null ? `entry-${i}` : `game-${e.game}/${i}`);
      const id = `${prefix}-${origin}`;
      const gameOf = e.game === null ? null : gameId(e.game);
      return {
        id,
        originId: origin,
        teamId: `${prefix}-team`,
        gameId: gameOf,
        modelId: null,
        kind: e.game === null ? 'req.adjusted' : 'req.awarded',
        req: 5,
        data: e.game === null ? { kind: 'req.adjusted' } : { kind: 'req.awarded', id, team: `${prefix}-team`, gameId: gameOf, voided: e.voided ?? false },
        reason: e.reason ?? `entry ${i}`,
        createdAt: '2026-11-01T19:00:00.000Z',
        voidedAt: e.voided ? '2026-11-02T19:00:00.000Z' : null,
      };
    }),
  } as unknown as CampaignFile;
}

const base = [{ game: null }, { game: 1 }, { game: 1 }];

describe('compareLineage (issue 22 hand-over)', () => {
  it('the same entries under other row ids are the same copy', () => {
    expect(compareLineage(copy('a', [1], base), copy('b', [1], base))).toEqual({ kind: 'equal' });
  });

  it('more at the end, or a void added on the other laptop, extends; the reverse is older', () => {
    const here = copy('a', [1], base);
    const more = copy('b', [1, 2], [...base, { game: 2 }, { game: null }]);
    expect(compareLineage(here, more)).toMatchObject({ kind: 'extends', file: { committed: [2], teamChanges: 1 } });
    expect(compareLineage(more, here)).toMatchObject({ kind: 'older', here: { committed: [2], teamChanges: 1 } });
    const voidedThere = copy('b', [1], [{ game: null }, { game: 1, voided: true }, { game: 1, voided: true }]);
    expect(compareLineage(here, voidedThere)).toMatchObject({ kind: 'extends', file: { voided: [1] } });
  });

  it('both sides wrote after they parted: diverged, with what each side has', () => {
    const here = copy('a', [1, 2, 3, 4], [...base, { game: 2, origin: 'here-2' }, { game: 3, origin: 'here-3' }, { game: 4, origin: 'here-4' }]);
    const file = copy('b', [1, 2, 3], [...base, { game: 2, origin: 'there-2' }, { game: 3, origin: 'there-3' }]);
    const lineage = compareLineage(here, file);
    expect(lineage).toMatchObject({ kind: 'diverged', here: { committed: [2, 3, 4] }, file: { committed: [2, 3] } });
    if (lineage.kind !== 'diverged') throw new Error('diverged');
    expect(`this laptop ${accountWords(lineage.here, 'here', true)}; the file ${accountWords(lineage.file, 'file', true)}`).toBe(
      'this laptop committed game 2 (Iron Wolves v Iron Wolves, 12 Mar 2026), game 3 (Iron Wolves v Iron Wolves, 13 Mar 2026) and game 4 (Iron Wolves v Iron Wolves, 14 Mar 2026); the file has game 2 (Iron Wolves v Iron Wolves, 12 Mar 2026) and game 3 (Iron Wolves v Iron Wolves, 13 Mar 2026)',
    );
    // A void here only, against a game there: diverged too.
    const voidedHere = copy('a', [1], [{ game: null }, { game: 1, voided: true }, { game: 1, voided: true }]);
    expect(compareLineage(voidedHere, copy('b', [1, 2], [...base, { game: 2 }]))).toMatchObject({ kind: 'diverged', here: { voided: [1] } });
  });

  it('a hostile file keeping the identity but editing an earlier entry is a divergence, not an extension', () => {
    const here = copy('a', [1], base);
    const edited = copy('b', [1, 2], [{ game: null, reason: 'entry 0, rewritten' }, { game: 1 }, { game: 1 }, { game: 2 }]);
    expect(compareLineage(here, edited).kind).toBe('diverged');
    // An entry's copy of its game pointed at another game of the file: it is not the same entry.
    const moved = copy('b', [1, 2], [...base, { game: 2 }]);
    (moved.ledger[1]!.data as { gameId: string }).gameId = 'b-game-2';
    expect(compareLineage(here, moved).kind).toBe('diverged');
    // House rules changed in the file and here since: diverged.
    const rulesHere = { ...here, rulesets: [...here.rulesets, { hash: 'h2', pinnedAt: '2026-11-05T19:00:00.000Z' }] } as CampaignFile;
    const rulesThere = {
      ...moved,
      ledger: copy('b', [1, 2], [...base, { game: 2 }]).ledger,
      rulesets: [...here.rulesets, { hash: 'h3', pinnedAt: '2026-11-06T19:00:00.000Z' }],
    } as CampaignFile;
    expect(compareLineage(rulesHere, rulesThere)).toMatchObject({
      kind: 'diverged',
      here: { rulesChanged: ['2026-11-05'] },
      file: { rulesChanged: ['2026-11-06'] },
    });
  });

  it('a finished game rewritten in the file is a divergence named in words, whatever the ledger says (issue 27)', () => {
    const here = copy('a', [1], base);
    const nineNil = copy('b', [1], base);
    Object.assign(nineNil.games[0]!, { vpA: 9, vpB: 0, winner: 'a', playedOn: '1999-01-01' });
    expect(compareLineage(here, nineNil)).toMatchObject({
      kind: 'diverged',
      rewritten: 'game 1 (Iron Wolves v Iron Wolves, 11 Mar 2026): the file says 9–0, this laptop says 1–1',
    });
    // The same with an honest Req adjustment added: still a divergence, never "newer".
    const plusOne = copy('b', [1], [...base, { game: null }]);
    Object.assign(plusOne.games[0]!, { vpA: 9, vpB: 0, winner: 'a' });
    expect(compareLineage(here, plusOne).kind).toBe('diverged');
    // Only the date: named as a date.
    const redated = copy('b', [1, 2], [...base, { game: 2 }]);
    redated.games[0]!.playedOn = '1999-01-01';
    expect(compareLineage(here, redated)).toMatchObject({
      rewritten: expect.stringMatching(/the file says it was played on 1 Jan 1999, this laptop 11 Mar 2026$/),
    });
    // A roll's face, with nothing else changed.
    const withRoll = (c: CampaignFile, face: number) => ({ ...c, rolls: [{ gameId: c.games[0]!.id, seq: 1, faces: [face] }] }) as unknown as CampaignFile;
    expect(compareLineage(withRoll(here, 3), withRoll(copy('b', [1], base), 4)).kind).toBe('diverged');
    expect(compareLineage(withRoll(here, 3), withRoll(copy('b', [1], base), 3)).kind).toBe('equal');
  });

  it('a game voided here but live in an older file is older, not a rewrite; live in a file that adds more is a divergence', () => {
    const voidedHere = copy('a', [1], [{ game: null }, { game: 1, voided: true }, { game: 1, voided: true }]);
    expect(compareLineage(voidedHere, copy('b', [1], base)).kind).toBe('older');
    const liveAndMore = copy('b', [1], [...base, { game: null }]);
    expect(compareLineage(voidedHere, liveAndMore).kind).toBe('diverged');
  });

  it('game numbers in words', () => {
    expect([gameNumbers([41]), gameNumbers([41, 42]), gameNumbers([41, 42, 43]), gameNumbers([3, 7, 9])]).toEqual([
      'game 41',
      'games 41 and 42',
      'games 41–43',
      'games 3, 7 and 9',
    ]);
  });
});
