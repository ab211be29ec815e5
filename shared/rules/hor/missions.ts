/**
 * The six Kill Team missions of seed 004 ("Missions", Mission 1 to 6) as data. Scoring and EXP are computed in
 * scoring.ts and experience.ts from these same records, so the numbers live in one place.
 */
import type { DiceSource, RollRecord } from '../dice';
import type { Mission } from '../ruleset/schema';
import { cite004 } from './cite';

const TL_SPECIAL = ['team-leader', 'special'] as const;

export const SKIRMISH: Mission = {
  id: 'skirmish',
  name: 'Skirmish',
  summary: 'Two Kill Teams looking for trouble – neither is prepared to turn his back and let his opponent get away without a fight.',
  specialRules: [],
  setup: ['Normal set-up: Step 3 deployment.'],
  counters: [],
  victoryPoints: [
    "You gain an additional 1 VP (for a total of 2 VPs) for the 'Assassination' and 'Destroyer' secondary objectives.",
    "The 'Come Back You Cowards!' secondary objective is now worth 3 VP.",
  ],
  secondaryOverrides: { assassination: 2, destroyer: 2, 'come-back-you-cowards': 3 },
  endingConditions: [],
  automaticWins: [],
  bonusExperience: [
    {
      id: 'skirmish-special-kill',
      exp: 1,
      per: 'each',
      modelTypes: [...TL_SPECIAL],
      condition: 'A Team Leader or Special model gains +1 EXP for each enemy Special model it kills through shooting or melee attacks.',
    },
  ],
  requisition: [],
  citation: cite004('Mission 1: Skirmish'),
};

export const RELIC_HUNT: Mission = {
  id: 'relic-hunt',
  name: 'Relic Hunt',
  summary: 'Two Kill Teams hunting for relics or important equipment; each tries to drive the other off and grab them.',
  specialRules: ['relics'],
  setup: [
    'After placing terrain, place D3+2 Relic counters, before deciding deployment zones.',
    'Players take turns to place a counter; roll a D6 to see which player goes first.',
    'Relic counters must be placed more than 6" from the table edge and at least 6" away from each other.',
  ],
  counters: [{ kind: 'relic', count: 'D3+2', placement: 'More than 6" from the table edge and at least 6" from each other.' }],
  victoryPoints: ['Each Relic counter is worth 1 VP to whatever player holds it at the end of the game.'],
  secondaryOverrides: {},
  endingConditions: [
    'If a Kill Team has captured all the Relic counters and the models carrying them are within 6" of their table corner at the start of their turn, the game ends.',
  ],
  automaticWins: ['That Kill Team (all relics, carriers within 6" of their table corner at the start of their turn) automatically wins.'],
  bonusExperience: [
    {
      id: 'relic-hunt-carrier',
      exp: 1,
      per: 'each',
      modelTypes: [...TL_SPECIAL],
      condition: 'A Team Leader or Special model carrying Relics at the end of the game receives +1 EXP per counter.',
    },
  ],
  requisition: [
    'After the game each Kill Team cashes in its Relics: each Relic counter is worth D6 Requisition Points, added once both players have rolled on the Requisition Chart.',
  ],
  citation: cite004('Mission 2: Relic Hunt'),
};

export const BREAKTHROUGH: Mission = {
  id: 'breakthrough',
  name: 'Breakthrough',
  summary: "One Kill Team tries to break through the enemy's battle line, to flee its pursuers or rush the enemy's command.",
  specialRules: [],
  setup: [
    'After terrain, before deployment, each player rolls a die; whoever scores higher decides which player is the Attacker.',
    'The Attacker chooses a table corner and sets up first, within 12" of the corner.',
    'The Defender sets up anywhere on the table with all his models at least 18" away from any attacker.',
    'The Attacker always has the first turn.',
  ],
  counters: [],
  victoryPoints: ["The 'Come Back You Cowards!' secondary objective is now worth 3 VP."],
  secondaryOverrides: { 'come-back-you-cowards': 3 },
  endingConditions: [
    "If the Attacker moves 25% or more of his models to within 6\" of the Defender's table corner and has also killed 25% or more of the Defender's team, he has broken through and the game ends.",
  ],
  automaticWins: ['The Attacker automatically wins when he breaks through.'],
  bonusExperience: [
    {
      id: 'breakthrough-attacker-corner',
      exp: 1,
      per: 'once',
      modelTypes: [...TL_SPECIAL],
      condition: 'An Attacker Team Leader or Special model that ends the game within 6" of the Defender\'s table corner gains +1 EXP.',
    },
    {
      id: 'breakthrough-defender-wins',
      exp: 2,
      per: 'once',
      modelTypes: ['team-leader'],
      condition: 'If the Defender wins, the defending Team Leader gains an extra +2 EXP.',
    },
  ],
  requisition: [],
  citation: cite004('Mission 3: Breakthrough'),
};

