import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, tempDir } from '../test-support';
import { listVerifiedBackups, sha256File } from './backup';
import { DbOpenError } from './errors';
import { knownMigrations } from './migrate';
import { APPLICATION_ID, EXPECTED_PROFILE, openCampaignFile, readConnectionProfile } from './open';
import { decompressFileSync } from './zstd';

const now = () => new Date(Date.UTC(2026, 10, 1, 19, 0, 0));

function open(dir: string, migrationsFolder = MIGRATIONS) {
  return openCampaignFile({
    file: path.join(dir, 'herald.sqlite'),
    migrationsFolder,
    backupsDir: path.join(dir, 'backups'),
    now,
  });
}

function expectRefusal(fn: () => unknown, kind: DbOpenError['kind'], message: RegExp) {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(DbOpenError);
  expect((caught as DbOpenError).kind).toBe(kind);
  expect((caught as DbOpenError).message).toMatch(message);
}

/** A copy of our migrations plus extra SQL migrations, to play a future version of Herald. */
function migrationsWith(extra: { tag: string; sql: string }[]): string {
  const dir = tempDir('herald-migrations-');
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; when: number; tag: string; breakpoints: boolean; version: string }[];
  };
  for (const m of extra) {
    const last = journal.entries.at(-1)!;
    journal.entries.push({ idx: last.idx + 1, version: last.version, when: last.when + 1000, tag: m.tag, breakpoints: true });
    fs.writeFileSync(path.join(dir, `${m.tag}.sql`), m.sql);
  }
  fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return dir;
}

function insertCampaign(sqlite: Database.Database, name: string) {
  sqlite
    .prepare(`INSERT INTO campaigns (id, name, points_limit, created_at, updated_at) VALUES (?, ?, 250, 'x', 'x')`)
    .run(`00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`, name);
}

describe('connection profile (docs/reliability.md rule 1)', () => {
  it('a fresh file, a reopened file and a migrated file all have exactly the expected pragmas', () => {
    const dir = tempDir();
    const first = open(dir);
    expect(readConnectionProfile(first.sqlite)).toEqual(EXPECTED_PROFILE);
    first.sqlite.close();

    const again = open(dir);
    expect(readConnectionProfile(again.sqlite)).toEqual(EXPECTED_PROFILE);
    again.sqlite.close();

    const migrated = open(dir, migrationsWith([{ tag: '9001_test_notes', sql: 'CREATE TABLE test_notes (id integer PRIMARY KEY);' }]));
    expect(migrated.migrationsApplied).toBe(1);
    expect(readConnectionProfile(migrated.sqlite)).toEqual(EXPECTED_PROFILE);
    migrated.sqlite.close();
  });
});

