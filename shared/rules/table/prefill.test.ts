import { describe, expect, it } from 'vitest';
import type { GameReport, ModelReport } from '../game/report';
import { validateReport } from '../game/report-checks';
import { reportModelsOf } from '../game/squads';
import type { TableEvent } from './taps';
import { prefillReport, tableTracks } from './prefill';
import { foldTable, tableModelsOf } from './state';

const model = (id: string, side: 'a' | 'b', extra: Partial<ModelReport> = {}): ModelReport => ({
  id,
  side,
  type: 'core',
  tookPart: true,
  aliveAtEnd: true,
  ...extra,
});
const squad = reportModelsOf({ modelId: 'b-squad', name: 'Squad', entryName: 'Guardsman Squad', category: 'squad', squadSize: 3, specialRules: [] }, 'b');

function report(extra: Partial<GameReport> = {}): GameReport {
  return {
    reportVersion: 1,
    missionId: 'skirmish',
    sides: {
      a: { teamId: 'orks', firstBlood: false, sweepingAdvance: false, kayfabe: true },
      b: { teamId: 'guard', firstBlood: false, sweepingAdvance: false, kayfabe: false },
    },
    models: [
      model('a-boss', 'a', { type: 'team-leader' }),
      model('a-boy', 'a'),
      model('a-bench', 'a', { tookPart: false }),
      model('b-sarge', 'b', { type: 'team-leader' }),
      ...squad,
    ],
    ending: { kind: 'turns' },
    rolls: [],
    ...extra,
  };
}
const play = (r: GameReport, log: TableEvent[]) => prefillReport(r, foldTable(tableModelsOf(r.models), log));

