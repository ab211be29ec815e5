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
    expect(await ruleIds('src-main/handlers/example.ts', "import { validateRoster } from '../../shared/rules';\nexport const x = validateRoster;\n")).toEqual([]);
    // Inside the package, modules import each other directly.
    expect(await ruleIds('shared/rules/roster/example.ts', "import { GRENADE_COSTS } from '../hor/optional-rules';\nexport const x = GRENADE_COSTS;\n")).toEqual([]);
  });
});
