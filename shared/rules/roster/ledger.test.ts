import { describe, expect, it } from 'vitest';
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import { FOUNDED_ROSTER_CAP, foldRoster, purchaseCost, requisitionBalance, rosterCapOf, rosterPointsLimit, type LedgerItem } from './ledger';
import { battleHonoursPreset, experienceLevelsPreset } from '../presets';
import { RosterModel } from './roster';
import { TeamList } from './team-list';

const marines = TeamList.parse(SAMPLE_TEAM_LISTS[0]);
const m = (id: string, entryId: string, name: string, extra = {}) => RosterModel.parse({ id, entryId, name, ...extra });
const item = (data: LedgerItem['data'], req = 0, voided = false): LedgerItem => ({ data, req, voided });

describe('roster ledger (docs/architecture.md "Progression is a ledger")', () => {
  const founding = { models: [m('a', 'sergeant', 'Tarkus'), m('b', 'tactical-marine', 'Cato')] };

  it('folds founding, recruits, wargear, renames and dismissals in order, skipping voided entries', () => {
    const items = [
      item({ kind: 'team.founded', roster: founding }),
      item({ kind: 'req.adjusted' }, 40),
      item({ kind: 'model.recruited', model: m('c', 'tactical-marine', 'Varro') }, -14),
      item({ kind: 'model.wargear', model: m('a', 'sergeant', 'Tarkus', { options: { 'power-sword': 1 } }) }, -15),
      item({ kind: 'model.renamed', modelId: 'b', name: 'Brother Cato' }),
      item({ kind: 'model.dismissed', modelId: 'c', name: 'Varro' }),
      item({ kind: 'model.recruited', model: m('d', 'scout', 'Varn') }, -11, true),
    ];
    expect(foldRoster(items).models.map((x) => `${x.id}:${x.name}:${JSON.stringify(x.options)}`)).toEqual(['a:Tarkus:{"power-sword":1}', 'b:Brother Cato:{}']);
    expect(requisitionBalance(items)).toBe(40 - 14 - 15);
  });

  it('refuses a ledger that does not start with the founding', () => {
    expect(() => foldRoster([])).toThrow('The team has not been founded.');
    expect(() => foldRoster([item({ kind: 'req.adjusted' }, 10)])).toThrow(/before the team was founded/);
    expect(() => foldRoster([item({ kind: 'model.dismissed', modelId: 'a', name: 'x' })])).toThrow(/before the team was founded/);
  });

  it('docs/progression.md: a purchase costs its points in Req; taking gear away refunds nothing', () => {
    const plain = m('a', 'sergeant', 'Tarkus');
    const sword = m('a', 'sergeant', 'Tarkus', { options: { 'power-sword': 1 }, armoury: ['auspex'] });
    expect(purchaseCost(marines, undefined, m('x', 'tactical-marine', 'New'))).toBe(14);
    expect(purchaseCost(marines, plain, sword)).toBe(20);
    expect(purchaseCost(marines, sword, plain)).toBe(0);
  });
});

describe('docs/progression.md "A roster holds at most 400 pts of models and gear": a value of the ruleset (issue 19)', () => {
  it('the presets leave it at 400; a ruleset that sets team.rosterCap gets its own; before founding the campaign limit holds', () => {
    expect(rosterCapOf(battleHonoursPreset())).toBe(FOUNDED_ROSTER_CAP);
    expect(rosterCapOf(experienceLevelsPreset())).toBe(400);
    expect(rosterCapOf({ team: { pointsLimit: 250, rosterCap: 300 } })).toBe(300);
    expect(rosterPointsLimit(250, true, 300)).toBe(300);
    expect(rosterPointsLimit(250, false, 300)).toBe(250);
    // Never below the campaign's own points limit (seed 004: the team is built to it).
    expect(rosterPointsLimit(500, true, 300)).toBe(500);
  });
});
