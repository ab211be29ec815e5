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

  it('the ledger module writes; reads, other tables and other columns of teams are anyone’s', async () => {
    for (const line of writes) expect(await ruleIds('src-main/ledger/store.ts', `${line}\n`), line).toEqual([]);
    for (const line of [
      'db.select().from(ledgerEntries).all();',
      "sqlite.prepare('SELECT * FROM ledger_entries WHERE team_id = ?').all(id);",
      'db.update(teams).set({ name, updatedAt: at }).run();',
      'db.insert(games).values(row).run();',
    ]) {
      expect(await ruleIds('src-main/handlers/example.ts', `${line}\n`), line).toEqual([]);
    }
    // Tests may damage a projection on purpose, to prove the checks find it.
    expect(await ruleIds('src-main/ledger/example.test.ts', "sqlite.exec('UPDATE team_projections SET req = 0');\n")).toEqual([]);
    expect(await ruleIds('scripts/reliability/example.test.ts', "sqlite.exec('UPDATE team_projections SET req = 0');\n")).toEqual([]);
  });
});
