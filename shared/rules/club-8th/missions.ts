/**
 * The six missions of seed 003 ("Приложение 3." = Appendix 3): Eternal War — Vital Intelligence, Beachhead, No Mercy;
 * Maelstrom of War — Visions of Victory, Tactical Escalation, Deadlock. The ruleset schema's `Mission` is shaped for
 * Kill Team (relics, bonus EXP, requisition), so these use their own schema, `ClubMission`.
 */
import { z } from 'zod';
import { Citation, RuleId } from '../ruleset/schema';
import type { DiceTable } from '../ruleset/schema';
import { cite003 } from './cite';

export const MissionRule = z.object({ id: RuleId, name: z.string().min(1), text: z.string().min(1) });
export type MissionRule = z.infer<typeof MissionRule>;

export const VictoryCondition = z.object({
  id: RuleId,
  name: z.string().min(1),
  /** Fixed VP of the condition; null when it varies (per marker, per unit, per Tactical Objective). */
  vp: z.number().int().nullable(),
  text: z.string().min(1),
});
export type VictoryCondition = z.infer<typeof VictoryCondition>;

export const BattleLengthRule = z.object({
  /** Rolls made at the end of a battle round: who rolls a D6 and what continues the game. */
  checks: z.array(
    z.object({ afterRound: z.number().int().min(1), roller: z.enum(['first-turn-player', 'second-turn-player']), continueOn: z.number().int().min(2).max(6) }),
  ),
  /** "The battle automatically ends at the end of battle round 7." */
  lastRound: z.number().int().min(1),
});
export type BattleLengthRule = z.infer<typeof BattleLengthRule>;

export const TacticalObjectivesRule = z.discriminatedUnion('kind', [
  /** Visions of Victory: "fewer than 4 active ... generate ... until they have 4". */
  z.object({ kind: z.literal('top-up'), count: z.number().int().min(1) }),
  /** Tactical Escalation: as many as the current battle round number. */
  z.object({ kind: z.literal('battle-round') }),
  /** Deadlock: 6 at the start of the first turn, one fewer each battle round; discard or generate to match. */
  z.object({ kind: z.literal('countdown'), firstRound: z.number().int().min(1) }),
]);
export type TacticalObjectivesRule = z.infer<typeof TacticalObjectivesRule>;

export const ClubMission = z.object({
  id: RuleId,
  name: z.string().min(1),
  category: z.enum(['eternal-war', 'maelstrom-of-war']),
  armies: z.string().min(1),
  battlefield: z.object({ objectiveMarkers: z.number().int().min(0), text: z.string().min(1) }),
  deployment: z.object({
    /** Who picks the deployment map and zone. */
    chosenBy: z.enum(['roll-off-winner', 'placed-sixth-objective-marker']),
    /** Whole armies (the other player first), or alternating units (the other player first). */
    order: z.enum(['whole-army', 'alternate-units']),
    /** "wholly within their deployment zone" or just "within their own deployment zone", as printed. */
    setUp: z.enum(['wholly-within', 'within']),
    text: z.string().min(1),
  }),
  firstTurn: z.object({
    /** "The player who finished setting up their army first chooses who takes the first turn." */
    chooser: z.literal('finished-setting-up-first'),
    /** The opponent seizes the initiative on this D6 score. */
    seizeOn: z.number().int().min(1).max(6),
    text: z.string().min(1),
  }),
  /** "ACCEPTABLE CASUALTIES: The matched play rules for Sudden Death are not in use in this mission." */
  suddenDeathNotInUse: z.boolean(),
  battleLength: BattleLengthRule,
  tacticalObjectives: TacticalObjectivesRule.nullable(),
  missionRules: z.array(MissionRule),
  victoryConditions: z.array(VictoryCondition),
  citation: Citation,
});
export type ClubMission = z.infer<typeof ClubMission>;

/** Every mission of 003 has the same BATTLE LENGTH: after round 5 continue on 3+ (first-turn player rolls), after round 6 on 4+ (second-turn player), end after round 7. */
export const BATTLE_LENGTH: BattleLengthRule = {
  checks: [
    { afterRound: 5, roller: 'first-turn-player', continueOn: 3 },
    { afterRound: 6, roller: 'second-turn-player', continueOn: 4 },
  ],
  lastRound: 7,
};

