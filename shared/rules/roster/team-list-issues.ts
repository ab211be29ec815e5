/**
 * Team-list problems in words: where ("Entry 3 (Tactical Marine), option 'Plasma gun'") and what ("replaces
 * 'Bolter', which this entry does not carry."), never a schema path. Used by the import (the place in the file) and
 * by the editor (the message next to the field; `key` is the field's path, for the editor's lookup only).
 */
import type { z } from 'zod';
import { CATEGORY_NAMES, EntryCategory, TeamList } from './team-list';

export interface TeamListProblem {
  /** The field's path joined with "." — a lookup key for the editor, never shown. */
  key: string;
  /** Where, in words: "Entry 3 (Tactical Marine), option 'Plasma gun'"; empty for the list as a whole. */
  where: string;
  /** What is wrong, in words. */
  message: string;
  /** `where: message`, ready to show. */
  text: string;
}

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

const TOP: Record<string, string> = {
  format: 'Format',
  formatVersion: 'Format version',
  id: 'List id',
  faction: 'Faction',
  name: 'List name',
  listVersion: 'List version',
  sample: 'Sample mark',
  source: 'Source',
  teamRules: 'Team rules',
  allowance: 'Model allowance',
  entries: 'Entries',
  armoury: 'Armoury',
  grenades: 'Grenades on sale',
};

const FIELD: Record<string, string> = {
  id: 'id',
  name: 'name',
  category: 'type',
  points: 'points',
  profile: 'profile',
  unitType: 'unit type',
  wargear: 'wargear',
  grenades: 'grenades',
  specialRules: 'special rules',
  psyker: 'psyker',
  armoury: 'may use the Armoury',
  buysGrenades: 'may buy grenades',
  maxPerTeam: 'most per team',
  squad: 'squad size',
  notes: 'notes',
  group: 'group',
  maxPerModel: 'most per model',
  replaces: 'replaces',
  adds: 'adds',
  allowed: 'model types',
  entries: 'entries',
  text: 'text',
  choose: 'choose',
  min: 'smallest',
  max: 'largest',
};

const EXPECTED: Record<string, string> = {
  number: 'a number',
  string: 'text',
  boolean: 'yes or no (true or false)',
  array: 'a list',
  object: 'a group of fields',
};

const at = (value: unknown, key: PropertyKey): unknown =>
  value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key as string] : undefined;
const nameOf = (value: unknown): string | undefined => {
  const n = at(value, 'name');
  return typeof n === 'string' && n.trim() ? n.trim() : undefined;
};
const numbered = (label: string, index: PropertyKey, value: unknown) => {
  const name = nameOf(value);
  return typeof index === 'number' ? `${label} ${index + 1}${name ? ` (${name})` : ''}` : label;
};
const field = (key: PropertyKey | undefined) => (key === undefined ? undefined : (FIELD[String(key)] ?? String(key)));

/** Words for the rest of a path inside an entry, an option or an armoury item. */
function within(node: unknown, rest: Path): string[] {
  const [key, index, ...more] = rest;
  if (key === undefined) return [];
  if (key === 'profile') return [index === undefined ? 'profile' : `${String(index)}`];
  if (key === 'options' && typeof index === 'number') {
    const option = at(at(node, 'options'), index);
    const name = nameOf(option);
    return [name ? `option '${name}'` : `option ${index + 1}`, ...within(option, more).filter((w) => !w.startsWith('replaces') && !w.startsWith('adds'))];
  }
  if (key === 'optionGroups' && typeof index === 'number') {
    const group = at(at(node, 'optionGroups'), index);
    const name = nameOf(group);
    return [name ? `option group '${name}'` : `option group ${index + 1}`, ...within(group, more)];
  }
  if ((key === 'wargear' || key === 'specialRules' || key === 'replaces' || key === 'adds') && typeof index === 'number') {
    const value = at(at(node, key), index);
    return [`${field(key)} ${typeof value === 'string' && value.trim() ? `'${value.trim()}'` : `item ${index + 1}`}`];
  }
  if (key === 'stats') return [index === undefined ? 'profile change' : `profile change (${String(index)})`];
  if (key === 'squad') return [index === undefined ? 'squad size' : `squad size (${field(index)})`];
  return [field(key)!];
}

