/**
 * The five Secondary Objectives (004 "Secondary Objectives": "All Secondary Missions are worth 1 Victory Point")
 * and the checks that decide who achieved them. Missions change some VP values (see missions.ts).
 */
import type { Mission, SecondaryObjective } from '../ruleset/schema';
import { cite004 } from './cite';
import type { GameFacts, ModelFacts, Side } from './facts';
import type { ResolvedScoring } from './mission-scoring';
import { aliveCount, opponent, sideModels } from './facts';

const SECTION = 'Secondary Objectives';

export const SECONDARY_OBJECTIVES: readonly SecondaryObjective[] = [
  { id: 'come-back-you-cowards', name: 'Come Back You Cowards!', vp: 1, condition: 'Your opponent fails a Run Away! test.', citation: cite004(SECTION) },
  {
    id: 'assassination',
    name: 'Assassination',
    vp: 1,
    condition: 'The enemy Team Leader is taken out as a casualty by one of your team.',
    citation: cite004(SECTION),
  },
  { id: 'survival', name: 'Survival', vp: 1, condition: "Over 75% of a Kill Team's models are alive at the end of the game.", citation: cite004(SECTION) },
  {
    id: 'destroyer',
    name: 'Destroyer',
    vp: 1,
    condition: "Under 25% of the enemy's models are left alive at the end of the game (does not count if he runs away!).",
    citation: cite004(SECTION),
  },
  {
    id: 'lead-from-the-front',
    name: 'Lead from the Front',
    vp: 1,
    condition: "A player's Team Leader is in the enemy deployment zone at the end of the game.",
    citation: cite004(SECTION),
  },
];

export type SecondaryId = 'come-back-you-cowards' | 'assassination' | 'survival' | 'destroyer' | 'lead-from-the-front';

/**
 * Whether a model still in reserve at the end (never on the table: `notArrived`) is one of the models Survival ("Over
 * 75% of a Kill Team's models are alive") and Destroyer ("Under 25% of the enemy's models are left alive") count: the
 * seed does not say; the club's reading `Readings.reservesInSecondaries` (game/result-readings.ts), by default
 * counted, as alive.
 */
export type ReservesInSecondaries = 'counted' | 'left-out';

/** The models Survival and Destroyer count, under the club's reading of models still in reserve. */
export function countedForSecondaries(models: readonly ModelFacts[], reserves: ReservesInSecondaries): ModelFacts[] {
  return reserves === 'left-out' ? models.filter((m) => m.notArrived !== true) : [...models];
}

/**
 * Did `side` achieve the secondary objective? Returns the reason when it did, null when it did not.
 *
 * @example
 * const facts: GameFacts = { ending: { kind: 'turns' }, models: [{ id: 'a-boss', side: 'a', type: 'team-leader', aliveAtEnd: true }, { id: 'b-sarge', side: 'b', type: 'team-leader', aliveAtEnd: false, outOfAction: { by: 'a-boss', how: 'melee' } }, { id: 'b-vox', side: 'b', type: 'special', aliveAtEnd: true }] };
 * secondaryAchieved('assassination', 'a', facts); // → 'the enemy Team Leader was taken out as a casualty by this team'
 * secondaryAchieved('survival', 'b', facts); // → null (1 of 2 alive)
 */
export function secondaryAchieved(id: SecondaryId, side: Side, facts: GameFacts, reserves: ReservesInSecondaries = 'counted'): string | null {
  const enemy = opponent(side);
  const own = sideModels(facts, side);
  const theirs = sideModels(facts, enemy);
  switch (id) {
    case 'come-back-you-cowards':
      // A voluntarily failed test is still a failed test (004 "Run Away!": "choose to voluntarily fail").
      return facts.ending.kind === 'run-away' && facts.ending.side === enemy ? 'the opponent failed a Run Away! test' : null;
    case 'assassination': {
      const ownIds = new Set(own.map((m) => m.id));
      const leader = theirs.find((m) => m.type === 'team-leader' && !m.aliveAtEnd && m.outOfAction?.by != null && ownIds.has(m.outOfAction.by));
      return leader ? 'the enemy Team Leader was taken out as a casualty by this team' : null;
    }
    case 'survival': {
      // "Over 75%": strictly more than three quarters.
      const counted = countedForSecondaries(own, reserves);
      const alive = aliveCount(counted);
      return counted.length > 0 && alive * 4 > counted.length * 3 ? `${alive} of ${counted.length} models alive (over 75%)` : null;
    }
    case 'destroyer': {
      // "does not count if he runs away!": no Destroyer against a team that failed a Run Away! test.
      if (facts.ending.kind === 'run-away' && facts.ending.side === enemy) return null;
      const counted = countedForSecondaries(theirs, reserves);
      const alive = aliveCount(counted);
      return counted.length > 0 && alive * 4 < counted.length ? `${alive} of ${counted.length} enemy models left alive (under 25%)` : null;
    }
    case 'lead-from-the-front': {
      const leader = own.find((m) => m.type === 'team-leader' && m.aliveAtEnd && m.inEnemyDeploymentZone === true);
      return leader ? 'the Team Leader is in the enemy deployment zone' : null;
    }
  }
}

/**
 * Whether a mission offers a secondary objective: all five, except Lead from the Front ("A player's Team Leader is in
 * the enemy deployment zone") where the mission sets up without deployment zones (004 Breakthrough, Last Stand).
 *
 * @example
 * secondaryOffered('lead-from-the-front', missionScoring(getMission('breakthrough'))); // → false
 * secondaryOffered('lead-from-the-front', missionScoring(getMission('skirmish'))); // → true
 */
export function secondaryOffered(id: string, scoring: Pick<ResolvedScoring, 'deploymentZones'>): boolean {
  return id !== 'lead-from-the-front' || scoring.deploymentZones;
}

/**
 * VP a secondary objective is worth in a mission (the mission's override, else the objective's own value).
 *
 * @example
 * const destroyer = SECONDARY_OBJECTIVES.find((s) => s.id === 'destroyer')!;
 * secondaryValue(destroyer, getMission('skirmish')); // → 2
 * secondaryValue(destroyer, getMission('sabotage')); // → 1
 */
export function secondaryValue(objective: SecondaryObjective, mission: Pick<Mission, 'secondaryOverrides'>): number {
  return mission.secondaryOverrides[objective.id] ?? objective.vp;
}