const ARMIES = 'Each player selects a Battle-forged army to an agreed points limit.';

const FIRST_TURN = {
  chooser: 'finished-setting-up-first',
  seizeOn: 6,
  text: 'The player who finished setting up their army first chooses who takes the first turn. If they take it, their opponent can roll a dice: on a 6 they seize the initiative and take the first turn instead.',
} as const;

const SLAY_THE_WARLORD: VictoryCondition = {
  id: 'slay-the-warlord',
  name: 'Slay the Warlord',
  vp: 1,
  text: 'If the enemy Warlord has been slain during the battle, you score 1 victory point.',
};
const FIRST_STRIKE: VictoryCondition = {
  id: 'first-strike',
  name: 'First Strike',
  vp: 1,
  text: "You score 1 victory point if any units from your opponent's army were destroyed during the first battle round.",
};
const FIRST_BLOOD: VictoryCondition = {
  id: 'first-blood',
  name: 'First Blood',
  vp: 1,
  text: 'The first unit, of any kind, to be destroyed during the battle is worth 1 victory point to the opposing player. If two or more units from opposing forces are destroyed simultaneously, both players get 1 victory point.',
};
const LINEBREAKER: VictoryCondition = {
  id: 'linebreaker',
  name: 'Linebreaker',
  vp: 1,
  text: "If, at the end of the battle, you have at least one model within the enemy's deployment zone, you score 1 victory point.",
};
const TACTICAL_OBJECTIVES_VP: VictoryCondition = {
  id: 'tactical-objectives',
  name: 'Tactical Objectives',
  vp: null,
  text: 'Victory points for achieving Tactical Objectives.',
};

const WHOLE_ARMY_DEPLOYMENT = {
  chosenBy: 'roll-off-winner',
  order: 'whole-army',
  setUp: 'wholly-within',
  text: 'The players roll off; the winner picks the standard deployment map and a deployment zone. The other player deploys their entire army first, then the winner deploys theirs, wholly within their deployment zone.',
} as const;

const ALTERNATE_DEPLOYMENT_SIXTH = {
  chosenBy: 'placed-sixth-objective-marker',
  order: 'alternate-units',
  setUp: 'within',
  text: 'The player who placed the sixth objective marker picks the standard deployment map (pg 216) and a deployment zone. The players alternate deploying units one at a time, starting with the other player, within their own deployment zone.',
} as const;

export const VITAL_INTELLIGENCE: ClubMission = {
  id: 'vital-intelligence',
  name: 'Vital Intelligence',
  category: 'eternal-war',
  armies: ARMIES,
  battlefield: {
    objectiveMarkers: 5,
    text: 'One objective marker in the centre; one halfway along each imaginary line from the centre to a corner. The players roll off and the winner numbers them 1 to 5. Then set up terrain.',
  },
  deployment: WHOLE_ARMY_DEPLOYMENT,
  firstTurn: FIRST_TURN,
  suddenDeathNotInUse: true,
  battleLength: BATTLE_LENGTH,
  tacticalObjectives: null,
  missionRules: [],
  victoryConditions: [
    {
      id: 'capture-the-data',
      name: 'Capture the Data',
      vp: null,
      text: 'At the start of each battle round the first-turn player rolls a D6 (no re-rolls): on a 6 all markers are active, otherwise the marker with that number. At the end of the round each player scores 1 VP per marker controlled, 2 per active marker. An active marker is controlled with more models within 3" than the opponent.',
    },
    SLAY_THE_WARLORD,
    FIRST_STRIKE,
    LINEBREAKER,
  ],
  citation: cite003('Eternal War: Vital Intelligence'),
};

