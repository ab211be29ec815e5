/**
 * Issue 20 through the real handlers on a real SQLite file: a team never founded is deleted (a founded one is not); a
 * campaign is deleted after a verified backup named after it, and comes back from it alone; one campaign is restored
 * from a backup while another keeps what it did since.
 */
import { describe, expect, it } from 'vitest';
import type { StandingRow } from '../../shared/ipc/schemas/games';
import type { Player, TeamDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import type { Core } from '../core';
import { call, failure, testCore } from '../test-support';

let uid = 0;
const model = (entryId: string, name: string) => ({ id: `mk-${++uid}`, entryId, name, options: {}, armoury: [], grenades: {} });

async function campaignWithTeam(core: Core, name: string) {
  const campaign = await call<{ id: string }>(core, 'campaigns.create', { name });
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const player = await call<Player>(core, 'players.create', { campaignId: campaign.id, name: `${name} player` });
  const team = await call<TeamDetail>(core, 'teams.create', {
    campaignId: campaign.id,
    playerId: player.id,
    teamListId: lists.find((l) => l.listKey === 'space-marines-sample')!.id,
    name: `${name} Wolves`,
  });
  await call(core, 'teams.saveDraft', {
    id: team.team.id,
    roster: { models: [model('sergeant', 'Tarkus'), model('tactical-marine', 'Cato'), model('tactical-marine', 'Varro')] },
  });
  await call(core, 'teams.found', { id: team.team.id });
  return { campaignId: campaign.id, teamId: team.team.id, playerId: player.id };
}
const req = async (core: Core, teamId: string) => (await call<TeamDetail>(core, 'teams.get', { id: teamId })).team.requisition;

describe('delete and restore one campaign (issue 20)', () => {
  it('a team never founded is deleted; a founded one is refused in words', async () => {
    const core = testCore();
    const c = await campaignWithTeam(core, 'Delete teams');
    const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
    const typo = await call<TeamDetail>(core, 'teams.create', {
      campaignId: c.campaignId,
      playerId: c.playerId,
      teamListId: lists[0]!.id,
      name: 'Iron Wovles',
    });
    expect(await call(core, 'teams.delete', { id: typo.team.id })).toEqual({ name: 'Iron Wovles', campaignId: c.campaignId });
    expect((await failure(core, 'teams.get', { id: typo.team.id })).code).toBe('NOT_FOUND');
    expect((await failure(core, 'teams.delete', { id: c.teamId })).message).toMatch(/is founded: its history stays/);
    core.close();
  });

  it('a campaign is deleted after a backup named after it, and comes back alone from that backup', async () => {
    const core = testCore();
    const doomed = await campaignWithTeam(core, 'Ashes');
    const other = await campaignWithTeam(core, 'Embers');
    await call(core, 'teams.adjustRequisition', { id: doomed.teamId, amount: 30, reason: 'prize' });
    expect((await failure(core, 'campaigns.delete', { id: doomed.campaignId, confirmName: 'Ash' })).message).toBe(
      "Type the campaign's name, “Ashes”, to delete it.",
    );
    const gone = await call<{ name: string; backup: { file: string; reason: string } }>(core, 'campaigns.delete', {
      id: doomed.campaignId,
      confirmName: 'ashes',
    });
    expect(gone.name).toBe('Ashes');
    expect(gone.backup.reason).toBe('before-delete-campaign:Ashes');
    expect((await call<{ name: string }[]>(core, 'campaigns.list', { includeArchived: true })).map((x) => x.name)).toEqual(['Embers']);

    // Embers moves on after the backup; bringing Ashes back leaves that alone.
    await call(core, 'teams.adjustRequisition', { id: other.teamId, amount: 12, reason: 'newer' });
    const inBackup = await call<{ id: string; name: string }[]>(core, 'backups.campaigns', { file: gone.backup.file });
    expect(inBackup.map((x) => x.name)).toEqual(['Ashes', 'Embers']);
    const back = await call<{ id: string; name: string; undo: { reason: string } }>(core, 'backups.restoreCampaign', {
      file: gone.backup.file,
      campaignId: doomed.campaignId,
    });
    expect(back.name).toBe('Ashes');
    expect(back.undo.reason).toBe('before-restore');
    const standings = await call<StandingRow[]>(core, 'campaigns.standings', { id: back.id });
    expect(standings.map((s) => [s.teamName, s.requisition])).toEqual([['Ashes Wolves', 30]]);
    expect(await req(core, other.teamId)).toBe(12);
    core.close();
  });

  it('restoring one campaign puts back its state at the backup while another keeps its newer changes', async () => {
    const core = testCore();
    const a = await campaignWithTeam(core, 'Vraks');
    const b = await campaignWithTeam(core, 'Armageddon');
    const backup = await call<{ file: string }>(core, 'backups.create', {});
    await call(core, 'teams.adjustRequisition', { id: a.teamId, amount: 50, reason: 'entered by mistake' });
    await call(core, 'teams.adjustRequisition', { id: b.teamId, amount: 7, reason: 'kept' });
    const back = await call<{ id: string }>(core, 'backups.restoreCampaign', { file: backup.file, campaignId: a.campaignId });
    const restored = await call<StandingRow[]>(core, 'campaigns.standings', { id: back.id });
    expect(restored.map((s) => s.requisition)).toEqual([0]);
    expect(await req(core, b.teamId)).toBe(7);
    // Twice: the campaign restored once before (new ids) is found by its identity and replaced again.
    const again = await call<{ id: string }>(core, 'backups.restoreCampaign', { file: backup.file, campaignId: a.campaignId });
    expect((await call<{ name: string }[]>(core, 'campaigns.list', { includeArchived: true })).map((x) => x.name).sort()).toEqual(['Armageddon', 'Vraks']);
    expect((await call<StandingRow[]>(core, 'campaigns.standings', { id: again.id })).length).toBe(1);
    core.close();
  });

  it('an organiser action is undone with a compensating entry, and refused with the reason when a later entry depends on it', async () => {
    const core = testCore();
    const c = await campaignWithTeam(core, 'Undo');
    await call(core, 'teams.adjustRequisition', { id: c.teamId, amount: 40, reason: 'prize' });
    const novus = await call<TeamDetail>(core, 'teams.recruit', { id: c.teamId, model: model('tactical-marine', 'Novus') });
    const recruitEntry = novus.ledger.at(-1)!;
    expect(novus.team.requisition).toBe(26);
    // Undo the recruit: Novus leaves, the 14 Req come back; the ledger keeps both lines.
    const undone = await call<{ reason: string }>(core, 'teams.undo', { id: c.teamId, entryId: recruitEntry.id });
    expect(undone.reason).toBe('Undone: Recruited Novus (Tactical Marine) for 14 Req.');
    const after = await call<TeamDetail>(core, 'teams.get', { id: c.teamId });
    expect(after.roster.models.map((m) => m.name)).not.toContain('Novus');
    expect(after.team.requisition).toBe(40);
    expect((await failure(core, 'teams.undo', { id: c.teamId, entryId: recruitEntry.id })).message).toMatch(/was undone already/);

    // A recruit given gear since: refused, naming the later entry.
    const varus = await call<TeamDetail>(core, 'teams.recruit', { id: c.teamId, model: model('tactical-marine', 'Varus') });
    const varusId = varus.roster.models.find((m) => m.name === 'Varus')!.id;
    await call(core, 'teams.changeModel', { id: c.teamId, model: { ...varus.roster.models.find((m) => m.id === varusId)!, name: 'Varus the Bold' } });
    const refused = await failure(core, 'teams.undo', { id: c.teamId, entryId: varus.ledger.at(-1)!.id });
    expect(refused.message).toMatch(/cannot be undone: a later entry depends on it — Renamed/);
    // Req already spent: undoing the +40 would leave the team owing.
    const prize = after.ledger.find((e) => e.reason.includes('prize'))!;
    expect((await failure(core, 'teams.undo', { id: c.teamId, entryId: prize.id })).message).toMatch(/Req/);
    core.close();
  });

  it('a recruit whose undo would leave the roster illegal is refused, saying it is the roster after the undo that breaks the rule', async () => {
    const core = testCore();
    const c = await campaignWithTeam(core, 'Undo core');
    await call(core, 'teams.adjustRequisition', { id: c.teamId, amount: 20, reason: 'prize' });
    const novus = await call<TeamDetail>(core, 'teams.recruit', { id: c.teamId, model: model('tactical-marine', 'Novus') });
    // Cato leaves: Varro and Novus are the team's two Core models now.
    await call(core, 'teams.dismiss', { id: c.teamId, modelId: novus.roster.models.find((m) => m.name === 'Cato')!.id });
    const refused = await failure(core, 'teams.undo', { id: c.teamId, entryId: novus.ledger.at(-1)!.id });
    expect(refused.message).toBe(
      '“Recruited Novus (Tactical Marine) for 14 Req.” cannot be undone: the roster would then break a rule — At least 2 Core models: this team has 1.',
    );
    expect((await call<TeamDetail>(core, 'teams.get', { id: c.teamId })).roster.models.map((m) => m.name)).toContain('Novus');
    core.close();
  });
});
