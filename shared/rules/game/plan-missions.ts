/**
 * Each seed-004 mission's own set-up (issue 32: split from plan.ts, which calls these in 004's order): the counters
 * of Relic Hunt, Seize Ground and Sabotage; the Attacker and Defender of Breakthrough and Last Stand; and who deploys
 * first in the two missions that ignore 004 Step 3.
 */
import type { RollLog } from '../dice';
import type { Mission } from '../ruleset/schema';
import { opponent, sideName } from '../hor/facts';
import { MISSIONS_WITH_OWN_DEPLOYMENT } from '../hor/setup';
import type { ResolvedScoring } from '../hor/mission-scoring';
import { attackerChoice } from './choices';
import type { PlanChoice } from './choices';
import type { GamePlan, GamePlanOptions } from './plan-schema';
import { rollOff } from './plan-steps';

/** The mission's counters, rolled or set, and who places the first (a roll-off unless the players said). */
export function missionCounters(mission: Mission, opts: GamePlanOptions, log: RollLog): Pick<GamePlan, 'counters' | 'firstToPlaceCounters'> {
  const counters: GamePlan['counters'] = mission.counters.map((c) => {
    if (typeof c.count === 'number') return { kind: c.kind, count: c.count, how: 'mission', placement: c.placement };
    const noun = c.kind === 'relic' ? 'Relic counters' : 'objective markers';
    const roll = log.roll(c.count, `${mission.name}: number of ${noun}`);
    return { kind: c.kind, count: roll.total, how: 'rolled', placement: c.placement };
  });
  // "Each player takes it in turn to place a counter. Roll a D6 to see which player goes first."
  let firstToPlaceCounters: GamePlan['firstToPlaceCounters'] = null;
  if (counters.some((c) => c.how === 'rolled')) {
    if (opts.firstToPlaceCounters === 'roll-off') {
      firstToPlaceCounters = { side: rollOff(log, `${mission.name}: who places the first counter`).winner, how: 'rolled' };
    } else firstToPlaceCounters = { side: opts.firstToPlaceCounters, how: 'chosen' };
  }
  return { counters, firstToPlaceCounters };
}

/** Attacker and defender (004 Breakthrough, Last Stand): rolled off, or decided by the players; the choice it asks. */
export function missionRoles(
  mission: Mission,
  scoring: ResolvedScoring,
  opts: GamePlanOptions,
  log: RollLog,
): { roles: GamePlan['roles']; choices: PlanChoice[] } {
  let roles: GamePlan['roles'] = null;
  const choices: PlanChoice[] = [];
  if (scoring.attackerAndDefender) {
    // Last Stand: "either by deciding yourselves, or by rolling a d6"; Breakthrough is always rolled off.
    const playersMayDecide = mission.id === 'last-stand';
    const made = opts.attacker !== undefined || opts.rollOffWinnerChooses !== undefined;
    const decided = opts.attacker === undefined || opts.attacker === 'roll-off' ? null : opts.attacker;
    if (decided === null) {
      const off = rollOff(log, `${mission.name}: attacker roll-off`);
      const chooses = opts.rollOffWinnerChooses ?? 'attacker';
      const attacker = chooses === 'attacker' ? off.winner : opponent(off.winner);
      roles = {
        attacker,
        defender: opponent(attacker),
        how: 'rolled',
        reason: made
          ? `${sideName(off.winner)} won the roll-off and chose to be the ${chooses === 'attacker' ? 'Attacker' : 'Defender'}.`
          : `${sideName(off.winner)} won the roll-off and has not said yet who attacks: until it does, the plan has it attack.`,
      };
      choices.push(attackerChoice(off.winner, chooses === 'attacker' ? 'winner-attacks' : 'winner-defends', made, playersMayDecide));
    } else {
      roles = {
        attacker: decided,
        defender: opponent(decided),
        how: 'chosen',
        reason: `The players decided that ${sideName(decided)} attacks.`,
      };
      // (An API caller may have decided a Breakthrough's Attacker too: the answer stays listed.)
      choices.push(attackerChoice(null, decided, true, true));
    }
  }
  return { roles, choices };
}

const ownDeployment = (missionId: string): boolean => (MISSIONS_WITH_OWN_DEPLOYMENT as readonly string[]).includes(missionId);

/** Who deploys first in a mission with its own deployment (004 Breakthrough, Last Stand); null for 004 Step 3's. */
export function ownDeploysFirst(mission: Mission, roles: GamePlan['roles']): GamePlan['deploysFirst'] | null {
  if (!ownDeployment(mission.id) || !roles) return null;
  const first = mission.id === 'breakthrough' ? roles.attacker : roles.defender;
  return {
    side: first,
    how: 'mission',
    reason:
      mission.id === 'breakthrough'
        ? 'The Attacker sets up first (004 Mission 3: Breakthrough).'
        : "The defender deploys his 'defending models' first, then the attacker (004 Mission 6: Last Stand).",
  };
}
