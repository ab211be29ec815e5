/** The lint rules that hold the architecture together actually fire (a rule that cannot fail is no rule). */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('architecture boundaries (eslint.config.js)', () => {
  it.each([
    ["import { app } from 'electron';"],
    ["import fs from 'node:fs';"],
    ["import path from 'path';"],
    ["import Database from 'better-sqlite3';"],
    ["import { eq } from 'drizzle-orm';"],
    ["import { createCore } from '../../src-main/core';"],
  ])('shared/ refuses %s', async (line) => {
    expect(await ruleIds('shared/rules/example.ts', `${line}\nexport const x = 1;\n`)).toContain('no-restricted-imports');
  });

  it('shared/ has no Math.random and no clock', async () => {
    expect(await ruleIds('shared/rules/example.ts', 'export const r = Math.random();\n')).toContain('no-restricted-properties');
    expect(await ruleIds('shared/rules/example.ts', 'export const t = Date.now();\n')).toContain('no-restricted-properties');
    expect(await ruleIds('shared/rules/example.ts', 'export const d = new Date();\n')).toContain('no-restricted-syntax');
    expect(await ruleIds('shared/rules/example.ts', "export const d = new Date('2026-01-01');\n")).toEqual([]);
  });

  it('the renderer cannot reach into src-main, Electron, Node or the database', async () => {
    for (const line of [
      "import { handlers } from '../src-main/handlers';",
      "import { ipcRenderer } from 'electron';",
      "import fs from 'node:fs';",
      "import Database from 'better-sqlite3';",
    ]) {
      expect(await ruleIds('src-renderer/example.ts', `${line}\nexport const x = 1;\n`)).toContain('no-restricted-imports');
    }
    expect(await ruleIds('src-renderer/example.ts', "import { channels } from '../shared/ipc/contract';\nexport const x = channels;\n")).toEqual([]);
  });

  it('applies to Svelte components too', async () => {
    const code = `<script lang="ts">\n  import fs from 'node:fs';\n  export const x = fs;\n</script>\n`;
    expect(await ruleIds('src-renderer/views/Example.svelte', code)).toContain('no-restricted-imports');
  });
});

describe('the rules package is used through its public API', () => {
  it('src-main, the renderer and shared/ipc may not import its insides', async () => {
    for (const [file, line] of [
      ['src-main/handlers/example.ts', "import { validateRoster } from '../../shared/rules/roster/validate';"],
      ['src-renderer/state/example.ts', "import { validateRoster } from '../../shared/rules/roster/validate';"],
      ['shared/ipc/schemas/example.ts', "import { TeamList } from '../../rules/roster/team-list';"],
    ] as const) {
      expect(await ruleIds(file, `${line}\nexport const x = validateRoster;\n`), file).toContain('no-restricted-imports');
    }
    expect(await ruleIds('src-main/handlers/example.ts', "import { validateRoster } from '../../shared/rules';\nexport const x = validateRoster;\n")).toEqual(
      [],
    );
    // Inside the package, modules import each other directly.
    expect(
      await ruleIds('shared/rules/roster/example.ts', "import { GRENADE_COSTS } from '../hor/optional-rules';\nexport const x = GRENADE_COSTS;\n"),
    ).toEqual([]);
  });
});

