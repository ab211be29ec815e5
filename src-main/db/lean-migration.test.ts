/**
 * Issue 21's promise: migrating to the lean campaign file (migration 0010) changes how things are stored, never what
 * they are. A campaign file written by the old Herald (fixtures/before-lean.sqlite) is exported before and after the
 * migration: every game's report, every ledger entry, every roll and every row else are equal, JSON for JSON; only a
 * committed game's draft, which Herald no longer keeps, becomes its stand-in.
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportCampaign } from '../campaign-file';
import { MIGRATIONS, call, tempDir, testCore } from '../test-support';
import { knownMigrations, migrationTags } from './migrate';
import { openCampaignFile } from './open';
import { PACKED_COLUMNS, PACKED_LEDGER_COLUMN } from './repack';
import * as schema from './schema';

const FIXTURE = path.resolve('src-main/db/fixtures/before-lean.sqlite');
const LEAN = '0010_lean_campaign_file';

/** The migrations folder as it was just before 0010: the same files, the journal cut there. */
function migrationsBeforeLean(): string {
  const dir = tempDir('herald-migrations-before-lean-');
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, migrationTags(MIGRATIONS).indexOf(LEAN));
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

function exportAll(db: BetterSQLite3Database<typeof schema>) {
  const ids = db
    .select({ id: schema.campaigns.id })
    .from(schema.campaigns)
    .all()
    .map((c) => c.id);
  return ids.map((id) => exportCampaign(db, id, '2026-11-23T00:00:00.000Z'));
}

