/**
 * Hand-over between laptops (issue 22 point 2), on two real campaign files: a campaign handed over from laptop A is
 * read-only there (every write channel refused), played on laptop B, and comes back as a fast-forward; a file from a
 * laptop that wrote while this one did too is refused with an account of both sides and kept aside; an older or equal
 * file changes nothing; a hostile file that keeps the campaign's identity but edits history is a divergence.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../shared/ipc/contract';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { GameDetail, GameSummary, StandingRow } from '../../shared/ipc/schemas/games';
import type { TeamSummary } from '../../shared/ipc/schemas/teams';
import type { Core } from '../core';
import { READ_CHANNELS, UNSCOPED_CHANNELS } from '../hand-over';
import { call, failure, snapshotTables, tempDir, testCore } from '../test-support';
import { playedCampaign } from '../test-support/played-campaign';
import type { CampaignJson } from '../test-support/hostile-campaign-files';
import { jsonText } from '../test-support/campaign-file-text';

type Imported = { outcome: 'imported' | 'updated' | 'unchanged'; campaign: Campaign; message?: string };

/** Laptop B: its own ids (another sequence), so no id of B's can be taken for one of A's. */
const laptopB = () => {
  let n = 0;
  return testCore(tempDir(), { newId: () => `bbbbbbbb-0000-4000-8000-${String(++n).padStart(12, '0')}` });
};

const exportText = async (core: Core, id: string) =>
  await jsonText(await call<{ base64: string }>(core, 'campaigns.exportFile', { id, destination: 'download' }));
const importText = (core: Core, text: string, fileName = 'vraks.herald-campaign.json') =>
  call<Imported>(core, 'campaigns.importFile', { source: 'upload', fileName, text });
/** The packed file as handed over (issue 29), uploaded as it is. */
const importPacked = (core: Core, file: { base64: string }) =>
  call<Imported>(core, 'campaigns.importFile', { source: 'upload', fileName: 'vraks.herald-campaign', base64: file.base64 });

/** A game between the campaign's two teams, committed as entered (no one out of action). */
async function playGame(core: Core, campaignId: string): Promise<number> {
  const [a, b] = await call<TeamSummary[]>(core, 'teams.list', { campaignId });
  const g = await call<GameDetail>(core, 'games.create', { campaignId, teamA: a!.id, teamB: b!.id, mission: 'skirmish' });
  await call(core, 'games.commit', { id: g.game.id });
  return g.game.number;
}

const committed = async (core: Core, campaignId: string) =>
  (await call<GameSummary[]>(core, 'games.list', { campaignId }))
    .filter((g) => g.status === 'committed')
    .map((g) => g.number)
    .sort((x, y) => x - y);
const standings = async (core: Core, id: string) => (await call<StandingRow[]>(core, 'campaigns.standings', { id })).map(({ teamId: _t, ...r }) => r);

