/**
 * Which progression tables a ruleset still lacks, with a message that says exactly where to enter them
 * (docs/progression.md: "Until a table is filled in, the app says exactly which table is missing and where to enter it;
 * it never invents numbers").
 */
import type { DiceTable, ExpAward, Honours, LevelThreshold, RequisitionAward, Ruleset, SkillList } from '../ruleset/schema';
import { allTables } from '../ruleset/schema';
import { validateTableCoverage } from '../ruleset/coverage';

export type ProgressionTableKey =
  | 'experience-awards'
  | 'level-thresholds'
  | 'advance-table'
  | 'skills'
  | 'injury-team-leader'
  | 'injury-special'
  | 'injury-core'
  | 'requisition-awards'
  | 'requisition-chart'
  | 'honours';

interface TableInfo {
  /** Lower-case name used in "has no … yet". */
  name: string;
  /** "them" or "it". */
  pronoun: 'it' | 'them';
  /** Where in the app the organiser enters it. */
  where: string;
}

const INFO: Record<ProgressionTableKey, TableInfo> = {
  'experience-awards': { name: 'EXP awards', pronoun: 'them', where: 'House rules → Progression → EXP awards' },
  'level-thresholds': { name: 'level thresholds', pronoun: 'them', where: 'House rules → Progression → Level thresholds' },
  'advance-table': { name: 'advance table', pronoun: 'it', where: 'House rules → Progression → Advance table' },
  skills: { name: 'skill lists', pronoun: 'them', where: 'House rules → Progression → Skills' },
  'injury-team-leader': { name: 'injury table for Team Leaders', pronoun: 'it', where: 'House rules → Progression → Injuries → Team Leader' },
  'injury-special': { name: 'injury table for Special models', pronoun: 'it', where: 'House rules → Progression → Injuries → Special' },
  'injury-core': { name: 'injury table for Core models', pronoun: 'it', where: 'House rules → Progression → Injuries → Core' },
  'requisition-awards': { name: 'requisition awards', pronoun: 'them', where: 'House rules → Progression → Requisition awards' },
  'requisition-chart': { name: 'requisition chart', pronoun: 'it', where: 'House rules → Progression → Requisition chart' },
  honours: { name: 'Battle Honours', pronoun: 'them', where: 'House rules → Progression → Battle Honours' },
};

export interface MissingTable {
  key: ProgressionTableKey;
  where: string;
  message: string;
}

export class MissingTableError extends Error {
  readonly key: ProgressionTableKey;
  readonly rulesetName: string;
  readonly where: string;
  constructor(rulesetName: string, key: ProgressionTableKey) {
    const info = INFO[key];
    super(`The ruleset '${rulesetName}' has no ${info.name} yet: enter ${info.pronoun} in ${info.where}`);
    this.name = 'MissingTableError';
    this.key = key;
    this.rulesetName = rulesetName;
    this.where = info.where;
  }
}

interface TableValues {
  'experience-awards': ExpAward[];
  'level-thresholds': LevelThreshold[];
  'advance-table': DiceTable;
  skills: SkillList[];
  'injury-team-leader': DiceTable;
  'injury-special': DiceTable;
  'injury-core': DiceTable;
  'requisition-awards': RequisitionAward[];
  'requisition-chart': DiceTable;
  honours: Honours;
}

function valueOf<K extends ProgressionTableKey>(r: Ruleset, key: K): TableValues[K] | null {
  const p = r.progression;
  const values: { [Q in ProgressionTableKey]: TableValues[Q] | null } = {
    'experience-awards': p.experience.awards,
    'level-thresholds': p.levelThresholds,
    'advance-table': p.advanceTable,
    skills: p.skills,
    'injury-team-leader': p.injuries['team-leader'],
    'injury-special': p.injuries.special,
    'injury-core': p.injuries.core,
    'requisition-awards': p.requisition.awards,
    'requisition-chart': p.requisition.chart,
    honours: p.honours,
  };
  return values[key];
}

/**
 * The tables this ruleset's progression system needs (an empty list counts as entered: "none").
 *
 * @example
 * requiredTables(battleHonoursPreset()); // → ['injury-team-leader', 'injury-special', 'injury-core', 'requisition-awards', 'honours']
 */
export function requiredTables(r: Ruleset): ProgressionTableKey[] {
  const keys: ProgressionTableKey[] = ['injury-team-leader', 'injury-special', 'injury-core', 'requisition-awards'];
  if (r.progression.requisition.usesChart) keys.push('requisition-chart');
  if (r.progression.system === 'experience-levels') keys.unshift('experience-awards', 'level-thresholds', 'advance-table', 'skills');
  else keys.push('honours');
  return keys;
}

/**
 * Every required table that is still `null`, in the order an organiser would fill them in.
 *
 * @example
 * missingTables(experienceLevelsPreset())[0]; // → { key: 'experience-awards', where: 'House rules → Progression → EXP awards' }
 */
export function missingTables(r: Ruleset): MissingTable[] {
  return requiredTables(r)
    .filter((key) => valueOf(r, key) === null)
    .map((key) => {
      const e = new MissingTableError(r.name, key);
      return { key, where: e.where, message: e.message };
    });
}

/**
 * The table, or a MissingTableError naming it and where to enter it.
 *
 * @example
 * requireTable(battleHonoursPreset(), 'injury-core').expression; // → 'D6'
 * requireTable(experienceLevelsPreset(), 'advance-table'); // → throws MissingTableError: The ruleset 'HoR campaign, Experience & Levels' has no advance table yet
 */
export function requireTable<K extends ProgressionTableKey>(r: Ruleset, key: K): TableValues[K] {
  const value = valueOf(r, key);
  if (value === null) throw new MissingTableError(r.name, key);
  return value;
}

/**
 * Gaps and overlaps of every dice table of the ruleset, prefixed with the table's name.
 *
 * @example
 * tableCoverageProblems(battleHonoursPreset()); // → []
 */
export function tableCoverageProblems(r: Ruleset): string[] {
  return allTables(r).flatMap((t) => validateTableCoverage(t).issues.map((i) => `${t.name}: ${i.message}`));
}