describe('"Game over" fills the result wizard from the table (issue 33)', () => {
  it('casualties and who caused them, the reserves that never arrived, First Blood, the turns played', () => {
    const r = report();
    const out = play(r, [
      { kind: 'turn', turn: 1 },
      { kind: 'casualty', model: 'a-boy', by: null },
      { kind: 'turn', turn: 2 },
      { kind: 'casualty', model: 'b-squad#1', by: 'a-boss' },
      { kind: 'casualty', model: 'b-squad#2', by: 'a-boss' },
      { kind: 'state', model: 'b-sarge', state: 'reserve' },
      { kind: 'state', model: 'b-squad#3', state: 'down' },
      { kind: 'turn', turn: 3 },
      { kind: 'end', ending: { kind: 'turns' } },
    ]);
    const by = (id: string) => out.models.find((m) => m.id === id)!;
    expect(by('a-boy')).toMatchObject({ aliveAtEnd: false, outOfAction: { by: null, how: 'shooting' } });
    expect(by('b-squad#1')).toMatchObject({ aliveAtEnd: false, outOfAction: { by: 'a-boss', how: 'shooting' } });
    expect(by('b-squad#3')).toMatchObject({ aliveAtEnd: true });
    expect(by('b-squad#3')).not.toHaveProperty('outOfAction');
    expect(by('b-sarge')).toMatchObject({ aliveAtEnd: true, notArrived: true });
    expect(by('a-bench')).toEqual(model('a-bench', 'a', { tookPart: false }));
    // docs/progression.md "First Blood": "Caused the first casualty of the game" — a casualty no one caused does not count.
    expect(out.sides.a.firstBlood).toBe(true);
    expect(out.sides.b.firstBlood).toBe(false);
    // What the table does not record is kept as the draft had it.
    expect(out.sides.a.kayfabe).toBe(true);
    // A Skirmish is not won outright: the wizard does not ask for the turns played, so the table does not fill them in.
    expect(out).not.toHaveProperty('gameTurns');
    expect(validateReport(out)).toEqual([]);
  });

  // Seed 004 Mission 5 Seize Ground: the outright win needs the objectives held "at the end of the third game turn or later".
  it('the turns played, where the mission is won outright by holding every objective (the wizard asks for them there)', () => {
    const seize = report({ missionId: 'seize-ground', objectives: [{ claimedBy: null }, { claimedBy: null }] });
    const log: TableEvent[] = [
      { kind: 'turn', turn: 1 },
      { kind: 'turn', turn: 2 },
      { kind: 'turn', turn: 3 },
    ];
    expect(play(seize, log).gameTurns).toBe(3);
    // A club's own mission scored like Seize Ground: the plan's scoring says so.
    expect(prefillReport(report(), foldTable(tableModelsOf(report().models), log), { automaticWin: 'all-objectives' }).gameTurns).toBe(3);
  });

  // e2e/game-night.spec.ts: the game played at the table and the same game typed into the wizard commit the same report.
  it('the report is the one the wizard gives when the same game is typed in: a survivor has no outOfAction', () => {
    const r = report();
    const typed: GameReport = {
      ...r,
      sides: { a: { ...r.sides.a, firstBlood: true }, b: r.sides.b },
      models: r.models.map((m) => (m.id === 'b-sarge' ? { ...m, aliveAtEnd: false, outOfAction: { by: 'a-boss', how: 'shooting' } } : m)),
    };
    expect(
      play(r, [
        { kind: 'turn', turn: 1 },
        { kind: 'casualty', model: 'b-sarge', by: 'a-boss' },
      ]),
    ).toEqual(typed);
  });

  // Seed 004 Run Away!: "If the Run Away! test is failed, the game ends."
  it('a failed Run Away! test ends the game for that side, with its models falling back at the end', () => {
    const out = play(report(), [
      { kind: 'casualty', model: 'b-squad#1', by: 'a-boss' },
      { kind: 'state', model: 'b-squad#2', state: 'fallen-back' },
      { kind: 'state', model: 'b-squad#3', state: 'fallen-back' },
      { kind: 'end', ending: { kind: 'run-away', side: 'b', voluntary: false } },
    ]);
    expect(out.ending).toEqual({ kind: 'run-away', side: 'b', voluntary: false, fallingBack: 2 });
    expect(validateReport(out)).toEqual([]);
  });

  it("objectives held, relics carried and markers destroyed become the report's facts", () => {
    const seize = report({ missionId: 'seize-ground', objectives: [{ claimedBy: null }, { claimedBy: null }, { claimedBy: null }] });
    const out = play(seize, [
      { kind: 'counter', side: 'a', counter: 'objectives', delta: 1 },
      { kind: 'counter', side: 'b', counter: 'objectives', delta: 1 },
      { kind: 'counter', side: 'b', counter: 'objectives', delta: 1 },
      { kind: 'counter', side: 'b', counter: 'objectives', delta: 1 },
    ]);
    expect(out.objectives).toEqual([{ claimedBy: 'a' }, { claimedBy: 'b' }, { claimedBy: 'b' }]);

    const relics = play(report({ missionId: 'relic-hunt', relicCount: 3 }), [
      { kind: 'relic', model: 'a-boss', delta: 1 },
      { kind: 'relic', model: 'b-squad#1', delta: 1 },
      { kind: 'casualty', model: 'b-squad#1', by: 'a-boss' },
      { kind: 'marker', model: 'b-sarge', destroyed: true },
    ]);
    expect(relics.models.find((m) => m.id === 'a-boss')?.relicsCarried).toBe(1);
    expect(relics.models.find((m) => m.id === 'b-squad#1')?.relicsCarried).toBeUndefined();
    expect(relics.models.find((m) => m.id === 'b-sarge')?.destroyedObjectiveMarker).toBe(true);
  });

  it('the mission says what is counted at the table', () => {
    expect(tableTracks(report(), false)).toEqual({ counters: [], relics: null, markers: false });
    expect(tableTracks(report({ relicCount: 4 }), true)).toEqual({ counters: [], relics: 4, markers: true });
    const club = tableTracks(report({ club8th: { a: { objectiveVp: 0, tacticalObjectiveVp: 0 }, b: { objectiveVp: 0, tacticalObjectiveVp: 0 } } }), false);
    expect(club.counters.map((c) => c.counter)).toEqual(['objective-vp', 'tactical-vp']);
  });

  it('a table with no taps leaves the draft as it was but for First Blood', () => {
    const r = report();
    expect(play(r, [])).toEqual({
      ...r,
      sides: { a: { ...r.sides.a, firstBlood: false }, b: r.sides.b },
      models: r.models,
    });
  });
});
