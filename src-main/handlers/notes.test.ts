/**
 * Integration (issue 22): battle reports and model notes are stored beside the ledger (never in it), shown in the
 * bulletin and the model's history, travel in the campaign file under fresh ids; the records leave voided games out;
 * the CSV exports are what a spreadsheet needs (BOM, RFC 4180 quoting, formula cells guarded).
 */
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { GameDetail, ModelHistory } from '../../shared/ipc/schemas/games';
import type { CampaignRecordView, Note } from '../../shared/ipc/schemas/narrative';
import type { Bulletin } from '../../shared/ipc/schemas/print';
import { call, failure, snapshotTables, tempDir, testCore } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';
import { jsonText } from '../test-support/campaign-file-text';

const REPORT = 'Turn 1:  the Boyz charged,\r\nand Kaelen held.\n\n\n\n"Skorcha" burned out.';

describe('notes (issue 22)', () => {
  it('a battle report and a model note are stored normalised, change no ledger row, and show in the bulletin and history', async () => {
    const core = testCore(tempDir());
    const { campaign, game, teamA, kaelen } = await playedCampaign(core);
    const before = snapshotTables(core);
    const saved = await call<{ note: Note }>(core, 'notes.set', { campaignId: campaign.id, subjectKind: 'game', subjectId: game, text: REPORT });
    expect(saved.note.text).toBe('Turn 1: the Boyz charged,\nand Kaelen held.\n\n"Skorcha" burned out.');
    await call(core, 'notes.set', { campaignId: campaign.id, subjectKind: 'model', subjectId: kaelen, text: 'First blood of the campaign.' });
    const after = snapshotTables(core);
    for (const table of ['ledger_entries', 'teams', 'team_projections', 'games']) expect(after[table]).toEqual(before[table]);
    expect(after.notes).toHaveLength(2);

    const bulletin = await call<Bulletin>(core, 'campaigns.bulletin', { id: campaign.id });
    expect(bulletin.battleReports).toEqual([{ gameNumber: 1, title: 'Iron Wolves vs Da Boyz', text: saved.note.text }]);
    const history = await call<ModelHistory>(core, 'models.history', { teamId: teamA, modelId: kaelen });
    expect(history.note).toBe('First blood of the campaign.');
    expect(await call<Note[]>(core, 'notes.list', { campaignId: campaign.id })).toHaveLength(2);

    // Saving it blank removes it.
    expect(await call(core, 'notes.set', { campaignId: campaign.id, subjectKind: 'model', subjectId: kaelen, text: ' \n\u200B ' })).toEqual({ note: null });
    expect((await call<ModelHistory>(core, 'models.history', { teamId: teamA, modelId: kaelen })).note).toBeNull();
  });

  it('refuses, in words, a note too long, on a draft game or on a model of no team here', async () => {
    const core = testCore(tempDir());
    const { campaign, teamA, teamB } = await playedCampaign(core);
    const tooLong = await failure(core, 'notes.set', { campaignId: campaign.id, subjectKind: 'model', subjectId: 'nt-2', text: 'x'.repeat(4001) });
    expect(tooLong.message).toContain('at most 4,000 characters');
    const draft = await call<GameDetail>(core, 'games.create', { campaignId: campaign.id, teamA, teamB, mission: 'skirmish' });
    expect((await failure(core, 'notes.set', { campaignId: campaign.id, subjectKind: 'game', subjectId: draft.game.id, text: 'Too soon' })).message).toBe(
      'Write the battle report once the game is committed.',
    );
    expect((await failure(core, 'notes.set', { campaignId: campaign.id, subjectKind: 'model', subjectId: 'nobody', text: 'Who?' })).message).toBe(
      'That model is not on a team of this campaign.',
    );
    expect(snapshotTables(core).notes).toEqual([]);
  });

  it('records count committed games and leave a voided game out', async () => {
    const core = testCore(tempDir());
    const { campaign, game } = await playedCampaign(core);
    const records = await call<CampaignRecordView[]>(core, 'campaigns.records', { id: campaign.id });
    expect(records.find((r) => r.kind === 'mostKills')).toMatchObject({ holders: ['Kaelen (Iron Wolves)'], value: 1 });
    expect(records.find((r) => r.kind === 'mostGames')).toMatchObject({ value: 1 });
    await call(core, 'games.void', { id: game, reason: 'Entered twice', withDependents: true });
    expect(await call(core, 'campaigns.records', { id: campaign.id })).toEqual([]);
  });

  it('travel in the campaign file: fresh ids, the battle report on the new game, refused when about a game the file lacks', async () => {
    const home = testCore(tempDir());
    const { campaign, game, kaelen } = await playedCampaign(home);
    await call(home, 'notes.set', { campaignId: campaign.id, subjectKind: 'game', subjectId: game, text: REPORT });
    await call(home, 'notes.set', { campaignId: campaign.id, subjectKind: 'model', subjectId: kaelen, text: 'Veteran of Vraks.' });
    const exported = await call<{ base64: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' });
    const file = JSON.parse(await jsonText(exported)) as { notes: { id: string; subjectId: string }[]; games: { id: string }[] };
    expect(file.notes).toHaveLength(2);

    const club = testCore(tempDir());
    const imported = await call<{ campaign: Campaign }>(club, 'campaigns.importFile', { source: 'upload', fileName: 'v.json', base64: exported.base64 });
    const notes = await call<Note[]>(club, 'notes.list', { campaignId: imported.campaign.id });
    const games = await call<{ id: string }[]>(club, 'games.list', { campaignId: imported.campaign.id });
    expect(notes.find((n) => n.subjectKind === 'game')!.subjectId).toBe(games[0]!.id);
    expect(notes.find((n) => n.subjectKind === 'model')).toMatchObject({ subjectId: kaelen, text: 'Veteran of Vraks.' });
    const rows = snapshotTables(club).notes as { id: string }[];
    expect(rows.map((r) => r.id).some((id) => file.notes.some((n) => n.id === id))).toBe(false);

    const other = testCore(tempDir());
    const stray = JSON.parse(await jsonText(exported)) as typeof file;
    stray.notes[0]!.subjectId = '00000000-0000-4000-8000-00000000beef';
    const refused = await failure(other, 'campaigns.importFile', { source: 'upload', fileName: 'v.json', text: JSON.stringify(stray) });
    expect(refused.message).toMatch(/Note 1 in the file is about a game that is not in this file\. Nothing was imported\./);
    const foreignModel = JSON.parse(await jsonText(exported)) as { notes: { subjectKind: string; subjectId: string }[] };
    foreignModel.notes.find((n) => n.subjectKind === 'model')!.subjectId = 'someone-else';
    expect((await failure(other, 'campaigns.importFile', { source: 'upload', fileName: 'v.json', text: JSON.stringify(foreignModel) })).message).toContain(
      'is about a model none of its teams has',
    );
    expect(await call<Campaign[]>(other, 'campaigns.list', {})).toEqual([]);
  });
});

describe('CSV exports (issue 22)', () => {
  it('standings, games and models: UTF-8 BOM, CRLF, quoted fields, formula cells guarded, battle report in its cell', async () => {
    const core = testCore(tempDir());
    const { campaign, game } = await playedCampaign(core, { teamName: '=HYPERLINK("http://x","Wolves")' });
    await call(core, 'notes.set', { campaignId: campaign.id, subjectKind: 'game', subjectId: game, text: REPORT });
    const csv = async (table: string) =>
      await call<{ outcome: string; fileName: string; text: string }>(core, 'campaigns.exportCsv', { id: campaign.id, table, destination: 'download' });

    const standings = await csv('standings');
    expect(standings.fileName).toMatch(/^Vraks-standings-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(Buffer.from(standings.text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = standings.text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Place,Team,Player,Faction,Games,Wins,Draws,Losses,VP for,VP against,Requisition,Threat,Models lost');
    expect(standings.text).toContain(`"'=HYPERLINK(""http://x"",""Wolves"")"`);
    expect(standings.text).not.toMatch(/(^|,)=HYPERLINK/m);

    const games = await csv('games');
    expect(games.text).toContain('"Turn 1: the Boyz charged,\nand Kaelen held.\n\n""Skorcha"" burned out."');
    expect(games.text.slice(1).split('\r\n')[1]).toMatch(/^1,\d{4}-\d{2}-\d{2},committed,/);

    const models = await csv('models');
    expect(models.text.slice(1).split('\r\n')[0]).toBe('Team,Player,Model,Type,Status,Level,EXP,Games,Kills,Injuries,Advances,Honours,Note');
    // Kaelen: level 0, 1 EXP, 1 game, 1 kill; the team's name guarded in every row.
    expect(models.text).toContain(`\r\n"'=HYPERLINK(""http://x"",""Wolves"")",Alice,Kaelen,Veteran Space Marine,active,0,1,1,1,,,,\r\n`);

    expect((await failure(core, 'campaigns.exportCsv', { id: campaign.id, table: 'standings', destination: 'dialog' })).message).toContain(
      'download the file instead',
    );
  });
});
