/**
 * Integration (issue 8): a campaign exported from one laptop and imported on another arrives whole (standings,
 * rosters, games, rolls, ledger); hostile or inconsistent files are refused with a reason and change nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { GameDetail, StandingRow } from '../../shared/ipc/schemas/games';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { Core } from '../core';
import { call, failure, snapshotTables, tempDir, testCore } from '../test-support';

async function playedCampaign(core: Core) {
  const campaign = await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const listId = (key: string) => lists.find((l) => l.listKey === key)!.id;
  const alice = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: 'Alice' });
  const bob = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: 'Bob' });
  const a = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: alice.id, teamListId: listId('space-marines-sample'), name: 'Iron Wolves' });
  const b = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: bob.id, teamListId: listId('orks-sample'), name: 'Da Boyz' });
  let n = 0;
  const m = (entryId: string, name: string) => ({ id: `cf-${++n}`, entryId, name, options: {}, armoury: [], grenades: {} });
  await call(core, 'teams.saveDraft', { id: a.team.id, roster: { models: [m('sergeant', 'Tarkus'), m('veteran', 'Kaelen'), m('tactical-marine', 'Cato'), m('tactical-marine', 'Varro'), m('tactical-marine', 'Lucan')] } });
  await call(core, 'teams.saveDraft', { id: b.team.id, roster: { models: [m('boss-nob', 'Gorbag'), m('burna-boy', 'Skorcha'), m('boy', 'Grub'), m('boy', 'Snik'), m('boy', 'Zog')] } });
  await call(core, 'teams.found', { id: a.team.id });
  await call(core, 'teams.found', { id: b.team.id });
  const g = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA: a.team.id, teamB: b.team.id, mission: 'skirmish' });
  const draft = structuredClone(g.draft);
  const kaelen = g.models.find((x) => x.name === 'Kaelen')!.id;
  draft.report.models = draft.report.models.map((x) => (x.name === 'Skorcha' ? { ...x, aliveAtEnd: false, outOfAction: { by: kaelen, how: 'shooting' } } : x));
  await call(core, 'games.saveDraft', { id: g.game.id, draft });
  await call(core, 'games.commit', { id: g.game.id });
  return campaign;
}

describe('campaign file', () => {
  it('export on one laptop, import on another: the same standings, rosters, games and rolls', async () => {
    const home = testCore(tempDir());
    const campaign = await playedCampaign(home);
    const exported = await call<{ outcome: 'download'; fileName: string; text: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' });
    expect(exported.fileName).toMatch(/^Vraks-\d{4}-\d{2}-\d{2}\.herald-campaign\.json$/);

    const club = testCore(tempDir());
    const imported = await call<{ outcome: 'imported'; campaign: Campaign }>(club, 'campaigns.importFile', { source: 'upload', fileName: exported.fileName, text: exported.text });
    expect(imported.campaign.name).toBe('Vraks');
    expect(await call<StandingRow[]>(club, 'campaigns.standings', { id: campaign.id })).toEqual(await call<StandingRow[]>(home, 'campaigns.standings', { id: campaign.id }));
    const pick = (s: Record<string, unknown[]>) => ({ games: s.games, game_rolls: s.game_rolls, players: s.players, teams: s.teams, ledger_entries: (s.ledger_entries as Record<string, unknown>[]).map(({ seq: _s, ...r }) => r) });
    expect(pick(snapshotTables(club))).toEqual(pick(snapshotTables(home)));
    // The same file again: already there, nothing changes.
    const before = snapshotTables(club);
    expect((await failure(club, 'campaigns.importFile', { source: 'upload', fileName: 'again.json', text: exported.text })).message).toMatch(/already on this computer/);
    expect(snapshotTables(club)).toEqual(before);
    home.close();
    club.close();
  });

  it('hostile and inconsistent files are refused with a reason; nothing is imported', async () => {
    const home = testCore(tempDir());
    const campaign = await playedCampaign(home);
    const { text } = await call<{ text: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' });
    const file = JSON.parse(text) as { ledger: { req: number; kind: string }[]; teams: { roster: { models: unknown[] } }[]; games: { teamAId: string }[] };
    const cheat = structuredClone(file);
    cheat.ledger.find((e) => e.kind === 'req.awarded')!.req = -500;
    const rosterLie = structuredClone(file);
    rosterLie.teams[0]!.roster.models.pop();
    const dangling = structuredClone(file);
    dangling.games[0]!.teamAId = '00000000-0000-4000-8000-999999999999';
    const club = testCore(tempDir());
    const before = snapshotTables(club);
    const cases: [string, RegExp][] = [
      [text.slice(0, 1000), /not valid JSON/],
      ['{"format":"herald-ruleset"}', /not a Herald campaign file/],
      ['['.repeat(100_000) + ']'.repeat(100_000), /nested too deeply/],
      [text.replace('{', '{"__proto__":{"polluted":true},'), /not a valid campaign file/],
      [JSON.stringify({ ...JSON.parse(text), players: 'everyone' }), /not a valid campaign file: players/],
      [JSON.stringify(cheat), /would owe Req/],
      [JSON.stringify(rosterLie), /does not match its ledger/],
      [JSON.stringify(dangling), /inconsistent/],
    ];
    for (const [body, message] of cases) {
      const error = await failure(club, 'campaigns.importFile', { source: 'upload', fileName: 'club.json', text: body });
      expect(error.message).toMatch(message);
      expect(snapshotTables(club)).toEqual(before);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    home.close();
    club.close();
  });
});