describe('migrations (docs/reliability.md rule 5)', () => {
  it('apply to an empty file with a clean foreign_key_check and record the schema version', () => {
    const dir = tempDir();
    const opened = open(dir);
    const known = knownMigrations(MIGRATIONS);
    expect(opened.schemaVersion).toBe(known.length);
    expect(opened.migrationsApplied).toBe(known.length);
    expect(opened.backup).toBeUndefined(); // nothing to back up in a new file
    expect(opened.sqlite.pragma('foreign_key_check')).toEqual([]);
    expect(opened.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(opened.sqlite.pragma('user_version', { simple: true })).toBe(known.length);
    const tables = opened.sqlite.prepare(`SELECT name FROM sqlite_master WHERE type='table'`).pluck().all();
    expect(tables).toContain('campaigns');
    opened.sqlite.close();
  });

  it('every migration in migrations/ has a name, not just a number', () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    for (const e of journal.entries) expect(e.tag).toMatch(/^\d{4}_[a-z][a-z0-9_]+$/);
  });

  it('take a verified backup of an existing file before migrating it, and keep its rows', () => {
    const dir = tempDir();
    const v1 = open(dir);
    insertCampaign(v1.sqlite, 'Vraks');
    v1.sqlite.close();

    const v2 = open(dir, migrationsWith([{ tag: '9001_test_notes', sql: 'CREATE TABLE test_notes (id integer PRIMARY KEY);' }]));
    expect(v2.backup).toBeDefined();
    const backups = listVerifiedBackups(path.join(dir, 'backups'));
    expect(backups).toHaveLength(1);
    expect(backups[0]!.sha256).toBe(sha256File(backups[0]!.path));
    expect(backups[0]!.schemaVersion).toBe(knownMigrations(MIGRATIONS).length);
    // Compressed (issue 21): read through a decompressed copy.
    decompressFileSync(backups[0]!.path, path.join(dir, 'backup-copy.sqlite'));
    const copy = new Database(path.join(dir, 'backup-copy.sqlite'), { readonly: true });
    expect(copy.prepare('SELECT name FROM campaigns').pluck().all()).toEqual(['Vraks']);
    expect(copy.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    copy.close();
    expect(fs.readdirSync(path.join(dir, 'backups')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(v2.sqlite.prepare('SELECT name FROM campaigns').pluck().all()).toEqual(['Vraks']);
    v2.sqlite.close();
  });

  it('0002_games rebuilds campaigns (dice mode, optional rules) and keeps every row of a 0001 file', () => {
    const dir = tempDir();
    const upTo1 = tempDir('herald-migrations-');
    fs.cpSync(MIGRATIONS, upTo1, { recursive: true });
    const journalFile = path.join(upTo1, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag === '0000_campaigns' || e.tag === '0001_players_teams_ledger');
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const v1 = open(dir, upTo1);
    const db = v1.sqlite;
    const c = '00000000-0000-4000-8000-000000000001';
    insertCampaign(db, 'Vraks');
    db.prepare(`INSERT INTO players VALUES ('p1', ?, 'Alice', NULL, 'x', 'x')`).run(c.replace(/1$/, '5'));
    db.prepare(
      `INSERT INTO team_lists (id, list_key, faction, name, list_version, content, content_hash, created_at, updated_at) VALUES ('l1', 'k', 'Orks', 'Orks', '1', '{}', 'h', 'x', 'x')`,
    ).run();
    db.prepare(`INSERT INTO teams VALUES ('t1', ?, 'p1', 'l1', 'Da Boyz', '{"models":[]}', 'x', 'x', 'x')`).run(c.replace(/1$/, '5'));
    db.prepare(
      `INSERT INTO ledger_entries (id, campaign_id, team_id, kind, req, data, reason, created_at) VALUES ('e1', ?, 't1', 'req.adjusted', 5, '{"kind":"req.adjusted"}', 'r', 'x')`,
    ).run(c.replace(/1$/, '5'));
    const count = (s: Database.Database) =>
      ['campaigns', 'players', 'teams', 'ledger_entries'].map((t) => s.prepare(`SELECT count(*) FROM ${t}`).pluck().get());
    expect(count(db)).toEqual([1, 1, 1, 1]);
    db.close();

    const v2 = open(dir);
    expect(count(v2.sqlite)).toEqual([1, 1, 1, 1]);
    expect(v2.sqlite.prepare('SELECT name, dice_mode, optional_rules FROM campaigns').get()).toEqual({
      name: 'Vraks',
      dice_mode: 'app',
      optional_rules: '{"weather":false,"duskAndDawn":false,"twist":false,"mysteriousObjectives":false}',
    });
    expect(v2.sqlite.prepare('SELECT count(*) FROM games').pluck().get()).toBe(0);
    v2.sqlite.close();
  });

  it('switch foreign keys off around a table rebuild so child rows are not cascade-deleted', () => {
    const dir = tempDir();
    const withChild = migrationsWith([
      {
        tag: '9001_test_children',
        sql: 'CREATE TABLE test_children (id integer PRIMARY KEY, campaign_id text NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE);',
      },
    ]);
    const v1 = open(dir, withChild);
    insertCampaign(v1.sqlite, 'Vraks');
    v1.sqlite.prepare(`INSERT INTO test_children (campaign_id) SELECT id FROM campaigns`).run();
    v1.sqlite.close();
    // The classic SQLite table rebuild: create new, copy, drop old, rename. With foreign keys ON the DROP would
    // cascade-delete every player.
    const rebuild = migrationsWith([
      { tag: '9001_test_children', sql: fs.readFileSync(path.join(withChild, '9001_test_children.sql'), 'utf8') },
      {
        tag: '9002_rebuild_campaigns',
        sql: [
          'CREATE TABLE campaigns_new (id text PRIMARY KEY NOT NULL, name text NOT NULL, points_limit integer NOT NULL, archived_at text, created_at text NOT NULL, updated_at text NOT NULL, notes text);',
          'INSERT INTO campaigns_new (id, name, points_limit, archived_at, created_at, updated_at) SELECT id, name, points_limit, archived_at, created_at, updated_at FROM campaigns;',
          'DROP TABLE campaigns;',
          'ALTER TABLE campaigns_new RENAME TO campaigns;',
        ].join('\n--> statement-breakpoint\n'),
      },
    ]);
    const v2 = open(dir, rebuild);
    expect(v2.sqlite.prepare('SELECT count(*) FROM test_children').pluck().get()).toBe(1);
    expect(v2.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    v2.sqlite.close();
  });

  it('put the file back from the backup when a migration leaves dangling references', () => {
    const dir = tempDir();
    const v1 = open(dir);
    insertCampaign(v1.sqlite, 'Vraks');
    v1.sqlite.close();
    const contents = (file: string) => {
      const db = new Database(file, { readonly: true });
      try {
        return {
          schema: db.prepare(`SELECT type, name, sql FROM sqlite_master ORDER BY name`).all(),
          campaigns: db.prepare('SELECT * FROM campaigns').all(),
          migrations: db.prepare('SELECT hash, created_at FROM __drizzle_migrations').all(),
        };
      } finally {
        db.close();
      }
    };
    const before = contents(path.join(dir, 'herald.sqlite'));
    const broken = migrationsWith([
      {
        tag: '9001_orphans',
        sql: "CREATE TABLE test_children (id integer PRIMARY KEY, campaign_id text NOT NULL REFERENCES campaigns(id));\n--> statement-breakpoint\nINSERT INTO test_children (campaign_id) VALUES ('nope');",
      },
    ]);
    expectRefusal(() => open(dir, broken), 'MIGRATION_FAILED', /point at missing rows.*put back/);
    // The backup is a VACUUM copy: the same contents, not the same bytes. The failed file is kept aside, not deleted.
    expect(contents(path.join(dir, 'herald.sqlite'))).toEqual(before);
    expect(fs.readdirSync(dir).some((f) => f.startsWith('herald.sqlite.replaced-'))).toBe(true);
    const reopened = open(dir);
    expect(reopened.sqlite.prepare('SELECT name FROM campaigns').pluck().all()).toEqual(['Vraks']);
    reopened.sqlite.close();
  });
});

describe('refusing files Herald must not touch', () => {
  it('refuses a file from a newer Herald without changing a byte, naming the version needed', () => {
    const dir = tempDir();
    const future = open(dir, migrationsWith([{ tag: '9001_future', sql: 'CREATE TABLE future (id integer PRIMARY KEY);' }]));
    future.sqlite.close();
    const file = path.join(dir, 'herald.sqlite');
    const before = sha256File(file);
    const known = knownMigrations(MIGRATIONS).length;
    expectRefusal(() => open(dir), 'NEWER_VERSION', new RegExp(`newer version of Herald \\(schema version ${known + 1}; this Herald knows up to ${known}\\)`));
    expect(sha256File(file)).toBe(before);
    expect(fs.existsSync(path.join(dir, 'backups'))).toBe(false);
  });

  it('refuses a SQLite file of another application without changing a byte', () => {
    const dir = tempDir();
    const file = path.join(dir, 'herald.sqlite');
    const other = new Database(file);
    other.pragma('application_id = 1234');
    other.exec('CREATE TABLE accounts (id integer PRIMARY KEY)');
    other.close();
    const before = sha256File(file);
    expectRefusal(() => open(dir), 'FOREIGN_FILE', /belongs to another application/);
    expect(sha256File(file)).toBe(before);
  });

  it('refuses a SQLite file with no application id but someone else’s tables', () => {
    const dir = tempDir();
    const file = path.join(dir, 'herald.sqlite');
    const other = new Database(file);
    other.exec('CREATE TABLE moz_places (id integer PRIMARY KEY)');
    other.close();
    const before = sha256File(file);
    expectRefusal(() => open(dir), 'FOREIGN_FILE', /another application/);
    expect(sha256File(file)).toBe(before);
  });

  it('refuses a file that is not SQLite at all without changing a byte', () => {
    const dir = tempDir();
    const file = path.join(dir, 'herald.sqlite');
    fs.writeFileSync(file, 'name,points\nVraks,250\n'.repeat(20));
    const before = sha256File(file);
    expectRefusal(() => open(dir), 'NOT_SQLITE', /not a Herald campaign file/);
    expect(sha256File(file)).toBe(before);
  });

  it('reports a damaged file as CORRUPT and leaves it as it was', () => {
    const dir = tempDir();
    const v1 = open(dir);
    for (let i = 0; i < 200; i++) insertCampaign(v1.sqlite, `Campaign ${'x'.repeat(i)}`);
    v1.sqlite.close();
    const file = path.join(dir, 'herald.sqlite');
    const bytes = fs.readFileSync(file);
    bytes.fill(0x5a, 100, 4096); // wreck the schema page after the header
    fs.writeFileSync(file, bytes);
    const before = sha256File(file);
    expectRefusal(() => open(dir), 'CORRUPT', /damaged/);
    expect(sha256File(file)).toBe(before);
  });
});
