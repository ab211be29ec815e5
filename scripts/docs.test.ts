/**
 * Docs true to the code, for the claims a machine can check: docs/ipc.md lists exactly the contract's channels (in
 * its Channels table), events (in its Events table) and File menu commands (the `menu.command` row); the README's
 * map names every folder of src-main/ and src-renderer/ and no path that is gone, nor do the docs in code quotes; the
 * repository cites only documents it holds (docs/architecture.md, reliability.md, progression.md — not the design
 * notes it was started from); no path of the machine it was written on.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, EVENT_NAMES, events } from '../shared/ipc/contract';

const repo = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8');

/** The repository's files (tracked, plus new ones not ignored) that are still on disk. */
function repoFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' });
  return out.split('\n').filter((f) => f && fs.existsSync(path.join(repo, f)));
}

/** The repository's own text files, without the lock file and binaries. */
function textFiles(): string[] {
  return repoFiles().filter((f) => /\.(ts|mts|cts|js|mjs|cjs|svelte|md|json|yml|yaml|html|css|sh)$|^\.ci\//.test(f) && !f.endsWith('package-lock.json'));
}

/** The text of a markdown section, from its `## ` heading to the next one. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no "## ${heading}" section`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** The names in the first column of a section's table rows: "| `domain.name` | …". */
const firstColumnNames = (text: string) => [...text.matchAll(/^\| `([a-zA-Z]+\.[a-zA-Z]+)` \|/gm)].map((m) => m[1]!);

/** Both directions at once: what the contract has and the doc lacks, and what the doc names that the contract lacks. */
const disagreement = (inDoc: readonly string[], inCode: readonly string[]) => ({
  missingFromDoc: inCode.filter((n) => !inDoc.includes(n)),
  unknownToCode: inDoc.filter((n) => !inCode.includes(n)),
});
const agreed = { missingFromDoc: [], unknownToCode: [] };

describe('docs/ipc.md agrees with shared/ipc/contract.ts', () => {
  const ipc = read('docs/ipc.md');

  it('its Channels table lists every channel, and only channels', () => {
    expect(disagreement(firstColumnNames(section(ipc, 'Channels')), CHANNEL_NAMES)).toEqual(agreed);
  });

  it('its Events table lists every event, and only events', () => {
    expect(disagreement(firstColumnNames(section(ipc, 'Events')), EVENT_NAMES)).toEqual(agreed);
  });

  it("the menu.command row names every File menu command of the event's payload, and only those", () => {
    const row = section(ipc, 'Events')
      .split('\n')
      .find((line) => line.startsWith('| `menu.command` |'));
    expect(row, 'a `menu.command` row in the Events table').toBeDefined();
    const said = row!.split(' | ')[2] ?? '';
    const named = [...said.matchAll(/`([a-zA-Z]+)`/g)].map((m) => m[1]!);
    expect(disagreement(named, events['menu.command'].shape.command.options)).toEqual(agreed);
  });

  it('names no channel or event the contract does not have anywhere else either', () => {
    const known = new Set<string>([...CHANNEL_NAMES, ...EVENT_NAMES]);
    expect(firstColumnNames(ipc).filter((n) => !known.has(n))).toEqual([]);
  });
});

describe("the README's map (Find your way around)", () => {
  const map = section(read('README.md'), 'Find your way around');
  const block = map.slice(map.indexOf('```'), map.indexOf('```', map.indexOf('```') + 3));
  const files = repoFiles();

  it('names every folder of src-main/ and src-renderer/', () => {
    const folders = new Set(
      files
        .map((f) => f.split('/'))
        .filter((p) => (p[0] === 'src-main' || p[0] === 'src-renderer') && p.length > 2)
        .map((p) => `${p[0]}/${p[1]}/`),
    );
    expect([...folders].filter((folder) => !block.includes(folder))).toEqual([]);
  });

  it('names no file or folder of src-main/, src-renderer/ or shared/ that is gone', () => {
    const named = [...block.matchAll(/\b(?:src-main|src-renderer|shared)\/[\w./-]*[\w/]/g)].map((m) => m[0]);
    const gone = named.filter((p) => (p.endsWith('/') ? !files.some((f) => f.startsWith(p)) : !files.includes(p)));
    expect(gone).toEqual([]);
  });
});

describe('the repository cites what it holds', () => {
  const files = textFiles();

  it('cites docs/architecture.md, reliability.md and progression.md, not design notes outside the repository', () => {
    const outside: string[] = [];
    for (const file of files) {
      read(file)
        .split('\n')
        .forEach((line, i) => {
          // "PROGRESSION.md" stays as a quoted label in stored citations (pinned rulesets and ledger entries hold it).
          const bare = line.replaceAll(/['"`]PROGRESSION\.md/g, '');
          if (/\bdesign\/[A-Z]+\.md|\b(ARCHITECTURE|RELIABILITY|PROGRESSION)\.md/.test(bare)) outside.push(`${file}:${i + 1}`);
        });
    }
    expect(outside).toEqual([]);
  });

  it('the docs it links to exist', () => {
    for (const doc of ['docs/architecture.md', 'docs/reliability.md', 'docs/progression.md', 'docs/ipc.md', 'docs/database.md', 'docs/decisions.md']) {
      expect(fs.existsSync(path.join(repo, doc)), doc).toBe(true);
    }
  });

  it('the README and docs/ name, in code quotes, no file of the code that is gone (decisions.md is a record, left out)', () => {
    const docs = ['README.md', ...files.filter((f) => /^docs\/[^/]+\.md$/.test(f) && f !== 'docs/decisions.md')];
    const gone = docs.flatMap((doc) =>
      [...read(doc).matchAll(/`((?:src-main|src-renderer|shared|scripts|bench|e2e)\/[\w./-]*\w)`/g)]
        .map((m) => m[1]!)
        .filter((p) => !fs.existsSync(path.join(repo, p)))
        .map((p) => `${doc}: ${p}`),
    );
    expect(gone).toEqual([]);
  });

  it('holds no absolute path of the machine it was written on', () => {
    const machinePath = /(^|[\s`'"(=:])\/(work|root|tmp)\/[\w.-]/;
    const found = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (machinePath.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 100)}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