export const BEACHHEAD: ClubMission = {
  id: 'beachhead',
  name: 'Beachhead',
  category: 'eternal-war',
  armies: ARMIES,
  battlefield: {
    objectiveMarkers: 3,
    text: 'Set up terrain, then one objective marker in the centre. At deployment each player sets up one more marker in their own deployment zone, more than 8" from every battlefield edge and more than 12" from any other marker (exactly 8" or 12" is within, so not allowed).',
  },
  deployment: WHOLE_ARMY_DEPLOYMENT,
  firstTurn: FIRST_TURN,
  suddenDeathNotInUse: true,
  battleLength: BATTLE_LENGTH,
  tacticalObjectives: null,
  missionRules: [],
  victoryConditions: [
    {
      id: 'push-them-back',
      name: 'Push Them Back',
      vp: null,
      text: 'From the second battle round, at the start of their turn each player scores 1 VP for the marker in their own deployment zone, 2 for the centre marker and 3 for the marker in the opponent\'s deployment zone, if they control it (more models within 3").',
    },
    SLAY_THE_WARLORD,
    FIRST_STRIKE,
    LINEBREAKER,
  ],
  citation: cite003('Eternal War: Beachhead', 'OCR "First Strike: Y ou score" = "You score".'),
};

export const NO_MERCY: ClubMission = {
  id: 'no-mercy',
  name: 'No Mercy',
  category: 'eternal-war',
  armies: ARMIES,
  battlefield: { objectiveMarkers: 0, text: 'Create the battlefield and set up terrain.' },
  deployment: {
    chosenBy: 'roll-off-winner',
    order: 'alternate-units',
    setUp: 'within',
    text: 'The players roll off; whoever rolls highest picks the standard deployment map (pg 216) and a deployment zone. The players alternate deploying units one at a time, starting with the other player, within their own deployment zone.',
  },
  firstTurn: FIRST_TURN,
  suddenDeathNotInUse: false,
  battleLength: BATTLE_LENGTH,
  tacticalObjectives: null,
  missionRules: [],
  victoryConditions: [
    { id: 'no-quarter-given', name: 'No Quarter Given', vp: null, text: 'Each player scores 1 victory point for each enemy unit that is destroyed.' },
    { ...SLAY_THE_WARLORD, text: `${SLAY_THE_WARLORD.text} This is in addition to the 1 victory point you score for each destroyed enemy unit.` },
    FIRST_BLOOD,
    LINEBREAKER,
  ],
  citation: cite003('Eternal War: No Mercy', 'No Mercy prints no "Acceptable Casualties" section, so Sudden Death is not switched off by the mission.'),
};

export const VISIONS_OF_VICTORY: ClubMission = {
  id: 'visions-of-victory',
  name: 'Visions of Victory',
  category: 'maelstrom-of-war',
  armies: ARMIES,
  battlefield: {
    objectiveMarkers: 6,
    text: 'Set up terrain, then place six objective markers as in the Tactical Objectives section of the Warhammer 40,000 rulebook.',
  },
  deployment: WHOLE_ARMY_DEPLOYMENT,
  firstTurn: FIRST_TURN,
  suddenDeathNotInUse: false,
  battleLength: BATTLE_LENGTH,
  tacticalObjectives: { kind: 'top-up', count: 4 },
  missionRules: [
    {
      id: 'refined-strategy',
      name: 'Refined Strategy',
      text: 'Before the battle each player selects up to 6 of their Tactical Objectives. Selected cards are removed from the deck; a selected objective generated by dice is immediately replaced by a new one.',
    },
    {
      id: 'unreliable-advice',
      name: 'Unreliable Advice',
      text: 'Whenever a player must generate a Tactical Objective, they generate two and their opponent selects which one they keep. The other is discarded but may be generated again later.',
    },
  ],
  victoryConditions: [TACTICAL_OBJECTIVES_VP, SLAY_THE_WARLORD, FIRST_STRIKE, LINEBREAKER],
  citation: cite003('Maelstrom of War: Visions of Victory', 'OCR "T actical", "Y ou" = "Tactical", "You".'),
};

