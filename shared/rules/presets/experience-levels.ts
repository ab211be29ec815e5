/**
 * Preset "HoR campaign, Experience & Levels" (docs/progression.md): the structure of the 2013 campaign rules
 * that go with core rules v2.1. Their numbers are not known, so every organiser-entered table is `null`
 * ("not entered yet"); the app names the missing table instead of inventing numbers (see require.ts).
 */
import type { Progression, Ruleset } from '../ruleset/schema';
import { RULESET_SCHEMA_VERSION } from '../ruleset/schema';
import { horCoreRules } from '../hor/core';

export const EXPERIENCE_LEVELS_ID = 'hor-experience-levels';

function experienceLevelsProgression(): Progression {
  return {
    system: 'experience-levels',
    experience: { awards: null, missionBonuses: true },
    levelThresholds: null,
    advanceTable: null,
    skills: null,
    injuries: { 'team-leader': null, special: null, core: null },
    injuryFollowUps: [],
    requisition: { awards: [], multipliers: [], chart: null, usesChart: true },
    honours: null,
    notes: [
      'Models earn EXP after each game; a model with enough EXP goes up a Level; a Level gives a characteristic increase or a skill rolled on the advance table.',
      'Every Bonus Campaign Experience of the seed 004 missions is included (Team Leaders and Special models).',
      'Non-Learning models never gain EXP (seed 004 "Non-Learning").',
      "The 2013 documents name Mighty Blow, Acrobat and Powerful among the skills; enter the skill lists from the club's copy.",
      'After each game a team rolls on the requisition chart; relics add D6 each after both players have rolled (seed 004 Relic Hunt).',
      "Unique Weapons and hireable Legendary Heroes exist (a hero has a hire fee and an upkeep fee per game); enter them from the club's copy.",
      'To be entered by the organiser: EXP awards, level thresholds, advance table, skill lists, serious injury tables, requisition chart.',
    ],
  };
}

/**
 * The "HoR campaign, Experience & Levels" preset (docs/progression.md): seed 004's core rules and the structure of the 2013
 * progression, with every organiser table still null. A fresh copy each call.
 *
 * @example
 * experienceLevelsPreset().progression.levelThresholds; // → null (the organiser enters it)
 */
export function experienceLevelsPreset(): Ruleset {
  return {
    id: EXPERIENCE_LEVELS_ID,
    name: 'HoR campaign, Experience & Levels',
    version: '1.0.0',
    schemaVersion: RULESET_SCHEMA_VERSION,
    description:
      "Heralds of Ruin Kill Team core rules v2.1 (seed 004) with the structure of the 2013 campaign rules: EXP, Levels and advances. The tables are entered by the club organiser from the club's copy.",
    ...horCoreRules(),
    progression: experienceLevelsProgression(),
  };
}
