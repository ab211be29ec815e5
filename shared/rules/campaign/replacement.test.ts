/**
 * Issue 20: a later recruit depends on a death a void takes back only when the dead model coming back would break the
 * Model Allowance or the roster's points cap; the models that come back are named with the game they died in.
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import type { ProgressionEntry } from '../progression/entries';
import type { RosterModel } from '../roster/roster';
import { TeamList } from '../roster/team-list';
import type { RosterLimits } from './replacement';
import { planVoid, type CampaignLedgerItem } from './void-plan';

const marines = TeamList.parse(SAMPLE_TEAM_LISTS[0]);
/** Space Marines with at most 4 Core models, so a fifth breaks the Model Allowance. */
const tight = { ...marines, allowance: { ...marines.allowance, core: { min: 2, max: 4 } } };
const m = (id: string, entryId = 'tactical-marine'): RosterModel => ({ id, entryId, name: id, options: {}, armoury: [], grenades: {} });
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
const founded = (team: string, models: RosterModel[], req = 100): CampaignLedgerItem => ({
  ...base(team, null, req),
  data: { kind: 'team.founded', roster: { models } },
});
const recruit = (team: string, model: RosterModel, cost = 14, gameId: string | null = null): CampaignLedgerItem => ({
  ...base(team, gameId, -cost, model.id),
  data: { kind: 'model.recruited', model },
});
const died = (team: string, gameId: string, model: string): CampaignLedgerItem => {
  const b = base(team, gameId, 0, model);
  return {
    ...b,
    data: { v: 1, id: b.id, gameId, team, rolls: [], voided: false, citation: 'test', kind: 'model.died', model, reason: 'x' } as ProgressionEntry,
  };
};
const limits = (list: TeamList, cap = 400, before: RosterLimits['before'] = () => undefined): RosterLimits => ({
  list: () => list,
  pointsCap: () => cap,
  before,
});
const entryOf = (ledger: CampaignLedgerItem[]) => (id: string) => {
  for (const i of ledger) {
    if (i.data.kind === 'team.founded') for (const x of i.data.roster.models) if (x.id === id) return x.entryId;
    if (i.data.kind === 'model.recruited' && i.data.model.id === id) return i.data.model.entryId;
  }
  return undefined;
};

describe('replaced-dead-model only when the dead model coming back breaks a limit (issue 20)', () => {
  const team = [m('sgt', 'sergeant'), m('t1'), m('t2'), m('t3')];

  it('a routine recruit with room left for the model that comes back depends on nothing', () => {
    const ledger = [founded('A', team), died('A', 'g1', 't1'), recruit('A', m('t4'))];
    expect(planVoid(ledger, 'g1', { entryOf: entryOf(ledger), roster: limits(marines) }).dependents).toEqual([]);
    // Without the rosters, the cautious reading: any recruit of the same entry replaced it.
    expect(planVoid(ledger, 'g1', { entryOf: entryOf(ledger) }).dependents).toEqual([
      expect.objectContaining({ reason: 'replaced-dead-model', revived: [{ modelId: 't1', gameId: 'g1' }] }),
    ]);
  });

  it('a recruit that fills the allowance the dead model held: pulled in, the limit and the model named', () => {
    const ledger = [founded('A', [...team, m('t4')]), died('A', 'g1', 't1'), recruit('A', m('t5'))];
    const plan = planVoid(ledger, 'g1', { entryOf: entryOf(ledger), roster: limits(tight) });
    expect(plan.dependents).toEqual([
      expect.objectContaining({
        entryId: ledger[2]!.id,
        reason: 'replaced-dead-model',
        revived: [{ modelId: 't1', gameId: 'g1' }],
        breaks: ['5 Core models where the Model Allowance allows 4'],
      }),
    ]);
  });

  it("the points cap: a cheaper recruit of another entry that the dead model's points would push over", () => {
    // 25 + 3 × 14 = 67 pts; t1 dies (53), a Scout (11) makes 64 — with t1 back, 78 over a cap of 70.
    const ledger = [founded('A', team), died('A', 'g1', 't1'), recruit('A', m('s1', 'scout'), 11)];
    const plan = planVoid(ledger, 'g1', { entryOf: entryOf(ledger), roster: limits(marines, 70) });
    expect(plan.dependents).toEqual([expect.objectContaining({ reason: 'replaced-dead-model', breaks: ['78 pts where the roster may hold 70'] })]);
  });

  it('a death in a later game the void does not reach is never named, and its replacement is not pulled in', () => {
    const ledger = [founded('A', [...team, m('t4')]), died('A', 'g1', 't1'), recruit('A', m('t5')), died('A', 'g3', 't2'), recruit('A', m('t6'), 14, 'g3')];
    const plan = planVoid(ledger, 'g1', { entryOf: entryOf(ledger), roster: limits(tight) });
    // t5 is t1's replacement (pulled in); t6 replaced t2, who died in g3: with t1 back and t5 gone, 4 Core — room left.
    expect(plan.dependents.map((d) => [d.entryId, d.revived])).toEqual([[ledger[2]!.id, [{ modelId: 't1', gameId: 'g1' }]]]);
    expect(plan.games).toEqual(['g1']);
  });

  it('reads the same from a slice with the roster before it as from the whole ledger', () => {
    const head = [founded('A', [...team, m('t4')])];
    const tail = [died('A', 'g1', 't1'), recruit('A', m('t5')), recruit('A', m('t6'))];
    const whole = planVoid([...head, ...tail], 'g1', { entryOf: entryOf([...head, ...tail]), roster: limits(tight) });
    const sliced = planVoid(tail, 'g1', {
      entryOf: entryOf([...head, ...tail]),
      roster: limits(tight, 400, () => ({ models: [...team, m('t4')] })),
      before: { balance: { A: 100 }, exp: {}, injuries: {} },
    });
    expect(sliced.dependents).toEqual(whole.dependents);
    expect(whole.dependents.map((d) => d.entryId)).toEqual([tail[1]!.id]);
  });
});
