/**
 * Integration (issue 16): hostile campaign files against a laptop that already holds another campaign. Each attack of
 * the points 1, 2, 6 and 7 is refused whole with its reason in words, and no import — refused or accepted —
 * changes a row outside the campaign it brings. A ruleset row with a forged hash (as an older Herald could import)
 * never makes another campaign play it. The reliability run (scripts/reliability/hostile-imports.ts) tries many more.
 */
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { RulesetView } from '../../shared/ipc/schemas/rulesets';
import { battleHonoursPreset } from '../../shared/rules';
import { contentHash } from '../repos/rulesets';
import { call, snapshotTables, tempDir, testCore } from '../test-support';
import { hostileCases, playedCampaign, rowsChanged, rowsOutside, type CampaignJson } from '../test-support/hostile-campaign-files';
import { jsonText } from '../test-support/campaign-file-text';

/**
 * A played campaign exported from one laptop, and the club's laptop holding another played campaign (the victim).
 * `sameIds`: both laptops make ids by the same sequence, so the file's own rows have the victim's ids; otherwise the
 * file's ids are its own and an attack must name the victim's ids to reach them.
 */
async function laptops(sameIds: boolean) {
  let n = 0;
  const home = testCore(tempDir(), sameIds ? {} : { newId: () => `22222222-0000-4000-8000-${String(++n).padStart(12, '0')}` });
  const played = await playedCampaign(home, { name: 'Vraks' });
  const text = await jsonText(await call<{ base64: string }>(home, 'campaigns.exportFile', { id: played.campaign.id, destination: 'download' }));
  home.close();
  const club = testCore(tempDir());
  const victim = await playedCampaign(club, { name: 'Iron Vigil' });
  const teamListId = (
    JSON.parse(await jsonText(await call<{ base64: string }>(club, 'campaigns.exportFile', { id: victim.campaign.id, destination: 'download' }))) as {
      teamLists: { id: string }[];
    }
  ).teamLists[0]!.id;
  return {
    club,
    text,
    file: JSON.parse(text) as CampaignJson,
    victim: { campaignId: victim.campaign.id, teamId: victim.teamA, gameId: victim.game, playerId: victim.player, teamListId },
  };
}

