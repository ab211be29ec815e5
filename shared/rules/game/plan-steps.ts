/**
 * The set-up steps every mission's plan shares (plan.ts for seed 004's missions, plan-club.ts for seed 003's): the
 * roll-off, rolling an optional rule's table, the optional rules in play, the special rules in effect, Night Fighting,
 * the readings, Meeting Battle and the game length. Split from plan.ts (issue 32).
 */
import type { DiceSource } from '../dice';
import type { RollRecord } from '../dice';
import { allTables } from '../ruleset/schema';
import type { DiceTable, Ruleset } from '../ruleset/schema';
import { rollOnTable } from '../ruleset/roll-table';
import type { Side } from '../hor/facts';
import { sideName } from '../hor/facts';
import { GAME_LENGTH_TURNS } from '../hor/setup';
import { WEATHER_EFFECTS } from '../hor/optional-rules';
import { MYSTERIOUS_OBJECTIVES_TABLE } from '../club-8th/mysterious-objectives';
import { atTheTableOptionalRules, planOptionalRulesOf } from './optional-rules';
import { readingOf, reservesText } from './readings';
import type { PlannedReading } from './readings';
import { MAX_EXTRA_TURNS } from '../mission-pack/random-game-length';
import { GamePlanError } from './plan-schema';
import type { PlannedSpecialRule, GamePlan, GamePlanOptions, PlanOptionalRules } from './plan-schema';

/**
 * A roll-off: each player rolls a D6 and the higher wins; a tie is rolled again (the seeds do not say; reading).
 *
 * @example
 * rollOff(SeededDice.fromSeed('g1'), 'Deploy first').winner; // → 'b'
 * rollOff(new PhysicalDice([[2], [2], [5], [1]]), 'Deploy first').rolls.length; // → 4 (a 2–2 tie is rolled again)
 */
export function rollOff(dice: DiceSource, purpose: string): { winner: Side; rolls: RollRecord[] } {
  const rolls: RollRecord[] = [];
  for (;;) {
    const a = dice.roll('D6', `${purpose}: ${sideName('a')}`);
    const b = dice.roll('D6', `${purpose}: ${sideName('b')}`);
    rolls.push(a, b);
    if (a.total !== b.total) return { winner: a.total > b.total ? 'a' : 'b', rolls };
  }
}

/** The ruleset's copy of a table (same id) when it has one, otherwise the built-in table. */
export function tableOf(ruleset: Ruleset, builtIn: DiceTable): DiceTable {
  return allTables(ruleset).find((t) => t.id === builtIn.id) ?? builtIn;
}

/**
 * Roll an optional rule's table (004 Weather, 000 Dusk & Dawn, 003 Twist): the ruleset's copy when it has a table with
 * the built-in table's id (a club may edit it in House rules), otherwise the built-in table. Same purpose, same dice.
 */
export function rollOptionalTable(ruleset: Ruleset, builtIn: DiceTable, dice: DiceSource, purpose: string): { id: string; text: string } {
  const { results } = rollOnTable(tableOf(ruleset, builtIn), dice, purpose, allTables(ruleset));
  const rows = results.map((r) => r.row);
  const first = rows[0];
  if (!first) throw new GamePlanError([`The ${builtIn.name} roll found no row.`]);
  return { id: first.result, text: rows.map((r) => r.text).join(' ') };
}

/** 003 Mysterious Objectives: "If you are playing a mission with objective markers". */
export function mysteriousObjectivesFor(missionName: string, counters: GamePlan['counters']): NonNullable<GamePlan['mysteriousObjectives']> {
  return counters.some((c) => c.kind === 'objective' && c.count > 0)
    ? {
        inEffect: true,
        reason: `${missionName} uses objective markers: a unit within 3" identifies a marker on the ${MYSTERIOUS_OBJECTIVES_TABLE.name} table (003).`,
      }
    : { inEffect: false, reason: `${missionName} has no objective markers, so Mysterious Objectives do not apply (003).` };
}

/**
 * The ruleset's always-on rules, the mission's, and the optional rules switched on that are played at the table
 * (less those the players left out). Night Fighting read 'when-a-rule-says' is not always on: nightFightingFor adds it.
 */
