/** The team-list editor's state (state/team-list-editor.svelte.ts) over the real handlers: edits, removals, saving. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { Player, TeamDetail, TeamListDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { TeamList } from '../../shared/rules';
import type { Core } from '../../src-main/core';
import { call, testCore } from '../../src-main/test-support';
import { bridge } from '../test-support/fake-bridge';
import { TeamListEditor, blankList } from './team-list-editor.svelte';

let core: Core;
let n = 0;
beforeAll(() => {
  core = testCore();
});
afterAll(() => core.close());
beforeEach(() => {
  bridge.useCore(core);
  localStorage.clear();
});

/** The club's own copy of the Space Marines sample; with `used`, Alice's Wolves are built on it (Tarkus and Cato). */
async function editing({ used = false } = {}) {
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const sample = await call<TeamListDetail>(core, 'teamLists.get', { id: lists.find((l) => l.listKey === 'space-marines-sample')!.id });
  const list: TeamList = { ...structuredClone(sample.list), id: `club-marines-${++n}`, name: `Club Marines ${n}`, sample: false };
  const created = await call<TeamListDetail>(core, 'teamLists.create', { list });
  if (used) {
    const campaign = await call<Campaign>(core, 'campaigns.create', { name: `Lists ${n}` });
    const alice = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: 'Alice' });
    const team = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: alice.id, teamListId: created.id, name: 'Iron Wolves' });
    const m = (entryId: string, name: string) => ({ id: `${list.id}-${name}`, entryId, name, options: {}, armoury: [], grenades: {} });
    await call(core, 'teams.saveDraft', { id: team.team.id, roster: { models: [m('sergeant', 'Tarkus'), m('tactical-marine', 'Cato')] } });
  }
  const e = new TeamListEditor(created.id);
  await e.load();
  return e;
}

