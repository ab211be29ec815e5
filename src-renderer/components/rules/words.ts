/**
 * Over 400 lines: the House rules editor's words for every section of a ruleset, kept together so they read alike.
 * Plain words and small helpers for the House rules editor (issue 6): the sections of the page, ids made from names
 * (organisers never type ids), problems placed next to the section they concern, and stable keys for editable lists.
 */
import type { DiceTable, MissingTable, ModelType, ProgressionTableKey, Ruleset } from '../../../shared/rules';
import { formatDateTime } from '../../../shared/format';

export type SectionKey =
  | 'about'
  | 'exp-awards'
  | 'level-thresholds'
  | 'advance-table'
  | 'skills'
  | 'injuries'
  | 'follow-ups'
  | 'requisition'
  | 'honours'
  | 'missions'
  | 'optional-rules'
  | 'readings'
  | 'other';

export type System = Ruleset['progression']['system'];

export interface SectionInfo {
  key: SectionKey;
  title: string;
  /** The progression systems that use this section (all when absent). */
  systems?: System[];
}

/** The sections in page order; titles match the "House rules → Progression → …" paths main names in its messages. */
export const SECTIONS: SectionInfo[] = [
  { key: 'about', title: 'About these rules' },
  { key: 'exp-awards', title: 'EXP awards', systems: ['experience-levels'] },
  { key: 'level-thresholds', title: 'Level thresholds', systems: ['experience-levels'] },
  { key: 'advance-table', title: 'Advance table', systems: ['experience-levels'] },
  { key: 'skills', title: 'Skills', systems: ['experience-levels'] },
  { key: 'injuries', title: 'Injuries' },
  { key: 'follow-ups', title: 'Follow-up tables' },
  { key: 'requisition', title: 'Requisition' },
  { key: 'honours', title: 'Battle Honours', systems: ['battle-honours'] },
  { key: 'missions', title: 'Missions' },
  { key: 'optional-rules', title: 'Optional rules' },
  { key: 'readings', title: 'Readings of the seeds' },
];

export const SYSTEM_NAMES: Record<System, string> = {
  'battle-honours': 'Battle Honours (models buy honours with Req)',
  'experience-levels': 'Experience & Levels (models earn EXP, reach levels and roll advances)',
};

export const MODEL_TYPES: ModelType[] = ['team-leader', 'special', 'core'];
export const MODEL_TYPE_NAMES: Record<ModelType, string> = { 'team-leader': 'Team Leader', special: 'Special', core: 'Core' };

/** Which section a missing table is entered in. */
export const MISSING_SECTION: Record<ProgressionTableKey, SectionKey> = {
  'experience-awards': 'exp-awards',
  'level-thresholds': 'level-thresholds',
  'advance-table': 'advance-table',
  skills: 'skills',
  'injury-team-leader': 'injuries',
  'injury-special': 'injuries',
  'injury-core': 'injuries',
  'requisition-awards': 'requisition',
  'requisition-chart': 'requisition',
  honours: 'honours',
};

/** A short name for a missing table ("Level thresholds", "Injury table for Core models"). */
export const MISSING_NAME: Record<ProgressionTableKey, string> = {
  'experience-awards': 'EXP awards',
  'level-thresholds': 'Level thresholds',
  'advance-table': 'Advance table',
  skills: 'Skill lists',
  'injury-team-leader': 'Injury table for Team Leaders',
  'injury-special': 'Injury table for Special models',
  'injury-core': 'Injury table for Core models',
  'requisition-awards': 'Requisition awards',
  'requisition-chart': 'Requisition chart',
  honours: 'Battle Honours',
};

const WHERE_SECTION: [RegExp, SectionKey][] = [
  [/EXP awards/, 'exp-awards'],
  [/Level thresholds/, 'level-thresholds'],
  [/Advance table/, 'advance-table'],
  [/Skills/, 'skills'],
  [/Injuries/, 'injuries'],
  [/Requisition/, 'requisition'],
  [/Battle Honours/, 'honours'],
  [/Optional rules/, 'optional-rules'],
];

/**
 * The House rules section a message from main points to ("… enter them in House rules → Progression → EXP awards"),
 * or null when it names none.
 */
