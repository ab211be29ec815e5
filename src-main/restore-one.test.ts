/**
 * Issue 27 point 4, through the real handlers on a real SQLite file: restoring one campaign from a backup finds the
 * campaign it replaces by its identity across laptops, never by its name; a campaign that took the name since is left
 * alone; a handed-over campaign is not replaced until it is taken back.
 */
import { describe, expect, it } from 'vitest';
import type { BackupView } from '../shared/ipc/schemas/backups';
import type { Campaign } from '../shared/ipc/schemas/campaigns';
import type { Player } from '../shared/ipc/schemas/teams';
import type { Core } from './core';
import { call, failure, snapshotTables, testCore } from './test-support';
import { aliceAndBob } from './test-support/two-teams';
import { jsonText } from './test-support/campaign-file-text';

type Restored = { id: string; name: string; message: string | null; undo: BackupView };

const campaignNames = async (core: Core) => (await call<Campaign[]>(core, 'campaigns.list', { includeArchived: true })).map((c) => c.name).sort();
const playerNames = async (core: Core, campaignId: string) => (await call<Player[]>(core, 'players.list', { campaignId })).map((p) => p.name).sort();
const restoreOne = (core: Core, file: string, campaignId: string) => call<Restored>(core, 'backups.restoreCampaign', { file, campaignId });
const exportText = async (core: Core, id: string) =>
  await jsonText(await call<{ base64: string }>(core, 'campaigns.exportFile', { id, destination: 'download' }));

describe('restoring one campaign finds it by identity, never by name (issue 27)', () => {
  it('restoring a deleted Alpha leaves the newer campaign called Alpha and its player alone, and names the restored one Alpha (restored …)', async () => {
    const core = testCore();
    const oldAlpha = await call<Campaign>(core, 'campaigns.create', { name: 'Alpha' });
    await aliceAndBob(core, oldAlpha.id);
    const gone = await call<{ backup: BackupView }>(core, 'campaigns.delete', { id: oldAlpha.id, confirmName: 'Alpha' });

    // The club starts a new campaign and gives it the free name.
    const newAlpha = await call<Campaign>(core, 'campaigns.create', { name: 'Alpha' });
    await call<Player>(core, 'players.create', { campaignId: newAlpha.id, name: 'Carla' });

    const back = await restoreOne(core, gone.backup.file, oldAlpha.id);
    expect(back.name).toBe('Alpha (restored 1 Nov 2026)');
    expect(back.message).toBe(
      '“Alpha” is back under the name “Alpha (restored 1 Nov 2026)”: the campaign called “Alpha” on this laptop now is another campaign, and it was left as it is.',
    );
    expect(await campaignNames(core)).toEqual(['Alpha', 'Alpha (restored 1 Nov 2026)']);
    expect((await call<Campaign>(core, 'campaigns.get', { id: newAlpha.id })).name).toBe('Alpha');
    expect(await playerNames(core, newAlpha.id)).toEqual(['Carla']);
    expect(await playerNames(core, back.id)).toEqual(['Alice', 'Bob']);

    // That name is taken too (by yet another campaign): the next free one.
    const again = await call<Campaign>(core, 'campaigns.create', { name: 'Beta' });
    await call(core, 'campaigns.rename', { id: back.id, name: 'Gamma' });
    await call(core, 'campaigns.rename', { id: again.id, name: 'Alpha (restored 1 Nov 2026)' });
    const third = await restoreOne(core, gone.backup.file, oldAlpha.id);
    expect(third.name).toBe('Alpha (restored 1 Nov 2026) 2');
    // Gamma was the restored Alpha (same identity): replaced, not kept beside it.
    expect(await campaignNames(core)).toEqual(['Alpha', 'Alpha (restored 1 Nov 2026)', 'Alpha (restored 1 Nov 2026) 2']);
    expect(await playerNames(core, newAlpha.id)).toEqual(['Carla']);
    core.close();
  });

  it('a campaign restored twice from the same backup is found by identity the second time, even renamed', async () => {
    const core = testCore();
    const vraks = await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
    await aliceAndBob(core, vraks.id);
    const handOverFile = await exportText(core, vraks.id);
    const backup = await call<BackupView>(core, 'backups.create', {});
    await call<Player>(core, 'players.create', { campaignId: vraks.id, name: 'Added by mistake' });

    const first = await restoreOne(core, backup.file, vraks.id);
    expect(first).toMatchObject({ name: 'Vraks', message: null });
    await call(core, 'campaigns.rename', { id: first.id, name: 'Vraks Reborn' });
    // The backup's campaign id is not on this laptop any more: only its identity finds the restored copy.
    const second = await restoreOne(core, backup.file, vraks.id);
    expect(second).toMatchObject({ name: 'Vraks', message: null });
    expect(await campaignNames(core)).toEqual(['Vraks']);
    expect(await playerNames(core, second.id)).toEqual(['Alice', 'Bob']);

    // Still the same campaign for a file of it: the file exported before is known for it (nothing newer), not a clash.
    const imported = await call<{ outcome: string; campaign: Campaign }>(core, 'campaigns.importFile', {
      source: 'upload',
      fileName: 'vraks.herald-campaign.json',
      text: handOverFile,
    });
    expect(imported.outcome).toBe('unchanged');
    expect(imported.campaign.id).toBe(second.id);
    core.close();
  });

  it('a handed-over campaign is not replaced by a restore; after take-back it is', async () => {
    const core = testCore();
    const vraks = await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
    await aliceAndBob(core, vraks.id);
    const backup = await call<BackupView>(core, 'backups.create', {});
    // Restored once (new ids), then handed over to Marta: the case that used to lose the mark.
    const once = await restoreOne(core, backup.file, vraks.id);
    await call(core, 'campaigns.handOver', { id: once.id, to: 'Marta’s laptop', destination: 'download' });

    // The backup's list says so before any click: the campaign it would replace, and who has it.
    expect(await call(core, 'backups.campaigns', { file: backup.file })).toEqual([
      { id: vraks.id, name: 'Vraks', games: 0, here: { name: 'Vraks', handedOverTo: 'Marta’s laptop' } },
    ]);
    const before = snapshotTables(core);
    const backupsBefore = await call<BackupView[]>(core, 'backups.list', {});
    const refused = await failure(core, 'backups.restoreCampaign', { file: backup.file, campaignId: vraks.id });
    expect(refused.code).toBe('READ_ONLY');
    expect(refused.message).toBe(
      '“Vraks” is handed over to Marta’s laptop (since 1 Nov 2026): a backup cannot replace it while the other laptop has it. Import the newer copy when it comes back, or take the campaign back first. Nothing was restored.',
    );
    expect(snapshotTables(core)).toEqual(before);
    expect(await call<BackupView[]>(core, 'backups.list', {})).toEqual(backupsBefore);

    await call(core, 'campaigns.takeBack', { id: once.id });
    expect(await call(core, 'backups.campaigns', { file: backup.file })).toEqual([
      { id: vraks.id, name: 'Vraks', games: 0, here: { name: 'Vraks', handedOverTo: null } },
    ]);
    const back = await restoreOne(core, backup.file, vraks.id);
    expect(back.name).toBe('Vraks');
    expect(await call<Campaign[]>(core, 'campaigns.list', { includeArchived: true })).toEqual([
      expect.objectContaining({ id: back.id, name: 'Vraks', handedOver: null }),
    ]);
    core.close();
  });
});
