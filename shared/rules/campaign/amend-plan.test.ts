/**
 * Issue 20, amending a committed game: the game's entries before and after are paired by what they are about, and
 * every later entry that would no longer hold is named — never dragged along.
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_TEAM_LISTS } from '../../data/team-lists';
import type { ProgressionEntry } from '../progression/entries';
import type { RosterModel } from '../roster/roster';
import { TeamList } from '../roster/team-list';
import { diffGameEntries, planAmend, type AmendEntry } from './amend-plan';
import type { CampaignLedgerItem } from './void-plan';

const marines = TeamList.parse(SAMPLE_TEAM_LISTS[0]);
const tight = { ...marines, allowance: { ...marines.allowance, core: { min: 2, max: 4 } } };
const m = (id: string, entryId = 'tactical-marine'): RosterModel => ({ id, entryId, name: id, options: {}, armoury: [], grenades: {} });
let seq = 0;
const item = (team: string, gameId: string | null, data: CampaignLedgerItem['data'], req = 0, modelId: string | null = null): CampaignLedgerItem => ({
  id: `e${++seq}`,
  seq,
  team,
  gameId,
  modelId,
  req,
  voided: false,
  data,
});
const entry = (team: string, gameId: string, extra: Record<string, unknown>) =>
  ({ v: 1, id: 'x', gameId, team, rolls: [], voided: false, citation: 'test', ...extra }) as unknown as ProgressionEntry;
const exp = (team: string, g: string, model: string, amount: number, source = 'kills') =>
  item(team, g, entry(team, g, { kind: 'exp.gained', model, amount, source, reason: `+${amount}` }), 0, model);
const award = (team: string, g: string, amount: number, id = 'stalemate') =>
  item(team, g, entry(team, g, { kind: 'req.awarded', award: id, amount, reason: id }), amount);
const died = (team: string, g: string, model: string) => item(team, g, entry(team, g, { kind: 'model.died', model, reason: 'dead' }), 0, model);
const level = (team: string, g: string, model: string, lvl: number, threshold: number) =>
  item(team, g, entry(team, g, { kind: 'level.reached', model, level: lvl, threshold }), 0, model);
const founded = (team: string, models: RosterModel[], req = 0) => item(team, null, { kind: 'team.founded', roster: { models } }, req);
const spend = (team: string, amount: number) => item(team, null, { kind: 'req.adjusted' } as CampaignLedgerItem['data'], -amount);
const recruit = (team: string, model: RosterModel, cost = 14) => item(team, null, { kind: 'model.recruited', model }, -cost, model.id);
const as = (i: CampaignLedgerItem, id = `new-${i.id}`): AmendEntry => ({ id, team: i.team, modelId: i.modelId, req: i.req, data: i.data });
const none = { balance: {}, exp: {}, injuries: {} };

describe('diffGameEntries (issue 20)', () => {
  it('pairs entries by what they are about: the same award kept, a new amount changed, a kill moved is removed and added', () => {
    const old = [exp('A', 'g1', 'kaelen', 1), award('A', 'g1', 10), exp('A', 'g1', 'cato', 1, 'survived')];
    const next = [as(exp('A', 'g1', 'tarkus', 1)), as(award('A', 'g1', 15)), as(old[2]!)];
    const diff = diffGameEntries(old, next);
    expect(diff.kept.map((i) => i.id)).toEqual([old[2]!.id]);
    expect(diff.changed.map((c) => [c.before.id, c.after.req])).toEqual([[old[1]!.id, 15]]);
    expect(diff.removed.map((i) => i.id)).toEqual([old[0]!.id]);
    expect(diff.added.map((e) => e.modelId)).toEqual(['tarkus']);
  });
  it('issue 27: entries given again unchanged are kept, whatever their new ids and wherever they stand among their kind', () => {
    const underdog = (amount: number) =>
      item('B', 'g1', entry('B', 'g1', { kind: 'req.underdog', factor: 1.5, base: 35, amount, reason: 'Threat 1 is the lowest' }), amount);
    const old = [award('A', 'g1', 10, 'club'), award('A', 'g1', 5, 'club'), underdog(17), exp('A', 'g1', 'kaelen', 1)];
    // The amended game gives the same two club awards in the other order, the same Underdog (new ids), the kill to Tarkus.
    const next = [as(old[1]!), as(old[0]!), as(underdog(17), 'amend1/3'), as(exp('A', 'g1', 'tarkus', 1))];
    const diff = diffGameEntries(old, next);
    expect(diff.kept.map((i) => i.id).sort()).toEqual([old[0]!.id, old[1]!.id, old[2]!.id].sort());
    expect([diff.changed, diff.removed.map((i) => i.id), diff.added.map((e) => e.modelId)]).toEqual([[], [old[3]!.id], ['tarkus']]);
    // A changed amount is still a change, paired with one of the same kind.
    const changed = diffGameEntries(old, [as(old[0]!), as(award('A', 'g1', 6, 'club')), as(old[2]!), as(old[3]!)]);
    expect(changed.changed.map((c) => [c.before.id, c.after.req])).toEqual([[old[1]!.id, 6]]);
    expect(changed.kept).toHaveLength(3);
  });
});

describe('planAmend: what later depends on an amendment (issue 20)', () => {
  it('docs/architecture.md property 3 "Req never goes below 0": Req spent later that the amended game no longer pays for', () => {
    const ledger = [founded('A', [m('t1')]), award('A', 'g1', 10), spend('A', 10)];
    const plan = planAmend(ledger, 'g1', [as(award('A', 'g1', 5))], { before: none });
    expect(plan.dependents).toEqual([expect.objectContaining({ entryId: ledger[2]!.id, reason: 'req-short', short: 5 })]);
    expect(planAmend(ledger, 'g1', [as(award('A', 'g1', 12))], { before: none }).dependents).toEqual([]);
  });

  it('a game that wrote nothing: what the amendment adds stands before the later entries, counted once', () => {
    const ledger = [spend('A', 4)];
    const plan = planAmend(ledger, 'g0', [as(award('A', 'g0', 3))], { before: { balance: { A: 5 }, exp: {}, injuries: {} } });
    expect(plan.diff.added).toHaveLength(1);
    expect(plan.dependents).toEqual([]);
    const shorter = planAmend([spend('A', 9)], 'g0', [as(award('A', 'g0', 3))], { before: { balance: { A: 5 }, exp: {}, injuries: {} } });
    expect(shorter.dependents).toEqual([expect.objectContaining({ reason: 'req-short', short: 1 })]);
  });

  it('a model the amended game kills: a later entry about it, and a later game it took part in, are named', () => {
    const ledger = [founded('A', [m('t1'), m('t2')]), exp('A', 'g1', 't1', 1), exp('A', 'g2', 't1', 1)];
    const plan = planAmend(ledger, 'g1', [as(ledger[1]!), as(died('A', 'g1', 't1'))], {
      before: none,
      laterGames: [{ gameId: 'g2', team: 'A', models: ['t1', 't2'] }],
    });
    expect(plan.dependents.map((d) => [d.reason, d.modelId])).toEqual([
      ['model-gone', 't1'],
      ['later-game', 't1'],
    ]);
  });

  it('docs/progression.md "Experience & Levels": a later level whose EXP is gone, or that the amended game now reaches itself', () => {
    const ledger = [founded('A', [m('t1')]), exp('A', 'g1', 't1', 4), exp('A', 'g2', 't1', 6), level('A', 'g2', 't1', 2, 10)];
    expect(planAmend(ledger, 'g1', [as(exp('A', 'g1', 't1', 2))], { before: none }).dependents.map((d) => d.reason)).toEqual(['level-lost']);
    const sooner = [as(exp('A', 'g1', 't1', 10)), as(level('A', 'g1', 't1', 2, 10))];
    expect(planAmend(ledger, 'g1', sooner, { before: none }).dependents.map((d) => d.reason)).toEqual(['level-twice']);
  });

  it('seed 004 "Building your Team": a model the amendment brings back, where a later recruit took the last Core place', () => {
    const team = [m('sgt', 'sergeant'), m('t1'), m('t2'), m('t3'), m('t4')];
    const ledger = [founded('A', team, 100), died('A', 'g1', 't1'), recruit('A', m('t5'))];
    const roster = { list: () => tight, pointsCap: () => 400, before: () => undefined };
    const plan = planAmend(ledger, 'g1', [], { before: none, roster });
    expect(plan.diff.removed.map((i) => i.id)).toEqual([ledger[1]!.id]);
    expect(plan.dependents).toEqual([
      expect.objectContaining({ entryId: ledger[2]!.id, reason: 'replaced-dead-model', breaks: ['5 Core models where the Model Allowance allows 4'] }),
    ]);
    // With room for him (the real allowance), nothing depends on it.
    expect(planAmend(ledger, 'g1', [], { before: none, roster: { ...roster, list: () => marines } }).dependents).toEqual([]);
  });
});
