/**
 * The mission special rules of seed 000 (cross-checked with its flattened copy, seed 002) and the later-edition
 * Deep Strike / Infiltrate wording of seed 001, as ruleset data (`SpecialRule` of ../ruleset/schema).
 * Texts are the seeds' own words with OCR slips mended; each mend is named in the citation note.
 */
import type { SpecialRule } from '../ruleset/schema';
import { cite000, cite001 } from './cite';

/** 000 "Concealment". */
export const CONCEALMENT_000: SpecialRule = {
  id: 'concealment',
  name: 'Concealment',
  reminder: 'Non-vehicle units deployed at the start are concealed in turn 1: firers must spot them with the Night Fight rules.',
  text:
    'All non-vehicle units that are deployed at the beginning of the game are assumed to have made efforts to conceal ' +
    'themselves before the battle, even if in open terrain. If a concealed unit is fired at, the firers must determine ' +
    'if they can actually see their target using the Night Fight rules. If they cannot see their target, the unit may ' +
    'not fire (except for barrage weapons, which may fire at unseen targets but add an extra D6 to the distance ' +
    'scattered). Concealment is lost as soon as the concealed unit moves, shoots or uses a psychic power. If the Night ' +
    'Fight rules apply for that turn, these concealment rules are ignored. Concealment always ends after the first turn.',
  citation: cite000('Concealment', 'OCR "fired at." read as "fired at," (same slip in 002).'),
};

/** 000 "Deep Strike" (the older pack's wording). */
export const DEEP_STRIKE_000: SpecialRule = {
  id: 'deep-strike-pack-000',
  name: 'Deep Strike (mission pack)',
  reminder: 'Starts in reserve; scatter 2D6" unless HIT; first model off-table destroys the unit; models that cannot be placed are destroyed.',
  text:
    'Units using this option begin the game in reserve, whether or not the Reserves rule is in force. Roll for their ' +
    'arrival as for Reserves, then place one model where the unit should arrive and roll the Scatter dice: on a HIT it ' +
    'stays, otherwise the arrow gives the direction and it scatters 2D6". The other models are placed in circles around ' +
    'it. If the first model scatters off the table, the entire unit is destroyed. Models may not be placed within 1" of ' +
    'any enemy; if a circle cannot be completed without models coming within 1" of the enemy, entering impassable ' +
    'terrain or going off-table, the surplus models are destroyed. Troops arriving by Deep Strike may not move or ' +
    'assault on the turn they arrive; they may shoot as normal but count as having moved.',
  citation: cite000(
    'Deep Strike',
    'OCR "tunnelling, (exportation, (lying" read as "tunnelling, teleportation, flying"; "(hen" = "then"; "first mode!" = "first model" (002 has the same slips).',
  ),
};

/** 001 "Deep Strike" (the later edition's wording). */
export const DEEP_STRIKE_001: SpecialRule = {
  id: 'deep-strike-later-001',
  name: 'Deep Strike (later edition)',
  reminder: 'Starts in reserve; scatter 2D6" unless hit; any model that cannot be placed → Mishap table; difficult terrain is dangerous; no assault.',
  text:
    'Units using this option must begin the game in reserve (even where the Reserves rule is not used). Roll for their ' +
    'arrival as for Reserves, then place one model, roll the scatter dice (a hit stays, an arrow scatters it 2D6") and ' +
    'arrange the rest in circles around it. Models arriving via deep strike treat all difficult terrain as dangerous ' +
    'terrain. They may not move further in that Movement phase other than to disembark from a deep striking transport. ' +
    'Units deep striking into ruined buildings are placed on the ground floor; they may not deep strike directly inside ' +
    'a transport vehicle or a building (impassable terrain). In the Shooting phase they can fire (or run) as normal and ' +
    'count as having moved; vehicles count as having moved at cruising speed. They may not launch an assault that turn ' +
    '(even with fleet) unless their special rules clearly say so. If any model cannot be deployed because it would land ' +
    'off the table, in impassable terrain, on top of a friendly model, or on top of or within 1" of an enemy model, the ' +
    'controlling player must roll on the deep strike Mishap table and apply the results.',
  citation: cite001('Abilities / Deep Strike', 'The Mishap table itself is not printed in any seed: the club enters it (see deep-strike.ts).'),
};

