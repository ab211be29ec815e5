/**
 * The schema and the migrations never part: drizzle-kit generates from src-main/db/schema.ts into a copy of
 * migrations/, and must find nothing to write. A change to schema.ts without `npm run db:generate` fails here,
 * before it can ship a build whose tables differ from what its migrations make. Runs offline (drizzle-kit only
 * reads the schema and the snapshots in migrations/meta).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..');
const drizzleKit = path.join(repo, 'node_modules', 'drizzle-kit', 'bin.cjs');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-schema-drift-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function listFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, file), fs.readFileSync(file, 'utf8'));
  }
  return out;
}

/** drizzle-kit generate from `schema` into a copy of migrations/; returns the files that were added or changed. */
function generateInto(name: string, schema: string): string[] {
  const dir = path.join(work, name);
  fs.cpSync(path.join(repo, 'migrations'), path.join(dir, 'migrations'), { recursive: true });
  // drizzle-kit prefixes --out with "./", so it runs in the copy's folder with a relative --out.
  execFileSync(process.execPath, [drizzleKit, 'generate', '--dialect', 'sqlite', '--schema', schema, '--out', './migrations'], {
    cwd: dir,
    stdio: 'pipe',
    timeout: 60_000,
  });
  const before = listFiles(path.join(repo, 'migrations'));
  const after = listFiles(path.join(dir, 'migrations'));
  return [...after].filter(([file, text]) => before.get(file) !== text).map(([file]) => file);
}

describe('schema drift (src-main/db/schema.ts against migrations/)', () => {
  it('generating from the schema adds no migration: every schema change has its committed migration', () => {
    const changed = generateInto('current', path.join(repo, 'src-main', 'db', 'schema.ts'));
    expect(changed, `schema.ts and migrations/ differ; run npm run db:generate -- --name what_changed (would write: ${changed.join(', ')})`).toEqual([]);
  });

  it('a schema changed without its migration is caught (the check can fail)', () => {
    const source = fs.readFileSync(path.join(repo, 'src-main', 'db', 'schema.ts'), 'utf8');
    const drifted = source.replace(/sqliteTable\(\s*'campaigns',\s*\{/, (m) => `${m}\n    driftProbe: text('drift_probe'),`);
    expect(drifted).not.toBe(source);
    const dir = path.join(work, 'drifted-schema');
    fs.mkdirSync(dir, { recursive: true });
    // The copy resolves drizzle-orm from the repository's node_modules.
    fs.symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    fs.writeFileSync(path.join(dir, 'schema.ts'), drifted);
    // And the schema's own module beside it: the packed JSON column type (issue 21).
    for (const f of ['packed-json.ts', 'packed-json-dictionary.ts']) fs.copyFileSync(path.join(repo, 'src-main', 'db', f), path.join(dir, f));
    const changed = generateInto('drifted', path.join(dir, 'schema.ts'));
    expect(changed.some((f) => f.endsWith('.sql'))).toBe(true);
  });
});