describe('hostile campaign files (issue 16)', () => {
  it('every attack is refused with its reason in words and changes nothing', async () => {
    const { club, file, victim } = await laptops(false);
    const before = snapshotTables(club);
    const backups = (await call<unknown[]>(club, 'backups.list', {})).length;
    const cases = hostileCases(file, victim);
    expect(new Set(cases.map((c) => c.point))).toEqual(new Set([1, 2, 6, 7]));
    for (const c of cases) {
      const r = await club.invoke('campaigns.importFile', { source: 'upload', fileName: 'crafted.json', text: c.text });
      expect({ name: c.name, ok: r.ok }).toEqual({ name: c.name, ok: false });
      const error = (r as { error: { code: string; message: string } }).error;
      expect({ name: c.name, code: error.code, message: error.message }).toEqual({
        name: c.name,
        code: 'VALIDATION',
        message: expect.stringMatching(c.reason),
      });
      expect(error.message).toMatch(/Nothing was imported|nothing was imported/);
      expect(error.message).not.toMatch(/report this|\w+\.\d+\.\w+:/);
      expect(snapshotTables(club)).toEqual(before);
    }
    // Checked whole before anything is written: a refused file does not even take the before-import backup.
    expect(await call<unknown[]>(club, 'backups.list', {})).toHaveLength(backups);
    club.close();
  });

  it('an accepted import changes no row outside the campaign it brings, though its ids are the other campaign’s', async () => {
    const { club, text, file, victim } = await laptops(true);
    expect(file.teams.map((t) => t.id)).toContain(victim.teamId); // the file's own rows carry the victim's ids
    const outside = rowsOutside(club, null);
    const victimReq = (await call<{ team: { requisition: number } }>(club, 'teams.get', { id: victim.teamId })).team.requisition;
    const imported = await call<{ campaign: Campaign }>(club, 'campaigns.importFile', { source: 'upload', fileName: 'vraks.json', text });
    expect(rowsChanged(outside, rowsOutside(club, imported.campaign.id))).toBe(0);
    expect((await call<{ team: { requisition: number } }>(club, 'teams.get', { id: victim.teamId })).team.requisition).toBe(victimReq);
    // Each campaign sees only its own teams and games.
    const teams = await call<{ id: string; name: string }[]>(club, 'teams.list', { campaignId: imported.campaign.id });
    expect(teams.map((t) => t.id)).not.toContain(victim.teamId);
    club.close();
  });

  it('a ruleset row whose hash was forged (as an older Herald imported it) never makes another campaign play its tables', async () => {
    const dir = tempDir();
    const core = testCore(dir);
    const victim = await call<Campaign>(core, 'campaigns.create', { name: 'Victim' });
    const forger = await call<Campaign>(core, 'campaigns.create', { name: 'Forger' });
    const preset = battleHonoursPreset();
    const forged = structuredClone(preset);
    for (const row of forged.progression.injuries.core!.rows) Object.assign(row, { result: 'dead', text: 'Dead.' });
    for (const award of forged.progression.requisition.awards!) award.req = 500;
    const victimView = await call<RulesetView>(core, 'rulesets.current', { id: victim.id });
    expect(victimView.hash).toBe(contentHash(preset));
    core.opened.sqlite
      .prepare(
        `INSERT INTO campaign_rulesets (campaign_id, ruleset_id, name, version, content, hash, reason, pinned_at) VALUES (?, ?, ?, ?, ?, ?, 'Forged', ?)`,
      )
      .run(forger.id, forged.id, forged.name, forged.version, JSON.stringify(forged), contentHash(preset), '2026-11-02T00:00:00.000Z');
    core.close();
    // After a restart, the forger's campaign is read first, then the victim's.
    const again = testCore(dir);
    const forgerView = await call<RulesetView>(again, 'rulesets.current', { id: forger.id });
    expect(forgerView.ruleset.progression.requisition.awards![0]!.req).toBe(500); // the forger plays what it pinned
    // …and the House rules page does not take it for the preset: its hash is recomputed from what is pinned.
    expect(forgerView.hash).toBe(contentHash(forged));
    expect(forgerView.presets.find((p) => p.ruleset.id === preset.id && p.ruleset.version === preset.version)?.differs).toBe(true);
    const after = await call<RulesetView>(again, 'rulesets.current', { id: victim.id });
    expect(after.ruleset.progression.injuries.core).toEqual(preset.progression.injuries.core);
    expect(after.ruleset.progression.requisition.awards).toEqual(preset.progression.requisition.awards);
    again.close();
  });

  it('a campaign file whose ruleset is the preset with its own hash recomputed imports, and plays its own tables only', async () => {
    const { club, file, victim } = await laptops(true);
    const row = file.rulesets[file.rulesets.length - 1]!;
    for (const award of row.content.progression.requisition.awards!) award.req = 50;
    row.hash = contentHash(row.content);
    // The file's game entries were made with the old awards: only a file without games is consistent with the new ones.
    const fresh = { ...file, games: [], rolls: [], ledger: file.ledger.filter((e) => e.gameId === null) };
    fresh.teams = fresh.teams.map((t) => ({
      ...t,
      roster: (fresh.ledger.find((e) => e.teamId === t.id && e.kind === 'team.founded')!.data as { roster: typeof t.roster }).roster,
    }));
    const imported = await call<{ campaign: Campaign }>(club, 'campaigns.importFile', {
      source: 'upload',
      fileName: 'fifty.json',
      text: JSON.stringify(fresh),
    });
    expect((await call<RulesetView>(club, 'rulesets.current', { id: imported.campaign.id })).ruleset.progression.requisition.awards![0]!.req).toBe(50);
    const mine = await call<RulesetView>(club, 'rulesets.current', { id: victim.campaignId });
    expect(mine.ruleset.progression.requisition.awards).toEqual(battleHonoursPreset().progression.requisition.awards);
    club.close();
  });
});