export const SABOTAGE: Mission = {
  id: 'sabotage',
  name: 'Sabotage',
  summary: "Each Kill Team is attempting to destroy a vital objective of the enemy's: a communications relay, fuel depot…",
  specialRules: ['sabotage-objective'],
  setup: ['Each player places an objective marker in their deployment zone when they deploy, more than 6" from the table edge.'],
  counters: [{ kind: 'objective', count: 2, placement: 'One per player, in their own deployment zone, more than 6" from the table edge.' }],
  victoryPoints: ["A player that destroys their opponent's objective marker gains 3 VPs."],
  secondaryOverrides: {},
  endingConditions: [],
  automaticWins: [],
  bonusExperience: [
    {
      id: 'sabotage-destroyer',
      exp: 2,
      per: 'once',
      modelTypes: [...TL_SPECIAL],
      condition: 'A Team Leader or Special model that destroys an objective marker gains +2 EXP.',
    },
  ],
  requisition: [],
  citation: cite004('Mission 4 – Sabotage'),
};

export const SEIZE_GROUND: Mission = {
  id: 'seize-ground',
  name: 'Seize Ground',
  summary: 'The battlefield is strewn with discarded equipment, wounded comrades and supply caches that each team wishes to hold.',
  specialRules: [],
  setup: [
    'After placing terrain, place D3+2 objective markers.',
    'Players take turns to place a marker; roll a D6 to see which player goes first.',
    'Objective markers must be placed more than 6" from the table edge and at least 10" away from each other.',
  ],
  counters: [{ kind: 'objective', count: 'D3+2', placement: 'More than 6" from the table edge and at least 10" from each other.' }],
  victoryPoints: ['A player with a model within 2" of an objective at the end of the game, and no enemies also within 2", claims it and gains 1 VP.'],
  secondaryOverrides: {},
  endingConditions: ['If, after the third turn, one player is claiming all of the objectives at the end of a game turn, the game immediately ends.'],
  automaticWins: ['The team that has all the objectives automatically wins.'],
  bonusExperience: [
    {
      id: 'seize-ground-claim',
      exp: 1,
      per: 'once',
      modelTypes: [...TL_SPECIAL],
      condition: 'A Team Leader or Special model that claims an objective marker at the end of the game receives +1 EXP.',
    },
  ],
  requisition: [],
  citation: cite004('Mission 5 – Seize Ground'),
};

export const LAST_STAND: Mission = {
  id: 'last-stand',
  name: 'Last Stand',
  summary: 'One Kill Team is a defender waiting for reinforcements, whilst the other is the attacker.',
  specialRules: ['last-stand-banner', 'last-stand-reinforcements'],
  setup: [
    'Defensive Terrain: place a fair amount of cover in the centre of the board (a building or ruin, or barricades offering at least a 5+ cover save).',
    'Ignore all special rules that dictate deployment (Deathwing Assault, Scouts, Infiltrators).',
    'Decide the attacker and the defender, or roll a D6.',
    "The defender splits his Kill Team in half by model count and deploys one half (the 'defending models') within 6\" of the centre of the table; the other half are the 'reinforcements'.",
    'The attacker deploys his entire force anywhere more than 24" away from any defending model.',
    'The attacker always gets the first turn.',
  ],
  counters: [],
  victoryPoints: [
    "If 50% or more of the 'defending models' are left at the end of the game, the defender gains 3 VP.",
    "If 25% or less of the 'defending models' are left, the attacker gets 3 VP.",
    'If a banner is used, 1 VP is awarded to the defender if it is still in play at the end of the game.',
  ],
  secondaryOverrides: {},
  endingConditions: [],
  automaticWins: [],
  bonusExperience: [
    { id: 'last-stand-banner-alive', exp: 2, per: 'once', modelTypes: [], condition: 'If the banner-bearer is alive at the end of the game he gains +2 EXP.' },
    {
      id: 'last-stand-banner-killer',
      exp: 2,
      per: 'once',
      modelTypes: [...TL_SPECIAL],
      condition: 'If a Team Leader or Special model kills the banner-bearer he gains +2 EXP.',
    },
  ],
  requisition: [],
  citation: cite004(
    'Mission 6: Last Stand',
    'The mission heading and the first lines of its text are lost in the OCR of seed 004; the name comes from the mission table.',
  ),
};

