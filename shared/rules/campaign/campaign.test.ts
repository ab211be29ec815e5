import { describe, expect, it } from 'vitest';
import { PhysicalDiceError } from '../dice';
import type { ProgressionEntry } from '../progression/entries';
import type { RosterModel } from '../roster/roster';
import { KeyedDice, MissingRollError } from './keyed-dice';
import type { CampaignLedgerItem } from './void-plan';
import { lowestBalances, planVoid } from './void-plan';
import { inPlaceOrder } from './place-order';

const model = (id: string, entryId = 'boy'): RosterModel => ({ id, entryId, name: id, options: {}, armoury: [], grenades: {} });
let seq = 0;
const base = (team: string, gameId: string | null, req = 0, modelId: string | null = null) => ({
  id: `e${++seq}`,
  seq,
  team,
  gameId,
  modelId,
  req,
  voided: false,
});
const founded = (team: string, models: RosterModel[], req = 0): CampaignLedgerItem => ({
  ...base(team, null, req),
  data: { kind: 'team.founded', roster: { models } },
});
const prog = (
  team: string,
  gameId: string,
  e: Partial<ProgressionEntry> & Pick<ProgressionEntry, 'kind'>,
  req = 0,
  modelId: string | null = null,
): CampaignLedgerItem => {
  const b = base(team, gameId, req, modelId);
  return { ...b, data: { v: 1, id: b.id, gameId, team, rolls: [], voided: false, citation: 'test', ...e } as ProgressionEntry };
};
const award = (team: string, gameId: string, amount: number) => prog(team, gameId, { kind: 'req.awarded', award: 'took-part', amount, reason: 'x' }, amount);
const recruit = (team: string, m: RosterModel, cost: number, gameId: string | null = null): CampaignLedgerItem => ({
  ...base(team, gameId, -cost, m.id),
  data: { kind: 'model.recruited', model: m },
});
const died = (team: string, gameId: string, m: string) => prog(team, gameId, { kind: 'model.died', model: m, reason: 'x' }, 0, m);
const exp = (team: string, gameId: string, m: string, amount: number) =>
  prog(team, gameId, { kind: 'exp.gained', model: m, amount, source: 'x', reason: 'x' }, 0, m);

describe('KeyedDice (issue 5: every roll keyed by what it is for)', () => {
  it('app dice: the same seed and purpose give the same roll, whatever was rolled before', () => {
    const one = new KeyedDice('post', { source: 'app', seed: 's' });
    const two = new KeyedDice('post', { source: 'app', seed: 's' });
    two.roll('D6', 'Injury, x');
    expect(one.roll('D66', 'Injury, y')).toEqual(two.roll('D66', 'Injury, y'));
    expect(one.keys).toEqual(['post|Injury, y|1']);
    expect(one.nextKey('Injury, y')).toBe('post|Injury, y|2');
  });

  it('physical dice: a roll with no faces names its key; typed faces are checked against the expression', () => {
    const dice = new KeyedDice('plan', { source: 'physical', faces: { 'plan|Mission|1': [4], 'plan|Relics|1': [7] } });
    expect(dice.roll('D6', 'Mission')).toMatchObject({ total: 4, source: 'physical' });
    let missing: unknown;
    try {
      dice.roll('D6', 'Mission');
    } catch (e) {
      missing = e;
    }
    expect(missing).toBeInstanceOf(MissingRollError);
    expect((missing as MissingRollError).key).toBe('plan|Mission|2');
    expect(() => dice.roll('D6', 'Relics')).toThrow(PhysicalDiceError);
  });
});

