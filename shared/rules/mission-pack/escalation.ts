/**
 * Escalation (000 "Escalation"; 002 identical, same "Creatures. Bikes" slip read as a comma).
 */

/** Unit types 000 names as not deployable at the start under Escalation ("so no ... etc": the list is not closed). */
export const ESCALATION_EXCLUDED_TYPES = ['monstrous-creature', 'bike', 'jump-infantry', 'artillery', 'beast'] as const;

export interface EscalationUnit {
  /** The unit is basic infantry (the player says so: the seed's "etc" leaves the line to the club). */
  basicInfantry: boolean;
  hasDedicatedTransport: boolean;
  /** It has a special rule such as Scouts "that allows them to deploy on-table" (applies as normal). */
  deploysOnTableBySpecialRule?: boolean;
  /** The mission rules state otherwise for this unit. */
  missionAllows?: boolean;
}

/**
 * May this unit be deployed at the start of a game using Escalation? 000: "only basic infantry units that do not have
 * dedicated transports ... may be deployed at the start of the game, unless the mission rules state otherwise"; "All
 * units not deployed are in reserve"; Scouts-like rules "apply as normal".
 *
 * @example
 * escalationDeployment({ basicInfantry: true, hasDedicatedTransport: false }); // → 'deploy'
 * escalationDeployment({ basicInfantry: false, hasDedicatedTransport: false }); // → 'reserve'
 */
export function escalationDeployment(unit: EscalationUnit): 'deploy' | 'reserve' {
  if (unit.missionAllows === true || unit.deploysOnTableBySpecialRule === true) return 'deploy';
  return unit.basicInfantry && !unit.hasDedicatedTransport ? 'deploy' : 'reserve';
}

/**
 * 000: "The Escalation special rule is always used in combination with the Reserves special rule." Returns the
 * mission's special rules with Reserves added when Escalation is present.
 *
 * @example
 * withEscalationReserves(['escalation']); // → ['escalation', 'reserves']
 */
export function withEscalationReserves(ruleIds: readonly string[]): string[] {
  const out = [...ruleIds];
  if (out.includes('escalation') && !out.includes('reserves')) out.push('reserves');
  return out;
}
