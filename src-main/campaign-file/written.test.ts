/**
 * Issue 29: a new campaign's import judges (the replay), checks and rebuilds from the ledger and games it has just
 * written, held in memory, instead of reading ninety thousand entries back three times. What it stores must be what a
 * read of the file gives: the same seq for every entry, projections and rosters equal to a rebuild from the file, and
 * the same replayed history.
 */
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import { replayCampaign } from '../history/replay';
import { staleTeams } from '../ledger';
import { call, tempDir, testCore } from '../test-support';

describe('an import judged from what it wrote', () => {
  it('stores what a read of the file gives: projections, rosters and the replay as a fresh read makes them', async () => {
    const home = testCore(tempDir());
    const { campaign } = await call<{ campaign: Campaign }>(home, 'campaigns.createSample', {});
    const file = await call<{ fileName: string; base64: string }>(home, 'campaigns.exportFile', { id: campaign.id, destination: 'download' });
    const before = replayCampaign(home.opened.db, campaign.id);
    home.close();

    const club = testCore(tempDir());
    // A campaign already on this laptop first: the imported entries' seqs do not start at 1.
    await call(club, 'campaigns.createSample', {});
    const imported = await call<{ outcome: string; campaign: Campaign }>(club, 'campaigns.importFile', {
      source: 'upload',
      fileName: file.fileName,
      base64: file.base64,
      asCopy: { name: 'Imported sample' },
    });
    expect(imported.outcome).toBe('imported');
    const id = imported.campaign.id;
    const sqlite = club.opened.sqlite;
    const teamIds = (sqlite.prepare(`SELECT id FROM teams WHERE campaign_id = ? AND founded_at IS NOT NULL`).pluck().all(id) as string[]).sort();
    expect(teamIds.length).toBeGreaterThan(1);
    // Every projection and roster the import stored equals a rebuild that reads the ledger and games from the file.
    expect(staleTeams(club.opened.db, teamIds)).toEqual([]);
    // The entries stand in the file's order, after the other campaign's.
    const seqs = sqlite.prepare(`SELECT seq FROM ledger_entries WHERE campaign_id = ? ORDER BY rowid`).pluck().all(id) as number[];
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const others = sqlite.prepare(`SELECT max(seq) FROM ledger_entries WHERE campaign_id <> ?`).pluck().get(id) as number;
    expect(seqs[0]).toBeGreaterThan(others);
    // A replay reading the file gives what the exported campaign gave.
    const after = replayCampaign(club.opened.db, id);
    if (!after.ok || !before.ok) throw new Error('the sample campaign does not replay');
    expect(after.games).toBe(before.games);
    expect(after.steps).toBe(before.steps);
    expect([...after.teams.values()].map((t) => t.req).sort()).toEqual([...before.teams.values()].map((t) => t.req).sort());
    club.close();
  });
});
