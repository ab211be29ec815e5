/**
 * Tactical Reserves through the real handlers on a real SQLite file (docs/progression.md "Tactical Reserves": "Models
 * or gear can be dismissed or parked in reserve; reserves don't count toward Threat; parked gear can later go to any
 * eligible model without paying again; reserve models can't gain honours").
 */
import { describe, expect, it } from 'vitest';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { TeamDetail, TeamListSummary, TeamSummary } from '../../shared/ipc/schemas/teams';
import { foldRoster } from '../../shared/rules';
import { ledgerItems, teamLedger } from '../ledger';
import { call, failure, snapshotTables, tempDir, testCore } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';
import { jsonText } from '../test-support/campaign-file-text';

describe('docs/progression.md "Tactical Reserves" on the team page', () => {
  it('a parked model leaves Threat and the next game and cannot gain honours; it comes back; gear moves through the reserve for no Req', async () => {
    const core = testCore();
    const pc = await playedCampaign(core, { name: 'Reserves' });
    const get = () => call<TeamDetail>(core, 'teams.get', { id: pc.teamA });
    const byName = (d: TeamDetail, name: string) => [...d.roster.models, ...(d.roster.reserve?.models ?? [])].find((m) => m.name === name)!;
    let team = await get();
    expect(team.tacticalReserves).toBe(true);
    await call(core, 'teams.adjustRequisition', { id: pc.teamA, amount: 100, reason: 'a club award' });
    const kaelen = byName(team, 'Kaelen');
    await call(core, 'teams.changeModel', { id: pc.teamA, model: { ...kaelen, armoury: ['auspex'] } });
    team = await call<TeamDetail>(core, 'teams.recruit', {
      id: pc.teamA,
      model: { id: 'x', entryId: 'tactical-marine', name: 'Nox', options: {}, armoury: [], grenades: {} },
    });
    // 25 + 18 + 4 × 14 + 5 (the auspex) = 104 pts: Threat 2.
    expect([team.report.points, team.team.threat]).toEqual([104, 2]);
    const req = team.team.requisition;

    const cato = byName(team, 'Cato');
    team = await call<TeamDetail>(core, 'teams.reserve', { id: pc.teamA, modelId: cato.id, inReserve: true });
    expect([team.report.points, team.team.threat, team.team.requisition]).toEqual([90, 1, req]);
    expect(team.roster.reserve?.models.map((m) => m.name)).toEqual(['Cato']);
    expect(team.ledger.at(-1)).toMatchObject({ kind: 'model.reserved', reason: 'Parked Cato in Tactical Reserves.', req: 0 });
    // The roster cache is its ledger folded.
    expect(foldRoster(ledgerItems(teamLedger(core.opened.db, pc.teamA)))).toEqual(team.roster);
    // The campaign's team list (and the Underdog's Threats) read the same.
    expect((await call<TeamSummary[]>(core, 'teams.list', { campaignId: pc.campaign.id })).find((t) => t.id === pc.teamA)?.threat).toBe(1);

    // It sits out the next game, and "reserve models can't gain honours".
    const g = await call<GameDetail>(core, 'games.create', { campaignId: pc.campaign.id, teamA: pc.teamA, teamB: pc.teamB, mission: 'skirmish' });
    expect(g.models.map((m) => m.name)).not.toContain('Cato');
    const draft = structuredClone(g.draft);
    draft.honours = [{ side: 'a', model: cato.id, honour: 'deadeye', elite: false }];
    const refused = await call<GameDetail>(core, 'games.saveDraft', { id: g.game.id, draft });
    expect(refused.preview.problems).toContain("Iron Wolves: Cato is in Tactical Reserves, and reserve models can't gain honours.");
    // Nor is a parked model changed (bring it back first); the Team Leader cannot be parked (the roster needs one).
    expect((await failure(core, 'teams.changeModel', { id: pc.teamA, model: { ...cato, name: 'Cato the Bold' } })).message).toBe(
      'Cato is in Tactical Reserves: bring it back to the roster before changing it.',
    );
    const tarkus = byName(team, 'Tarkus');
    const before = snapshotTables(core);
    expect((await failure(core, 'teams.reserve', { id: pc.teamA, modelId: tarkus.id, inReserve: true })).message).toMatch(
      /^Not allowed: .*Nothing was changed\.$/,
    );
    expect(snapshotTables(core)).toEqual(before);

    // Gear: Kaelen's auspex is parked, then fitted to Tarkus without paying again; a Core model may not take it.
    team = await call<TeamDetail>(core, 'teams.parkGear', { id: pc.teamA, modelId: kaelen.id, item: 'auspex' });
    expect([team.roster.reserve?.gear, byName(team, 'Kaelen').armoury, team.report.points]).toEqual([['auspex'], [], 85]);
    expect((await failure(core, 'teams.fitGear', { id: pc.teamA, modelId: byName(team, 'Varro').id, item: 'auspex' })).message).toMatch(
      /^Not allowed: .*Auspex/,
    );
    team = await call<TeamDetail>(core, 'teams.fitGear', { id: pc.teamA, modelId: tarkus.id, item: 'auspex' });
    expect([team.roster.reserve?.gear, byName(team, 'Tarkus').armoury, team.report.points, team.team.requisition]).toEqual([[], ['auspex'], 90, req]);
    expect((await failure(core, 'teams.fitGear', { id: pc.teamA, modelId: tarkus.id, item: 'auspex' })).message).toBe(
      'No Auspex is parked in Tactical Reserves.',
    );

    // Brought back: Threat counts Cato again; the organiser's undo parks it again.
    team = await call<TeamDetail>(core, 'teams.reserve', { id: pc.teamA, modelId: cato.id, inReserve: false });
    expect([team.report.points, team.team.threat, team.roster.reserve]).toEqual([104, 2, undefined]);
    await call(core, 'teams.undo', { id: pc.teamA, entryId: team.ledger.at(-1)!.id });
    const undone = await get();
    expect(undone.roster.reserve?.models.map((m) => m.name)).toEqual(['Cato']);
    expect(undone.team.threat).toBe(1);
    core.close();
  });

  it('a campaign file carries the reserve; an entry that moves nothing is refused on import, as the team page would', async () => {
    const home = testCore(tempDir());
    const pc = await playedCampaign(home, { name: 'Filed' });
    const team = await call<TeamDetail>(home, 'teams.get', { id: pc.teamA });
    const cato = team.roster.models.find((m) => m.name === 'Cato')!;
    const parked = await call<TeamDetail>(home, 'teams.reserve', { id: pc.teamA, modelId: cato.id, inReserve: true });
    const file = await call<{ base64: string }>(home, 'campaigns.exportFile', { id: pc.campaign.id, destination: 'download' });
    const club = testCore(tempDir());
    const imported = await call<{ campaign: { id: string } }>(club, 'campaigns.importFile', { source: 'upload', fileName: 'f.json', base64: file.base64 });
    const there = (await call<TeamSummary[]>(club, 'teams.list', { campaignId: imported.campaign.id })).find((t) => t.name === 'Iron Wolves')!;
    const detail = await call<TeamDetail>(club, 'teams.get', { id: there.id });
    expect(detail.roster.reserve?.models.map((m) => m.name)).toEqual(['Cato']);
    expect(detail.team.threat).toBe(parked.team.threat);

    const json = JSON.parse(await jsonText(file)) as { ledger: { kind: string; data: { kind: string } }[] };
    const entry = json.ledger.find((e) => e.kind === 'model.reserved')!;
    [entry.kind, entry.data.kind] = ['model.returned', 'model.returned'];
    const other = testCore(tempDir());
    const before = snapshotTables(other);
    expect((await failure(other, 'campaigns.importFile', { source: 'upload', fileName: 'f.json', text: JSON.stringify(json) })).message).toMatch(
      /cannot apply: Cato is not in Tactical Reserves\. Nothing was imported\.$/,
    );
    expect(snapshotTables(other)).toEqual(before);
    for (const c of [home, club, other]) c.close();
  });

  it('a dismissed model parked in reserve leaves with its gear; the Experience & Levels rules have no Tactical Reserves', async () => {
    const core = testCore();
    const pc = await playedCampaign(core, { name: 'Dismissed' });
    const team = await call<TeamDetail>(core, 'teams.get', { id: pc.teamA });
    const varro = team.roster.models.find((m) => m.name === 'Varro')!;
    await call(core, 'teams.reserve', { id: pc.teamA, modelId: varro.id, inReserve: true });
    const gone = await call<TeamDetail>(core, 'teams.dismiss', { id: pc.teamA, modelId: varro.id });
    expect(gone.roster.reserve).toBeUndefined();
    expect(gone.roster.models.map((m) => m.name)).not.toContain('Varro');

    // Experience & Levels (the other preset) has no such rule: its teams cannot park.
    const campaign = await call<{ id: string }>(core, 'campaigns.create', { name: 'Levels', preset: 'hor-experience-levels' });
    const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
    const player = await call<{ id: string }>(core, 'players.create', { campaignId: campaign.id, name: 'Cleo' });
    const orks = lists.find((l) => l.listKey === 'orks-sample')!.id;
    const levels = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: player.id, teamListId: orks, name: 'Gitz' });
    const m = (id: string, entryId: string, name: string) => ({ id, entryId, name, options: {}, armoury: [], grenades: {} });
    const models = [m('l1', 'boss-nob', 'Gorbag'), m('l2', 'burna-boy', 'Skorcha'), m('l3', 'boy', 'Grub'), m('l4', 'boy', 'Snik'), m('l5', 'boy', 'Zog')];
    await call(core, 'teams.saveDraft', { id: levels.team.id, roster: { models } });
    const founded = await call<TeamDetail>(core, 'teams.found', { id: levels.team.id });
    expect(founded.tacticalReserves).toBe(false);
    // Before founding there is nothing to park: a draft never holds a reserve.
    const draft = await call<TeamDetail>(core, 'teams.create', { campaignId: campaign.id, playerId: player.id, teamListId: orks, name: 'Snotz' });
    expect((await failure(core, 'teams.saveDraft', { id: draft.team.id, roster: { models: [], reserve: { models, gear: [] } } })).message).toBe(
      'Only a founded team parks models or gear in Tactical Reserves.',
    );
    expect((await failure(core, 'teams.reserve', { id: levels.team.id, modelId: 'l3', inReserve: true })).message).toMatch(/have no Tactical Reserves/);
    core.close();
  });
});
