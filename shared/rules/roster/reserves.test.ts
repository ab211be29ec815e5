import { describe, expect, it } from 'vitest';
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import { foldRoster, type LedgerItem } from './ledger';
import { applyReserve, reserveProblem, tacticalReservesOf } from './reserves';
import { RosterModel } from './roster';
import { TeamList } from './team-list';
import { validateRoster } from './validate';
import { battleHonoursPreset, experienceLevelsPreset } from '../presets';
import { emptyTeamFold, foldTeamRows, threatHonourPoints } from '../progression/team-fold';
import type { ProgressionEntry } from '../progression/entries';
import type { LedgerData } from './ledger';

const marines = TeamList.parse(SAMPLE_TEAM_LISTS[0]);
const m = (id: string, entryId: string, name: string, extra = {}) => RosterModel.parse({ id, entryId, name, ...extra });
const item = (data: LedgerItem['data'], voided = false): LedgerItem => ({ data, req: 0, voided });

describe('docs/progression.md "Tactical Reserves": "Models or gear can be dismissed or parked in reserve"', () => {
  const founding = { models: [m('a', 'sergeant', 'Tarkus', { armoury: ['auspex'] }), m('b', 'tactical-marine', 'Cato'), m('c', 'tactical-marine', 'Varro')] };

  it('a parked model leaves the priced roster for the reserve, and comes back at the end of it', () => {
    const parked = foldRoster([item({ kind: 'team.founded', roster: founding }), item({ kind: 'model.reserved', modelId: 'b', name: 'Cato' })]);
    expect(parked.models.map((x) => x.id)).toEqual(['a', 'c']);
    expect(parked.reserve?.models.map((x) => x.id)).toEqual(['b']);
    // "reserves don't count toward Threat": the roster's points (what Threat and the cap read) leave Cato out.
    expect(validateRoster(marines, parked, 400).points).toBe(validateRoster(marines, founding, 400).points - 14);
    const back = applyReserve(parked, { kind: 'model.returned', modelId: 'b', name: 'Cato' });
    expect(back).toEqual({ models: [founding.models[0], founding.models[2], founding.models[1]] });
  });

  it('"parked gear can later go to any eligible model without paying again": an item moves through the reserve', () => {
    const items = [
      item({ kind: 'team.founded', roster: founding }),
      item({ kind: 'gear.parked', modelId: 'a', item: 'auspex' }),
      item({ kind: 'gear.fitted', modelId: 'c', item: 'auspex' }),
    ];
    const parked = foldRoster(items.slice(0, 2));
    expect(parked.models[0]!.armoury).toEqual([]);
    expect(parked.reserve).toEqual({ models: [], gear: ['auspex'] });
    expect(validateRoster(marines, parked, 400).points).toBe(validateRoster(marines, founding, 400).points - 5);
    const fitted = foldRoster(items);
    expect(fitted.models.find((x) => x.id === 'c')!.armoury).toEqual(['auspex']);
    // Nothing left parked: the roster is stored as if it never had a reserve.
    expect(fitted.reserve).toBeUndefined();
    // A voided parking never happened.
    expect(foldRoster([items[0]!, item(items[1]!.data, true)])).toEqual(founding);
  });

  it('"a dead or dismissed model loses all its gear and honours": dismissing a parked model takes it out of the reserve', () => {
    const r = foldRoster([
      item({ kind: 'team.founded', roster: founding }),
      item({ kind: 'model.reserved', modelId: 'a', name: 'Tarkus' }),
      item({ kind: 'model.dismissed', modelId: 'a', name: 'Tarkus' }),
    ]);
    expect(r).toEqual({ models: founding.models.slice(1) });
    // A game amended after the parking may kill the parked model: it leaves the reserve too.
    const died: ProgressionEntry = {
      v: 1,
      kind: 'model.died',
      id: 'd1',
      gameId: 'g1',
      team: 't',
      model: 'b',
      reason: 'Injury 1: dead',
      rolls: [],
      voided: false,
      citation: 'docs/progression.md Injuries',
    };
    const parked = foldRoster([item({ kind: 'team.founded', roster: founding }), item({ kind: 'model.reserved', modelId: 'b', name: 'Cato' }), item(died)]);
    expect(parked).toEqual({ models: [founding.models[0], founding.models[2]] });
  });

  it('says in words why an entry cannot apply (a campaign file is checked with it)', () => {
    expect(reserveProblem(founding, { kind: 'model.reserved', modelId: 'b', name: 'Cato' })).toBeNull();
    expect(reserveProblem(founding, { kind: 'model.returned', modelId: 'b', name: 'Cato' })).toBe('Cato is not in Tactical Reserves.');
    expect(reserveProblem(founding, { kind: 'gear.parked', modelId: 'b', item: 'auspex' })).toBe('Cato does not carry “auspex”.');
    expect(reserveProblem(founding, { kind: 'gear.fitted', modelId: 'b', item: 'auspex' })).toBe('No “auspex” is parked in Tactical Reserves.');
  });

  it("is the Battle Honours preset's rule: on there, off for Experience & Levels, and a ruleset value either way", () => {
    expect(tacticalReservesOf(battleHonoursPreset())).toBe(true);
    expect(tacticalReservesOf(experienceLevelsPreset())).toBe(false);
    expect(battleHonoursPreset().team.tacticalReserves).toBeUndefined();
    const bh = battleHonoursPreset();
    expect(tacticalReservesOf({ ...bh, team: { ...bh.team, tacticalReserves: false } })).toBe(false);
  });
});

