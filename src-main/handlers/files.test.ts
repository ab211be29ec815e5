/**
 * Integration (issue 15): a file dropped onto the window is recognised by its content and imported exactly as the
 * dialogs import it (same messages); anything else is refused by name and changes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { DroppedFileResult } from '../../shared/ipc/schemas/files';
import type { TeamListDetail, TeamListSummary } from '../../shared/ipc/schemas/teams';
import { call, failure, snapshotTables, tempDir, testCore } from '../test-support';
import { recogniseHeraldFile } from '../dropped-files';

const sampleList = async (core: ReturnType<typeof testCore>) => {
  const lists = await call<TeamListSummary[]>(core, 'teamLists.list', {});
  const detail = await call<TeamListDetail>(core, 'teamLists.get', { id: lists.find((l) => l.listKey === 'orks-sample')!.id });
  return { ...detail.list, id: 'club-orks', name: 'Club Orks', listVersion: 'club 2026', sample: false };
};

describe('recogniseHeraldFile', () => {
  it('knows campaign files, rulesets and team lists by their format, and nothing else', () => {
    expect(recogniseHeraldFile('{"format":"herald-campaign","formatVersion":1}')).toBe('campaign');
    expect(recogniseHeraldFile('\uFEFF{\n  "format": "herald-ruleset", "hash": "x"}')).toBe('ruleset');
    expect(recogniseHeraldFile('{"formatVersion":1,"format":"herald.team-list"}')).toBe('teamList');
    // Cut short: still ours, so its import can say what is wrong with it.
    expect(recogniseHeraldFile('{"format":"herald-campaign","formatVersion":1,"campaign":{"na')).toBe('campaign');
    for (const other of [
      '',
      'hello',
      '[]',
      'null',
      '{"format":"something-else"}',
      '{"name":"not ours"}',
      '{"a":{"format":"herald-campaign"}}',
      '['.repeat(100_000),
      '%PDF-1.7 "format":"herald-campaign"',
    ]) {
      expect(recogniseHeraldFile(other)).toBeNull();
    }
  });
});

describe('files.importDropped', () => {
  it('imports a dropped team list, and says so when it is already in the library', async () => {
    const core = testCore(tempDir());
    const list = await sampleList(core);
    const text = JSON.stringify(list, null, 2);
    const first = await call<DroppedFileResult>(core, 'files.importDropped', { fileName: 'club-orks.json', text });
    expect(first).toMatchObject({ kind: 'teamList', outcome: 'imported', list: { name: 'Club Orks', listVersion: 'club 2026' } });
    const again = await call<DroppedFileResult>(core, 'files.importDropped', { fileName: 'club-orks.json', text });
    expect(again).toMatchObject({ kind: 'teamList', outcome: 'unchanged' });
  });

  it('gives a broken team list the message the dialog gives', async () => {
    const core = testCore(tempDir());
    const broken = JSON.stringify({ ...(await sampleList(core)), entries: [] });
    const dropped = await failure(core, 'files.importDropped', { fileName: 'broken.json', text: broken });
    const uploaded = await failure(core, 'teamLists.import', { source: 'upload', fileName: 'broken.json', text: broken });
    expect(dropped).toEqual(uploaded);
    expect(dropped.message).toMatch(/^broken\.json is not a valid team list/);
  });

  it('imports a dropped campaign file whole, with a backup first', async () => {
    const home = testCore(tempDir());
    const campaign = await call<Campaign>(home, 'campaigns.create', { name: 'Vraks' });
    const exported = await call<{ base64: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' });
    const dir = tempDir();
    const away = testCore(dir);
    const result = await call<DroppedFileResult>(away, 'files.importDropped', { fileName: 'Vraks.herald-campaign', base64: exported.base64 });
    expect(result).toMatchObject({ kind: 'campaign', campaign: { name: 'Vraks' } });
    expect((await call<Campaign[]>(away, 'campaigns.list', {})).map((c) => c.name)).toEqual(['Vraks']);
    expect(fs.readdirSync(path.join(dir, 'backups')).some((f) => f.includes('before-import'))).toBe(true);
  });

  it('loads a dropped ruleset for the campaign on screen (nothing applied), and asks for a campaign without one', async () => {
    const core = testCore(tempDir());
    const campaign = await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
    const exported = await call<{ text: string }>(core, 'rulesets.export', { campaignId: campaign.id, destination: 'download' });
    const before = snapshotTables(core);
    const loaded = await call<DroppedFileResult>(core, 'files.importDropped', {
      fileName: 'house.ruleset.json',
      text: exported.text,
      campaignId: campaign.id,
    });
    expect(loaded).toMatchObject({ kind: 'ruleset', campaignId: campaign.id, fileName: 'house.ruleset.json', note: null, preview: { changes: [] } });
    const noCampaign = await failure(core, 'files.importDropped', { fileName: 'house.ruleset.json', text: exported.text });
    expect(noCampaign.message).toBe(
      'house.ruleset.json is a ruleset (a campaign’s house rules). Open the campaign whose house rules it is for, then drop it there. Nothing was changed.',
    );
    expect(snapshotTables(core)).toEqual(before);
  });

  it('refuses anything else by name and changes nothing', async () => {
    const dir = tempDir();
    const core = testCore(dir);
    await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
    const before = snapshotTables(core);
    for (const [fileName, text] of [
      ['shopping list.txt', 'eggs, milk'],
      ['data.json', '{"name":"a spreadsheet export"}'],
      ['photo.png', '\u0089PNG\r\n\u001a\n'],
    ] as const) {
      const error = await failure(core, 'files.importDropped', { fileName, text });
      expect(error.code).toBe('VALIDATION');
      expect(error.message).toBe(
        `${fileName} is not a Herald file. Herald imports the campaign files, rulesets and team lists it exports (packed campaign files, and JSON files that name their format). Nothing was changed.`,
      );
    }
    expect(snapshotTables(core)).toEqual(before);
    expect(fs.existsSync(path.join(dir, 'backups')) ? fs.readdirSync(path.join(dir, 'backups')) : []).toEqual([]);
  });
});
