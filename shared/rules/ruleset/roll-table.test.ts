import { describe, expect, it } from 'vitest';
import { PhysicalDice } from '../dice';
import { battleHonoursPreset } from '../presets/battle-honours';
import { TableGapError, rollOnTable } from './roll-table';

describe('rollOnTable', () => {
  const bh = battleHonoursPreset();
  const leader = bh.progression.injuries['team-leader'];
  if (!leader) throw new Error('preset has the table');

  it('docs/progression.md Battle Honours: D66 14–16 → permanent injury, then D6 on the permanent injury table', () => {
    const r = rollOnTable(leader, new PhysicalDice([[1, 5], [4]]), 'Injury, Sergeant', bh.progression.injuryFollowUps);
    expect(r.results.map((x) => x.row.result)).toEqual(['permanent-injury', 'minus-1-s']);
    expect(r.rolls.map((x) => x.purpose)).toEqual(['Injury, Sergeant', 'Injury, Sergeant: Permanent injury']);
  });

  it('docs/progression.md Battle Honours: D66 31–66 → full recovery, no follow-up roll', () => {
    const r = rollOnTable(leader, new PhysicalDice([[4, 2]]), 'Injury', bh.progression.injuryFollowUps);
    expect(r.results.map((x) => x.row.result)).toEqual(['full-recovery']);
  });

  it('a gap is an error naming the table and the result', () => {
    const printed = { ...leader, rows: leader.rows.map((row) => (row.result === 'mauled' ? { ...row, from: 22 } : row)) };
    expect(() => rollOnTable(printed, new PhysicalDice([[2, 1]]), 'Injury')).toThrow(TableGapError);
    expect(() => rollOnTable(printed, new PhysicalDice([[2, 1]]), 'Injury')).toThrow('has no row for D66 result 21');
  });

  it('a follow-up table missing from the ruleset is an error', () => {
    expect(() => rollOnTable(leader, new PhysicalDice([[1, 4]]), 'Injury', [])).toThrow(/does not have/);
  });
});
