import { describe, expect, it } from 'vitest';
import { DiceTable, Ruleset, SemVer, allTables } from './schema';
import { lookupRow, validateTableCoverage } from './coverage';

const cite = { source: '004', section: 'test' };

function row(from: number, to: number, result = 'r') {
  return { from, to, result, text: result };
}

function table(expression: string, rows: ReturnType<typeof row>[]) {
  return { expression, rows };
}

function minimalRuleset(): Ruleset {
  return {
    id: 'test',
    name: 'Test',
    version: '1.0.0',
    schemaVersion: 1,
    description: '',
    team: { pointsLimit: 250 },
    alwaysInEffect: ['run-away'],
    specialRules: [{ id: 'run-away', name: 'Run Away!', reminder: 'Test at 50 % losses.', text: 'Full text.', citation: cite }],
    missions: [
      {
        id: 'skirmish',
        name: 'Skirmish',
        summary: 's',
        specialRules: [],
        setup: [],
        counters: [],
        victoryPoints: [],
        secondaryOverrides: { assassination: 2 },
        endingConditions: [],
        automaticWins: [],
        bonusExperience: [],
        requisition: [],
        citation: cite,
      },
    ],
    missionTable: 'mission',
    diceTables: [{ id: 'mission', name: 'Mission', expression: 'D6', rows: [row(1, 6, 'skirmish')], citation: cite }],
    secondaryObjectives: [{ id: 'assassination', name: 'Assassination', vp: 1, condition: 'c', citation: cite }],
    optionalRules: [],
    progression: {
      system: 'experience-levels',
      experience: { awards: null, missionBonuses: true },
      levelThresholds: null,
      advanceTable: null,
      skills: null,
      injuries: { 'team-leader': null, special: null, core: null },
      injuryFollowUps: [],
      requisition: { awards: null, multipliers: [], chart: null, usesChart: true },
      honours: null,
      notes: [],
    },
  };
}

describe('Ruleset schema', () => {
  it('accepts a minimal ruleset whose organiser tables are null ("not entered yet")', () => {
    const r = minimalRuleset();
    expect(Ruleset.parse(r)).toEqual(r);
    expect(Ruleset.parse(JSON.parse(JSON.stringify(r)))).toEqual(r);
  });

  it('refuses a bad version, id, dice expression and reversed range', () => {
    expect(SemVer.safeParse('1.0').success).toBe(false);
    expect(SemVer.safeParse('2.1.0-beta.1').success).toBe(true);
    expect(Ruleset.safeParse({ ...minimalRuleset(), id: 'Has Spaces' }).success).toBe(false);
    const badExpr = DiceTable.safeParse({ id: 't', name: 'T', expression: 'D20', rows: [], citation: cite });
    expect(badExpr.success).toBe(false);
    expect(badExpr.error?.issues[0]?.message).toMatch(/only use D3, D6 and D66/);
    expect(DiceTable.safeParse({ id: 't', name: 'T', expression: 'D6', rows: [row(4, 2)], citation: cite }).success).toBe(false);
  });

  it('reports dangling references and duplicate ids in words', () => {
    const r = minimalRuleset();
    r.alwaysInEffect.push('night-fighting');
    r.missions[0]!.secondaryOverrides['no-such'] = 3;
    r.secondaryObjectives.push({ ...r.secondaryObjectives[0]! });
    r.diceTables[0]!.rows[0]!.result = 'no-mission';
    const messages = Ruleset.safeParse(r).error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        'No special rule "night-fighting".',
        'Mission "Skirmish" changes an unknown secondary objective "no-such".',
        'Two secondary objectives have the id "assassination".',
        'The mission table names an unknown mission "no-mission".',
      ]),
    );
  });

  it('allTables counts a table shared by two model types once', () => {
    const r = minimalRuleset();
    const d66 = { id: 'injury', name: 'Injury', expression: 'D66', rows: [row(11, 66)], citation: cite };
    r.progression.injuries['team-leader'] = d66;
    r.progression.injuries.special = JSON.parse(JSON.stringify(d66)) as DiceTable;
    expect(allTables(r).map((t) => t.id)).toEqual(['mission', 'injury']);
    expect(Ruleset.safeParse(r).success).toBe(true);
    r.progression.injuries.special = { ...d66, name: 'Different' };
    expect(Ruleset.safeParse(r).success).toBe(false);
  });
});

