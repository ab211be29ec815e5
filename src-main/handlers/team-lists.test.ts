/** Integration: new lists and lists in use (issue 17), through the real handlers on a real SQLite file. */
import { describe, expect, it } from 'vitest';
import type { Player, TeamDetail, TeamImpact, TeamListChangeNotice, TeamListDetail, TeamListSummary, TeamListUsage } from '../../shared/ipc/schemas/teams';
import type { Roster, TeamList } from '../../shared/rules';
import { SAMPLE_TEAM_LISTS } from '../../shared/data/team-lists';
import { call, failure, snapshotTables, testCore } from '../test-support';

const roster = (): Roster => ({
  models: [
    { id: 'm1', entryId: 'sergeant', name: 'Sergeant Tarkus', options: { 'power-sword': 1 }, armoury: [], grenades: {} },
    { id: 'm2', entryId: 'veteran', name: 'Brother Kaelen', options: { 'plasma-gun': 1 }, armoury: [], grenades: {} },
    { id: 'm3', entryId: 'tactical-marine', name: 'Brother Cato', options: {}, armoury: [], grenades: {} },
  ],
});

async function setup() {
  const core = testCore();
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: 'Vraks' });
  const marines = (await call<TeamListSummary[]>(core, 'teamLists.list', {})).find((l) => l.listKey === 'space-marines-sample')!;
  const player = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: 'Alice' });
  const team = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: player.id, teamListId: marines.id, name: 'Iron Wolves' });
  await call(core, 'teams.saveDraft', { id: team.team.id, roster: roster() });
  const detail = await call<TeamListDetail>(core, 'teamLists.get', { id: marines.id });
  return { core, marines, team, detail };
}

describe('team lists made and changed in Herald (issue 17)', () => {
  it('an imported list that is wrong anywhere is refused whole, with the reason in words and its place in the file', async () => {
    const core = testCore();
    const raw = (): Record<string, unknown> => ({
      ...(JSON.parse(JSON.stringify(SAMPLE_TEAM_LISTS[0])) as Record<string, unknown>),
      id: 'marines-club',
      listVersion: '2',
    });
    const withEntries = (f: (entries: Record<string, unknown>[]) => void) => {
      const list = raw();
      f(list.entries as Record<string, unknown>[]);
      return JSON.stringify(list);
    };
    const cases: [string, string][] = [
      [JSON.stringify({ ...raw(), author: 'me' }), 'club.json is not a valid team list: Has a field Herald does not know: "author". Nothing was imported.'],
      [
        withEntries((e) => (e[2]!.id = 'veteran')),
        'club.json is not a valid team list: Entry 3 (Tactical Marine), id: Two entries have the id "veteran". Nothing was imported.',
      ],
      [
        withEntries((e) => (e[0]!.points = -5)),
        'club.json is not a valid team list: Entry 1 (Space Marine Sergeant), points: Points cannot be negative. Nothing was imported.',
      ],
      [
        withEntries((e) => ((e[1]!.options as Record<string, unknown>[])[2]!.replaces = ['Bolter'])),
        "club.json is not a valid team list: Entry 2 (Veteran Space Marine), option 'Replace boltgun with plasma gun': replaces 'Bolter', which this entry does not carry. Nothing was imported.",
      ],
      [
        withEntries((e) => (e[2]!.category = 'squad')),
        'club.json is not a valid team list: Entry 3 (Tactical Marine), squad size: a Squad needs its size: the smallest and largest number of models. Nothing was imported.',
      ],
    ];
    const before = snapshotTables(core);
    for (const [text, message] of cases)
      expect((await failure(core, 'teamLists.import', { source: 'upload', fileName: 'club.json', text })).message).toBe(message);
    expect(snapshotTables(core)).toEqual(before);
    core.close();
  });

  it('a copy is a new list with its own id, never marked sample; the same id and version twice is refused', async () => {
    const { core, detail } = await setup();
    const copy: TeamList = { ...detail.list, id: 'eldar-corsairs', name: 'Eldar Corsairs', faction: 'Eldar', sample: true };
    const made = await call<TeamListDetail>(core, 'teamLists.create', { list: copy });
    expect(made.id).not.toBe(detail.id);
    expect([made.listKey, made.name, made.sample, made.revision, made.teams]).toEqual(['eldar-corsairs', 'Eldar Corsairs', false, 1, 0]);
    expect((await failure(core, 'teamLists.create', { list: copy })).message).toMatch(/already has a list with the id "eldar-corsairs" and version sample-1/);
    expect(await call<TeamListSummary[]>(core, 'teamLists.list', {})).toHaveLength(4);
    core.close();
  });

  it('the editor is told who uses what, previews what a change does to each team, and the save keeps it for the team page', async () => {
    const { core, marines, team, detail } = await setup();
    const usage = await call<TeamListUsage>(core, 'teamLists.usage', { id: marines.id });
    expect(usage.teams.map((t) => [t.teamName, t.campaignName, t.models.map((m) => `${m.name}:${m.entryId}:${m.options.join('+')}`)])).toEqual([
      ['Iron Wolves', 'Vraks', ['Sergeant Tarkus:sergeant:power-sword', 'Brother Kaelen:veteran:plasma-gun', 'Brother Cato:tactical-marine:']],
    ]);

    const next = structuredClone(detail.list);
    next.entries.find((e) => e.id === 'tactical-marine')!.points = 15;
    const vet = next.entries.find((e) => e.id === 'veteran')!;
    vet.options = vet.options.filter((o) => o.id !== 'plasma-gun');
    const preview = await call<{ teams: TeamImpact[] }>(core, 'teamLists.impact', { id: marines.id, list: next });
    expect(preview.teams).toHaveLength(1);
    const impact = preview.teams[0]!.impact;
    expect(impact.models.map((m) => [m.name, m.changes])).toEqual([
      ['Brother Kaelen', ['Option “Replace boltgun with plasma gun” is gone from the list.']],
      ['Brother Cato', ['Points 14 → 15.']],
    ]);
    expect(impact.newProblems).toEqual(['Brother Kaelen has an option this list does not offer (“plasma-gun”).']);
    expect(impact.pointsAfter).toBe(impact.pointsBefore + 1 - 15);

    const saved = await call<TeamListDetail & { changed: TeamImpact[] }>(core, 'teamLists.update', {
      id: marines.id,
      list: next,
      expectedRevision: detail.revision,
    });
    expect(saved.revision).toBe(detail.revision + 1);
    expect(saved.changed.map((c) => c.teamName)).toEqual(['Iron Wolves']);
    const notices = await call<TeamListChangeNotice[]>(core, 'teamLists.changesForTeam', { teamId: team.team.id });
    expect(notices.map((n) => [n.revision, n.impact.models.length])).toEqual([[detail.revision + 1, 2]]);

    // A save that changes nothing a team uses tells no team.
    const quiet = structuredClone(saved.list);
    quiet.entries.find((e) => e.id === 'scout')!.points += 1;
    const again = await call<{ changed: TeamImpact[] }>(core, 'teamLists.update', { id: marines.id, list: quiet, expectedRevision: saved.revision });
    expect(again.changed).toEqual([]);
    expect(await call<TeamListChangeNotice[]>(core, 'teamLists.changesForTeam', { teamId: team.team.id })).toHaveLength(1);
    core.close();
  });
});
