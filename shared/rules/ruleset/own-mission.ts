/**
 * The club's own missions, made in House rules (issue 30 item 7: "House rules gets a mission editor … a mission made
 * there is planned, played, scored and printed like a built-in one"). Seed 004's six missions stay as the seed prints
 * them (their values can be changed, their words cannot); a copy of one becomes the club's own, with every value the
 * seed gives written out, since a mission that is not one of 004's scores only what its data says.
 */
import type { ExpBonus, Mission } from './schema';
import { MISSION_IDS, isMissionId } from '../hor/missions';
import { bonusEarnedFor, missionScoring, scoringData } from '../hor/mission-scoring';
import { CLUB_MISSION_IDS } from '../club-8th/missions';

/**
 * Whether the club made this mission (not one of seed 004's): House rules edits all of it.
 *
 * @example
 * isOwnMission({ id: 'relic-hunt' }); // → false
 * isOwnMission({ id: 'hold-the-bridge' }); // → true
 */
export const isOwnMission = (mission: Pick<Mission, 'id'>): boolean => !isMissionId(mission.id);

/** Ids a new mission may not take: the ruleset's missions, seed 004's and seed 003's (a mission of that id would be read as theirs). */
export function takenMissionIds(missions: readonly Pick<Mission, 'id'>[]): string[] {
  return [...MISSION_IDS, ...CLUB_MISSION_IDS, ...missions.map((m) => m.id)];
}

/** A new mission of the club's, to be written in House rules: every list empty, nothing scored but the secondaries. */
export function blankOwnMission(id: string, name = ''): Mission {
  return {
    id,
    name,
    summary: '',
    specialRules: [],
    setup: [],
    counters: [],
    victoryPoints: [],
    secondaryOverrides: {},
    endingConditions: [],
    automaticWins: [],
    bonusExperience: [],
    requisition: [],
    scoring: {},
    citation: { source: 'house rule', section: name || 'Club mission' },
  };
}

/** A deep copy of plain ruleset data (JSON by design: the rules package has no structuredClone). */
const copyOf = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * A copy of a mission as the club's own, under a new id and name: its scoring values and what each bonus is earned for
 * written out, so the copy scores as the original did until the club changes it.
 *
 * @example
 * const copy = ownCopyOf(getMission('sabotage'), 'sabotage-club', 'Sabotage (club)');
 * copy.scoring; // → { vpForEnemyMarker: 3, attackerAndDefender: false, automaticWin: 'none' }
 * copy.bonusExperience[0]?.earnedFor; // → 'enemy-marker-destroyed'
 */
export function ownCopyOf(mission: Mission, id: string, name: string): Mission {
  const bonusExperience = mission.bonusExperience.map((b): ExpBonus => {
    const earnedFor = bonusEarnedFor(b);
    return {
      ...copyOf(b),
      id: b.id.startsWith(`${mission.id}-`) ? `${id}-${b.id.slice(mission.id.length + 1)}` : b.id,
      ...(earnedFor ? { earnedFor } : {}),
    };
  });
  return {
    ...copyOf(mission),
    id,
    name,
    bonusExperience,
    scoring: scoringData(missionScoring(mission)),
    citation: { source: 'house rule', section: name, note: `A copy of ${mission.name} (${mission.citation.source} · ${mission.citation.section}).` },
  };
}