/** 000 "Dusk & Dawn". */
export const DUSK_AND_DAWN_000: SpecialRule = {
  id: 'dusk-and-dawn',
  name: 'Dusk & Dawn',
  reminder: 'After deployment roll a D6: 1 = Night Fighting on turn 1; 6 = Night Fighting on turn 6 and later.',
  text:
    'After deployment, but before determining who has first turn, roll a D6. On a 1, the battle starts before dawn and ' +
    'the Night Fighting rules are used on Turn 1. On a roll of 6, the battle starts at dusk and the Night Fighting rules ' +
    'are used on Turn 6 and any subsequent turns.',
  citation: cite000('Dusk & Dawn'),
};

/** 000 "Escalation". */
export const ESCALATION_000: SpecialRule = {
  id: 'escalation',
  name: 'Escalation',
  reminder: 'Always with Reserves: only basic infantry without dedicated transports deploy at the start; the rest are in reserve.',
  text:
    'The Escalation special rule is always used in combination with the Reserves special rule. Only basic infantry ' +
    'units that do not have dedicated transports (so no Monstrous Creatures, Bikes, Jump Infantry, Artillery, Beasts, ' +
    'etc.) may be deployed at the start of the game, unless the mission rules state otherwise. All units not deployed ' +
    'are in reserve and arrive by the normal Reserves rules. Special rules such as Scouts that allow a unit to deploy ' +
    'on-table apply as normal.',
  citation: cite000('Escalation', 'OCR "Creatures. Bikes" read as "Creatures, Bikes" (same in 002).'),
};

/** 000 "Infiltrate" (the older pack's wording). */
export const INFILTRATE_000: SpecialRule = {
  id: 'infiltrate-pack-000',
  name: 'Infiltrate (mission pack)',
  reminder: 'Deploy after all other units (toss a coin, then alternate): more than 12" from enemies if unseen, or more than 18" even if seen.',
  text:
    'Infiltrators deployed on the table at the start of the game are deployed after all other units. If both sides have ' +
    'infiltrators, toss a coin to determine who goes first and alternate deploying these units. Infiltrators may be set ' +
    'up anywhere on the table more than 12" from an enemy unit if no deployed enemy unit can draw a line of sight to ' +
    'them, or anywhere more than 18" from an enemy unit even if they can be seen.',
  citation: cite000('Infiltrate', 'OCR "start ot the game" = "start of the game".'),
};

/** 001 "Infiltrate" (the later edition's wording). */
export const INFILTRATE_001: SpecialRule = {
  id: 'infiltrate-later-001',
  name: 'Infiltrate (later edition)',
  reminder: 'Deploy last (roll-off, then alternate): >12" from enemies if unseen (buildings too), or >18" in plain sight; not in a transport; may outflank.',
  text:
    'Units with this special rule are deployed last, after all other units (friends and foe). If both sides have ' +
    'infiltrators, the players roll off and the winner decides who goes first, then they alternate deploying these ' +
    'units. Infiltrators may be set up anywhere more than 12" from any enemy unit as long as no deployed enemy unit can ' +
    'draw a line of sight to them, including inside a building more than 12" from any enemy unit; or anywhere more ' +
    'than 18" from any enemy unit, even in plain sight. A unit deployed inside a transport vehicle cannot infiltrate. ' +
    'Infiltrate also confers a special outflank move to units of infiltrators kept in reserve.',
  citation: cite001('Abilities / Infiltrate', 'The outflank move itself is not described in the seed: only that it is granted.'),
};

