/** The roster builder's state (state/team.svelte.ts) over the real handlers: a draft roster, founding, founded changes. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { Core } from '../../src-main/core';
import { call, testCore } from '../../src-main/test-support';
import { wolvesAndBoyz } from '../../src-main/test-support/founded-teams';
import { aliceAndBob } from '../../src-main/test-support/two-teams';
import { bridge } from '../test-support/fake-bridge';
import { TeamState } from './team.svelte';

let core: Core;
let drafts = 0;
beforeAll(() => {
  core = testCore();
});
afterAll(() => core.close());
beforeEach(() => bridge.useCore(core));

/** A new campaign's Iron Wolves, created with an empty roster. */
async function draftTeam() {
  const campaign = await call<Campaign>(core, 'campaigns.create', { name: `Drafts ${++drafts}` });
  const { a } = await aliceAndBob(core, campaign.id);
  const t = new TeamState(a.team.id);
  await t.load();
  return t;
}

async function foundedTeam() {
  const { a } = await wolvesAndBoyz(core);
  const t = new TeamState(a.team.id);
  await t.load();
  return t;
}

describe('TeamState, a draft roster', () => {
  it('loads an empty draft with its list and the campaign limit, and says it has no models', async () => {
    const t = await draftTeam();
    expect(t.loaded).toBe(true);
    expect(t.founded).toBe(false);
    expect(t.list?.id).toBe('space-marines-sample');
    expect(t.limit).toBeGreaterThan(0);
    expect(t.report?.legal).toBe(false);
    expect(t.history).toBeNull();
  });

  it('adds a model, counts its points at once and saves it in the background', async () => {
    const t = await draftTeam();
    t.addModel('sergeant');
    expect(t.roster.models).toHaveLength(1);
    expect(t.report?.points).toBe(25);
    await t.flush();
    expect(t.status).toBe('saved');
    expect(bridge.inputsOf('teams.saveDraft').at(-1)?.roster.models).toHaveLength(1);
    expect(t.detail?.roster.models).toHaveLength(1);
  });

  it('ignores an entry the list does not have', async () => {
    const t = await draftTeam();
    t.addModel('no-such-entry');
    expect(t.roster.models).toHaveLength(0);
  });

  it('renames and removes a model, and the latest roster is what main keeps', async () => {
    const t = await draftTeam();
    t.addModel('sergeant');
    t.addModel('tactical-marine');
    const [sarge, marine] = t.roster.models;
    t.updateModel({ ...sarge!, name: 'Tarkus' });
    t.removeModel(marine!.id);
    await t.flush();
    const stored = await call<{ roster: { models: { name: string }[] } }>(core, 'teams.get', { id: t.id });
    expect(stored.roster.models.map((m) => m.name)).toEqual(['Tarkus']);
  });

  it('shows why a save failed, and clears it once a save goes through', async () => {
    const t = await draftTeam();
    bridge.answer('teams.saveDraft', () => {
      throw { code: 'INTERNAL', message: 'The disk is full.' };
    });
    t.addModel('sergeant');
    await t.flush();
    expect(t.status).toBe('error');
    expect(t.actionError).toBe('The disk is full.');
    bridge.reset();
    bridge.useCore(core);
    await t.save();
    expect(t.actionError).toBeNull();
    expect(t.status).toBe('saved');
  });

  it('does not reload over a roster still being typed when main says teams.changed', async () => {
    const t = await draftTeam();
    const off = t.subscribe();
    bridge.hold('teams.saveDraft');
    t.addModel('sergeant');
    const saving = t.flush();
    await vi.waitFor(() => expect(bridge.heldCalls('teams.saveDraft')).toHaveLength(1));
    const gets = bridge.inputsOf('teams.get').length;
    bridge.emit('teams.changed', { id: t.id, campaignId: t.detail!.team.campaignId });
    expect(bridge.inputsOf('teams.get')).toHaveLength(gets);
    bridge.heldCalls('teams.saveDraft')[0]!.pass();
    await saving;
    bridge.emit('teams.changed', { id: t.id, campaignId: t.detail!.team.campaignId });
    expect(bridge.inputsOf('teams.get')).toHaveLength(gets + 1);
    off();
  });

  it('founds the team after saving what was typed', async () => {
    const t = await draftTeam();
    for (const e of ['sergeant', 'tactical-marine', 'tactical-marine']) t.addModel(e);
    t.roster.models.forEach((m, i) => t.updateModel({ ...m, name: `Marine ${i}` }));
    expect(await t.found()).toBe(true);
    expect(t.founded).toBe(true);
    const calls = bridge.calls.map((c) => c.channel);
    expect(calls.lastIndexOf('teams.saveDraft')).toBeLessThan(calls.indexOf('teams.found'));
    await vi.waitFor(() => expect(t.history).not.toBeNull());
  });

  it('refuses to found an illegal roster, in words, and stays a draft', async () => {
    const t = await draftTeam();
    expect(await t.found()).toBe(false);
    expect(t.actionError).toMatch(/./);
    expect(t.founded).toBe(false);
  });

  it('deletes a team never founded and says which campaign to go back to', async () => {
    const t = await draftTeam();
    expect(await t.deleteTeam()).toBe(t.detail!.team.campaignId);
  });

  it('says the team is gone when it cannot be loaded', async () => {
    const t = new TeamState('00000000-0000-4000-8000-999999999999');
    await t.load();
    expect(t.error).toMatch(/./);
    expect(t.loaded).toBe(true);
  });
});

