import { describe, expect, it } from 'vitest';
import { PhysicalDice } from '../dice';
import type { LedgerData } from '../roster/ledger';
import type { RosterModel } from '../roster/roster';
import { applyGame } from './apply';
import type { ProgressionEntry } from './entries';
import { canonicalTeamState, countCommitted, emptyTeamFold, foldTeamRows, gameFigures, modelsLost, NO_RECORD, type GameResult } from './team-fold';
import { input, withModel } from './test-helpers';

const model = (id: string, name: string): RosterModel => ({ id, entryId: 'boy', name, options: {}, armoury: [], grenades: {} });

describe('team fold (docs/architecture.md properties 3 and 5: a team is its ledger folded)', () => {
  it('folds Req, the directory of every model the team had, and progression; voided rows count for nothing', () => {
    const data: (LedgerData | ProgressionEntry)[] = [
      { kind: 'team.founded', roster: { models: [model('m1', 'Grub'), model('m2', '')] } },
      { kind: 'model.recruited', model: model('m3', 'Snik') },
      { kind: 'model.renamed', modelId: 'm1', name: 'Grub the Bold' },
      { kind: 'model.dismissed', modelId: 'm2', name: '' },
      { kind: 'req.adjusted' },
    ];
    const rows = [
      { seq: 1, kind: 'team.founded', req: 0, voided: false },
      { seq: 2, kind: 'model.recruited', req: -6, voided: false },
      { seq: 3, kind: 'model.renamed', req: 0, voided: false },
      { seq: 5, kind: 'model.dismissed', req: 0, voided: false },
      { seq: 7, kind: 'req.adjusted', req: 100, voided: true },
    ];
    const fold = foldTeamRows({ ...emptyTeamFold(), req: 20 }, rows, data);
    expect(fold.req).toBe(14);
    expect(fold.lastSeq).toBe(7);
    expect(fold.state.directory).toEqual({
      m1: { name: 'Grub the Bold', entryId: 'boy', status: 'active' },
      m2: { name: 'm2', entryId: 'boy', status: 'dismissed' },
      m3: { name: 'Snik', entryId: 'boy', status: 'active' },
    });
    expect(modelsLost(fold.state)).toBe(0);
  });

  it("a game's entries fold into progression; a model that died is marked dead in the directory", () => {
    const entries = applyGame(
      { ...input(), facts: withModel(input().facts, 'a-c1', { aliveAtEnd: false, outOfAction: { by: null, how: 'other' } }) },
      new PhysicalDice([[1]]),
    );
    const founded = foldTeamRows(
      emptyTeamFold(),
      [{ seq: 1, kind: 'team.founded', req: 0, voided: false }],
      [{ kind: 'team.founded', roster: { models: [model('a-c1', 'Kor')] } }],
    );
    const mine = entries.filter((e) => e.team === 'team-a');
    const fold = foldTeamRows(
      founded,
      mine.map((e, i) => ({ seq: 2 + i, kind: e.kind, req: e.kind === 'req.awarded' ? e.amount : 0, voided: false })),
      mine,
    );
    expect(fold.state.directory['a-c1']?.status).toBe('dead');
    expect(modelsLost(fold.state)).toBe(1);
    expect(fold.state.progression.models['a-c1']?.dead).toBe(true);
    expect(fold.req).toBeGreaterThan(0);
  });

  it('counts a committed game into the record and per-model statistics, and takes it away again', () => {
    const g: GameResult = {
      teamAId: 'A',
      teamBId: 'B',
      winner: 'a',
      vpA: 5,
      vpB: 2,
      report: {
        sides: { a: { teamId: 'A' }, b: { teamId: 'B' } },
        models: [
          { id: 'a1', side: 'a', tookPart: true, outOfAction: null },
          { id: 'a2', side: 'a', tookPart: false },
          { id: 'b1', side: 'b', tookPart: true, outOfAction: { by: 'a1' } },
        ],
      },
    };
    const a = countCommitted(emptyTeamFold(), g, 'A', 1);
    expect(a.record).toEqual({ games: 1, wins: 1, draws: 0, losses: 0, vpFor: 5, vpAgainst: 2 });
    expect(a.state.stats).toEqual({ a1: { games: 1, kills: 1 } });
    const b = countCommitted(emptyTeamFold(), { ...g, winner: 'draw' }, 'B', 1);
    expect(b.record).toEqual({ games: 1, wins: 0, draws: 1, losses: 0, vpFor: 2, vpAgainst: 5 });
    expect(countCommitted(emptyTeamFold(), g, 'B', 1).record.losses).toBe(1);
    expect(countCommitted(emptyTeamFold(), g, 'C', 1)).toEqual(emptyTeamFold());
    const undone = countCommitted(a, g, 'A', -1);
    expect(undone.record).toEqual(NO_RECORD);
    // Emptied statistics are dropped from the stored form, so an undo stores what a rebuild stores.
    expect(canonicalTeamState(undone.state)).toEqual(canonicalTeamState(emptyTeamFold().state));
  });

  it('counts a game from its stored figures exactly as from its report: who took part, whom each took out, a Squad as its roster model (issue 29)', () => {
    const report: GameResult['report'] = {
      sides: { a: { teamId: 'A' }, b: { teamId: 'B' } },
      models: [
        { id: 'a1', side: 'a', tookPart: true, outOfAction: { by: 'saim#2' } },
        { id: 'a2', side: 'a', tookPart: false, outOfAction: { by: 'b1' } },
        { id: 'a3', side: 'a', tookPart: true },
        { id: 'saim#1', side: 'b', tookPart: true, outOfAction: { by: 'a3' } },
        { id: 'saim#2', side: 'b', tookPart: true },
        { id: 'b1', side: 'b', tookPart: true, outOfAction: { by: 'a3' } },
        { id: 'b2', side: 'b', tookPart: false },
      ],
    };
    const figures = gameFigures(report);
    // A model that sat out neither played nor was taken out for the statistics; squad members count once, as the squad.
    expect(figures).toEqual({ a: { team: 'A', played: ['a1', 'a3'], kills: ['a3', 'a3'] }, b: { team: 'B', played: ['saim', 'b1'], kills: ['saim'] } });
    const g: GameResult = { teamAId: 'A', teamBId: 'B', winner: 'b', vpA: 1, vpB: 4, report };
    for (const team of ['A', 'B', 'C']) {
      const fromReport = countCommitted(emptyTeamFold(), g, team, 1);
      expect(countCommitted(emptyTeamFold(), { ...g, report: figures }, team, 1)).toEqual(fromReport);
      expect(countCommitted(fromReport, { ...g, report: figures }, team, -1).record).toEqual(NO_RECORD);
    }
    expect(countCommitted(emptyTeamFold(), g, 'A', 1).state.stats).toEqual({ a1: { games: 1, kills: 0 }, a3: { games: 1, kills: 2 } });
    expect(countCommitted(emptyTeamFold(), g, 'B', 1).state.stats).toEqual({ saim: { games: 1, kills: 1 }, b1: { games: 1, kills: 0 } });
  });

  it('004 Squad ("individual models will still count toward the maximum Model Availability"): each member that died is a model lost (issue 30)', () => {
    const squad: RosterModel = { ...model('saim', 'Guardians of Saim'), entryId: 'guardian-squad', squadSize: 10 };
    const died = (id: string, gameId: string): ProgressionEntry => ({
      v: 1,
      id: `died-${id}-${gameId}`,
      kind: 'model.died',
      gameId,
      team: 'T',
      model: id,
      reason: 'Injury roll 1: Dead.',
      rolls: [],
      voided: false,
      citation: 'PROGRESSION.md / Injuries',
    });
    const data: (LedgerData | ProgressionEntry)[] = [
      { kind: 'team.founded', roster: { models: [model('lirith', 'Guardian Lirith'), squad] } },
      died('lirith', 'g1'),
      died('saim#2', 'g1'),
      died('saim#5', 'g1'),
      // Members are numbered afresh in each game: the squad's member 2 of game 2 is another guardsman.
      died('saim#2', 'g2'),
      died('saim#3', 'g2'),
    ];
    const rows = data.map((d, i) => ({ seq: i + 1, kind: d.kind, req: 0, voided: i === 5 }));
    const fold = foldTeamRows(emptyTeamFold(), rows, data);
    expect(fold.state.directory['saim']).toMatchObject({ status: 'active', membersLost: 3 });
    // Lirith and three guardsmen; the voided death counts for nothing.
    expect(modelsLost(fold.state)).toBe(4);
    // Folded in two steps, the same.
    const half = foldTeamRows(emptyTeamFold(), rows.slice(0, 3), data.slice(0, 3));
    expect(canonicalTeamState(foldTeamRows(half, rows.slice(3), data.slice(3)).state)).toEqual(canonicalTeamState(fold.state));
  });

  it('stores keys sorted, so an incremental fold and a rebuild are the same text', () => {
    const state = {
      ...emptyTeamFold().state,
      directory: { z: { name: 'Z', entryId: 'boy', status: 'active' as const }, a: { name: 'A', entryId: 'boy', status: 'active' as const } },
    };
    expect(Object.keys(canonicalTeamState(state).directory)).toEqual(['a', 'z']);
  });
});