describe('planVoid (issue 5 / docs/architecture.md "Voiding a game reverses exactly its entries")', () => {
  it('a game nothing depends on: exactly its own entries', () => {
    const ledger = [founded('A', [model('a1')]), award('A', 'g1', 20), award('B', 'g1', 20), award('A', 'g2', 20)];
    const plan = planVoid(ledger, 'g1');
    expect(plan.direct).toEqual([ledger[1]!.id, ledger[2]!.id]);
    expect(plan.dependents).toEqual([]);
    expect(plan.games).toEqual(['g1']);
  });

  it('Req spent later that the team cannot pay without the game: named, and pulled in', () => {
    const ledger = [founded('A', [model('a1')]), award('A', 'g1', 20), recruit('A', model('a2'), 14)];
    const plan = planVoid(ledger, 'g1');
    expect(plan.dependents).toEqual([expect.objectContaining({ entryId: ledger[2]!.id, reason: 'req-short', short: 14 })]);
    expect(plan.entries).toEqual([ledger[1]!.id, ledger[2]!.id]);
  });

  it('a recruit taken back pulls in the later game it played (that game is voided whole)', () => {
    const ledger = [
      founded('A', [model('a1')]),
      award('A', 'g1', 20),
      recruit('A', model('a2'), 14),
      exp('A', 'g2', 'a2', 1),
      award('A', 'g2', 20),
      award('B', 'g2', 20),
    ];
    const plan = planVoid(ledger, 'g1');
    expect(plan.games).toEqual(['g1', 'g2']);
    expect(plan.entries).toHaveLength(5);
    expect(plan.dependents.map((d) => d.reason)).toEqual(['req-short', 'model-recruited-by-void']);
  });

  it('gear bought with the game’s Req and parked since: the parking, and a later fitting of it, are pulled in (issue 27)', () => {
    const gear = (kind: 'gear.parked' | 'gear.fitted', modelId: string): CampaignLedgerItem => ({
      ...base('A', null, 0, modelId),
      data: { kind, modelId, item: 'cybork-body' },
    });
    const ledger = [founded('A', [model('a1'), model('a2')]), award('A', 'g1', 5)];
    const wargear: CampaignLedgerItem = { ...base('A', null, -5, 'a1'), data: { kind: 'model.wargear', model: { ...model('a1'), armoury: ['cybork-body'] } } };
    ledger.push(wargear, gear('gear.parked', 'a1'), gear('gear.fitted', 'a2'));
    const plan = planVoid(ledger, 'g1');
    expect(plan.dependents.map((d) => [d.entryId, d.reason])).toEqual([
      [wargear.id, 'req-short'],
      [ledger[3]!.id, 'gear-by-void'],
      [ledger[4]!.id, 'gear-by-void'],
    ]);
  });

  it('a model that died in the game and was replaced by a recruit of the same entry', () => {
    const ledger = [founded('A', [model('a1'), model('a2')], 50), died('A', 'g1', 'a1'), recruit('A', model('a3'), 6)];
    const plan = planVoid(ledger, 'g1', { entryOf: (id) => (id === 'a1' ? 'boy' : undefined) });
    expect(plan.dependents).toEqual([expect.objectContaining({ entryId: ledger[2]!.id, reason: 'replaced-dead-model' })]);
  });

  it('a later level the model no longer reaches, and Restorative Surgery for an injury the game caused', () => {
    const ledger = [
      founded('A', [model('a1')], 100),
      exp('A', 'g1', 'a1', 3),
      prog(
        'A',
        'g1',
        {
          kind: 'injury.rolled',
          model: 'a1',
          modelType: 'core',
          table: 't',
          roll: 2,
          result: { kind: 'permanent-injury', characteristic: 'ws', text: '-1 WS' },
        },
        0,
        'a1',
      ),
      exp('A', 'g2', 'a1', 1),
      prog('A', 'g2', { kind: 'level.reached', model: 'a1', level: 1, threshold: 4 }, 0, 'a1'),
      prog(
        'A',
        'g3',
        { kind: 'honour.bought', model: 'a1', honour: 'restorative-surgery', group: 'kill-team', baseCost: 10, surcharge: 0, cost: 10 },
        -10,
        'a1',
      ),
    ];
    const plan = planVoid(ledger, 'g1');
    expect(plan.dependents.map((d) => d.reason)).toEqual(['level-lost', 'surgery']);
    expect(plan.games).toEqual(['g1', 'g2', 'g3']);
  });

  it('lowestBalances: the lowest point of each team, voided entries skipped', () => {
    const ledger = [founded('A', [], 10), recruit('A', model('x'), 14), award('A', 'g1', 20)];
    expect(lowestBalances(ledger)).toEqual({ A: -4 });
    expect(lowestBalances(ledger.map((e, i) => (i === 1 ? { ...e, voided: true } : e)))).toEqual({ A: 0 });
  });
});

describe('inPlaceOrder (issue 27, docs/history.md)', () => {
  it('an amendment’s entries, appended later, stand at their game’s place', () => {
    const rows = [
      { seq: 1, gameId: 'g1' },
      { seq: 2, gameId: null },
      { seq: 3, gameId: 'g2' },
      { seq: 4, gameId: 'g1' },
    ];
    expect(inPlaceOrder(rows).map((r) => r.seq)).toEqual([1, 4, 2, 3]);
  });
});