describe('migrations run through one wrapper (docs/reliability.md rule 5)', () => {
  const drizzleMigrate = "import { migrate } from 'drizzle-orm/better-sqlite3/migrator';\nexport const x = migrate;\n";

  it("drizzle's migrate() is imported only by src-main/db/migrate.ts", async () => {
    for (const file of [
      'src-main/core.ts',
      'src-main/db/open.ts',
      'src-main/handlers/example.ts',
      'scripts/example.ts',
      'bench/example.ts',
      'e2e/example.ts',
    ]) {
      expect(await ruleIds(file, drizzleMigrate), file).toContain('no-restricted-imports');
    }
    expect(await ruleIds('src-main/db/example.ts', "import { migrate } from 'drizzle-orm/migrator';\nexport const x = migrate;\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds('src-main/db/migrate.ts', drizzleMigrate)).toEqual([]);
    // The migrator's file reader is harmless anywhere in main.
    expect(
      await ruleIds('src-main/db/example.ts', "import { readMigrationFiles } from 'drizzle-orm/migrator';\nexport const x = readMigrationFiles;\n"),
    ).toEqual([]);
  });

  it('applyMigrations is called only by src-main/db/open.ts, which backs the file up first', async () => {
    const wrapper = (from: string) => `import { applyMigrations } from '${from}';\nexport const x = applyMigrations;\n`;
    expect(await ruleIds('src-main/core.ts', wrapper('./db/migrate'))).toContain('no-restricted-imports');
    expect(await ruleIds('src-main/db/backup.ts', wrapper('./migrate'))).toContain('no-restricted-imports');
    expect(await ruleIds('scripts/reliability/example.ts', wrapper('../../src-main/db/migrate'))).toContain('no-restricted-imports');
    expect(await ruleIds('src-main/db/open.ts', wrapper('./migrate'))).toEqual([]);
    expect(await ruleIds('src-main/core.ts', "import { knownMigrations } from './db/migrate';\nexport const x = knownMigrations;\n")).toEqual([]);
  });
});

describe('only src-main/ledger/ writes the ledger, the roster cache and the projections (issue 18)', () => {
  const writes = [
    'db.insert(ledgerEntries).values(row).run();',
    'db.update(ledgerEntries).set({ voidedAt: at }).run();',
    'db.delete(teamProjections).run();',
    'db.insert(teamProjections).values(row).run();',
    'db.update(teams).set({ roster, updatedAt: at }).where(eq(teams.id, id)).run();',
    "sqlite.prepare('INSERT INTO ledger_entries (id) VALUES (?)').run(id);",
    'sqlite.exec(`UPDATE team_projections SET req = 0`);',
    'sqlite.exec(\'delete from "team_projections"\');',
    "sqlite.prepare('UPDATE teams SET updated_at = ?, roster = ? WHERE id = ?').run(a, b, c);",
  ];

  it('a write anywhere else in main, scripts or the benchmark is refused', async () => {
    for (const file of [
      'src-main/handlers/example.ts',
      'src-main/campaign-file.ts',
      'src-main/repos/teams.ts',
      'scripts/reliability/operator.ts',
      'bench/main.ts',
    ]) {
      for (const line of writes) expect(await ruleIds(file, `${line}\n`), `${file}: ${line}`).toContain('no-restricted-syntax');
    }
  });

  it('the ledger module writes; other tables and other columns of teams are anyone’s', async () => {
    for (const line of writes) expect(await ruleIds('src-main/ledger/store.ts', `${line}\n`), line).toEqual([]);
    for (const line of [
      'db.update(teams).set({ name, updatedAt: at }).run();',
      'db.insert(games).values(row).run();',
      'db.insert(teams).values(row).onConflictDoUpdate({ target: teams.id, set: { name: row.name } }).run();',
      'db.insert(games).values(row).onConflictDoUpdate({ target: games.id, set: fields }).run();',
      'db.select({ roster: sql`${teams.roster}` }).from(teams).all();',
    ]) {
      expect(await ruleIds('src-main/handlers/example.ts', `${line}\n`), line).toEqual([]);
    }
    // Tests may damage a projection on purpose, to prove the checks find it.
    expect(await ruleIds('src-main/ledger/example.test.ts', "sqlite.exec('UPDATE team_projections SET req = 0');\n")).toEqual([]);
    expect(await ruleIds('scripts/reliability/example.test.ts', "sqlite.exec('UPDATE team_projections SET req = 0');\n")).toEqual([]);
  });
});

/**
 * Issue 32's ten probe forms: the ways of writing the ledger the first rule let through (a renamed import, a namespace,
 * a whole patch, an upsert, drizzle's `sql` template…) beside the ones it caught. Each is refused outside the ledger
 * module, in main, scripts and the benchmark, and accepted inside it.
 */
describe('the ledger seal catches every probe form (issue 32)', () => {
  const probes: [string, string][] = [
    ['a named import', "import { ledgerEntries } from '../db/schema';\ndb.insert(ledgerEntries).values(row).run();\n"],
    ['a renamed import', "import { ledgerEntries as entries } from '../db/schema';\ndb.insert(entries).values(row).run();\n"],
    ['a namespace import', "import * as schema from '../db/schema';\ndb.update(schema.ledgerEntries).set({ voidedAt: at }).run();\n"],
    ['a destructured dynamic import', "const { teamProjections: p } = await import('../db/schema');\ndb.delete(p).run();\n"],
    ['set(patch) on teams', 'const patch = { roster, updatedAt: at };\ndb.update(teams).set(patch).where(eq(teams.id, id)).run();\n'],
    ['a spread patch on teams', 'db.update(teams).set({ ...patch, updatedAt: at }).run();\n'],
    ['an upsert of teams.roster', 'db.insert(teams).values(row).onConflictDoUpdate({ target: teams.id, set: { roster: sql`excluded.roster` } }).run();\n'],
    ["drizzle's sql template over teams.roster", 'db.run(sql`UPDATE ${teams} SET ${teams.roster} = ${json} WHERE id = ${id}`);\n'],
    ["drizzle's sql template over ledger_entries", 'db.run(sql`DELETE FROM ledger_entries WHERE team_id = ${id}`);\n'],
    ['raw SQL through better-sqlite3', "sqlite.prepare('UPDATE OR IGNORE team_projections SET req = ? WHERE team_id = ?').run(0, id);\n"],
  ];

  it.each(probes)('%s is refused outside src-main/ledger/', async (_name, code) => {
    for (const file of ['src-main/handlers/example.ts', 'src-main/repos/teams.ts', 'scripts/reliability/operator.ts', 'bench/main.ts']) {
      expect(await ruleIds(file, code), file).toContain('no-restricted-syntax');
    }
  });

  it.each(probes)('%s is the ledger module’s own', async (_name, code) => {
    expect(await ruleIds('src-main/ledger/store.ts', code)).toEqual([]);
  });

  it('reads of the ledger’s tables go through the module in main; tests, bench and scripts may read the file', async () => {
    for (const code of [
      "import { ledgerEntries } from '../db/schema';\nexport const rows = db.select().from(ledgerEntries).all();\n",
      'export const q = db.query.teamProjections.findMany();\n',
      "export const rows = sqlite.prepare('SELECT * FROM ledger_entries WHERE team_id = ?').all(id);\n",
    ]) {
      expect(await ruleIds('src-main/handlers/example.ts', code), code).toContain('no-restricted-syntax');
    }
    const sqlRead = "export const rows = sqlite.prepare('SELECT * FROM ledger_entries WHERE team_id = ?').all(id);\n";
    expect(await ruleIds('bench/raw-roster.ts', sqlRead)).toEqual([]);
    expect(await ruleIds('scripts/reliability/history-steps.ts', sqlRead)).toEqual([]);
    expect(await ruleIds('src-main/ledger/read.ts', sqlRead)).toEqual([]);
    const drizzleRead = "import { ledgerEntries } from '../db/schema';\nexport const rows = db.select().from(ledgerEntries).all();\n";
    expect(await ruleIds('src-main/handlers/example.test.ts', drizzleRead)).toEqual([]);
    expect(await ruleIds('src-main/test-support/example.ts', drizzleRead)).toEqual([]);
  });
});

describe('a handler imports no other handler (issue 32)', () => {
  it('refuses a handler importing another, and lets it import views, domain modules, and index.ts and tests import handlers', async () => {
    expect(await ruleIds('src-main/handlers/example.ts', "import { teamHandlers } from './teams';\nexport const x = teamHandlers;\n")).toContain(
      'no-restricted-imports',
    );
    expect(
      await ruleIds('src-main/handlers/example.ts', "import { campaignStandings } from '../views/standings';\nexport const x = campaignStandings;\n"),
    ).toEqual([]);
    expect(await ruleIds('src-main/handlers/index.ts', "import { teamHandlers } from './teams';\nexport const x = teamHandlers;\n")).toEqual([]);
    expect(await ruleIds('src-main/handlers/example.test.ts', "import { teamHandlers } from './teams';\nexport const x = teamHandlers;\n")).toEqual([]);
  });
});