/** 000 "Night Fighting". */
export const NIGHT_FIGHTING_000: SpecialRule = {
  id: 'night-fighting',
  name: 'Night Fighting',
  reminder: 'Before firing roll 2D6×3 once per unit: the maximum range of non-barrage weapons. Barrage may fire unseen, +D6 scatter.',
  text:
    'After selecting a target, but before a unit fires, roll 2D6 and multiply the result by 3, rolling once per unit ' +
    'only. This is the maximum range that any non-barrage weapon can be fired at. If the shooters have selected a target ' +
    'beyond this range they lose the right to fire. Normal barrage and ordnance barrage weapons may fire at unseen ' +
    'targets, but if they do, they add an extra D6 to the distance scattered.',
  citation: cite000('Night Fighting', 'OCR "Roll .2D6" = "Roll 2D6" (same in 002).'),
};

/** 000 "Random Game Length". */
export const RANDOM_GAME_LENGTH_000: SpecialRule = {
  id: 'random-game-length',
  name: 'Random Game Length',
  reminder: 'After the stated turns roll a D6: 4–6 another turn; repeat until a 1–3 or three extra turns. Dark on turn 6 stays dark.',
  text:
    "At the end of the mission's stated number of turns, roll a D6. On a 4, 5 or 6 a further turn is played. Repeat " +
    'this process at the end of every turn until either a 1, 2 or 3 is rolled, or three extra turns are played. If it is ' +
    'dark on Turn 6, it remains dark for these extra game turns.',
  citation: cite000('Random Game Length', 'OCR "end ot the" = "end of the".'),
};

/** 000 "Reserves". */
export const RESERVES_000: SpecialRule = {
  id: 'reserves',
  name: 'Reserves',
  reminder: 'Roll per Force Organisation selection at the start of your turn: turn 1 none, turn 2 on 4+, turn 3 on 3+, turn 4+ on 2+.',
  text:
    'Units in reserve are not deployed at the start of the battle. Each selection from the Force Organisation chart is ' +
    "diced for separately at the start of the player's turn (Reserves Table: Turn 1 N/A, Turn 2 4+, Turn 3 3+, Turn 4+ " +
    '2+). An arriving unit moves on as the mission says, or may Deep Strike where the mission allows it. A unit with a ' +
    'transport attached rolls together with it, though the passengers need not arrive mounted. Reserves must be rolled ' +
    'for as soon as possible and brought on as soon as they are available.',
  citation: cite000('Reserves', 'OCR "oft-table" = "off-table". The Reserves Table is only in 000 (002 drops it).'),
};

/** 000 "Victory Points". */
export const VICTORY_POINTS_000: SpecialRule = {
  id: 'victory-points',
  name: 'Victory Points',
  reminder: 'Units are worth their points cost: the opponent scores none, half or full value by their condition at the end.',
  text:
    'A unit is worth as many Victory Points as its points cost. See the Victory Points table for what you score for ' +
    'inflicting casualties on the enemy. In addition, achieving the mission objective scores Victory Points.',
  citation: cite000('Victory Points', 'The Victory Points table is only in 000 (002 drops it).'),
};

/** 000 "Units with Distinct Elements". */
export const DISTINCT_ELEMENTS_000: SpecialRule = {
  id: 'units-with-distinct-elements',
  name: 'Units with Distinct Elements',
  reminder: 'Parts of a unit that deploy and operate separately (squad and transport, character and retinue) score VP separately.',
  text:
    'Some units consist of parts that deploy and operate separately. Treat each element separately for Victory Points ' +
    'purposes, also when an independent character has a Command squad or retinue mounted in a transport.',
  citation: cite000('Units with Distinct Elements', 'OCR "parts (hat" = "parts that".'),
};

export const MISSION_PACK_SPECIAL_RULES: readonly SpecialRule[] = [
  CONCEALMENT_000,
  DEEP_STRIKE_000,
  DEEP_STRIKE_001,
  DUSK_AND_DAWN_000,
  ESCALATION_000,
  INFILTRATE_000,
  INFILTRATE_001,
  NIGHT_FIGHTING_000,
  RANDOM_GAME_LENGTH_000,
  RESERVES_000,
  VICTORY_POINTS_000,
  DISTINCT_ELEMENTS_000,
];