/** Where a path points, in words, read against the data as given (names come from the file or the draft). */
export function whereInList(data: unknown, path: Path): string {
  const [section, index, ...rest] = path;
  if (section === undefined) return '';
  if (section === 'entries' && typeof index === 'number') {
    const entry = at(at(data, 'entries'), index);
    return [numbered('Entry', index, entry), ...within(entry, rest)].join(', ');
  }
  if (section === 'armoury' && typeof index === 'number') {
    const item = at(at(data, 'armoury'), index);
    return [numbered('Armoury item', index, item), ...within(item, rest)].join(', ');
  }
  if (section === 'teamRules' && typeof index === 'number') {
    const rule = at(at(data, 'teamRules'), index);
    return [numbered('Team rule', index, rule), ...rest.slice(0, 1).map(field)].join(', ');
  }
  if (section === 'allowance') {
    if (index === 'unlocks') {
      const [i, f] = rest;
      return [
        'Model allowance',
        typeof i === 'number' ? `unlock ${i + 1}` : 'unlocks',
        ...(f === undefined ? [] : [f === 'when' ? 'for each' : field(f)!]),
      ].join(', ');
    }
    const cat = EntryCategory.safeParse(index);
    const [f] = rest;
    return ['Model allowance', ...(cat.success ? [CATEGORY_NAMES[cat.data].many] : []), ...(f === 'min' ? ['minimum'] : f === 'max' ? ['maximum'] : [])].join(
      ', ',
    );
  }
  if (section === 'grenades') return 'Grenades on sale';
  return TOP[String(section)] ?? String(section);
}

/** zod's own messages ("Too big: expected number to be <=10") replaced with words; the schema's messages kept. */
export function issueMessage(issue: Issue): string {
  const own = !/^(Too (big|small)|Invalid|Unrecognized|Expected)/.test(issue.message);
  switch (issue.code) {
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} Herald does not know: ${issue.keys.map((k) => `"${k}"`).join(', ')}.`;
    case 'invalid_type': {
      if (own) return issue.message;
      if (/received undefined/.test(issue.message)) return 'is missing.';
      return `should be ${EXPECTED[issue.expected] ?? issue.expected}.`;
    }
    case 'invalid_value':
      if (own) return issue.message;
      return `should be one of: ${issue.values.map((v) => `"${String(v)}"`).join(', ')}.`;
    case 'too_big':
      if (own) return issue.message;
      return issue.origin === 'array'
        ? `has more than ${String(issue.maximum)} items.`
        : issue.origin === 'string'
          ? `is longer than ${String(issue.maximum)} characters.`
          : `is at most ${String(issue.maximum)}.`;
    case 'too_small':
      if (own) return issue.message;
      return issue.origin === 'array'
        ? `needs at least ${String(issue.minimum)}.`
        : issue.origin === 'string'
          ? 'cannot be empty.'
          : `is at least ${String(issue.minimum)}.`;
    case 'invalid_union':
      return own ? issue.message : 'is not a value Herald understands here.';
    default:
      return own ? issue.message : 'is not valid here.';
  }
}

const sentence = (where: string, message: string) => {
  if (!where) return message.charAt(0).toUpperCase() + message.slice(1);
  return `${where}: ${message}`;
};

/** Every problem of a list (as given: a file's data or an editor's draft), in words, or [] when it is valid. */
export function teamListProblems(data: unknown): TeamListProblem[] {
  const parsed = TeamList.safeParse(data);
  if (parsed.success) return [];
  return describeTeamListIssues(data, parsed.error.issues);
}

export function describeTeamListIssues(data: unknown, issues: readonly Issue[]): TeamListProblem[] {
  return issues.map((issue) => {
    const where = whereInList(data, issue.path);
    const message = issueMessage(issue);
    return { key: issue.path.map(String).join('.'), where, message, text: sentence(where, message) };
  });
}
