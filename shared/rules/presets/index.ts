import type { Ruleset } from '../ruleset/schema';
import { battleHonoursPreset } from './battle-honours';
import { experienceLevelsPreset } from './experience-levels';

export { BATTLE_HONOURS_ID, battleHonoursPreset } from './battle-honours';
export { EXPERIENCE_LEVELS_ID, experienceLevelsPreset } from './experience-levels';
export { MissingTableError, missingTables, requireTable, requiredTables, tableCoverageProblems } from './require';
export type { MissingTable, ProgressionTableKey } from './require';

/**
 * The presets shipped with the app; the first is the default for a new campaign (docs/progression.md).
 *
 * @example
 * presets().map((p) => p.name); // → ['HoR campaign, Battle Honours', 'HoR campaign, Experience & Levels']
 */
export function presets(): Ruleset[] {
  // Deep copies: the presets share table objects with the seed data, and a caller may edit what it gets.
  return [battleHonoursPreset(), experienceLevelsPreset()].map((r) => JSON.parse(JSON.stringify(r)) as Ruleset);
}