describe('TeamState, a founded team', () => {
  it('loads its history beside the roster', async () => {
    const t = await foundedTeam();
    expect(t.founded).toBe(true);
    expect(t.history).not.toBeNull();
    expect(t.historyError).toBeNull();
  });

  it('stages a priced change with its cost, and leaving would say so', async () => {
    const t = await foundedTeam();
    const tarkus = t.roster.models.find((m) => m.name === 'Sergeant Tarkus')!;
    t.updateModel({ ...tarkus, options: { 'power-sword': 1 } });
    expect(Object.keys(t.staged)).toEqual([tarkus.id]);
    expect(t.costOf(t.staged[tarkus.id]!)).toBe(15);
    expect(t.unsaved).toMatch(/Sergeant Tarkus is not bought yet/);
    t.discardStaged(tarkus.id);
    expect(t.staged).toEqual({});
    expect(t.unsaved).toBeNull();
  });

  it('unstages a change put back as it was', async () => {
    const t = await foundedTeam();
    const tarkus = t.roster.models[0]!;
    t.updateModel({ ...tarkus, options: { 'power-sword': 1 } });
    t.updateModel({ ...tarkus });
    expect(t.staged).toEqual({});
  });

  it('buying a staged change the team cannot afford says why on the card and keeps it staged', async () => {
    const t = await foundedTeam();
    const tarkus = t.roster.models[0]!;
    t.updateModel({ ...tarkus, options: { 'power-sword': 1 } });
    await t.commitStaged(tarkus.id);
    expect(t.stagedErrors[tarkus.id]).toMatch(/^Not saved: /);
    expect(t.staged[tarkus.id]).toBeDefined();
  });

  it('buys a staged change once the team has the Req', async () => {
    const t = await foundedTeam();
    expect(await t.adjustReq(20, 'Club prize')).toBe(true);
    expect(t.detail?.team.requisition).toBe(20);
    const tarkus = t.roster.models[0]!;
    t.updateModel({ ...tarkus, options: { 'power-sword': 1 } });
    await t.commitStaged(tarkus.id);
    expect(t.staged).toEqual({});
    expect(t.roster.models[0]!.options).toEqual({ 'power-sword': 1 });
    expect(t.detail?.team.requisition).toBe(5);
  });

  it('saves a new name as typed, without buying anything', async () => {
    const t = await foundedTeam();
    const cato = t.roster.models.find((m) => m.name === 'Brother Cato')!;
    t.updateModel({ ...cato, name: 'Brother Cato the Bold' });
    expect(t.nameSaves[cato.id]?.state).toBe('saving');
    expect(t.staged).toEqual({});
    await t.flush();
    expect(t.nameSaves[cato.id]?.state).toBe('saved');
    const stored = await call<{ roster: { models: { id: string; name: string }[] } }>(core, 'teams.get', { id: t.id });
    expect(stored.roster.models.find((m) => m.id === cato.id)?.name).toBe('Brother Cato the Bold');
  });

  it('a name main refuses is said under the field, and leaving would say it was not saved', async () => {
    const t = await foundedTeam();
    bridge.answer('teams.changeModel', () => {
      throw { code: 'VALIDATION', message: 'That name is too long.' };
    });
    const cato = t.roster.models.find((m) => m.name === 'Brother Cato')!;
    t.updateModel({ ...cato, name: 'X'.repeat(20) });
    await t.flush();
    expect(t.nameSaves[cato.id]).toEqual({ state: 'error', message: 'Not saved: That name is too long.' });
    expect(t.unsaved).toMatch(/was not saved/);
  });

  it('adds a recruit to buy, instead of the roster', async () => {
    const t = await foundedTeam();
    const before = t.roster.models.length;
    t.addModel('tactical-marine');
    expect(t.recruit?.entryId).toBe('tactical-marine');
    expect(t.roster.models).toHaveLength(before);
    expect(t.unsaved).toMatch(/recruit/);
    await t.adjustReq(20, 'Prize');
    t.recruit = { ...t.recruit!, name: 'Brother Novus' };
    await t.commitRecruit();
    expect(t.recruit).toBeNull();
    expect(t.roster.models.map((m) => m.name)).toContain('Brother Novus');
  });

  it('dismisses a model with a reason, and undoes it from the ledger', async () => {
    const t = await foundedTeam();
    const lucan = t.roster.models.find((m) => m.name === 'Brother Lucan')!;
    expect(await t.dismiss(lucan.id, 'Moved away')).toBe(true);
    expect(t.roster.models.some((m) => m.id === lucan.id)).toBe(false);
    const entry = t.detail!.ledger.at(-1)!;
    expect(await t.undo(entry.id)).toBe(true);
    expect(t.roster.models.some((m) => m.id === lucan.id)).toBe(true);
  });

  it('a refused undo says why', async () => {
    const t = await foundedTeam();
    expect(await t.undo('00000000-0000-4000-8000-999999999999')).toBe(false);
    expect(t.actionError).toMatch(/./);
  });

  it('renames the team', async () => {
    const t = await foundedTeam();
    expect(await t.rename('Iron Wolves of Fenris')).toBe(true);
    expect(t.detail?.team.name).toBe('Iron Wolves of Fenris');
  });

  it('shows a history failure apart from the roster', async () => {
    bridge.answer('teams.history', () => {
      throw { code: 'INTERNAL', message: 'History unavailable.' };
    });
    bridge.useCore(core);
    const { a } = await wolvesAndBoyz(core);
    const t = new TeamState(a.team.id);
    await t.load();
    expect(t.historyError).toBe('History unavailable.');
    expect(t.error).toBeNull();
  });

  it('reloads when a game of its campaign changes', async () => {
    const t = await foundedTeam();
    const off = t.subscribe();
    const gets = bridge.inputsOf('teams.get').length;
    bridge.emit('games.changed', { id: 'g', campaignId: 'another campaign', status: 'committed' } as never);
    expect(bridge.inputsOf('teams.get')).toHaveLength(gets);
    bridge.emit('games.changed', { id: 'g', campaignId: t.detail!.team.campaignId, status: 'committed' } as never);
    expect(bridge.inputsOf('teams.get')).toHaveLength(gets + 1);
    off();
  });
});