export const TACTICAL_ESCALATION: ClubMission = {
  id: 'tactical-escalation',
  name: 'Tactical Escalation',
  category: 'maelstrom-of-war',
  armies: ARMIES,
  battlefield: { objectiveMarkers: 6, text: 'Set up terrain, then place 6 objective markers as detailed on page 226 (of the Warhammer 40,000 rulebook).' },
  deployment: ALTERNATE_DEPLOYMENT_SIXTH,
  firstTurn: FIRST_TURN,
  suddenDeathNotInUse: false,
  battleLength: BATTLE_LENGTH,
  tacticalObjectives: { kind: 'battle-round' },
  missionRules: [
    {
      id: 'tactical-priority',
      name: 'Tactical Priority',
      text: 'At the start of the first battle round, before the first turn, each player nominates one Tactical Objective type (e.g. Take and Hold). +1 VP for each objective of that type achieved; -1 VP each time one of that type is discarded.',
    },
  ],
  victoryConditions: [
    TACTICAL_OBJECTIVES_VP,
    {
      id: 'mission-priorities',
      name: 'Mission Priorities',
      vp: 1,
      text: 'If, at the end of the game, one player has achieved more Tactical Objectives of their nominated type than their opponent has of their own nominated type, that player receives 1 additional victory point.',
    },
    SLAY_THE_WARLORD,
    FIRST_BLOOD,
    LINEBREAKER,
  ],
  citation: cite003('Maelstrom of War: Tactical Escalation', 'Heading OCR "MAELSTROMOF WAR".'),
};

export const DEADLOCK: ClubMission = {
  id: 'deadlock',
  name: 'Deadlock',
  category: 'maelstrom-of-war',
  armies: ARMIES,
  battlefield: { objectiveMarkers: 6, text: 'Set up terrain, then place 6 objective markers as detailed on page 226 (of the Warhammer 40,000 rulebook).' },
  deployment: ALTERNATE_DEPLOYMENT_SIXTH,
  firstTurn: FIRST_TURN,
  suddenDeathNotInUse: false,
  battleLength: BATTLE_LENGTH,
  tacticalObjectives: { kind: 'countdown', firstRound: 6 },
  missionRules: [
    {
      id: 'strategic-deadlock',
      name: 'Strategic Deadlock',
      text: 'From the start of the third battle round, the Command Point cost of all Stratagems used by players is doubled.',
    },
  ],
  victoryConditions: [TACTICAL_OBJECTIVES_VP, SLAY_THE_WARLORD, FIRST_BLOOD, LINEBREAKER],
  citation: cite003('Maelstrom of War: Deadlock'),
};

export const CLUB_MISSIONS: readonly ClubMission[] = [VITAL_INTELLIGENCE, BEACHHEAD, NO_MERCY, VISIONS_OF_VICTORY, TACTICAL_ESCALATION, DEADLOCK];

/**
 * One of seed 003's six missions by id; throws when there is none.
 *
 * @example
 * clubMission('beachhead').name; // → 'Beachhead'
 * clubMission('skirmish'); // → throws No club mission "skirmish".
 */
export function clubMission(id: string): ClubMission {
  const m = CLUB_MISSIONS.find((x) => x.id === id);
  if (!m) throw new Error(`No club mission "${id}".`);
  return m;
}

/** The ids of seed 003's six missions, in the order printed. */
export const CLUB_MISSION_IDS: readonly string[] = CLUB_MISSIONS.map((m) => m.id);

/**
 * Is this one of seed 003's six missions?
 *
 * @example
 * isClubMissionId('deadlock'); // → true
 * isClubMissionId('skirmish'); // → false (a seed-004 mission)
 */
export function isClubMissionId(id: string): boolean {
  return CLUB_MISSION_IDS.includes(id);
}

/**
 * A table to roll one of the six missions on. Seed 003 prints none (its missions are chosen by the players); reading:
 * a D6 over the six missions in the order printed, so "roll a mission" is a fair pick. It is data: a club may edit
 * it in House rules (id `club-8th-missions`), e.g. to roll only the Eternal War missions.
 */
export const CLUB_MISSION_TABLE: DiceTable = {
  id: 'club-8th-missions',
  name: '8th-edition mission table',
  expression: 'D6',
  rows: CLUB_MISSIONS.map((m, i) => ({ from: i + 1, to: i + 1, result: m.id, text: m.name })),
  citation: cite003(
    'Приложение 3.',
    'The seed prints no mission table: Herald rolls a D6 over the six missions in the order printed (1 Vital Intelligence … 6 Deadlock).',
  ),
};
