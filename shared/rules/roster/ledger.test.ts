import { describe, expect, it } from 'vitest';
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import {
  FOUNDED_ROSTER_CAP,
  foldRoster,
  purchaseCost,
  refilledSquad,
  requisitionBalance,
  rosterCapOf,
  rosterPointsLimit,
  squadReinforcements,
  withoutDead,
  type LedgerItem,
} from './ledger';
import { validateRoster } from './validate';
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

describe('004 Squad: a depleted squad brought back up to its size (issue 30)', () => {
  // Guardsman Squad: 4 pts per model, 5 to 10 models; carapace 2 pts per model, a vox-caster 5 pts once.
  const guard = TeamList.parse(SAMPLE_TEAM_LISTS.find((l) => (l as { id: string }).id === 'imperial-guard-sample'));
  const list = TeamList.parse({
    ...guard,
    entries: guard.entries.map((e) =>
      e.id === 'guardsman-squad'
        ? {
            ...e,
            options: [
              { id: 'vox', name: 'Vox-caster', points: 5 },
              { id: 'carapace', name: 'Carapace armour', points: 2, perModel: true },
            ],
          }
        : e,
    ),
  });
  const bought = m('third', 'guardsman-squad', 'Third Squad', { squadSize: 10, options: { vox: 1, carapace: 1 } });
  const depleted = withoutDead([bought], new Set(['third#2', 'third#5', 'third#9']))[0]!;
  const squadIssues = (model: typeof bought) =>
    validateRoster(list, { models: [model] }, 400)
      .issues.filter((i) => i.code === 'squad-size')
      .map((i) => i.message);

  it("recruits take the places of the dead, each paid at the squad's per-model price (docs/progression.md: recruits cost their points in Req)", () => {
    expect(depleted).toMatchObject({ squadSize: 7, squadLost: 3 });
    const two = refilledSquad(depleted, { ...depleted, squadSize: 9 });
    expect(two).toMatchObject({ squadSize: 9, squadLost: 1 });
    expect(squadReinforcements(depleted, two)).toBe(2);
    // 2 × (4 + 2 carapace); the vox-caster is the squad's, paid once already.
    expect(purchaseCost(list, depleted, two)).toBe(12);
    expect(squadIssues(two)).toEqual([]);
    const full = refilledSquad(depleted, { ...depleted, squadSize: 10 });
    expect(full.squadLost).toBeUndefined();
    expect(squadIssues(full)).toEqual([]);
  });

  it("never past the list's maximum, and the members lost are the roster's, not what the change says", () => {
    const over = refilledSquad(depleted, { ...depleted, squadSize: 11 });
    expect(squadIssues(over)).toEqual(['Third Squad has 11 models; a Guardsman Squad has 5 to 10.']);
    // A change that claims no one was lost still counts the three dead: a squad of 8 with 3 lost is not "8 of 10 bought".
    expect(refilledSquad(depleted, { ...depleted, squadSize: 8, squadLost: undefined })).toMatchObject({ squadSize: 8, squadLost: 2 });
    // A change that is not a reinforcement keeps the dead as they were; no change at all keeps the model's very text.
    expect(JSON.stringify(refilledSquad(depleted, { ...depleted }))).toBe(JSON.stringify(depleted));
    expect(refilledSquad(depleted, { ...depleted, options: { vox: 1 } })).toMatchObject({ squadSize: 7, squadLost: 3 });
    expect(squadReinforcements(m('a', 'sergeant', 'Tarkus'), m('a', 'sergeant', 'Tarkus'))).toBe(0);
  });

  it('the refill folds like any change to the model, and a later death counts from the refilled squad', () => {
    const items = [
      item({ kind: 'team.founded', roster: { models: [bought] } }),
      item({ kind: 'model.wargear', model: refilledSquad(depleted, { ...depleted, squadSize: 10 }) }, -18),
    ];
    const folded = foldRoster(items).models[0]!;
    expect(folded).toMatchObject({ squadSize: 10 });
    expect(withoutDead([folded], new Set(['third#1']))[0]).toMatchObject({ squadSize: 9, squadLost: 1 });
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