export const MISSIONS: readonly Mission[] = [SKIRMISH, RELIC_HUNT, BREAKTHROUGH, SABOTAGE, SEIZE_GROUND, LAST_STAND];

export type MissionId = 'skirmish' | 'relic-hunt' | 'breakthrough' | 'sabotage' | 'seize-ground' | 'last-stand';
export const MISSION_IDS: readonly MissionId[] = ['skirmish', 'relic-hunt', 'breakthrough', 'sabotage', 'seize-ground', 'last-stand'];

/**
 * Is `id` one of seed 004's six missions?
 *
 * @example
 * isMissionId('relic-hunt'); // → true
 * isMissionId('vital-intelligence'); // → false
 */
export function isMissionId(id: string): id is MissionId {
  return (MISSION_IDS as readonly string[]).includes(id);
}

/**
 * Seed 004's mission with this id; throws naming the six missions when there is none.
 *
 * @example
 * getMission('relic-hunt').name; // → 'Relic Hunt'
 * getMission('nope'); // → throws Seed 004 has no mission "nope"
 */
export function getMission(id: string): Mission {
  const mission = MISSIONS.find((m) => m.id === id);
  if (!mission) throw new Error(`Seed 004 has no mission "${id}": the missions are ${MISSION_IDS.join(', ')}.`);
  return mission;
}

/**
 * Roll the set-up counters of a mission (004 Relic Hunt and Seize Ground: "Roll D3+2 to see how many").
 * Fixed counts (Sabotage: one marker per player) need no roll.
 *
 * @example
 * rollMissionCounters('relic-hunt', new PhysicalDice([[2]])); // → [{ kind: 'relic', count: 4 }]
 * rollMissionCounters('sabotage', new PhysicalDice()); // → [{ kind: 'objective', count: 2, roll: null }]
 */
export function rollMissionCounters(missionId: string, dice: DiceSource): { kind: 'relic' | 'objective'; count: number; roll: RollRecord | null }[] {
  const mission = getMission(missionId);
  return mission.counters.map((c) => {
    if (typeof c.count === 'number') return { kind: c.kind, count: c.count, roll: null };
    const roll = dice.roll(c.count, `${mission.name}: number of ${c.kind === 'relic' ? 'Relic counters' : 'objective markers'}`);
    return { kind: c.kind, count: roll.total, roll };
  });
}

/**
 * Last Stand split (004 "Mission 6 / Deployment": "split his Kill Team in half (by model count)"). The seed does not
 * say which half gets the odd model: choice — the defender may put it in either half, so both sizes are allowed.
 * A team given as its units' sizes keeps each unit whole (a Squad is one unit, 004 "Squad": "Simply treat the unit
 * as normal"): the halves are then as near to half the models as whole units allow (docs/decisions.md "Issue 30").
 *
 * @example
 * lastStandDefendingSizes(8); // → [4]
 * lastStandDefendingSizes(9); // → [4, 5]
 * lastStandDefendingSizes([1, 1, 1, 10]); // → [3, 10] (a Squad of ten and three single models: 13 models)
 */
export function lastStandDefendingSizes(team: number | readonly number[]): number[] {
  const units = typeof team === 'number' ? Array.from({ length: team }, () => 1) : team;
  const total = units.reduce((n, u) => n + u, 0);
  // The numbers of models some choice of whole units makes (a subset sum).
  const reachable = new Set<number>([0]);
  for (const size of units) for (const s of [...reachable]) reachable.add(s + size);
  const off = (s: number) => Math.abs(2 * s - total);
  const best = Math.min(...[...reachable].map(off));
  return [...reachable].filter((s) => off(s) === best).sort((x, y) => x - y);
}
