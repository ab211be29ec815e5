/**
 * Integration (issue 8): a campaign exported from one laptop and imported on another arrives whole (standings,
 * rosters, games, rolls, ledger); hostile or inconsistent files are refused with a reason and change nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { GameDetail, StandingRow } from '../../shared/ipc/schemas/games';
import type { TeamListSummary, TeamSummary } from '../../shared/ipc/schemas/teams';
import { call, failure, snapshotTables, tempDir, testCore } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';
import type { CampaignJson } from '../test-support/hostile-campaign-files';
import { jsonText } from '../test-support/campaign-file-text';

describe('campaign file', () => {
  it('export on one laptop, import on another: the same standings, rosters, games and rolls, under fresh ids', async () => {
    const home = testCore(tempDir());
    const { campaign } = await playedCampaign(home);
    const exported = await call<{ outcome: 'download'; fileName: string; base64: string }>(home, 'campaigns.exportFile', {
      id: campaign.id,
      destination: 'download',
    });
    expect(exported.fileName).toMatch(/^Vraks-\d{4}-\d{2}-\d{2}\.herald-campaign$/);

    // Another laptop whose own ids are made by another sequence: an import never keeps the file's ids (issue 16).
    let n = 0;
    const club = testCore(tempDir(), { newId: () => `11111111-0000-4000-8000-${String(++n).padStart(12, '0')}` });
    const imported = await call<{ outcome: 'imported'; campaign: Campaign }>(club, 'campaigns.importFile', {
      source: 'upload',
      fileName: exported.fileName,
      base64: exported.base64,
    });
    expect(imported.campaign.name).toBe('Vraks');
    expect(imported.campaign.id).not.toBe(campaign.id);
    const standings = (rows: StandingRow[]) => rows.map(({ teamId: _t, ...r }) => r);
    expect(standings(await call<StandingRow[]>(club, 'campaigns.standings', { id: imported.campaign.id }))).toEqual(
      standings(await call<StandingRow[]>(home, 'campaigns.standings', { id: campaign.id })),
    );
    // Exported again from the club, the file is the same campaign: equal to the original once ids are mapped.
    const again = await call<{ base64: string }>(club, 'campaigns.exportFile', { id: imported.campaign.id, destination: 'download' });
    const [before, after] = [JSON.parse(await jsonText(exported)) as CampaignJson, JSON.parse(await jsonText(again)) as CampaignJson];
    const ids = new Map<string, string>([[before.campaign.id, after.campaign.id]]);
    before.players.forEach((p) => ids.set(p.id, after.players.find((x) => x.name === p.name)!.id));
    before.teams.forEach((t) => ids.set(t.id, after.teams.find((x) => x.name === t.name)!.id));
    before.games.forEach((g) => ids.set(g.id, after.games.find((x) => x.number === g.number)!.id));
    before.ledger.forEach((e, i) => !e.id.includes('/') && ids.set(e.id, after.ledger[i]!.id));
    before.teamLists.forEach((l, i) => ids.set(l.id, after.teamLists[i]!.id));
    const mapped = JSON.parse(
      JSON.stringify(before).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => ids.get(id) ?? id),
    ) as CampaignJson;
    // Each row's identity across laptops (issue 22) is kept: the ids it had on the laptop that made it.
    expect(after.campaign.originId).toBe(before.campaign.originId);
    expect(after.ledger.map((e) => e.originId)).toEqual(before.ledger.map((e) => e.id));
    expect(after.games.map((g) => g.originId)).toEqual(before.games.map((g) => g.id));
    const noOrigin = <T extends { originId?: string }>(rows: T[]) => rows.map(({ originId: _o, ...r }) => r);
    const sortRolls = (f: CampaignJson) => ({
      ...f,
      exportedAt: null,
      campaign: { ...f.campaign, originId: null },
      players: noOrigin(f.players),
      teams: noOrigin(f.teams),
      games: noOrigin(f.games),
      ledger: noOrigin(f.ledger),
      rolls: [...f.rolls].sort((x, y) => x.gameId.localeCompare(y.gameId) || x.seq - y.seq),
    });
    expect(sortRolls(after)).toEqual(sortRolls(mapped));
    // The same file again: the same campaign (its identity across laptops, issue 22), with nothing newer: nothing changes.
    const snapshot = snapshotTables(club);
    expect(await call(club, 'campaigns.importFile', { source: 'upload', fileName: 'again.json', base64: exported.base64 })).toMatchObject({
      outcome: 'unchanged',
      message: expect.stringMatching(/already has everything in this file: nothing was changed/),
    });
    expect(snapshotTables(club)).toEqual(snapshot);
    home.close();
    club.close();
  });

  it('a campaign with a draft, a voided game and a voided recruit paid from it imports whole (issue 16 checks refuse none of it)', async () => {
    const home = testCore(tempDir());
    const { campaign } = await playedCampaign(home);
    const teams = await call<{ id: string; name: string }[]>(home, 'teams.list', { campaignId: campaign.id });
    const wolves = teams.find((t) => t.name === 'Iron Wolves')!.id;
    const boyz = teams.find((t) => t.name === 'Da Boyz')!.id;
    // A recruit bought on the team page with the Req game 1 earned: voiding game 1 voids it too.
    await call(home, 'teams.recruit', {
      id: wolves,
      model: { id: 'ignored', entryId: 'tactical-marine', name: 'Brother Aulus', options: {}, armoury: [], grenades: {} },
    });
    const second = await call<GameDetail>(home, 'games.create', { campaignId: campaign.id, teamA: boyz, teamB: wolves, mission: 'relic-hunt' });
    // Relics carried home: the relic cash-in is bounded by the counters the plan placed.
    const relics = second.plan!.counters.find((c) => c.kind === 'relic')!.count;
    const draft = structuredClone(second.draft);
    draft.report.relicCount = relics;
    draft.report.models = draft.report.models.map((m, i) => (i === 0 ? { ...m, relicsCarried: 1 } : m));
    await call(home, 'games.saveDraft', { id: second.game.id, draft });
    await call(home, 'games.commit', { id: second.game.id });
    await call<GameDetail>(home, 'games.create', { campaignId: campaign.id, teamA: wolves, teamB: boyz, mission: 'skirmish' });
    const first = (await call<{ id: string; number: number }[]>(home, 'games.list', { campaignId: campaign.id })).find((g) => g.number === 1)!;
    await call(home, 'games.void', { id: first.id, reason: 'Played with the wrong rosters', withDependents: true });
    const text = await jsonText(await call<{ base64: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' }));
    const file = JSON.parse(text) as CampaignJson;
    expect(file.ledger.some((e) => e.gameId === null && e.voidedAt !== null)).toBe(true); // the voided recruit
    expect(file.games.map((g) => g.status).sort()).toEqual(['committed', 'draft', 'voided']);
    expect(file.ledger.some((e) => e.kind === 'relic.cashed')).toBe(true);

    const club = testCore(tempDir());
    const imported = await call<{ campaign: Campaign }>(club, 'campaigns.importFile', { source: 'upload', fileName: 'vraks.json', text });
    const standings = (rows: StandingRow[]) => rows.map(({ teamId: _t, ...r }) => r);
    expect(standings(await call<StandingRow[]>(club, 'campaigns.standings', { id: imported.campaign.id }))).toEqual(
      standings(await call<StandingRow[]>(home, 'campaigns.standings', { id: campaign.id })),
    );
    home.close();
    club.close();
  });

  it('hostile and inconsistent files are refused with a reason; nothing is imported', async () => {
    const home = testCore(tempDir());
    const { campaign } = await playedCampaign(home);
    const text = await jsonText(await call<{ base64: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' }));
    const file = JSON.parse(text) as { ledger: { req: number; kind: string }[]; teams: { roster: { models: unknown[] } }[]; games: { teamAId: string }[] };
    const cheat = structuredClone(file);
    cheat.ledger.find((e) => e.kind === 'req.awarded')!.req = -500;
    // An adjustment the team page allows (at most 10,000 either way) that leaves the team owing Req.
    const debt = structuredClone(file) as unknown as CampaignJson;
    debt.ledger.push({
      ...debt.ledger[0]!,
      id: 'debt',
      modelId: null,
      kind: 'req.adjusted',
      req: -10_000,
      data: { kind: 'req.adjusted' },
      reason: 'Requisition -10000',
    });
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
      [JSON.stringify(cheat), /moves -500 Req, which no requisition award can/],
      [JSON.stringify(debt), /Iron Wolves would owe Req/],
      [JSON.stringify(rosterLie), /does not match its ledger/],
      [JSON.stringify(dangling), /Game 1 names a team that is not in this file/],
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
  it('a team list edited on one laptop does not refuse the campaign on another: both versions are kept', async () => {
    const home = testCore(tempDir());
    const { campaign } = await playedCampaign(home);
    const exported = await call<{ base64: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' });

    // The club's laptop has edited its own Orks (sample) list, same id and version, other contents.
    const club = testCore(tempDir());
    const lists = await call<TeamListSummary[]>(club, 'teamLists.list', {});
    const orks = lists.find((l) => l.listKey === 'orks-sample')!;
    const detail = await call<{ list: { name: string }; revision: number }>(club, 'teamLists.get', { id: orks.id });
    await call(club, 'teamLists.update', { id: orks.id, list: { ...detail.list, name: 'Orks (our club)' }, expectedRevision: detail.revision });

    const imported = await call<{ campaign: Campaign }>(club, 'campaigns.importFile', { source: 'upload', fileName: 'vraks.json', base64: exported.base64 });
    const after = await call<TeamListSummary[]>(club, 'teamLists.list', {});
    const orksLists = after.filter((l) => l.listKey === 'orks-sample');
    expect(orksLists.map((l) => [l.name, l.listVersion]).sort()).toEqual([
      ['Orks (our club)', orks.listVersion],
      ['Orks (sample)', `${orks.listVersion} (Vraks)`],
    ]);
    // Da Boyz are on the list as the file had it; the club's edited list is untouched.
    const boyz = (await call<TeamSummary[]>(club, 'teams.list', { campaignId: imported.campaign.id })).find((t) => t.name === 'Da Boyz');
    expect(boyz?.teamListId).toBe(orksLists.find((l) => l.name === 'Orks (sample)')!.id);
  });
});