export function plannedSpecialRules(
  ruleset: Ruleset,
  missionRuleIds: readonly string[],
  ownMissionRules: readonly PlannedSpecialRule[],
  playersOff: readonly string[],
): PlannedSpecialRule[] {
  const specialRules: PlannedSpecialRule[] = [];
  const add = (id: string, source: PlannedSpecialRule['source']) => {
    if (specialRules.some((s) => s.id === id)) return;
    const rule = ruleset.specialRules.find((s) => s.id === id);
    if (!rule) return;
    // The club's own Reserves table (House rules → Readings) replaces the reminder's numbers: never two tables.
    const reserves = id === RESERVES_ID && ruleset.readings?.reservesArrivesOn;
    const reminder = reserves ? `Roll for each reserve at the start of your turn: ${reservesText(reserves)}.` : rule.reminder;
    specialRules.push({ id: rule.id, name: rule.name, reminder, source });
  };
  const nightOnlyWhenSaid = readingOf(ruleset, 'nightFighting') === 'when-a-rule-says';
  ruleset.alwaysInEffect.filter((id) => !(nightOnlyWhenSaid && id === NIGHT_FIGHTING_ID)).forEach((id) => add(id, 'always'));
  missionRuleIds.forEach((id) => add(id, 'mission'));
  for (const r of ownMissionRules) if (!specialRules.some((s) => s.id === r.id)) specialRules.push(r);
  for (const o of atTheTableOptionalRules(ruleset)) {
    if (playersOff.includes(o.id)) continue;
    if (!specialRules.some((s) => s.id === o.id)) specialRules.push({ id: o.id, name: o.name, reminder: o.description, source: 'optional' });
  }
  return specialRules;
}

const NIGHT_FIGHTING_ID = 'night-fighting';
const RESERVES_ID = 'reserves';

/** The optional rules the two players may leave out of one game (004 Weather "If both players agree"; Injuries "Discuss … beforehand"). */
export const PLAYERS_MAY_LEAVE_OUT: Readonly<Record<string, string>> = {
  weather: 'The players did not agree to roll for the Weather in this game (004 Weather: "If both players agree, roll a D6").',
  'in-game-injuries': 'The players agreed beforehand not to use the Injury rules in this game (004 Injuries: "Discuss with your opponent beforehand").',
};

export type NotPlayed = NonNullable<GamePlan['notPlayed']>[number];

/**
 * The optional rules in play once the players' choices and the club's Night Fighting reading are applied, and those
 * the club uses that this game leaves out, each with the reason. Dusk & Dawn is not rolled while Night Fighting is
 * read as 'every-shot': it could only turn Night Fighting on, and it is already on (never two contradictory rules).
 */
export function optionalInPlay(ruleset: Ruleset, opts: GamePlanOptions): { optional: PlanOptionalRules; notPlayed: NotPlayed[] } {
  const optional = { ...(opts.optionalRules ?? planOptionalRulesOf(ruleset)) };
  const notPlayed: NotPlayed[] = [];
  for (const id of opts.playersOff) {
    const reason = PLAYERS_MAY_LEAVE_OUT[id];
    if (reason === undefined) {
      throw new GamePlanError([
        `Only the Weather and the in-game Injury rules are left to the two players of a game; "${id}" is the club's choice (House rules → Optional rules).`,
      ]);
    }
    const rule = ruleset.optionalRules.find((o) => o.id === id && o.enabledByDefault);
    if (!rule) continue; // the club does not use it: nothing to leave out
    if (id === 'weather') optional.weather = false;
    notPlayed.push({ id, name: rule.name, reason });
  }
  if (optional.duskAndDawn && readingOf(ruleset, 'nightFighting') === 'every-shot') {
    optional.duskAndDawn = false;
    notPlayed.push({
      id: 'dusk-and-dawn',
      name: 'Dusk & Dawn',
      reason: 'Not rolled: the club plays Night Fighting on every turn (House rules → Readings), so Dusk & Dawn would change nothing.',
    });
  }
  return { optional, notPlayed };
}

/**
 * Night Fighting read 'when-a-rule-says': in effect only when Blizzard (004: "during the entire game") or Dusk & Dawn
 * (000: turn 1, or turn 6 and later) says so. Adds the rule to `specialRules` with its turns, or returns why it is not
 * in effect this game. Nothing to do for 'every-shot' (it is among the always-on rules).
 */
