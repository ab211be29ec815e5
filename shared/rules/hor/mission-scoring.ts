/**
 * The values a mission is scored by, read from the ruleset's copy of the mission (issue 19: "Mission VP, secondary
 * objective values and Bonus Campaign Experience become ruleset data that scoring reads; a club mission is scored from
 * the objectives and values its data gives"). Seed 004's six missions score as their "Victory Points" and "Ending the
 * Game" sections say unless the ruleset changed a value; a club's own mission scores only what its `scoring` gives
 * (and the secondary objectives, which every Kill Team mission scores: 004 "Secondary Objectives").
 */
import type { BonusEarnedFor, ExpBonus, Mission, MissionScoring } from '../ruleset/schema';
import { isMissionId } from './missions';
import type { MissionId } from './missions';

/** Seed 004's own values, mission by mission (each mission's "Victory Points" and "Ending the Game"). */
export const SEED_MISSION_SCORING: Readonly<Record<MissionId, MissionScoring>> = {
  // "Only secondary objectives score (with this mission's overrides)."
  skirmish: { automaticWin: 'none' },
  // "Each Relic counter is worth 1 VP"; all relics within 6" of their corner: "automatically won".
  'relic-hunt': { vpPerRelic: 1, automaticWin: 'all-relics-home' },
  // "he has broken through and he automatically wins"; "The Attacker always has the first turn". The Attacker sets up
  // "within 12\" of the corner", the Defender "anywhere on the table": no deployment zones (Step 3 is ignored).
  breakthrough: { attackerAndDefender: true, automaticWin: 'breakthrough', deploymentZones: false },
  // "A player that destroys their opponent's objective marker gains 3 VPs."
  sabotage: { vpForEnemyMarker: 3, automaticWin: 'none' },
  // "claims it and gains 1 VP"; "claiming all of the objectives … automatically wins".
  'seize-ground': { vpPerClaimedMarker: 1, automaticWin: 'all-objectives' },
  // "50% or more … the defender gains 3 VP", "25% or less … the attacker gets 3 VP", the banner "1 VP".
  // Set-up "within 6\" of the centre" and "more than 24\" away from any defending model": no deployment zones.
  'last-stand': { attackerAndDefender: true, defendingModels: { defenderVp: 3, attackerVp: 3, bannerVp: 1 }, automaticWin: 'none', deploymentZones: false },
};

/** A mission's scoring with every field decided: null = the mission does not score that way. */
export interface ResolvedScoring {
  vpPerRelic: number | null;
  vpForEnemyMarker: number | null;
  vpPerClaimedMarker: number | null;
  defendingModels: { defenderVp: number; attackerVp: number; bannerVp: number } | null;
  attackerAndDefender: boolean;
  automaticWin: 'all-relics-home' | 'breakthrough' | 'all-objectives' | null;
  /** The sides deploy in deployment zones (false: Breakthrough, Last Stand — no Lead from the Front). */
  deploymentZones: boolean;
  /** 000 "Victory Points": each enemy unit scores what 000's Victory Points Table gives (hor/vp-by-unit.ts). */
  victoryPointsByUnit: boolean;
  /** 000 "Margin of Victory" decides the result (only with `victoryPointsByUnit`; validate.ts refuses it otherwise). */
  marginOfVictory: boolean;
}

/**
 * The values a mission scores by: the ruleset's `scoring` over seed 004's for its own missions; only what `scoring`
 * gives for a club's mission.
 *
 * @example
 * missionScoring({ id: 'sabotage' }).vpForEnemyMarker; // → 3
 * missionScoring({ id: 'sabotage', scoring: { vpForEnemyMarker: 5 } }).vpForEnemyMarker; // → 5
 * missionScoring({ id: 'ambush' }).vpForEnemyMarker; // → null (a club mission without scoring data: secondaries only)
 */
export function missionScoring(mission: Pick<Mission, 'id'> & { scoring?: MissionScoring | undefined }): ResolvedScoring {
  const s: MissionScoring = { ...(isMissionId(mission.id) ? SEED_MISSION_SCORING[mission.id] : {}), ...(mission.scoring ?? {}) };
  return {
    vpPerRelic: s.vpPerRelic ?? null,
    vpForEnemyMarker: s.vpForEnemyMarker ?? null,
    vpPerClaimedMarker: s.vpPerClaimedMarker ?? null,
    defendingModels: s.defendingModels ?? null,
    attackerAndDefender: s.attackerAndDefender === true || s.defendingModels !== undefined || s.automaticWin === 'breakthrough',
    automaticWin: s.automaticWin === undefined || s.automaticWin === 'none' ? null : s.automaticWin,
    deploymentZones: s.deploymentZones !== false,
    victoryPointsByUnit: s.victoryPoints === 'by-unit',
    marginOfVictory: s.marginOfVictory === true,
  };
}

