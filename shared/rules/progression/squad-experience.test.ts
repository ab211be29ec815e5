/**
 * Issue 30 item 9: whether a Squad gains EXP under Experience & Levels is the club's reading "Squads and EXP", not
 * Herald's. Seed 004 "Squad": "Simply treat the unit as normal, using the Warhammer 40,000 rules." / "A model within a
 * Squad counts as Core when determining whether a model gives VP or bonus EXP."; 004 "Non-Learning": "The model never
 * gains Experience Points." (the only model the seed keeps out of EXP).
 */
import { describe, expect, it } from 'vitest';
import { PhysicalDice, SeededDice } from '../dice';
import type { GameFacts, ModelFacts } from '../hor/facts';
import { READINGS, readingOf, setReading } from '../game/readings';
import { Ruleset } from '../ruleset/schema';
import { applyGame } from './apply';
import type { ProgressionEntry } from './entries';
import { filledLevels, input, noAwards } from './test-helpers';
import { expHolders } from './squad-experience';

const member = (n: number, alive = true): ModelFacts => ({ id: `third#${n}`, side: 'a', type: 'core', aliveAtEnd: alive });
const facts: GameFacts = {
  ending: { kind: 'turns' },
  models: [
    { id: 'sarge', side: 'a', type: 'team-leader', aliveAtEnd: true },
    member(1),
    member(2),
    member(3),
    { id: 'b-boss', side: 'b', type: 'team-leader', aliveAtEnd: true },
  ],
};
const levels = (squadExperience?: 'no-exp' | 'as-one-model'): Ruleset => {
  const r = filledLevels();
  if (squadExperience) setReading(r, 'squadExperience', squadExperience);
  return r;
};
/** The Survived award (1 EXP, Core included) for `models` of side a. */
const survived = (ruleset: Ruleset, models: string[], before: { model: string; exp: number; level: number }[] = []) =>
  input({
    ruleset,
    facts,
    awards: { a: { ...noAwards, expAwards: models.map((model) => ({ model, award: 'survived', times: 1 })) }, b: noAwards },
    teams: { a: { team: 'team-a', threat: 3, models: before }, b: { team: 'team-b', threat: 3 } },
  });
const exp = (entries: ProgressionEntry[]) => entries.flatMap((e) => (e.kind === 'exp.gained' ? [[e.model, e.amount, e.reason]] : []));

describe('004 "Squad" and Experience & Levels: the club\'s reading "Squads and EXP"', () => {
  it('is a reading of the ruleset listed in House rules; its default is stored as nothing, so pinned rulesets keep their hash', () => {
    const reading = READINGS.find((r) => r.key === 'squadExperience')!;
    expect(reading.choices.map((c) => c.value)).toEqual(['no-exp', 'as-one-model']);
    expect(readingOf(filledLevels(), 'squadExperience')).toBe('no-exp');
    const pinned = JSON.parse(JSON.stringify(filledLevels())) as unknown;
    expect(Ruleset.parse(pinned)).toEqual(pinned);
    expect(levels('no-exp').readings).toBeUndefined();
    expect(levels('as-one-model').readings).toEqual({ squadExperience: 'as-one-model' });
  });

  it('default "Squads gain no EXP": an award to a member, or to the squad, is refused in words and nothing is applied', () => {
    for (const model of ['third#2', 'third'])
      expect(() => applyGame(survived(levels(), [model]), new PhysicalDice())).toThrow(
        /(one member of a Squad|third\W* is a Squad), and in this campaign squads gain no EXP \(House reading “Squads and EXP” \(Squads gain no EXP\); House rules can change it\)/,
      );
    // A single model still gains it.
    expect(exp(applyGame(survived(levels(), ['sarge']), SeededDice.fromSeed('squad-exp')))).toEqual([['sarge', 1, 'Survived +1 EXP']]);
  });

  it('"A squad gains EXP as one model": what its members earn goes on the squad\'s roster line, added up, and it levels as one', () => {
    const entries = applyGame(survived(levels('as-one-model'), ['third#1', 'third#3', 'sarge']), SeededDice.fromSeed('squad-exp'));
    const tag = ' (House reading “Squads and EXP” (A squad gains EXP as one model))';
    expect(exp(entries)).toEqual([
      ['third', 1, `Survived +1 EXP${tag}`],
      ['third', 1, `Survived +1 EXP${tag}`],
      ['sarge', 1, 'Survived +1 EXP'],
    ]);
    // 2 EXP reaches Level 1 (filledLevels: level 1 at 2 EXP): one level and one advance, for the squad, none per member.
    expect(entries.filter((e) => e.kind === 'level.reached').map((e) => e.kind === 'level.reached' && [e.model, e.level])).toEqual([['third', 1]]);
    expect(entries.filter((e) => e.kind === 'advance.rolled').map((e) => e.kind === 'advance.rolled' && e.model)).toEqual(['third']);
    // Named by its roster id, and counted from the EXP the squad already had.
    const again = applyGame(survived(levels('as-one-model'), ['third'], [{ model: 'third', exp: 3, level: 1 }]), SeededDice.fromSeed('squad-exp'));
    expect(exp(again)).toEqual([['third', 1, `Survived +1 EXP${tag}`]]);
    expect(again.filter((e) => e.kind === 'level.reached').map((e) => e.kind === 'level.reached' && [e.model, e.level])).toEqual([['third', 2]]);
  });

  it('a squad whose every member died in the game gains no level; one member left keeps the squad', () => {
    expect(expHolders([member(1, false), member(2, false)], new Set(['third#1', 'third#2']))).toEqual([{ id: 'third', gone: true }]);
    expect(expHolders([member(1, false), member(2)], new Set(['third#1']))).toEqual([{ id: 'third', gone: false }]);
  });
});
