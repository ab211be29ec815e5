/**
 * Issue 29: a games-list line's mission name is read off the game's packed plan, which costs an inflate (and zlib's
 * native memory, which the process keeps). Each plan is inflated once per connection; a changed plan is read again.
 */
import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { generate, type ScenarioSize } from '../../bench/scenario';
import { testCore } from '../test-support';
import { findGame, listGameLines, updateGame } from './games';

const SMALL: ScenarioSize = { teams: 4, games: 6, modelsPerTeam: 20, outOfActionChance: 0.12, expAwardChance: 0.3 };

describe('games-list lines (issue 29)', () => {
  it('name each game’s mission, inflate each plan once, and read a changed plan again', async () => {
    const core = testCore();
    const info = await generate(core, 'lines-test', SMALL);
    const { db } = core.opened;
    const inflate = vi.spyOn(zlib, 'inflateRawSync');
    try {
      const first = listGameLines(db, info.campaignId, {}, 100);
      expect(first).toHaveLength(SMALL.games);
      for (const line of first) {
        const plan = findGame(db, line.id)!.plan as { mission: { name: string } };
        expect(line.missionName).toBe(plan.mission.name);
      }
      inflate.mockClear();
      expect(listGameLines(db, info.campaignId, {}, 100)).toEqual(first);
      expect(inflate).not.toHaveBeenCalled();

      const game = findGame(db, first[0]!.id)!;
      const plan = game.plan as { mission: { name: string } };
      updateGame(db, game.id, { plan: { ...plan, mission: { ...plan.mission, name: 'Renamed at the table' } }, updatedAt: '2030-01-01T00:00:00.000Z' });
      const again = listGameLines(db, info.campaignId, {}, 100);
      expect(again.find((l) => l.id === game.id)!.missionName).toBe('Renamed at the table');
      expect(again.filter((l) => l.id !== game.id)).toEqual(first.filter((l) => l.id !== game.id));
    } finally {
      inflate.mockRestore();
    }
  });
});