describe('validateTableCoverage', () => {
  it('a complete D6 table is ok', () => {
    expect(validateTableCoverage(table('D6', [row(1, 2), row(3, 5), row(6, 6)]))).toMatchObject({ ok: true, issues: [] });
  });

  it('reports a D6 overlap in words', () => {
    const report = validateTableCoverage(table('D6', [row(1, 4), row(3, 6)]));
    expect(report.issues.map((i) => i.message)).toEqual(['D6 results 3–4 appear twice.']);
  });

  it('reports D6 gaps, single and ranged', () => {
    const report = validateTableCoverage(table('D6', [row(2, 3), row(6, 6)]));
    expect(report.issues.map((i) => i.message)).toEqual(['D6 result 1 is not covered.', 'D6 results 4–5 are not covered.']);
  });

  it('docs/progression.md: the printed D66 injury table (mauled from 22) leaves D66 result 21 uncovered', () => {
    const printed = table('D66', [row(11, 13, 'dead'), row(14, 16, 'permanent'), row(22, 26, 'mauled'), row(31, 66, 'recovered')]);
    const report = validateTableCoverage(printed);
    expect(report.ok).toBe(false);
    expect(report.issues.map((i) => i.message)).toEqual(['D66 result 21 is not covered.']);
    const fixed = table('D66', [row(11, 13, 'dead'), row(14, 16, 'permanent'), row(21, 26, 'mauled'), row(31, 66, 'recovered')]);
    expect(validateTableCoverage(fixed).ok).toBe(true);
  });

  it('D66 ranges only count real D66 results (17–20 are not results)', () => {
    const report = validateTableCoverage(table('D66', [row(11, 16), row(21, 66)]));
    expect(report.ok).toBe(true);
    expect(report.possible).toHaveLength(36);
    const impossible = validateTableCoverage(table('D66', [row(11, 66), row(17, 20, 'ghost')]));
    expect(impossible.issues.map((i) => i.message)).toEqual(['Row "ghost" (17–20) can never be rolled: D66 gives 11–66 (both digits 1–6).']);
    const badBound = validateTableCoverage(table('D66', [row(11, 17), row(21, 66)]));
    expect(badBound.issues.map((i) => i.message)).toEqual(['Row "r" (11–17): 17 is not a possible D66 result.']);
  });

  it('D66 overlaps across tens are one run', () => {
    const report = validateTableCoverage(table('D66', [row(11, 26), row(15, 66)]));
    expect(report.issues.map((i) => i.message)).toEqual(['D66 results 15–26 appear twice.']);
  });

  it('2D6 tables range 2–12; an empty table is one gap', () => {
    expect(validateTableCoverage(table('2D6', [])).issues.map((i) => i.message)).toEqual(['2D6 results 2–12 are not covered.']);
    const threeTimes = validateTableCoverage(table('2D6', [row(2, 12), row(7, 7), row(7, 8)]));
    expect(threeTimes.issues.map((i) => i.message)).toEqual(['2D6 result 7 appears three times.', '2D6 result 8 appears twice.']);
  });

  it('lookupRow finds the row of a total', () => {
    const rows = [row(1, 2, 'a'), row(3, 6, 'b')];
    expect(lookupRow(rows, 2)?.result).toBe('a');
    expect(lookupRow(rows, 5)?.result).toBe('b');
    expect(lookupRow(rows, 7)).toBeUndefined();
  });
});

describe('schema robustness', () => {
  it('safeParse never throws, whatever the input (an imported file may be anything)', async () => {
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(fc.anything(), (x) => {
        Ruleset.safeParse(x);
        Ruleset.safeParse({ ...minimalRuleset(), missions: x });
        Ruleset.safeParse({ ...minimalRuleset(), progression: x });
      }),
      { numRuns: 1000 },
    );
  });
});
