/**
 * Docs true to the code, for the claims a machine can check: docs/ipc.md lists exactly the contract's channels and
 * events; the repository cites only documents it holds (docs/architecture.md, reliability.md, progression.md — not
 * the design notes it was started from); no path of the machine it was written on.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, EVENT_NAMES } from '../shared/ipc/contract';

const repo = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8');

/** The repository's own text files (tracked, plus new ones not ignored), without the lock file and binaries. */
function textFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' });
  return out
    .split('\n')
    .filter((f) => f && /\.(ts|mts|cts|js|mjs|cjs|svelte|md|json|yml|yaml|html|css|sh)$|^\.ci\//.test(f) && !f.endsWith('package-lock.json'))
    .filter((f) => fs.existsSync(path.join(repo, f)));
}

describe('docs/ipc.md', () => {
  const names = [...read('docs/ipc.md').matchAll(/^\| `([a-zA-Z]+\.[a-zA-Z]+)` \|/gm)].map((m) => m[1]);

  it('has a row for every channel and every event of shared/ipc/contract.ts', () => {
    expect([...CHANNEL_NAMES, ...EVENT_NAMES].filter((n) => !names.includes(n))).toEqual([]);
  });

  it('names no channel or event the contract does not have', () => {
    const known = new Set<string>([...CHANNEL_NAMES, ...EVENT_NAMES]);
    expect(names.filter((n) => !known.has(n!))).toEqual([]);
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
