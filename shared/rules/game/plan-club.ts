/**
 * Planning one of seed 003's missions (the club's 8th-edition supplement) from its ClubMission data; plan.ts plans
 * seed 004's and hands these here. Split from plan.ts (issue 32).
 */
import type { RollLog } from '../dice';
import type { Ruleset } from '../ruleset/schema';
import type { Side } from '../hor/facts';
import { opponent, sideName } from '../hor/facts';
import { WEATHER_TABLE } from '../hor/optional-rules';
import { DUSK_AND_DAWN_TABLE } from '../mission-pack/dusk-and-dawn';
import { TWIST_TABLE } from '../club-8th/twist';
import type { ClubMission } from '../club-8th/missions';
import { clubFirstTurn } from '../club-8th/battle';
import { citeText } from '../hor/cite';
import { plannedReadings } from './readings';
import { firstTurnChoice } from './choices';
import { CLUB_ZONE_PICKED_BY, GamePlanError, PLAN_VERSION } from './plan-schema';
import type { ClubMissionPlan, GamePlan, GamePlanOptions, PlanOptionalRules } from './plan-schema';
import type { NotPlayed } from './plan-steps';
import { meetingBattle, mysteriousObjectivesFor, nightFightingFor, plannedSpecialRules, readingsUnder, rollOff, rollOptionalTable } from './plan-steps';

const CATEGORY_NAME: Record<ClubMission['category'], string> = { 'eternal-war': 'Eternal War', 'maelstrom-of-war': 'Maelstrom of War' };

function tacticalObjectivesText(m: ClubMission): string | null {
  const t = m.tacticalObjectives;
  if (t === null) return null;
  const where = ' (the Tactical Objectives themselves are in the Warhammer 40,000 rulebook)';
  if (t.kind === 'top-up')
    return `At the start of their turn, a player with fewer than ${t.count} active Tactical Objectives generates them until they have ${t.count}${where}.`;
  if (t.kind === 'battle-round')
    return `At the start of their turn, a player with fewer active Tactical Objectives than the battle round number generates them until they have that many${where}.`;
  return `Each player generates ${t.firstRound} at the start of their first turn; ${t.firstRound - 1} in battle round 2, ${t.firstRound - 2} in round 3 and so on: at the start of each turn, discard or generate to match${where}.`;
}

/**
 * Plan one of seed 003's missions (003 "Приложение 3.": THE BATTLEFIELD, DEPLOYMENT, FIRST TURN, ACCEPTABLE CASUALTIES,
 * BATTLE LENGTH, TACTICAL OBJECTIVES, VICTORY CONDITIONS), from its `ClubMission` data. Readings:
 * - Who picks the standard deployment map and a zone: "The players roll off and the winner determines" (Vital
 *   Intelligence, Beachhead, No Mercy, Visions of Victory; a tie is rolled again). Tactical Escalation and Deadlock give
 *   it to "the player who placed the sixth objective marker": marker placement is in the Warhammer 40,000 rulebook, not
 *   the seed, so the players say who (`deployment: 'picked-by-a' | 'picked-by-b'`), or Herald rolls off and the winner
 *   places the sixth marker. The map itself is the rulebook's: left to the players.
 * - Whole armies: the other player "deploys their entire army first", so finishes first. Alternating units: whoever
 *   sets up their last unit first finishes first; with `units` on both sides it is counted (the player who starts
 *   finishes first unless they have more units), otherwise the player who starts is taken to finish first and the
 *   plan says so.
 * - FIRST TURN: the player who finished first "chooses who takes the first turn" (`firstTurnChoice`: takes it, the
 *   default, or gives it); when they take it the opponent always tries to seize the initiative: a D6, on a 6.
 * - BATTLE LENGTH is rolled at the table at the end of battle rounds 5 and 6 (club-8th `battleLengthCheck`), so the
 *   plan says how, naming who rolls; `turns` is the last possible battle round (7).
 * - Weather, Dusk & Dawn and Twist, when in play, are rolled as for a seed-004 game; Mysterious Objectives apply to
 *   every mission with objective markers (all but No Mercy).
 * Rolls are made in this order: mission, weather, twist, the roll-off for the deployment zone, Dusk & Dawn, seize the
 * initiative.
 */
