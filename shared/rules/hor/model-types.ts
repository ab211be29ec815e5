/**
 * Model types of seed 004 as data. Team Lists (not in the seeds) say which type each model is; these are the rules
 * that follow from the type.
 */
import type { Citation, ModelType } from '../ruleset/schema';
import { cite004 } from './cite';

export interface ModelTypeInfo {
  id: ModelType;
  name: string;
  rules: string[];
  citation: Citation;
}

export const MODEL_TYPES: readonly ModelTypeInfo[] = [
  {
    id: 'team-leader',
    name: 'Team Leader',
    rules: [
      'The only models classed as Characters, with the full Character rules (Look Out Sir, Precision Strikes, Challenges).',
      'May choose the closest friendly model within 6" to take a hit during Look Out, Sir – not just within his own unit.',
      'His unmodified Leadership is used for Run Away! tests.',
    ],
    citation: cite004('Characters'),
  },
  {
    id: 'special',
    name: 'Special',
    rules: ["Team Leaders and Special models earn the missions' Bonus Campaign Experience."],
    citation: cite004('Missions / Bonus Campaign Experience'),
  },
  {
    id: 'core',
    name: 'Core',
    rules: ['A model within a Squad counts as Core when determining whether a model gives VP or bonus EXP.'],
    citation: cite004('Squad'),
  },
];

/** Rules every model has (004 "A Team of Heroes"), except models in a Squad. */
export const A_TEAM_OF_HEROES = {
  name: 'A Team of Heroes',
  text: 'All models in a Kill Team game act completely independently, and are classed as single model units in all respects.',
  citation: cite004('A Team of Heroes'),
} as const;

/** Model special rules of the Team Lists that the app tracks (004, unique Special Rules). */
export const MODEL_SPECIAL_RULE_IDS = ['inspiring-presence', 'non-learning', 'non-flammable', 'squad'] as const;
export type ModelSpecialRuleId = (typeof MODEL_SPECIAL_RULE_IDS)[number];