describe('TeamListEditor', () => {
  it('loads the list as an unchanged draft, with the teams that use it', async () => {
    const e = await editing({ used: true });
    expect(e.error).toBeNull();
    expect(e.dirty).toBe(false);
    expect(e.problems).toEqual([]);
    expect(e.usage?.teams.map((t) => t.teamName)).toEqual(['Iron Wolves']);
  });

  it('puts a problem next to its field as it is typed', async () => {
    const e = await editing();
    e.draft!.entries[0]!.name = '';
    expect(e.dirty).toBe(true);
    expect(e.err('entries.0.name')).toMatch(/./);
    expect(e.countUnder('entries.0')).toBeGreaterThan(0);
    expect(e.countUnder('entries.1')).toBe(0);
  });

  it('adds an entry of a category, opens it and names its id after its name', async () => {
    const e = await editing();
    const before = e.draft!.entries.length;
    e.addEntry('special');
    const added = e.draft!.entries[before]!;
    expect(added.category).toBe('special');
    expect(e.fresh?.id).toBe(added.id);
    e.renameEntry(added, 'Apothecary');
    expect(added.id).toBe('apothecary');
  });

  it('never changes a saved entry’s id (rosters point at it)', async () => {
    const e = await editing();
    const sergeant = e.draft!.entries.find((x) => x.id === 'sergeant')!;
    e.renameEntry(sergeant, 'Veteran Sergeant');
    expect(sergeant).toMatchObject({ id: 'sergeant', name: 'Veteran Sergeant' });
  });

  it('duplicates an entry just after it, as a copy with its own id', async () => {
    const e = await editing();
    e.duplicateEntry(0);
    expect(e.draft!.entries[1]!.name).toBe(`${e.draft!.entries[0]!.name} (copy)`);
    expect(e.draft!.entries[1]!.id).not.toBe(e.draft!.entries[0]!.id);
  });

  it('moves an entry up or down, and not past either end', async () => {
    const e = await editing();
    const ids = e.draft!.entries.map((x) => x.id);
    e.moveEntry(0, -1);
    expect(e.draft!.entries.map((x) => x.id)).toEqual(ids);
    e.moveEntry(0, 1);
    expect(e.draft!.entries.map((x) => x.id).slice(0, 2)).toEqual([ids[1], ids[0]]);
  });

  it('removes an entry no team uses at once', async () => {
    const e = await editing({ used: true });
    const scout = e.draft!.entries.findIndex((x) => x.id === 'scout');
    e.removeEntry(scout);
    expect(e.removal).toBeNull();
    expect(e.draft!.entries.some((x) => x.id === 'scout')).toBe(false);
  });

  it('names the teams and models an entry’s removal would affect, and waits for the organiser', async () => {
    const e = await editing({ used: true });
    const marine = e.draft!.entries.findIndex((x) => x.id === 'tactical-marine');
    e.removeEntry(marine);
    expect(e.removal?.what).toBe('the entry “Tactical Marine”');
    expect(e.removal?.affected).toEqual([{ teamName: 'Iron Wolves', campaignName: expect.stringMatching(/^Lists/), models: ['Cato'] }]);
    expect(e.draft!.entries.some((x) => x.id === 'tactical-marine')).toBe(true);
    e.removal!.confirm();
    expect(e.draft!.entries.some((x) => x.id === 'tactical-marine')).toBe(false);
  });

  it('removes an Armoury item and an option nobody uses at once', async () => {
    const e = await editing({ used: true });
    const items = e.draft!.armoury.length;
    e.removeArmoury(e.draft!.armoury[0]!);
    expect(e.draft!.armoury).toHaveLength(items - 1);
    const sergeant = e.draft!.entries.find((x) => x.id === 'sergeant')!;
    const options = sergeant.options.length;
    e.removeOption(sergeant, sergeant.options[0]!);
    expect(sergeant.options).toHaveLength(options - 1);
  });

  it('saves a list no team uses without asking, as a new revision', async () => {
    const e = await editing();
    const revision = e.detail!.revision;
    e.draft!.entries[0]!.points += 1;
    await e.requestSave();
    expect(e.preview).toBeNull();
    expect(e.saved?.revision).toBe(revision + 1);
    expect(e.dirty).toBe(false);
  });

  it('shows what a change does to the teams built on the list before saving it', async () => {
    const e = await editing({ used: true });
    e.draft!.entries.find((x) => x.id === 'tactical-marine')!.points += 2;
    await e.requestSave();
    expect(e.preview?.length).toBeGreaterThan(0);
    expect(bridge.inputsOf('teamLists.update')).toHaveLength(0);
    await e.save();
    expect(e.saved?.changed.length).toBeGreaterThan(0);
    expect(e.preview).toBeNull();
  });

  it('does not save a list with problems', async () => {
    const e = await editing();
    e.draft!.entries[0]!.name = '';
    await e.requestSave();
    expect(bridge.inputsOf('teamLists.update')).toHaveLength(0);
  });

  it('throws the edits away', async () => {
    const e = await editing();
    e.draft!.name = 'Something else';
    e.discard();
    expect(e.dirty).toBe(false);
  });

  it('puts unsaved edits back after leaving the page, and forgets them once saved', async () => {
    const e = await editing();
    e.draft!.name = 'Half typed';
    e.persist();
    const again = new TeamListEditor(e.id);
    await again.load();
    expect(again.restored).toBe(true);
    expect(again.draft?.name).toBe('Half typed');
    await again.save();
    again.persist();
    const third = new TeamListEditor(e.id);
    await third.load();
    expect(third.restored).toBe(false);
  });

  it('says why the list could not load', async () => {
    const e = new TeamListEditor('00000000-0000-4000-8000-999999999999');
    await e.load();
    expect(e.error).toMatch(/./);
  });

  it('starts a new list with one Team Leader', () => {
    const list = blankList('new-list', 'Orks', 'Waaagh', '1');
    expect(list.entries.map((x) => x.category)).toEqual(['team-leader']);
    expect(list.allowance['team-leader']).toEqual({ min: 1, max: 1 });
  });
});
