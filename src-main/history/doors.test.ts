/**
 * Issue 27, "one history, one judge", in a club's words through the real handlers on real SQLite files: whatever one
 * door writes (commit, amend, void, undo, hand-over, restore), every other door (import as new, as a copy, the
 * hand-over update) accepts; and a file that rewrites a finished game is a divergence, never "newer".
 */
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { Core } from '../core';
import { call, failure, snapshotTables, testCore } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';
import { jsonText } from '../test-support/campaign-file-text';

let uid = 0;
const model = (entryId: string, name: string) => ({ id: `hd-${++uid}`, entryId, name, options: {}, armoury: [], grenades: {} });

async function foundedTeam(core: Core, name: string) {
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name });
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const player = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: 'Kastor' });
  const team = await call<TeamDetail>(core, 'teams.create', {
    campaignId: campaign.id,
    playerId: player.id,
    teamListId: lists.find((l) => l.listKey === 'space-marines-sample')!.id,
    name: 'Kastor Wayfarers',
  });
  await call(core, 'teams.saveDraft', {
    id: team.team.id,
    roster: { models: [model('sergeant', 'Tarkus'), model('tactical-marine', 'Cato'), model('tactical-marine', 'Varro')] },
  });
  await call(core, 'teams.found', { id: team.team.id });
  return { campaignId: campaign.id, teamId: team.team.id };
}

const exportText = async (core: Core, id: string) =>
  await jsonText(await call<{ base64: string }>(core, 'campaigns.exportFile', { id, destination: 'download' }));
const importText = (core: Core, text: string, extra: Record<string, unknown> = {}) =>
  call<{ outcome: string; campaign: Campaign }>(core, 'campaigns.importFile', { source: 'upload', fileName: 'campaign.json', text, ...extra });

describe('an Undo never traps a campaign on its laptop (issue 27, 1)', () => {
  it('a recruit undone from the ledger: the file imports on another laptop, as new and as a copy', async () => {
    const home = testCore();
    const c = await foundedTeam(home, 'Wayfarers');
    await call(home, 'teams.adjustRequisition', { id: c.teamId, amount: 60, reason: 'prize' });
    const recruited = await call<TeamDetail>(home, 'teams.recruit', { id: c.teamId, model: model('tactical-marine', 'Novus') });
    await call(home, 'teams.undo', { id: c.teamId, entryId: recruited.ledger.at(-1)!.id });
    const before = await call<TeamDetail>(home, 'teams.get', { id: c.teamId });
    const text = await exportText(home, c.campaignId);

    const club = testCore();
    const imported = await importText(club, text);
    expect(imported.outcome).toBe('imported');
    const copy = await importText(club, text, { asCopy: { name: 'Wayfarers (copy)' } });
    expect(copy.outcome).toBe('imported');
    // The same Req and roster on both laptops.
    const teams = await call<{ id: string; name: string }[]>(club, 'teams.list', { campaignId: imported.campaign.id });
    const after = await call<TeamDetail>(club, 'teams.get', { id: teams.find((t) => t.name === 'Kastor Wayfarers')!.id });
    expect(after.team.requisition).toBe(before.team.requisition);
    expect(after.roster.models.map((m) => m.name)).toEqual(before.roster.models.map((m) => m.name));
    home.close();
    club.close();
  });

  it('a refund that no recruit paid is still refused, naming the entry', async () => {
    const home = testCore();
    const c = await foundedTeam(home, 'Forged');
    await call(home, 'teams.adjustRequisition', { id: c.teamId, amount: 60, reason: 'prize' });
    const recruited = await call<TeamDetail>(home, 'teams.recruit', { id: c.teamId, model: model('tactical-marine', 'Novus') });
    await call(home, 'teams.undo', { id: c.teamId, entryId: recruited.ledger.at(-1)!.id });
    const file = JSON.parse(await exportText(home, c.campaignId)) as { ledger: { req: number; reason: string }[] };
    const refund = file.ledger.find((e) => e.reason.startsWith('Undone:'))!;
    refund.req += 5;
    const club = testCore();
    const refused = await failure(club, 'campaigns.importFile', { source: 'upload', fileName: 'c.json', text: JSON.stringify(file) });
    expect(refused.message).toMatch(/Undone: Recruited Novus/);
    expect(refused.message).toMatch(/Nothing was imported/);
    home.close();
    club.close();
  });
});

