/**
 * Seed 004's core rules as the non-progression part of a Ruleset: every preset built on Heralds of Ruin Kill Team
 * v2.1 starts from this.
 */
import type { Ruleset } from '../ruleset/schema';
import { MISSIONS } from './missions';
import { OPTIONAL_RULES, IN_GAME_INJURY_TABLE, WEATHER_TABLE } from './optional-rules';
import { SECONDARY_OBJECTIVES } from './secondary-objectives';
import { DEPLOYMENT_TABLE, MISSION_TABLE } from './setup';
import { ALWAYS_IN_EFFECT, SPECIAL_RULES } from './special-rules';

/** 004 "Building your Team": "write a 250 point team". */
export const TEAM_POINTS_LIMIT = 250;

export type CoreRules = Omit<Ruleset, 'id' | 'name' | 'version' | 'schemaVersion' | 'description' | 'progression'>;

/**
 * A fresh copy each call, so a preset (or an organiser's edit) can never change the shared constants.
 *
 * @example
 * horCoreRules().team.pointsLimit; // → 250
 * horCoreRules().alwaysInEffect; // → ['night-fighting', 'reserves', 'built-up-area', 'run-away']
 */
export function horCoreRules(): CoreRules {
  const data: CoreRules = {
    team: { pointsLimit: TEAM_POINTS_LIMIT },
    alwaysInEffect: [...ALWAYS_IN_EFFECT],
    specialRules: [...SPECIAL_RULES],
    missions: [...MISSIONS],
    missionTable: MISSION_TABLE.id,
    diceTables: [MISSION_TABLE, DEPLOYMENT_TABLE, WEATHER_TABLE, IN_GAME_INJURY_TABLE],
    secondaryObjectives: [...SECONDARY_OBJECTIVES],
    optionalRules: [...OPTIONAL_RULES],
  };
  return JSON.parse(JSON.stringify(data)) as CoreRules;
}
