/**
 * Issue 32: src-main/handlers/ holds one file per channel prefix. `campaigns.ts` registers every campaigns.* channel
 * and nothing else, `team-lists.ts` every teamLists.* one, …, so a newcomer finds a channel's handler from its name
 * alone. (Each file's PrefixHandlers type already makes a channel of its prefix left out a compile error; this test
 * catches what types cannot: a prefix registered in two files, a file named after another prefix.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../shared/ipc/contract';

const root = resolve(import.meta.dirname, '..');
const HANDLERS = 'src-main/handlers';
/** The one file that gathers the others into the map; it registers no channel itself. */
const GATHERER = 'index.ts';

/** The file a prefix's handlers live in: `teamLists` → `team-lists.ts`. */
export const fileForPrefix = (prefix: string) => `${prefix.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.ts`;

/** The channels a handler file's source registers: the contract's names written as an object's keys. */
export function registeredChannels(source: string, known: readonly string[] = CHANNEL_NAMES): string[] {
  const names = new Set(known);
  return [...source.matchAll(/^\s*['"]([A-Za-z]+\.[A-Za-z]+)['"]\s*:/gm)].map((m) => m[1]!).filter((c) => names.has(c));
}

/** What breaks the rule, in words; empty when every prefix has its one file. */
export function prefixProblems(files: Record<string, string>, known: readonly string[] = CHANNEL_NAMES): string[] {
  const problems: string[] = [];
  const filesOf = new Map<string, Set<string>>();
  for (const [file, source] of Object.entries(files)) {
    const channels = registeredChannels(source, known);
    if (file === GATHERER) {
      if (channels.length > 0) problems.push(`${file} registers ${channels.join(', ')}: move them to their prefix's file.`);
      continue;
    }
    if (channels.length === 0) problems.push(`${file} registers no channel: a handler file holds one prefix's channels.`);
    for (const channel of channels) {
      const prefix = channel.split('.')[0]!;
      if (fileForPrefix(prefix) !== file) problems.push(`${file} registers ${channel}: it belongs in ${fileForPrefix(prefix)}.`);
      filesOf.set(prefix, (filesOf.get(prefix) ?? new Set()).add(file));
    }
  }
  for (const [prefix, where] of filesOf) {
    if (where.size > 1) problems.push(`${prefix}.* is registered in ${[...where].sort().join(' and ')}: one file per prefix.`);
  }
  const registered = new Set(Object.entries(files).flatMap(([, s]) => registeredChannels(s, known)));
  for (const channel of known) if (!registered.has(channel)) problems.push(`${channel} is registered in no handler file.`);
  return problems;
}

function handlerFiles(): Record<string, string> {
  const dir = join(root, HANDLERS);
  const names = readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'));
  return Object.fromEntries(names.map((n) => [n, readFileSync(join(dir, n), 'utf8')]));
}

describe('one handler file per channel prefix (issue 32)', () => {
  it('src-main/handlers/ registers each prefix in the file named after it, and every channel once', () => {
    const files = handlerFiles();
    expect(Object.keys(files).length).toBeGreaterThan(10);
    expect(prefixProblems(files)).toEqual([]);
  });

  const known = ['campaigns.list', 'campaigns.get', 'teamLists.list', 'backups.list'];
  const good = {
    'index.ts': 'export const handlers = { ...campaignHandlers, ...teamListHandlers, ...backupHandlers };\n',
    'campaigns.ts': "export const campaignHandlers = {\n  'campaigns.list': () => [],\n  'campaigns.get': ({ id }) => get(id),\n};\n",
    'team-lists.ts': "export const teamListHandlers = {\n  'teamLists.list': () => [],\n};\n",
    'backups.ts':
      "export const backupHandlers = {\n  // emits 'campaigns.changed'\n  'backups.list': (_i, ctx) => { ctx.emit('campaigns.changed', {}); return []; },\n};\n",
  };

  it('passes a tree that keeps the rule (events and type lists are no registrations)', () => {
    expect(prefixProblems(good, known)).toEqual([]);
  });

  it('fails a file that registers a channel of another prefix', () => {
    const files = { ...good, 'backups.ts': "export const backupHandlers = {\n  'backups.list': () => [],\n  'campaigns.get': () => null,\n};\n" };
    expect(prefixProblems(files, known)).toEqual([
      'backups.ts registers campaigns.get: it belongs in campaigns.ts.',
      'campaigns.* is registered in backups.ts and campaigns.ts: one file per prefix.',
    ]);
  });

  it('fails a prefix split over two files, a misnamed file, and a channel in the gathering index', () => {
    const split = {
      ...good,
      'campaigns.ts': "export const campaignHandlers = {\n  'campaigns.list': () => [],\n};\n",
      'campaign-files.ts': "export const more = {\n  'campaigns.get': () => null,\n};\n",
    };
    expect(prefixProblems(split, known)).toEqual([
      'campaign-files.ts registers campaigns.get: it belongs in campaigns.ts.',
      'campaigns.* is registered in campaign-files.ts and campaigns.ts: one file per prefix.',
    ]);
    const { 'team-lists.ts': lists, ...rest } = good;
    expect(prefixProblems({ ...rest, 'teamLists.ts': lists }, known)).toEqual(['teamLists.ts registers teamLists.list: it belongs in team-lists.ts.']);
    expect(prefixProblems({ ...good, 'index.ts': "export const handlers = {\n  'campaigns.get': () => null,\n};\n" }, known)).toEqual([
      "index.ts registers campaigns.get: move them to their prefix's file.",
    ]);
  });

  it('fails a channel no file registers', () => {
    const { 'backups.ts': _gone, ...rest } = good;
    expect(prefixProblems(rest, known)).toEqual(['backups.list is registered in no handler file.']);
  });
});