describe('migration 0010: the lean campaign file (issue 21)', () => {
  it('exports every game, report, roll and ledger entry of an old file exactly as before', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'herald.sqlite');
    fs.copyFileSync(FIXTURE, file);

    // The old file brought up to the migration before 0010 (as the Herald of migration 0009 would), exported as it is.
    const old = openCampaignFile({ file, migrationsFolder: migrationsBeforeLean(), backupsDir: path.join(dir, 'backups') });
    const committedDrafts = Number(old.sqlite.prepare(`SELECT count(*) FROM games WHERE status <> 'draft' AND draft IS NOT NULL`).pluck().get());
    expect(committedDrafts).toBeGreaterThan(10); // the old Herald kept them
    const before = exportAll(old.db);
    old.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    old.sqlite.close();
    const bytesBefore = fs.statSync(file).size;

    // Opened by this Herald: a verified backup, the migration, the repack, VACUUM.
    const opened = openCampaignFile({ file, migrationsFolder: MIGRATIONS, backupsDir: path.join(dir, 'backups') });
    expect(opened.schemaVersion).toBe(knownMigrations(MIGRATIONS).length);
    expect(opened.backup).toBeDefined();
    const after = exportAll(opened.db);

    expect(before.length).toBe(2);
    expect(after.map((f) => f.campaign.name)).toEqual(before.map((f) => f.campaign.name));
    for (const [i, b] of before.entries()) {
      const a = after[i]!;
      expect(b.games.filter((g) => g.status === 'committed').length).toBeGreaterThan(0);
      // Every game's report and every ledger entry, equal JSON for JSON (key order included).
      expect(JSON.stringify(a.games.map((g) => g.report))).toBe(JSON.stringify(b.games.map((g) => g.report)));
      expect(JSON.stringify(a.ledger)).toBe(JSON.stringify(b.ledger));
      expect(a.ledger.length).toBe(b.ledger.length);
      // Everything else too: a draft game keeps its draft; an applied game's is no longer kept, nor exported (format 3).
      const withoutAppliedDrafts = (f: typeof a) => ({
        ...f,
        games: f.games.map((g) => (g.status === 'draft' ? g : { ...g, draft: 'not kept' })),
      });
      expect(withoutAppliedDrafts(a)).toEqual(withoutAppliedDrafts(b));
      for (const g of a.games.filter((x) => x.status !== 'draft')) expect(g.draft).toBeNull();
      // The campaign file stays plain JSON: objects, never a packed string or the codec's characters.
      for (const g of a.games) for (const doc of [g.plan, g.status === 'draft' ? g.draft : {}, g.report]) expect(typeof doc).toBe('object');
      for (const e of a.ledger) expect(typeof e.data).toBe('object');
      expect(JSON.stringify(a)).not.toMatch(/[\ue000-\ue0ff]|"z[A-Za-z0-9+/]{40}/);
    }

    // Stored lean: no draft after commit, no JSON left as text, the unneeded index gone, the space given back.
    const sqlite = opened.sqlite;
    expect(sqlite.prepare(`SELECT count(*) FROM games WHERE status <> 'draft' AND draft IS NOT NULL`).pluck().get()).toBe(0);
    for (const { table, column } of [...PACKED_COLUMNS, PACKED_LEDGER_COLUMN])
      expect(sqlite.prepare(`SELECT count(*) FROM "${table}" WHERE substr("${column}", 1, 1) <> '"'`).pluck().get(), `${table}.${column}`).toBe(0);
    expect(sqlite.prepare(`SELECT count(*) FROM sqlite_master WHERE name IN ('ledger_campaign_seq', 'ledger_team_kind')`).pluck().get()).toBe(0);
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    sqlite.close();
    // A small file: its rulesets and team lists weigh most (0.72, not 0.7: migration 0012's game_figures adds two pages).
    expect(fs.statSync(file).size).toBeLessThan(bytesBefore * 0.72);

    // And the app reads it: every game's page, every team's page.
    const core = testCore(dir);
    try {
      for (const f of after) {
        for (const g of f.games) {
          const shown = await call<{ game: { status: string }; draft: { report: unknown } }>(core, 'games.get', { id: g.id });
          expect(shown.game.status).toBe(g.status);
        }
        for (const t of f.teams) await call(core, 'teams.get', { id: t.id });
      }
    } finally {
      core.close();
    }
  });

  it("reads a team's deaths, injuries and honours through the small partial index, and nothing needs the dropped one", () => {
    const core = testCore();
    try {
      const { db, sqlite } = core.opened;
      const { ledgerEntries } = schema;
      const planOf = (q: { sql: string; params: unknown[] }) =>
        (sqlite.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.params) as { detail: string }[]).map((r) => r.detail).join(' | ');
      const ofTeam = eq(ledgerEntries.teamId, 'team');
      // The queries of repos/teams.ts teamLedgerOfKind and injuryMarksBefore, as drizzle writes them.
      expect(
        planOf(
          db
            .select()
            .from(ledgerEntries)
            .where(and(ofTeam, eq(ledgerEntries.kind, 'model.died'), schema.ledgerMarkKinds))
            .toSQL(),
        ),
      ).toMatch(/USING INDEX ledger_team_marks/);
      const injuries = and(ofTeam, inArray(ledgerEntries.kind, ['injury.rolled', 'honour.bought']), lt(ledgerEntries.seq, 9), schema.ledgerMarkKinds);
      expect(planOf(db.select().from(ledgerEntries).where(injuries).toSQL())).toMatch(/USING INDEX ledger_team_marks/);
      // A team's ledger, a game's entries: their own indexes.
      expect(planOf(db.select().from(ledgerEntries).where(ofTeam).orderBy(ledgerEntries.seq).toSQL())).toMatch(/USING INDEX ledger_team_seq/);
      expect(planOf(db.select().from(ledgerEntries).where(eq(ledgerEntries.gameId, 'game')).toSQL())).toMatch(/USING INDEX ledger_game/);
      // A whole campaign reads the table in rowid (= seq) order: no sort.
      expect(planOf(db.select().from(ledgerEntries).where(eq(ledgerEntries.campaignId, 'c')).orderBy(ledgerEntries.seq).toSQL())).not.toMatch(/TEMP B-TREE/);
    } finally {
      core.close();
    }
  });

  it('packs a fresh file from the start and keeps no draft once a game is committed', async () => {
    const core = testCore();
    try {
      const { playedCampaign } = await import('../test-support/played-campaign');
      const played = await playedCampaign(core);
      const sqlite = core.opened.sqlite;
      const row = sqlite.prepare(`SELECT draft, substr(report, 1, 2) AS report, substr(plan, 1, 2) AS plan FROM games WHERE id = ?`).get(played.game);
      expect(row).toEqual({ draft: null, report: '"z', plan: '"z' });
      expect(sqlite.prepare(`SELECT count(*) FROM ledger_entries WHERE substr(data, 1, 2) <> '"c'`).pluck().get()).toBe(0);
      // The committed game's page still lists what was entered: its report, from the stand-in draft too.
      const shown = await call<{ draft: { report: unknown; step: string } }>(core, 'games.get', { id: played.game });
      expect(shown.draft.step).toBe('review');
    } finally {
      core.close();
    }
  });
});
