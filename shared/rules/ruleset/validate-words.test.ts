import { describe, expect, it } from 'vitest';
import { battleHonoursPreset } from '../presets';
import { checkRuleset } from './validate';

describe("checkRuleset says a file's schema problems in words (issue 17: no schema path on any screen)", () => {
  it("a ruleset file with a broken field names its place in words and the problem without zod's wording", () => {
    const r = battleHonoursPreset() as unknown as { missions: unknown; progression: { honours: { groups: { honours: { cost: unknown }[] }[] } } };
    r.missions = 'six';
    r.progression.honours.groups[1]!.honours[0]!.cost = -5;
    const { problems } = checkRuleset(r);
    expect(problems).toContain('missions: should be a list.');
    expect(problems).toContain('progression › honours › groups 2 › honours 1 › cost: is at least 0.');
    for (const p of problems) expect(p).not.toMatch(/\b[A-Za-z]\w*\.\d+\.[A-Za-z]|expected|received|Too big|Too small|Invalid input/);
  });
});
