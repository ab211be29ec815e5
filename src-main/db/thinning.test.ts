import { describe, expect, it } from 'vitest';
import { backupsToThin } from './thinning';

const now = new Date(Date.UTC(2026, 10, 22, 12, 0, 0));
const at = (hoursAgo: number, name = `b${hoursAgo}`) => ({ file: name, createdAt: new Date(now.getTime() - hoursAgo * 3600_000).toISOString() });

describe('backup thinning (docs/reliability.md rule 3: last 2 days all, then daily, weekly, monthly)', () => {
  it('keeps everything from the last two days', () => {
    expect(backupsToThin([at(1), at(5), at(20), at(47)], now)).toEqual([]);
  });

  it('then one a day for two weeks, one a week for two months, one a month after that', () => {
    const backups = [at(1), ...[50, 52, 60].map((h) => at(h)), ...[24 * 20, 24 * 20 + 2, 24 * 21].map((h) => at(h)), ...[24 * 100, 24 * 101].map((h) => at(h))];
    const thinned = backupsToThin(backups, now);
    // Day 2 (50h, 52h, 60h ago): one of the three left; 20-21 days ago: same ISO week keeps one; 100-101 days: same month keeps one.
    expect(thinned).toHaveLength(2 + 2 + 1);
    expect(thinned).not.toContain('b1');
    expect(thinned).not.toContain('b50');
  });

  it('never deletes the only backup, however old', () => {
    expect(backupsToThin([at(24 * 400)], now)).toEqual([]);
  });
});
