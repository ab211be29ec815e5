/**
 * Issue 16: the full check after start (integrity_check and every stored JSON document, in a worker) finds what
 * quick_check does not — a damaged index, a stored document that no longer parses — and a file that fails it goes to
 * the recovery screen like any damaged file; a backup of such a file is never kept as verified.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, tempDir, testCore } from '../test-support';
import { createVerifiedBackup, listVerifiedBackups } from './backup';
import { integrityCheckInWorker, integrityProblems, jsonColumns } from './integrity-check';

/** A campaign file with a campaign and a player, closed (WAL folded in). */
async function campaignFile() {
  const dir = tempDir('herald-integrity-');
  const core = testCore(dir, { fullCheck: false });
  const c = await call<{ id: string }>(core, 'campaigns.create', { name: 'Vraks' });
  await call(core, 'players.create', { campaignId: c.id, name: 'Alice' });
  await call(core, 'backups.create', {}); // a verified backup to offer
  core.close();
  return { dir, file: path.join(dir, 'herald.sqlite') };
}

/** Break one stored JSON document (a page damaged inside a text reads the same way). */
function breakJson(file: string) {
  const db = new Database(file);
  db.pragma('ignore_check_constraints = 1');
  db.prepare(`UPDATE campaign_rulesets SET content = '{"id": "hor-battle-honours", "na' WHERE rowid = (SELECT min(rowid) FROM campaign_rulesets)`).run();
  db.close();
}

/** Change the key of a campaign's name in its index (the page stays well formed): quick_check passes, integrity_check does not. */
function breakIndex(file: string) {
  const db = new Database(file);
  db.pragma('journal_mode = DELETE');
  const root = db.prepare(`SELECT rootpage FROM sqlite_master WHERE type = 'index' AND name = 'campaigns_name_nocase_unique'`).pluck().get() as number;
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const bytes = fs.readFileSync(file);
  const page = bytes.subarray((root - 1) * pageSize, root * pageSize);
  const at = page.indexOf('Vraks');
  expect(at).toBeGreaterThan(0);
  page[at] = 'W'.charCodeAt(0);
  fs.writeFileSync(file, bytes);
}

describe('full check of the campaign file (issue 16)', () => {
  it('knows every JSON column of the schema', () => {
    const cols = jsonColumns().map((c) => `${c.table}.${c.column}`);
    expect(cols).toEqual(expect.arrayContaining(['teams.roster', 'games.plan', 'games.report', 'ledger_entries.data', 'campaign_rulesets.content']));
  });

  it('finds a stored document that no longer parses, and a damaged index quick_check passes', async () => {
    const json = await campaignFile();
    breakJson(json.file);
    expect((await integrityCheckInWorker(json.file))?.problems).toEqual([
      expect.stringMatching(/A stored document cannot be read: campaign_rulesets\.content/),
    ]);

    const index = await campaignFile();
    breakIndex(index.file);
    const db = new Database(index.file, { readonly: true });
    expect(db.pragma('quick_check', { simple: true })).toBe('ok');
    expect(integrityProblems(db)[0]).toMatch(/^SQLite integrity_check: /);
    db.close();
    expect((await integrityCheckInWorker(index.file))?.ok).toBe(false);

    const sound = await campaignFile();
    expect(await integrityCheckInWorker(sound.file)).toEqual({ ok: true, problems: [] });
  });

  it('a file that passes start-up but fails the full check is set aside and the recovery offered, as at start-up; the renderer is told', async () => {
    for (const damage of [breakJson, breakIndex]) {
      const { dir, file } = await campaignFile();
      damage(file);
      const core = testCore(dir);
      const events: string[] = [];
      core.onEvent((e) => events.push(e));
      expect(core.info.recovery).toBeNull(); // quick_check passed
      await core.fullCheck();
      const info = await call<{ recovery: { kind: string; setAsideFile: string; newestBackup: { file: string } | null; detail: string } | null }>(
        core,
        'app.info',
        {},
      );
      expect(info.recovery).toMatchObject({ kind: 'damaged', newestBackup: { file: expect.any(String) } });
      expect(info.recovery!.detail).toMatch(/damaged: Herald's full check found/);
      expect(fs.existsSync(path.join(dir, info.recovery!.setAsideFile))).toBe(true);
      expect(events).toContain('app.restored');
      // The fresh file works and holds nothing; nothing was restored by itself.
      expect(await call<unknown[]>(core, 'campaigns.list', { includeArchived: true })).toEqual([]);
      core.close();
    }
  });

  it('a backup of a file with a stored document that no longer parses is not kept as verified', async () => {
    const { dir, file } = await campaignFile();
    breakJson(file);
    const backups = path.join(dir, 'backups');
    const before = listVerifiedBackups(backups).length;
    const db = new Database(file);
    expect(() => createVerifiedBackup(db, backups, 'test', new Date('2026-11-23T12:00:00Z'))).toThrow(/integrity check/);
    db.close();
    expect(listVerifiedBackups(backups)).toHaveLength(before);
    // And through the worker that takes automatic backups.
    const core = testCore(dir, { fullCheck: false });
    const r = await core.invoke('backups.create', {});
    expect(r.ok).toBe(false);
    expect(listVerifiedBackups(backups)).toHaveLength(before);
    core.close();
  });
});
