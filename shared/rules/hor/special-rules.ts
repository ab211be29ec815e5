/**
 * The special rules of seed 004 as data: the four Kill Team special rules in effect in every mission
 * (004 "Kill Team Special Rules": "Night Fighting, Reserves, Built-up Area, and Run Away!"), the model special rules
 * (004 "Inspiring Presence", "Non-Learning", "Non-Flammable", "Squad"), and the mission special rules.
 */
import type { SpecialRule } from '../ruleset/schema';
import { cite000, cite004 } from './cite';

export const RUN_AWAY: SpecialRule = {
  id: 'run-away',
  name: 'Run Away!',
  reminder: "Start of turn, over 50% falling back or casualties: 2D6 ≤ Team Leader's unmodified Ld or the game ends.",
  text:
    'A player must make a Run Away! test at the start of his turn if more than 50% of his force is falling back or has ' +
    'been removed as a casualty. If the test is failed, the game ends. A team that has less than 25% of its models ' +
    "remaining may choose to voluntarily fail its Run Away! test. Roll 2D6: equal to or less than the Team Leader's " +
    'unmodified Leadership passes. If the Team Leader is falling back or a casualty, use the highest Leadership amongst ' +
    'any remaining friendly models who are not falling back.',
  citation: cite004('Run Away!'),
};

export const BUILT_UP_AREA: SpecialRule = {
  id: 'built-up-area',
  name: 'Built-up Area',
  reminder: 'No Deep Strike except teleporting/materialising models; Deep Strike mishaps are rolled at -1.',
  text:
    'No models may Deep Strike in a game using this rule, except units described as being able to teleport or ' +
    'materialise from the Warp (or a specific exception in the team list). Any model that suffers a Deep Strike ' +
    'mishap must take a -1 penalty to the result rolled.',
  citation: cite004('Built-up Area'),
};

export const NIGHT_FIGHTING: SpecialRule = {
  id: 'night-fighting',
  name: 'Night Fighting',
  reminder: 'Before firing, roll 2D6×3: the maximum range of non-barrage weapons.',
  text:
    'Seed 004 names Night Fighting as in effect in every Kill Team mission but does not print it. The text in the ' +
    "seeds is seed 000's: after selecting a target, but before firing, roll 2D6 and multiply the result by 3 (once " +
    'per unit; every Kill Team model is its own unit). This is the maximum range any non-barrage weapon can be fired ' +
    'at; a target beyond it cannot be fired at. Barrage weapons may fire at unseen targets but add an extra D6 to the ' +
    'distance scattered.',
  citation: cite000('Night Fighting', 'Seed 004 "Kill Team Special Rules" names the rule; the wording is seed 000\'s.'),
};

export const RESERVES: SpecialRule = {
  id: 'reserves',
  name: 'Reserves',
  reminder: 'Roll for each reserve at the start of your turn: turn 2 on 4+, turn 3 on 3+, turn 4+ on 2+.',
  text:
    'Seed 004 names Reserves as in effect in every Kill Team mission but does not print it; the text in the seeds is ' +
    "seed 000's. Units in reserve are not deployed at the start of the battle. Each is diced for separately at the " +
    "start of the player's turn: it cannot arrive on turn 1, arrives on 4+ on turn 2, 3+ on turn 3 and 2+ on turn 4 " +
    'and later. Rolls must be made as soon as possible and reserves brought on as soon as they are available.',
  citation: cite000('Reserves', 'Seed 004 "Kill Team Special Rules" names the rule; the table is seed 000\'s Reserves Table.'),
};

export const INSPIRING_PRESENCE: SpecialRule = {
  id: 'inspiring-presence',
  name: 'Inspiring Presence',
  reminder: 'Friendly models within 6" of the Team Leader may use his Leadership.',
  text: 'Any friendly model within 6" of the Team Leader may use his Leadership for all Leadership tests.',
  citation: cite004('Inspiring Presence'),
};

export const NON_LEARNING: SpecialRule = {
  id: 'non-learning',
  name: 'Non-Learning',
  reminder: 'Never gains Experience Points.',
  text: 'The model never gains Experience Points.',
  citation: cite004('Non-Learning'),
};

