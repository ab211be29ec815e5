import { describe, expect, it } from 'vitest';
import { battleHonoursPreset } from '../presets/battle-honours';
import { experienceLevelsPreset } from '../presets/experience-levels';
import { diffRulesets } from './diff';
import { checkRuleset } from './validate';

describe('checkRuleset (issue 6: validation as you type, in words; docs/progression.md "never invents numbers")', () => {
  it('the presets have no problems; Experience & Levels names the tables still to enter', () => {
    expect(checkRuleset(battleHonoursPreset())).toEqual({ problems: [], missing: [] });
    const el = checkRuleset(experienceLevelsPreset());
    expect(el.problems).toEqual([]);
    expect(el.missing[0]).toMatchObject({ key: 'experience-awards', where: 'House rules → Progression → EXP awards' });
  });

  it('gaps and overlaps, thresholds out of order, a skill category nobody may take, a chart row with no Req', () => {
    const r = experienceLevelsPreset();
    r.progression.levelThresholds = [
      { level: 1, exp: 5 },
      { level: 2, exp: 3 },
      { level: 4, exp: 9 },
    ];
    r.progression.skills = [
      {
        id: 'combat',
        name: 'Combat',
        modelTypes: [],
        skills: [
          { id: 'mighty-blow', name: 'Mighty Blow', text: '+1 S' },
          { id: 'mighty-blow', name: 'Mighty Blow', text: '+1 S' },
        ],
      },
    ];
    r.progression.advanceTable = {
      id: 'adv',
      name: 'Advances',
      expression: 'D66',
      rows: [
        { from: 11, to: 16, result: 'skill', text: 'A skill' },
        { from: 22, to: 66, result: 'stat', text: '+1' },
      ],
      citation: { source: 'house rule', section: 'Advances' },
    };
    r.progression.requisition.chart = {
      id: 'chart',
      name: 'Chart',
      expression: 'D6',
      rows: [{ from: 1, to: 6, result: 'nothing', text: 'Nothing' }],
      citation: { source: 'house rule', section: 'Chart' },
    };
    r.progression.requisition.multipliers = [{ id: 'double', name: 'Double', factor: 2, condition: 'x', citation: { source: 'house rule', section: 'x' } }];
    const { problems } = checkRuleset(r);
    expect(problems.join('\n')).toMatch(/D66 result 21 is not covered/);
    expect(problems).toEqual(
      expect.arrayContaining([
        'Level thresholds: level 2 needs 3 EXP, not more than level 1 (5 EXP); thresholds must go up.',
        'Level thresholds: row 3 is level 4; levels go 1, 2, 3… in order.',
        'Skills: no model type may take "Combat" skills; tick at least one, or remove the category.',
        'Skills: "Combat" has "Mighty Blow" twice.',
        'Requisition chart: the row 1–6 ("Nothing") gives no Req; write its result as req-<amount>, e.g. req-15.',
        'Requisition multiplier "Double": Herald only knows how to apply "underdog"; remove it.',
      ]),
    );
  });

  it('anything that is not a ruleset gets its schema problems in words', () => {
    expect(checkRuleset({ name: 'x' }).problems.length).toBeGreaterThan(0);
    expect(checkRuleset(null).problems[0]).toMatch(/^ruleset: /);
  });
});

describe('diffRulesets (issue 6: a readable diff before an upgrade)', () => {
  it('the same ruleset: no changes', () => {
    expect(diffRulesets(battleHonoursPreset(), battleHonoursPreset())).toEqual([]);
    // Key order does not matter (a ruleset read back from a file may list its keys in another order).
    const reordered = JSON.parse(
      JSON.stringify(battleHonoursPreset(), (_k, v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
      ),
    ) as ReturnType<typeof battleHonoursPreset>;
    expect(diffRulesets(battleHonoursPreset(), reordered)).toEqual([]);
    const renamed = JSON.parse(JSON.stringify(battleHonoursPreset())) as ReturnType<typeof battleHonoursPreset>;
    renamed.missions[0]!.summary = 'Changed.';
    expect(diffRulesets(battleHonoursPreset(), renamed)).toEqual([{ area: 'Missions', kind: 'changed', text: `${renamed.missions[0]!.name} changed.` }]);
  });

  it('costs, awards, missions, tables and systems in words', () => {
    const before = battleHonoursPreset();
    const after = JSON.parse(JSON.stringify(battleHonoursPreset())) as ReturnType<typeof battleHonoursPreset>;
    after.version = '1.1.0';
    after.missions = after.missions.filter((m) => m.id !== 'last-stand');
    const honour = after.progression.honours!.groups[0]!.honours[0]!;
    const oldCost = honour.cost;
    honour.cost += 5;
    after.progression.honours!.eliteSurcharge.req += 1;
    after.progression.requisition.awards![0]!.req = 25;
    after.progression.injuries.core!.rows[0]!.text = 'Gone for good.';
    const changes = diffRulesets(before, after);
    expect(changes).toEqual(
      expect.arrayContaining([
        { area: 'Ruleset', kind: 'changed', text: 'Version 1.0.0 → 1.1.0.' },
        { area: 'Missions', kind: 'removed', text: 'Last Stand removed.' },
        { area: 'Requisition awards', kind: 'changed', text: 'Took part: 20 → 25 Req.' },
        expect.objectContaining({ area: 'Honours', text: expect.stringContaining(`${honour.name}: ${oldCost} → ${honour.cost} Req.`) }),
        expect.objectContaining({ area: 'Dice tables', text: expect.stringContaining('Gone for good.') }),
      ]),
    );
    const el = diffRulesets(before, experienceLevelsPreset());
    expect(el.map((c) => c.text)).toEqual(
      expect.arrayContaining(['Progression system Battle Honours → Experience & Levels.', 'Battle Honours removed (not entered).']),
    );
    expect(
      diffRulesets(
        experienceLevelsPreset(),
        (() => {
          const r = experienceLevelsPreset();
          r.progression.levelThresholds = [{ level: 1, exp: 2 }];
          r.progression.experience.awards = [];
          r.progression.skills = [];
          return r;
        })(),
      ).map((c) => c.text),
    ).toEqual(['EXP awards entered.', 'Level thresholds entered.', 'Skill lists entered.']);
  });
});