describe('a file never rewrites finished games (issue 27, 2)', () => {
  type GameRowJson = { number: number; vpA: number | null; vpB: number | null; winner: string | null; playedOn: string };
  type FileJson = { games: GameRowJson[]; ledger: { reason: string }[] };

  it('game 1 changed from the laptop’s result to 9–0 in 1999: a divergence named in words, set aside, nothing changes', async () => {
    const a = testCore();
    const played = await playedCampaign(a);
    const id = played.campaign.id;
    const handed = await call<{ base64: string }>(a, 'campaigns.handOver', { id, to: 'Marta’s laptop', destination: 'download' });
    const file = JSON.parse(await jsonText(handed)) as FileJson;
    const game1 = file.games.find((g) => g.number === 1)!;
    const was = `${game1.vpA}–${game1.vpB}`;
    Object.assign(game1, { vpA: 9, vpB: 0, winner: 'a', playedOn: '1999-01-01' });
    const before = snapshotTables(a);
    const refused = await failure(a, 'campaigns.importFile', { source: 'upload', fileName: 'from-marta.json', text: JSON.stringify(file) });
    expect(refused.message).toContain(`game 1 (`);
    expect(refused.message).toContain(`: the file says 9–0, this laptop says ${was}.`);
    expect(refused.message).toMatch(/Nothing was merged and nothing changed\. The file is kept in Herald’s data folder as set-aside\//);
    expect(snapshotTables(a)).toEqual(before);
    a.close();
  });

  it('the same with one honest Req adjustment added, without any hand-over: still refused, never "updated"', async () => {
    const a = testCore();
    const played = await playedCampaign(a);
    const id = played.campaign.id;
    const own = await exportText(a, id);
    const b = testCore();
    const onB = await importText(b, own);
    await call(b, 'teams.adjustRequisition', {
      id: (await call<{ id: string }[]>(b, 'teams.list', { campaignId: onB.campaign.id }))[0]!.id,
      amount: 5,
      reason: 'painted',
    });
    const file = JSON.parse(await exportText(b, onB.campaign.id)) as FileJson;
    Object.assign(
      file.games.find((g) => g.number === 1)!,
      { playedOn: '1999-01-01' },
    );
    const refused = await failure(a, 'campaigns.importFile', { source: 'upload', fileName: 'b.json', text: JSON.stringify(file) });
    expect(refused.message).toMatch(/game 1 \(.*\): the file says it was played on 1 Jan 1999, this laptop/);
    // The honest file, untouched, is an update.
    const honest = await importText(a, await exportText(b, onB.campaign.id));
    expect(honest.outcome).toBe('updated');
    a.close();
    b.close();
  });
});

describe('a file whose games do not score as recorded is refused (issue 27, the judge)', () => {
  it('game 1 recorded as 9–0 to the Iron Wolves while its report scores a draw: refused on a fresh laptop, naming the game', async () => {
    const home = testCore();
    const played = await playedCampaign(home);
    const file = JSON.parse(await exportText(home, played.campaign.id)) as {
      games: { number: number; vpA: number; vpB: number; winner: string; playedOn: string }[];
    };
    const game1 = file.games.find((g) => g.number === 1)!;
    const was = `${game1.vpA}–${game1.vpB}`;
    Object.assign(game1, { vpA: 9, vpB: 0, winner: 'a', playedOn: '1999-01-01' });
    const club = testCore();
    const refused = await failure(club, 'campaigns.importFile', { source: 'upload', fileName: 'tampered.json', text: JSON.stringify(file) });
    expect(refused.message).toMatch(/^The campaign file’s history does not hold: Game 1 \(Iron Wolves v Da Boyz, 1 Jan 1999\): its result scores /);
    expect(refused.message).toContain(`${was} (`);
    expect(refused.message).toContain('but it is recorded as 9–0 (Iron Wolves won). Nothing was imported.');
    expect(await call<unknown[]>(club, 'campaigns.list', { includeArchived: true })).toEqual([]);
    home.close();
    club.close();
  });
});