export function sectionOfWhere(text: string): SectionKey | null {
  const at = text.indexOf('House rules →');
  if (at < 0) return null;
  const rest = text.slice(at);
  return WHERE_SECTION.find(([re]) => re.test(rest))?.[1] ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Ids from names
// ---------------------------------------------------------------------------------------------------------------

/**
 * A rule id from a name: lower-case words joined by '-' ("+1 Weapon Skill" → "plus-1-weapon-skill",
 * "-1 WS" → "minus-1-ws"). Empty when the name has no letters or digits.
 */
export function slugOf(name: string, max = 48): string {
  let s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(^|[\s(])[-−–](?=\d)/g, '$1 minus ')
    .replace(/\+/g, ' plus ')
    .replace(/&/g, ' and ')
    .replace(/%/g, ' percent ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (s.length > max) {
    const cut = s.slice(0, max);
    s = cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : cut;
  }
  return s;
}

/** `base` (or `fallback` when empty), with "-2", "-3"… added while another item already has it. */
export function uniqueId(base: string, taken: Iterable<string>, fallback: string): string {
  const used = new Set(taken);
  const root = base || fallback;
  if (!used.has(root)) return root;
  for (let n = 2; ; n++) if (!used.has(`${root}-${n}`)) return `${root}-${n}`;
}

/** The result id of a table row, made from its text. */
export const resultOf = (text: string, index: number): string => slugOf(text, 40) || `row-${index + 1}`;

// ---------------------------------------------------------------------------------------------------------------
// Stable keys and "new in this edit" marks for editable lists (state proxies keep their identity)
// ---------------------------------------------------------------------------------------------------------------

const keys = new WeakMap<object, number>();
let nextKey = 0;
/** A key for `{#each}` that survives the item's id changing while its name is typed. */
export function keyOf(item: object): number {
  let k = keys.get(item);
  if (k === undefined) {
    k = ++nextKey;
    keys.set(item, k);
  }
  return k;
}

const fresh = new WeakSet<object>();
/** Items added in this edit: their id follows their name. Items that came with the rules keep theirs. */
export const markFresh = <T extends object>(item: T): T => {
  fresh.add(item);
  return item;
};
export const isFresh = (item: object): boolean => fresh.has(item);

/** Where a house rule comes from, for new entries (every rule of a ruleset cites its source). */
export const houseCitation = (section: string) => ({ source: 'house rule', section });

/** A new, empty dice table. */
export function newTable(id: string, name: string, section: string, expression = 'D6'): DiceTable {
  return { id, name, expression, rows: [], citation: houseCitation(section) };
}

// ---------------------------------------------------------------------------------------------------------------
// JSON the way main hashes it (keys sorted), to tell whether the editor's copy differs from the pinned ruleset
// ---------------------------------------------------------------------------------------------------------------

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const rec = value as Record<string, unknown>;
    const ks = Object.keys(rec)
      .filter((k) => rec[k] !== undefined)
      .sort();
    return `{${ks.map((k) => `${JSON.stringify(k)}:${canonicalJson(rec[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// ---------------------------------------------------------------------------------------------------------------
// Problems, in words, placed next to their section
// ---------------------------------------------------------------------------------------------------------------

export interface LocatedProblem {
  section: SectionKey;
  text: string;
}

/** The part of a zod issue the editor reads (zod's own type is not part of the rules API). */
export interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  inclusive?: boolean;
}

const TOP_SECTION: Record<string, SectionKey> = {
  id: 'about',
  name: 'about',
  version: 'about',
  description: 'about',
  team: 'about',
  missions: 'missions',
  missionTable: 'missions',
  diceTables: 'missions',
  optionalRules: 'optional-rules',
  specialRules: 'missions',
  alwaysInEffect: 'missions',
  secondaryObjectives: 'missions',
};
const PROGRESSION_SECTION: Record<string, SectionKey> = {
  experience: 'exp-awards',
  levelThresholds: 'level-thresholds',
  advanceTable: 'advance-table',
  skills: 'skills',
  injuries: 'injuries',
  injuryFollowUps: 'follow-ups',
  requisition: 'requisition',
  honours: 'honours',
  system: 'about',
};

const FIELD_WORDS: Record<string, string> = {
  name: 'name',
  text: 'text',
  exp: 'EXP',
  req: 'Req',
  cost: 'cost',
  condition: 'condition',
  from: 'first result',
  to: 'last result',
  expression: 'dice',
  factor: 'multiplier',
  maxTimes: 'maximum times',
  level: 'level',
  modelTypes: 'who may take it',
  version: 'Version',
  description: 'Description',
  effect: 'effect',
  result: 'result',
  maxGroups: 'maximum groups',
  maxHonours: 'maximum honours',
  conditions: 'conditions',
  summary: 'summary',
  restriction: 'restriction',
  placement: 'where they are placed',
  count: 'how many',
};

const quoted = (o: unknown): string => {
  const name = (o as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name.trim() !== '' ? ` “${name}”` : '';
};

/** "Advance table, row 2, text" for a path into a ruleset. */
function pathWords(path: PropertyKey[], r: unknown): string {
  const words: string[] = [];
  let cur: unknown = r;
  let parent: PropertyKey | undefined;
  for (const seg of path) {
    const next = (cur as Record<PropertyKey, unknown> | undefined)?.[seg as string];
    const n = typeof seg === 'number' ? seg + 1 : 0;
    if (typeof seg === 'number') {
      if (parent === 'awards') words.push(`${words.includes('Requisition') ? 'award' : 'EXP award'} ${n}${quoted(next)}`);
      else if (parent === 'levelThresholds') words.push(`level ${n}`);
      else if (parent === 'rows') words.push(`row ${n}`);
      else if (parent === 'skills')
        words.push(words.some((w) => w.startsWith('Skill category')) ? `skill ${n}${quoted(next)}` : `Skill category ${n}${quoted(next)}`);
      else if (parent === 'injuryFollowUps') words.push(`Follow-up table${quoted(next)}`);
      else if (parent === 'groups') words.push(`group${quoted(next)}`);
      else if (parent === 'honours') words.push(`honour${quoted(next)}`);
      else if (parent === 'caps') words.push(`limit ${n}`);
      else if (parent === 'multipliers') words.push(`multiplier${quoted(next)}`);
      else if (parent === 'missions') words.push(`Mission${quoted(next)}`);
      else if (parent === 'diceTables') words.push(`Table${quoted(next)}`);
      else if (parent === 'optionalRules') words.push(`Optional rule${quoted(next)}`);
      else if (parent === 'conditions') words.push(`condition ${n}`);
      // A club mission's own lists (MissionEditor): "Mission “Purge”, set-up line 2".
      else if (parent === 'setup') words.push(`set-up line ${n}`);
      else if (parent === 'counters') words.push(`counters ${n}`);
      else if (parent === 'victoryPoints') words.push(`victory points line ${n}`);
      else if (parent === 'endingConditions') words.push(`ending line ${n}`);
      else if (parent === 'automaticWins') words.push(`automatic win line ${n}`);
      else if (parent === 'bonusExperience') words.push(`bonus EXP ${n}`);
      else words.push(`item ${n}`);
    } else if (seg === 'advanceTable') words.push('Advance table');
    else if (seg === 'levelThresholds') words.push('Level thresholds');
    else if (seg === 'requisition') words.push('Requisition');
    else if (seg === 'chart') words.push('chart');
    else if (seg === 'eliteSurcharge') words.push('elite surcharge');
    else if (parent === 'injuries') words.push(`Injury table (${MODEL_TYPE_NAMES[seg as ModelType] ?? String(seg)})`);
    else if (seg === 'honours' && parent === 'progression') words.push('Battle Honours');
    else if (seg === 'missionTable') words.push('Mission table');
    else if (
      typeof seg === 'string' &&
      FIELD_WORDS[seg] &&
      !['honours', 'skills', 'awards', 'rows', 'groups', 'caps', 'multipliers', 'conditions'].includes(seg)
    ) {
      words.push(FIELD_WORDS[seg]);
    }
    parent = seg;
    cur = next;
  }
  return words.join(', ');
}

function issueWords(i: IssueLike): string {
  const last = i.path[i.path.length - 1];
  if (i.code === 'too_small') {
    if (i.origin === 'string') return 'is empty: write something';
    if (i.origin === 'array') return last === 'modelTypes' ? 'tick at least one model type' : 'needs at least one entry';
    if (i.inclusive === false) return `must be more than ${String(i.minimum)}`;
    return `must be ${String(i.minimum)} or more`;
  }
  if (i.code === 'too_big') {
    if (i.origin === 'string') return `is too long (at most ${String(i.maximum)} characters)`;
    return `must be ${String(i.maximum)} or less`;
  }
  if (i.code === 'invalid_type') {
    if (i.expected === 'int') return 'must be a whole number';
    if (i.expected === 'number') return 'must be a number';
    return 'is missing';
  }
  if (i.code === 'invalid_value') return 'is not one of the choices';
  return i.message;
}

/** A schema problem (the ruleset does not parse yet), in words, with its section. */
export function locateIssue(issue: IssueLike, r: unknown): LocatedProblem {
  const [top, second] = issue.path;
  const section = top === 'progression' ? (PROGRESSION_SECTION[String(second)] ?? 'other') : (TOP_SECTION[String(top)] ?? 'other');
  const what = issueWords(issue);
  // The ruleset's own checks (unknown mission in the mission table…) already say where, in a whole sentence.
  if (issue.code === 'custom' && issue.path.length <= 1) return { section, text: what };
  const where = pathWords(issue.path, r);
  return { section, text: where ? `${where.charAt(0).toUpperCase()}${where.slice(1)}: ${what}.`.replace(/\.\.$/, '.') : what };
}

/** Which section one of checkRuleset's problems (a parsed ruleset) belongs to. */
export function sectionOfProblem(text: string, r: Ruleset): SectionKey {
  if (/^Level thresholds/.test(text)) return 'level-thresholds';
  if (/^Skills:/.test(text)) return 'skills';
  if (/^EXP awards/.test(text)) return 'exp-awards';
  if (/^Requisition/.test(text)) return 'requisition';
  if (/^Honour/.test(text)) return 'honours';
  if (/^Missions?\b/.test(text)) return 'missions';
  const p = r.progression;
  const tables: [DiceTable | null, SectionKey][] = [
    [p.advanceTable, 'advance-table'],
    [p.injuries['team-leader'], 'injuries'],
    [p.injuries.special, 'injuries'],
    [p.injuries.core, 'injuries'],
    [p.requisition.chart, 'requisition'],
    ...p.injuryFollowUps.map((t): [DiceTable, SectionKey] => [t, 'follow-ups']),
    // A table an optional rule rolls on (Weather, Twist, the 8th-edition mission table…) is edited with the optional rules.
    ...r.diceTables.map((t): [DiceTable, SectionKey] => [t, r.optionalRules.some((o) => o.tables.includes(t.id)) ? 'optional-rules' : 'missions']),
  ];
  for (const [t, section] of tables) if (t && text.startsWith(`${t.name}: `)) return section;
  return 'other';
}

/** The sections that still lack a table. */
export function missingBySection(missing: readonly MissingTable[]): Map<SectionKey, MissingTable[]> {
  const out = new Map<SectionKey, MissingTable[]>();
  for (const m of missing) {
    const key = MISSING_SECTION[m.key];
    out.set(key, [...(out.get(key) ?? []), m]);
  }
  return out;
}

/** "12 Jan 2026, 14:05" for an ISO time, in the organiser's locale (shared/format). */
export const whenText = (iso: string) => formatDateTime(iso);

export const shortHash = (hash: string) => hash.slice(0, 10);

/** The ids of every dice table of a ruleset (but `except`), wherever it sits. */
export function tableIds(r: Ruleset, except?: DiceTable): string[] {
  const p = r.progression;
  const all = [...r.diceTables, p.advanceTable, p.injuries['team-leader'], p.injuries.special, p.injuries.core, p.requisition.chart, ...p.injuryFollowUps];
  return all.filter((t): t is DiceTable => t !== null && t !== except).map((t) => t.id);
}

/** The section and the name of a missing table, for keys as main sends them (plain strings). */
export const missingSection = (key: string): SectionKey => (MISSING_SECTION as Record<string, SectionKey>)[key] ?? 'other';
export const missingName = (key: string): string => (MISSING_NAME as Record<string, string>)[key] ?? key;

/** A number box shows an empty field (not "NaN") for a number not typed yet. */
export const shown = (n: number | undefined): number | '' => (n !== undefined && Number.isFinite(n) ? n : '');
