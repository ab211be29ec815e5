import { describe, expect, it } from 'vitest';
import { battleHonoursPreset } from '../presets';
import { allTables } from '../ruleset/schema';
import { sitsNextGameOut, sittersOutProblems, withSittersOut } from './next-game';
import type { ModelReport } from './report';

const model = (id: string): ModelReport => ({ id, side: 'a', type: 'core', tookPart: true, aliveAtEnd: true });
const mauledRow = (result: string) => {
  const row = allTables(battleHonoursPreset())
    .find((t) => t.id === 'bh-mauled')!
    .rows.find((r) => r.result === result)!;
  return { effect: row.result, text: row.text };
};

describe('docs/progression.md Injuries: "mauled for the next game only (then D6: 1–2 incapacitated, sits the next game out; 3–4 winded, −2 Move; 5–6 wounded pride, −2 Ld)"', () => {
  it('incapacitated sits the next game out; winded and wounded pride play it', () => {
    expect(sitsNextGameOut(mauledRow('incapacitated'))).toBe(true);
    expect(sitsNextGameOut(mauledRow('winded'))).toBe(false);
    expect(sitsNextGameOut(mauledRow('wounded-pride'))).toBe(false);
    expect(sitsNextGameOut(null)).toBe(false);
    // A club table whose row says so in words.
    expect(sitsNextGameOut({ effect: 'knocked-out', text: 'Knocked out: sits the next game out.' })).toBe(true);
  });

  it('a fresh report lists the incapacitated model as not taking part, and taking part is refused in words', () => {
    const mauled = (id: string) => (id === 'cato' ? mauledRow('incapacitated') : id === 'varro' ? mauledRow('winded') : null);
    const models = withSittersOut([model('cato'), model('varro'), model('lucan')], mauled);
    expect(models.map((m) => [m.id, m.tookPart])).toEqual([
      ['cato', false],
      ['varro', true],
      ['lucan', true],
    ]);
    expect(sittersOutProblems(models, mauled, (id) => id)).toEqual([]);
    expect(sittersOutProblems([model('cato')], mauled, () => 'Brother Cato')).toEqual([
      'Brother Cato was incapacitated (mauled) in the team\'s last game and sits this game out: untick "took part".',
    ]);
  });
});