describe('docs/progression.md "Tactical Reserves": "reserves don\'t count toward Threat" — the honours of a parked model', () => {
  it('leaves out the honours of a model in reserve or dismissed, and counts them again once it is back', () => {
    const data: (LedgerData | ProgressionEntry)[] = [
      { kind: 'team.founded', roster: { models: [m('a', 'sergeant', 'Tarkus'), m('b', 'tactical-marine', 'Cato')] } },
    ];
    const fold = foldTeamRows(emptyTeamFold(), [{ seq: 1, kind: 'team.founded', req: 0, voided: false }], data);
    const honour = (model: string, cost: number) => ({ honour: 'h', group: 'g', cost, entryId: model });
    const progression = {
      models: {
        a: { model: 'a', team: 't', exp: 0, level: 0, advances: [], permanentInjuries: [], mauled: null, dead: false, honours: [honour('a', 20)] },
        b: { model: 'b', team: 't', exp: 0, level: 0, advances: [], permanentInjuries: [], mauled: null, dead: false, honours: [honour('b', 15)] },
      },
      teams: { t: { team: 't', req: 0, earned: 0, spent: 35, teamHonours: [], honourPoints: 35, lastGameId: null } },
    };
    const state = { ...fold.state, progression };
    expect(threatHonourPoints(state, 't')).toBe(35);
    const step = (s: typeof state, seq: number, d: LedgerData) => ({
      ...foldTeamRows({ ...emptyTeamFold(), state: s }, [{ seq, kind: d.kind, req: 0, voided: false }], [d]).state,
      progression,
    });
    const parked = step(state, 2, { kind: 'model.reserved', modelId: 'a', name: 'Tarkus' });
    expect(parked.directory['a']).toEqual({ name: 'Tarkus', entryId: 'sergeant', status: 'active', reserve: true });
    expect(threatHonourPoints(parked, 't')).toBe(15);
    const back = step(parked, 3, { kind: 'model.returned', modelId: 'a', name: 'Tarkus' });
    expect(back.directory['a']).toEqual({ name: 'Tarkus', entryId: 'sergeant', status: 'active' });
    expect(threatHonourPoints(back, 't')).toBe(35);
    expect(threatHonourPoints(step(back, 4, { kind: 'model.dismissed', modelId: 'b', name: 'Cato' }), 't')).toBe(20);
  });
});