/** Seed 004's bonuses, by their id (each mission's "Bonus Campaign Experience"). */
const SEED_BONUS_EARNED_FOR: Readonly<Record<string, BonusEarnedFor>> = {
  'skirmish-special-kill': 'enemy-special-killed',
  'relic-hunt-carrier': 'relic-carried',
  'breakthrough-attacker-corner': 'attacker-in-defender-corner',
  'breakthrough-defender-wins': 'defender-wins',
  'sabotage-destroyer': 'enemy-marker-destroyed',
  'seize-ground-claim': 'objective-claimed',
  'last-stand-banner-alive': 'banner-alive',
  'last-stand-banner-killer': 'banner-bearer-killed',
};

/**
 * What a Bonus Campaign Experience is earned for: its `earnedFor`, else seed 004's bonus of that id; null = Herald
 * cannot tell from the result (a club's bonus without `earnedFor`): printed on the kit, awarded by the organiser.
 *
 * @example
 * bonusEarnedFor({ id: 'sabotage-destroyer' }); // → 'enemy-marker-destroyed'
 * bonusEarnedFor({ id: 'hold-the-bridge' }); // → null
 */
export function bonusEarnedFor(bonus: Pick<ExpBonus, 'id' | 'earnedFor'>): BonusEarnedFor | null {
  return bonus.earnedFor ?? SEED_BONUS_EARNED_FOR[bonus.id] ?? null;
}

/**
 * A resolved scoring back as data (what a game plan keeps, so the result screens ask for what the mission scores).
 *
 * @example
 * scoringData(missionScoring({ id: 'sabotage' })); // → { vpForEnemyMarker: 3, attackerAndDefender: false, automaticWin: 'none' }
 */
export function scoringData(r: ResolvedScoring): MissionScoring {
  return {
    ...(r.vpPerRelic !== null ? { vpPerRelic: r.vpPerRelic } : {}),
    ...(r.vpForEnemyMarker !== null ? { vpForEnemyMarker: r.vpForEnemyMarker } : {}),
    ...(r.vpPerClaimedMarker !== null ? { vpPerClaimedMarker: r.vpPerClaimedMarker } : {}),
    ...(r.defendingModels !== null ? { defendingModels: { ...r.defendingModels } } : {}),
    attackerAndDefender: r.attackerAndDefender,
    automaticWin: r.automaticWin ?? 'none',
    ...(r.deploymentZones ? {} : { deploymentZones: false }),
    // Written only when chosen, so plans of every other mission keep their content.
    ...(r.victoryPointsByUnit ? { victoryPoints: 'by-unit' as const } : {}),
    ...(r.marginOfVictory ? { marginOfVictory: true } : {}),
  };
}

/**
 * What Herald scores for a mission, in words (the game-night kit and the House rules page print it, so a value the club
 * changed is printed as it is scored).
 *
 * @example
 * scoringWords(missionScoring({ id: 'sabotage', scoring: { vpForEnemyMarker: 5 } })); // → ["Destroying the opponent's objective marker: 5 VP."]
 */
export function scoringWords(r: ResolvedScoring): string[] {
  const out: string[] = [];
  if (r.vpPerRelic !== null) out.push(`Each Relic counter held at the end: ${r.vpPerRelic} VP.`);
  if (r.vpForEnemyMarker !== null) out.push(`Destroying the opponent's objective marker: ${r.vpForEnemyMarker} VP.`);
  if (r.vpPerClaimedMarker !== null) out.push(`Each objective marker claimed at the end: ${r.vpPerClaimedMarker} VP.`);
  if (r.defendingModels !== null) {
    const d = r.defendingModels;
    out.push(`50% or more of the 'defending models' left: ${d.defenderVp} VP to the defender; 25% or less: ${d.attackerVp} VP to the attacker.`);
    out.push(`The banner still in play at the end: ${d.bannerVp} VP to the defender.`);
  }
  if (r.victoryPointsByUnit)
    out.push(
      'Victory Points by unit (000): each enemy unit destroyed or still in reserve at the end gives its points value; below 50% strength, half of it (rounded up).',
    );
  if (r.marginOfVictory)
    out.push(
      'Margin of Victory (000): a VP difference of 10% of the points limit or less is a Draw; more is a Solid Victory, over 50% a Crushing Victory, over 80% a Victorious Slaughter!',
    );
  if (!r.deploymentZones) out.push('No deployment zones: no model ends in the enemy deployment zone, so Lead from the Front is not scored.');
  return out;
}