export function nightFightingFor(
  ruleset: Ruleset,
  weather: GamePlan['weather'],
  duskAndDawn: GamePlan['duskAndDawn'],
  specialRules: PlannedSpecialRule[],
): NotPlayed[] {
  if (readingOf(ruleset, 'nightFighting') !== 'when-a-rule-says') return [];
  const rule = ruleset.specialRules.find((s) => s.id === NIGHT_FIGHTING_ID);
  if (!rule) return [];
  const when =
    weather?.id === 'blizzard'
      ? 'The whole game (Blizzard)'
      : duskAndDawn?.id === 'before-dawn'
        ? 'Turn 1 only (Dusk & Dawn: before dawn)'
        : duskAndDawn?.id === 'dusk'
          ? 'Turn 6 and later (Dusk & Dawn: dusk)'
          : null;
  if (when === null) {
    return [
      {
        id: NIGHT_FIGHTING_ID,
        name: rule.name,
        reason: 'Not in effect this game: the club plays Night Fighting only when Blizzard or Dusk & Dawn says so (House rules → Readings).',
      },
    ];
  }
  specialRules.unshift({ id: rule.id, name: rule.name, reminder: `${when}: ${rule.reminder}`, source: 'optional' });
  return [];
}

/**
 * The club's readings as this game's Weather leaves them (004 Weather): Blizzard "no team may Infiltrate or Scout"
 * (the Infiltrate reading is not in this game), Stormy "all scatter rolls are made on 3D6 instead of 2D6" (Deep
 * Strike scatters 3D6). Other weather changes nothing here.
 */
export function readingsUnder(readings: PlannedReading[], weather: GamePlan['weather'], twist: GamePlan['twist']): PlannedReading[] {
  const effects = weather ? WEATHER_EFFECTS[weather.id as keyof typeof WEATHER_EFFECTS] : undefined;
  return readings.map((r) => {
    if (r.id === 'reading-infiltrate' && effects && !effects.infiltrateAndScoutAllowed)
      return { ...r, text: 'Not in this game: Blizzard — no team may Infiltrate or Scout, and no one may run (004 Weather).' };
    if (r.id === 'reading-deep-strike' && effects && effects.scatterDice !== '2D6')
      return { ...r, text: `${r.text} Stormy: scatter on ${effects.scatterDice} instead of 2D6 (004 Weather).` };
    // 003 Twist 10 Fog of War: "A unit arriving on the battlefield after the battle has begun rolls a dice the first time".
    if (r.id === 'reading-reserves' && twist?.id === 'fog-of-war')
      return { ...r, text: `${r.text} Fog of War: the first time a unit arrives, roll a D6: on a 1–2 it arrives in the following turn instead (003 Twist).` };
    return r;
  });
}

/**
 * 003 Twist 12 Meeting Battle: "Each player sets up one contingent at the start of battle using the normal rules for
 * deployment" — the plan's deployment says only the first contingent deploys, and when the others arrive.
 */
export function meetingBattle(deploysFirst: GamePlan['deploysFirst'], twist: GamePlan['twist']): GamePlan['deploysFirst'] {
  if (twist?.id !== 'meeting-battle') return deploysFirst;
  return {
    ...deploysFirst,
    reason: `${deploysFirst.reason} Meeting Battle (Twist): only each army's first contingent (at most half its units) deploys now; the second arrives at the end of its controller's second Movement phase and the third at the end of the third, more than 9" from the enemy, wholly within 9" of an edge and outside the enemy deployment zone.`,
  };
}

/** 004 Step 5's 10 turns, or 000 Random Game Length after them (`turns` is then the last turn that can be played). */
export function gameLengthOf(ruleset: Ruleset): Pick<GamePlan, 'turns' | 'gameLength'> {
  if (readingOf(ruleset, 'gameLength') !== 'random-game-length') return { turns: GAME_LENGTH_TURNS };
  return {
    turns: GAME_LENGTH_TURNS + MAX_EXTRA_TURNS,
    gameLength: `Random Game Length (000): after turn ${GAME_LENGTH_TURNS}, roll a D6: on a 4–6 another turn is played; repeat until a 1–3 or ${MAX_EXTRA_TURNS} extra turns (turn ${GAME_LENGTH_TURNS + MAX_EXTRA_TURNS} at most).`,
  };
}