export function planClubMission(
  ruleset: Ruleset,
  opts: GamePlanOptions,
  optional: PlanOptionalRules,
  notPlayed: NotPlayed[],
  m: ClubMission,
  how: 'rolled' | 'chosen',
  log: RollLog,
): GamePlan {
  let weather: GamePlan['weather'] = null;
  if (optional.weather) weather = rollOptionalTable(ruleset, WEATHER_TABLE, log, 'Weather');
  let twist: GamePlan['twist'] = null;
  if (optional.twist) twist = rollOptionalTable(ruleset, TWIST_TABLE, log, 'Twist');

  const counters: GamePlan['counters'] =
    m.battlefield.objectiveMarkers > 0 ? [{ kind: 'objective', count: m.battlefield.objectiveMarkers, how: 'mission', placement: m.battlefield.text }] : [];

  // 003 DEPLOYMENT: who picks the map and a deployment zone.
  const sixth = m.deployment.chosenBy === 'placed-sixth-objective-marker';
  let zonePicker: ClubMissionPlan['zonePicker'];
  if (opts.deployment === 'roll') {
    const off = rollOff(log, `${m.name}: roll-off for the deployment map and zone`);
    zonePicker = {
      side: off.winner,
      how: 'rolled',
      reason: sixth
        ? `${sideName(off.winner)} won the roll-off: it places the sixth objective marker, then picks the standard deployment map and its deployment zone.`
        : `${sideName(off.winner)} won the roll-off: it picks the standard deployment map and its deployment zone.`,
    };
  } else if (opts.deployment === CLUB_ZONE_PICKED_BY.a || opts.deployment === CLUB_ZONE_PICKED_BY.b) {
    const side: Side = opts.deployment === CLUB_ZONE_PICKED_BY.a ? 'a' : 'b';
    zonePicker = {
      side,
      how: 'chosen',
      reason: sixth
        ? `${sideName(side)} placed the sixth objective marker: it picks the standard deployment map and its deployment zone.`
        : `The players agreed that ${sideName(side)} picks the standard deployment map and its deployment zone.`,
    };
  } else {
    throw new GamePlanError([
      `${m.name} has no deployment table (its maps are in the Warhammer 40,000 rulebook): say who picks the map and zone ("${CLUB_ZONE_PICKED_BY.a}" or "${CLUB_ZONE_PICKED_BY.b}"), or "roll" to roll off.`,
    ]);
  }
  const picker = zonePicker.side;
  const starter = opponent(picker);
  const wholeArmy = m.deployment.order === 'whole-army';
  const deploysFirst: GamePlan['deploysFirst'] = {
    side: starter,
    how: 'mission',
    reason: wholeArmy
      ? `${sideName(starter)} did not pick the deployment zone: it deploys its entire army first, then ${sideName(picker)} deploys, each wholly within their deployment zone (${citeText(m.citation)} / Deployment).`
      : `${sideName(starter)} did not pick the deployment zone: it sets up the first unit, then the players alternate one unit at a time, within their own deployment zones (${citeText(m.citation)} / Deployment).`,
  };

  // 000 Dusk & Dawn: after deployment, before the first turn is decided.
  let duskAndDawn: GamePlan['duskAndDawn'] = null;
  if (optional.duskAndDawn) duskAndDawn = rollOptionalTable(ruleset, DUSK_AND_DAWN_TABLE, log, 'Dusk & Dawn');

  // 003 FIRST TURN: who finished setting up first chooses; the opponent may seize the initiative on a 6.
  let finishedFirst = starter;
  let assumed = '';
  if (!wholeArmy) {
    const mine = opts.sides[starter].units;
    const theirs = opts.sides[picker].units;
    if (mine !== undefined && theirs !== undefined) finishedFirst = mine <= theirs ? starter : picker;
    else assumed = ` (taken to finish first; if ${sideName(picker)} has fewer units, it finishes first and chooses instead)`;
  }
  const made = opts.firstTurnChoice !== undefined;
  const takes = opts.firstTurnChoice !== 'give';
  const ft = clubFirstTurn({ chooser: finishedFirst, chooserTakesFirst: takes, seizeOn: m.firstTurn.seizeOn }, log);
  const seizer = opponent(finishedFirst);
  const rolled = ft.roll?.total ?? 0;
  // Until the player says, the plan has it take the first turn (and the opponent roll to seize it).
  const took = made ? 'took the first turn' : 'has not said yet who takes the first turn (until it does, the plan has it take it)';
  const takesNow = made ? 'takes the first turn' : took;
  const firstTurn: GamePlan['firstTurn'] = {
    side: ft.first,
    stolen: ft.seized,
    reason: !takes
      ? `${sideName(finishedFirst)} finished setting up first${assumed} and chose to give the first turn to ${sideName(seizer)}.`
      : ft.seized
        ? `${sideName(finishedFirst)} finished setting up first${assumed} and ${took}; ${sideName(seizer)} rolled a ${rolled} and seized the initiative.`
        : `${sideName(finishedFirst)} finished setting up first${assumed} and ${takesNow}; ${sideName(seizer)} rolled ${rolled} (a ${m.firstTurn.seizeOn} is needed to seize the initiative).`,
  };

  const second = opponent(firstTurn.side);
  const roller = (r: 'first-turn-player' | 'second-turn-player') =>
    r === 'first-turn-player' ? `${sideName(firstTurn.side)} (first turn)` : `${sideName(second)} (second turn)`;
  const battleLength = [
    ...m.battleLength.checks.map(
      (c) => `At the end of battle round ${c.afterRound}, ${roller(c.roller)} rolls a D6: on a ${c.continueOn}+ the game continues, otherwise it is over.`,
    ),
    `The battle ends after battle round ${m.battleLength.lastRound} at the latest.`,
  ].join(' ');

  const mysteriousObjectives = optional.mysteriousObjectives ? mysteriousObjectivesFor(m.name, counters) : null;
  const specialRules = plannedSpecialRules(
    ruleset,
    [],
    m.missionRules.map((r) => ({ id: r.id, name: r.name, reminder: r.text, source: 'mission' as const })),
    opts.playersOff,
  );
  const night = nightFightingFor(ruleset, weather, duskAndDawn, specialRules);

  return {
    planVersion: PLAN_VERSION,
    ruleset: { id: ruleset.id, version: ruleset.version },
    sides: opts.sides,
    mission: {
      id: m.id,
      name: m.name,
      how,
      summary: `${CATEGORY_NAME[m.category]} (8th-edition supplement). Victory points: ${m.victoryConditions.map((c) => c.name).join(', ')}.`,
    },
    deployment: null,
    roles: null,
    counters,
    firstToPlaceCounters: null,
    deploysFirst: meetingBattle(deploysFirst, twist),
    firstTurn,
    turns: m.battleLength.lastRound,
    weather,
    duskAndDawn,
    twist,
    mysteriousObjectives,
    specialRules,
    // A seed-003 mission has its own BATTLE LENGTH: the game-length reading is not for it (never two lengths).
    readings: readingsUnder(plannedReadings(ruleset), weather, twist).filter((r) => r.id !== 'reading-game-length'),
    notPlayed: [...notPlayed, ...night],
    rolls: [...log.records],
    club8th: {
      category: m.category,
      battlefield: m.battlefield.text,
      zonePicker,
      deployment: m.deployment.text,
      battleLength,
      suddenDeath: m.suddenDeathNotInUse
        ? 'Sudden Death is not in use in this mission: if a team has no models left, the game ends and the victory points decide.'
        : 'Sudden Death is in use: if a team has no models left on the table, the game ends and the other team wins.',
      tacticalObjectives: tacticalObjectivesText(m),
      victoryConditions: m.victoryConditions.map((c) => ({ ...c })),
      citation: citeText(m.citation),
    },
    choices: [firstTurnChoice(finishedFirst, takes ? 'take' : 'give', made)],
  };
}