export const NON_FLAMMABLE: SpecialRule = {
  id: 'non-flammable',
  name: 'Non-Flammable',
  reminder: 'Passes all Initiative tests caused by the Flamer rule.',
  text: 'The model passes all Initiative tests caused by the Flamer rule.',
  citation: cite004('Non-Flammable'),
};

export const SQUAD: SpecialRule = {
  id: 'squad',
  name: 'Squad',
  reminder: 'Acts as a normal 40k unit; counts as Core for VP and bonus EXP; lost when one model is left.',
  text:
    'Models in a Squad do not use "A Team of Heroes", do not test for Nerve, may only Counter-charge if all members are ' +
    'in range into the same combat, and may not hide. If only one model is left it loses the Squad rule for the rest ' +
    'of the battle. Individual models still count toward the Model Availability. A model within a Squad counts as Core ' +
    'when determining whether a model gives VP or bonus EXP.',
  citation: cite004('Squad'),
};

export const STUBBORN_NEAR_OBJECTIVE: SpecialRule = {
  id: 'sabotage-objective',
  name: 'Sabotage objective marker',
  reminder: 'AV 10, destroyed only in the Assault phase by any glancing or penetrating hit; own models within 6" are Stubborn.',
  text:
    'Each player places an objective marker in their deployment zone, more than 6" from the table edge. It has Armour ' +
    'Value 10 and may only be destroyed in the Assault phase; any glancing or penetrating hit destroys it. Any friendly ' +
    'model within 6" of its own objective marker gains the Stubborn special rule.',
  citation: cite004('Mission 4 – Sabotage / Special Rules'),
};

export const RELICS: SpecialRule = {
  id: 'relics',
  name: 'Relics',
  reminder: 'Picked up in base contact; carrier cannot Run or Turbo-boost and moves at most 6"; dropped when slain.',
  text:
    'A model picks up a Relic by moving into base contact in the Movement phase (it picks it up at the end of the ' +
    'phase). The Relic stays with the model until it is slain (place the counter where it was). A model that kills an ' +
    'enemy in combat captures its relics. Relics may be passed to a model in base contact in the Shooting phase, but ' +
    'neither model may shoot that turn. A carrier cannot Run or Turbo-boost and never moves more than 6" in the ' +
    'Movement phase; Assault phase movement is unaffected.',
  citation: cite004('Mission 2: Relic Hunt / Special Rules'),
};

export const BANNER: SpecialRule = {
  id: 'last-stand-banner',
  name: 'Banner',
  reminder: 'One defending Special model may carry a banner: friendly models within 6" are Fearless.',
  text:
    'The defending player may nominate one Special model in the "defending" half of his Kill Team to carry a banner. ' +
    'It grants every friendly model within 6" the Fearless special rule. If the banner-bearer is killed, the banner ' +
    'is destroyed.',
  citation: cite004(
    'Mission 6: Last Stand / Special Rules',
    'The "Mission 6: Last Stand" heading is lost in the OCR of seed 004; the mission is named in the mission table.',
  ),
};

export const REINFORCEMENTS: SpecialRule = {
  id: 'last-stand-reinforcements',
  name: 'Reinforcements',
  reminder: "Every turn after the 1st, each reinforcement group arrives on 3+ from a table edge of the defender's choice.",
  text:
    'The defending player may split his reinforcements into as many groups as he likes. On every turn after the 1st, ' +
    'roll a D6 for every remaining group: on a 3+ it arrives using the Reserve rules from a table edge of the ' +
    'defender\'s choice, each model within 2" of another model of its group. A model allowed to Deep Strike may do so ' +
    'when available, grouped only with other Deep Striking models.',
  citation: cite004('Mission 6: Last Stand / Special Rules'),
};

/** The Kill Team special rules in effect in every mission (004 "Kill Team Special Rules"). */
export const ALWAYS_IN_EFFECT = [NIGHT_FIGHTING.id, RESERVES.id, BUILT_UP_AREA.id, RUN_AWAY.id] as const;

export const SPECIAL_RULES: readonly SpecialRule[] = [
  NIGHT_FIGHTING,
  RESERVES,
  BUILT_UP_AREA,
  RUN_AWAY,
  INSPIRING_PRESENCE,
  NON_LEARNING,
  NON_FLAMMABLE,
  SQUAD,
  RELICS,
  STUBBORN_NEAR_OBJECTIVE,
  BANNER,
  REINFORCEMENTS,
];