describe('hand-over between laptops (issue 22)', () => {
  it('handed over from A, played on B, back on A as a fast-forward; an older or equal file changes nothing', async () => {
    const a = testCore(tempDir());
    const played = await playedCampaign(a);
    const id = played.campaign.id;
    const handed = await call<{ base64: string; campaign: Campaign }>(a, 'campaigns.handOver', { id, to: 'Marta’s laptop', destination: 'download' });
    expect(handed.campaign.handedOver).toMatchObject({ to: 'Marta’s laptop' });
    // Read-only on A: a write is refused in words, a read still answers.
    expect(await failure(a, 'games.create', { campaignId: id, teamA: played.teamA, teamB: played.teamB, mission: 'skirmish' })).toMatchObject({
      code: 'READ_ONLY',
      message: expect.stringMatching(/handed over to Marta’s laptop .*read-only on this laptop until the newer copy comes back/),
    });
    expect(await committed(a, id)).toEqual([1]);

    const b = laptopB();
    const onB = await importPacked(b, handed);
    expect(onB.outcome).toBe('imported');
    expect(await playGame(b, onB.campaign.id)).toBe(2);
    expect(await playGame(b, onB.campaign.id)).toBe(3);
    const teamsBefore = await call<TeamSummary[]>(a, 'teams.list', { campaignId: id });
    const back = await importText(a, await exportText(b, onB.campaign.id));
    expect(back.outcome).toBe('updated');
    expect(back.message).toMatch(/“Vraks” was updated from the file \(games 2 and 3 added\)\. It is back on this laptop/);
    expect(back.campaign.handedOver).toBeNull();
    expect(back.campaign.id).toBe(id);
    // A has B's games and standings; its own rows kept their ids; it takes writes again.
    expect(await committed(a, id)).toEqual([1, 2, 3]);
    expect(await standings(a, id)).toEqual(await standings(b, onB.campaign.id));
    expect((await call<TeamSummary[]>(a, 'teams.list', { campaignId: id })).map((t) => t.id)).toEqual(teamsBefore.map((t) => t.id));
    expect(await playGame(a, id)).toBe(4);

    // The hand-over file again (older than A now), and A's own file (equal): nothing changes.
    const snapshot = snapshotTables(a);
    const older = await importPacked(a, handed);
    // Games 2 and 3 came from B: A has them, it did not commit them.
    expect(older).toMatchObject({
      outcome: 'unchanged',
      message: expect.stringMatching(/older than “Vraks” on this laptop, which also has games 2–4: nothing was changed/),
    });
    const equal = await importText(a, await exportText(a, id));
    expect(equal).toMatchObject({ outcome: 'unchanged', message: expect.stringMatching(/already has everything in this file/) });
    expect(snapshotTables(a)).toEqual(snapshot);

    // Import as a copy under a new name stays possible, with an identity of its own.
    const copy = await call<Imported>(a, 'campaigns.importFile', {
      source: 'upload',
      fileName: 'v.json',
      base64: handed.base64,
      asCopy: { name: 'Vraks (copy)' },
    });
    expect(copy).toMatchObject({ outcome: 'imported', campaign: { name: 'Vraks (copy)' } });
    expect(await committed(a, copy.campaign.id)).toEqual([1]);
    const again = await importText(a, await exportText(b, onB.campaign.id));
    expect(again.campaign.id).toBe(id);
    a.close();
    b.close();
  });

  it('both laptops wrote after they parted: refused with what each side has, the file kept aside, nothing merged', async () => {
    const dataDir = tempDir();
    const a = testCore(dataDir);
    const { campaign } = await playedCampaign(a);
    const b = laptopB();
    const onB = await importText(b, await exportText(a, campaign.id));
    // Not handed over: both laptops go on committing games.
    for (const _ of [1, 2, 3]) await playGame(a, campaign.id);
    for (const _ of [1, 2]) await playGame(b, onB.campaign.id);
    const snapshot = snapshotTables(a);
    const refused = await failure(a, 'campaigns.importFile', { source: 'upload', fileName: 'From B.json', text: await exportText(b, onB.campaign.id) });
    expect(refused.message).toMatch(
      /^Both laptops changed “Vraks” after the copies parted: this laptop committed game 2 \(Da Boyz v Iron Wolves, 1 Nov 2026\), game 3 \(Da Boyz v Iron Wolves, 1 Nov 2026\) and game 4 \(Da Boyz v Iron Wolves, 1 Nov 2026\); the file has game 2 \(Da Boyz v Iron Wolves, 1 Nov 2026\) and game 3 \(Da Boyz v Iron Wolves, 1 Nov 2026\)\. Nothing was merged/,
    );
    const kept = /as (set-aside\/\S+);/.exec(refused.message)![1]!;
    expect(fs.existsSync(path.join(dataDir, kept))).toBe(true);
    expect(kept).toMatch(/From-B\.json$/);
    expect(snapshotTables(a)).toEqual(snapshot);
    a.close();
    b.close();
  });

  it('a file with the same identity but an earlier entry edited (and one more game) is a divergence: nothing changes', async () => {
    const a = testCore(tempDir());
    const { campaign } = await playedCampaign(a);
    const b = laptopB();
    const onB = await importText(b, await exportText(a, campaign.id));
    await playGame(b, onB.campaign.id);
    const file = JSON.parse(await exportText(b, onB.campaign.id)) as CampaignJson;
    // The founding's reason rewritten: the ledger no longer starts with this laptop's.
    file.ledger[0]!.reason = `${file.ledger[0]!.reason} (edited)`;
    const snapshot = snapshotTables(a);
    const refused = await failure(a, 'campaigns.importFile', { source: 'upload', fileName: 'edited.json', text: JSON.stringify(file) });
    expect(refused.message).toMatch(
      /^The file changes what “Vraks” on this laptop already has — Iron Wolves’ ledger entry “Founded with .*” says something else in the file\. Nothing was merged and nothing changed/,
    );
    expect(snapshotTables(a)).toEqual(snapshot);
    a.close();
    b.close();
  });

  it('an update keeps the rows only this laptop has, and checks what the file brings as a first import does', async () => {
    const a = testCore(tempDir());
    const { campaign } = await playedCampaign(a);
    const b = laptopB();
    const onB = await importText(b, await exportText(a, campaign.id));
    // Not handed over: a player added here meanwhile is not in B's file, and stays.
    await call(a, 'players.create', { campaignId: campaign.id, name: 'Carol' });
    await playGame(b, onB.campaign.id);
    const good = JSON.parse(await exportText(b, onB.campaign.id)) as CampaignJson;
    // The same file with game 2's first Req entry worth a thousand times more: refused in words, nothing changes.
    const forged = structuredClone(good);
    const i = forged.ledger.findIndex((e) => e.gameId === forged.games.find((g) => g.number === 2)!.id && e.req > 0);
    forged.ledger[i]!.req *= 1000;
    const snapshot = snapshotTables(a);
    expect((await failure(a, 'campaigns.importFile', { source: 'upload', fileName: 'forged.json', text: JSON.stringify(forged) })).message).toMatch(
      /Ledger entry \d+ in the file .* moves \d+ Req, which no .* can\./,
    );
    expect(snapshotTables(a)).toEqual(snapshot);
    const updated = await importText(a, JSON.stringify(good));
    expect(updated).toMatchObject({ outcome: 'updated', message: expect.stringMatching(/\(game 2 added\)\.$/) });
    expect(await committed(a, campaign.id)).toEqual([1, 2]);
    expect((await call<{ name: string }[]>(a, 'players.list', { campaignId: campaign.id })).map((p) => p.name).sort()).toEqual(['Alice', 'Bob', 'Carol']);
    a.close();
    b.close();
  });

  it('while handed over, every channel that writes refuses each of the campaign’s ids; nothing changes; taking it back ends it', async () => {
    const a = testCore(tempDir());
    const played = await playedCampaign(a);
    const id = played.campaign.id;
    await call(a, 'campaigns.handOver', { id, to: 'the club laptop', destination: 'download' });
    const writes = CHANNEL_NAMES.filter((c) => !READ_CHANNELS.has(c) && !UNSCOPED_CHANNELS.has(c));
    expect(writes).toEqual(
      expect.arrayContaining(['games.commit', 'games.amend', 'teams.recruit', 'notes.set', 'campaigns.rename', 'rulesets.apply', 'games.void']),
    );
    const snapshot = snapshotTables(a);
    const ids = { id, teamId: played.teamA, gameId: played.game, playerId: played.player };
    for (const channel of writes)
      for (const input of [{ id }, { id: played.teamA }, { id: played.game }, { id: played.player }, { campaignId: id }, ids]) {
        const r = await a.invoke(channel, input);
        expect(r.ok ? 'accepted' : r.error.code, `${channel} ${JSON.stringify(input)}`).toBe('READ_ONLY');
      }
    expect(snapshotTables(a)).toEqual(snapshot);
    // Its pages still read.
    for (const [channel, input] of [
      ['teams.get', { id: played.teamA }],
      ['games.get', { id: played.game }],
      ['games.amendments', { id: played.game }],
      ['campaigns.standings', { id }],
      ['notes.list', { campaignId: id }],
    ] as const)
      expect((await a.invoke(channel, input)).ok, channel).toBe(true);
    const back = await call<Campaign>(a, 'campaigns.takeBack', { id });
    expect(back.handedOver).toBeNull();
    await call(a, 'campaigns.rename', { id, name: 'Vraks II' });
    a.close();
  });
});
