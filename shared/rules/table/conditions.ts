/**
 * The conditions of a game at the table (issue 33): Night Fighting and Dusk & Dawn (000), Blizzard and the rest of the
 * Weather (004), and the Twist (003), as prompts at the start of a turn. Read with prompts.ts, which orders them.
 */
import type { Side } from '../hor/facts';
import type { DuskAndDawn } from '../mission-pack/dusk-and-dawn';
import { isNightTurn } from '../mission-pack/dusk-and-dawn';
import { NIGHT_FIGHTING_VISIBILITY_DICE } from '../mission-pack/night-fighting';
import type { TwistId } from '../club-8th/twist';
import { MEETING_BATTLE_ARRIVAL, TWIST_MODIFIERS, acidRainCheck, deadOfNightCheck, deadOfNightMaxRange } from '../club-8th/twist';
import { PhysicalDice } from '../dice';
import type { GamePlan } from '../game/plan';
import type { NoticePrompt, PromptState, TablePrompt, TwistRollPrompt } from './prompt-types';
import { promptBase, promptRoll, sideLabel } from './prompt-types';
// ---------------------------------------------------------------------------------------------------------------
// Visibility (000 Night Fighting, 000 Dusk & Dawn, 004 Weather: Blizzard)
// ---------------------------------------------------------------------------------------------------------------

/**
 * Is Night Fighting in effect on `turn`, and why (for a badge)? As the plan has it: on every turn when the club plays it
 * so (an always-on special rule of the plan), the whole game under Blizzard (004 Weather: "Night Fighting rules are in
 * effect during the entire game"), or the turns Dusk & Dawn says (000, `isNightTurn`); never when the plan does not
 * list Night Fighting.
 *
 * @example
 * // `dusk`: a plan whose Dusk & Dawn roll was a 6, Night Fighting read "only when a rule says so"
 * nightFightingOn(dusk, 6); // → { night: true, why: 'Dusk & Dawn: the battle started at dusk' }
 * nightFightingOn(dusk, 5); // → { night: false, why: 'Dusk & Dawn: dusk falls on turn 6' }
 */
export function nightFightingOn(plan: GamePlan, turn: number): { night: boolean; why: string } {
  const rule = plan.specialRules.find((r) => r.id === 'night-fighting');
  if (!rule) return { night: false, why: 'Night Fighting is not in effect in this game' };
  if (rule.source === 'always') return { night: true, why: 'the club plays Night Fighting on every turn' };
  if (plan.weather?.id === 'blizzard') return { night: true, why: 'Blizzard: Night Fighting for the entire game' };
  const dd = plan.duskAndDawn?.id;
  const known: DuskAndDawn | null = dd === 'before-dawn' || dd === 'dusk' || dd === 'daylight' ? dd : null;
  const night = isNightTurn(known, turn);
  if (known === 'before-dawn') return { night, why: night ? 'Dusk & Dawn: the battle starts before dawn' : 'Dusk & Dawn: dawn has broken' };
  if (known === 'dusk') return { night, why: night ? 'Dusk & Dawn: the battle started at dusk' : 'Dusk & Dawn: dusk falls on turn 6' };
  return { night: false, why: 'no rule brings Night Fighting in this game' };
}

/** How far a unit sees under Night Fighting, in words: 000 "Roll 2D6 and multiply the result by 3, rolling once per unit". */
export const NIGHT_FIGHTING_DISTANCE = '2D6 × 3" per unit (6" to 36")';

/**
 * The header's badge while Night Fighting is in force on `turn` (000 Night Fighting, Dusk & Dawn; 004 Blizzard): what,
 * why, and how far a unit sees. Null when it is not in force, and before the first turn.
 *
 * @example
 * // `dusk`: a plan whose Dusk & Dawn roll was a 6
 * visibilityBadge(dusk, 5); // → null
 * visibilityBadge(dusk, 6); // → { title: 'Night Fighting', why: 'Dusk & Dawn: the battle started at dusk', distance: '2D6 × 3" per unit (6" to 36")' }
 */
export function visibilityBadge(plan: GamePlan, turn: number): { title: string; why: string; distance: string } | null {
  if (turn < 1) return null;
  const now = nightFightingOn(plan, turn);
  return now.night ? { title: 'Night Fighting', why: now.why, distance: NIGHT_FIGHTING_DISTANCE } : null;
}

export function visibilityPrompt(plan: GamePlan, turn: number): NoticePrompt[] {
  const now = nightFightingOn(plan, turn);
  const before = turn === 1 ? false : nightFightingOn(plan, turn - 1).night;
  if (now.night === before) return [];
  const b = { ...promptBase(turn, 'turn-start', null, 'visibility'), kind: 'visibility' as const };
  if (!now.night) {
    return [{ ...b, title: 'Daylight', text: `${now.why}: Night Fighting no longer applies from this turn.`, citation: '000 · Dusk & Dawn' }];
  }
  const always = turn === 1 && plan.specialRules.find((r) => r.id === 'night-fighting')?.source === 'always';
  return [
    {
      ...b,
      title: always || plan.weather?.id === 'blizzard' ? 'Night Fighting all game' : 'Night Fighting this turn',
      text: `Night Fighting (${now.why}): before a unit fires, roll ${NIGHT_FIGHTING_VISIBILITY_DICE} once for the unit — that is how far it can see. "Normal barrage and ordnance barrage weapons may fire at unseen targets", adding an extra D6 to the scatter; other weapons beyond that range lose the right to fire.`,
      citation: '000 · Night Fighting',
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Weather (004) and Twist (003)
// ---------------------------------------------------------------------------------------------------------------

export const twistOf = (plan: GamePlan): TwistId | null => {
  const id = plan.twist?.id;
  return id !== undefined && id in TWIST_MODIFIERS ? (id as TwistId) : null;
};

/** Twists whose effect lasts the whole game: shown on turn 1 (the others have prompts of their own when they act). */
const ALL_GAME_TWISTS: readonly TwistId[] = [
  'acid-rain',
  'warp-storm',
  'eager-for-the-fight',
  'battle-frenzy',
  'low-visibility',
  'grudge-match',
  'dead-of-night',
];

export function startOfGameNotices(plan: GamePlan, turn: number): NoticePrompt[] {
  if (turn !== 1) return [];
  const out: NoticePrompt[] = [];
  // "3-5. Fine conditions: all normal rules apply": nothing to say.
  if (plan.weather && plan.weather.id !== 'fine') {
    out.push({ ...promptBase(1, 'turn-start', null, 'weather'), kind: 'weather', title: 'Weather', text: plan.weather.text, citation: '004 · Weather' });
  }
  const twist = twistOf(plan);
  if (plan.twist && twist && ALL_GAME_TWISTS.includes(twist)) {
    const rain = twist === 'acid-rain' ? ' It rains in the first battle round.' : '';
    out.push({
      ...promptBase(1, 'turn-start', null, 'twist'),
      kind: 'twist',
      title: 'Twist',
      text: `${plan.twist.text}${rain}`,
      citation: '003 · Twist (Roll a 2D6)',
    });
  }
  return out;
}

/**
 * 003 Acid Rain / Dead of Night before battle round `turn`: given outright, or replayed from the faces of the rounds
 * answered so far through the twist's own check (a round not answered changes nothing).
 */
function carried(plan: GamePlan, state: PromptState, turn: number): { raining: boolean; successes: number } {
  let raining = true;
  let successes = 0;
  for (let t = 2; t < turn; t++) {
    const rain = state.answered?.[promptBase(t, 'turn-start', null, 'acid-rain').id]?.faces;
    if (rain) raining = acidRainCheck(t, raining, new PhysicalDice([rain])).raining;
    const night = state.answered?.[promptBase(t, 'turn-start', plan.firstTurn.side, 'dead-of-night').id]?.faces;
    if (night) successes = deadOfNightCheck(t, successes, new PhysicalDice([night])).successes;
  }
  return { raining: state.twist?.raining ?? raining, successes: state.twist?.deadOfNightSuccesses ?? successes };
}

/** 003 Acid Rain and Dead of Night: "at the start of each battle round after the first". */
export function battleRoundTwist(plan: GamePlan, state: PromptState, turn: number): TwistRollPrompt[] {
  const twist = twistOf(plan);
  if (turn === 1) return [];
  if (twist === 'acid-rain') {
    const { raining } = carried(plan, state, turn);
    return [
      {
        ...promptBase(turn, 'turn-start', null, 'acid-rain'),
        kind: 'acid-rain',
        twist,
        raining,
        title: 'Acid Rain',
        text: `It ${raining ? 'rained' : 'did not rain'} in the last battle round. Roll a dice: on a 4+ the rain ${raining ? 'stops' : 'starts again'}. While it rains, subtract 1 from all hit rolls for shooting attacks and from all Advance and charge rolls.`,
        citation: '003 · Twist 3 Acid Rain',
        rolls: [promptRoll('D6', `Acid Rain, start of battle round ${turn}`, { atLeast: 4, meaning: raining ? 'the rain stops' : 'the rain starts again' })],
      },
    ];
  }
  if (twist === 'dead-of-night') {
    const { successes } = carried(plan, state, turn);
    const side = plan.firstTurn.side;
    return [
      {
        ...promptBase(turn, 'turn-start', side, 'dead-of-night'),
        kind: 'dead-of-night',
        twist,
        successes,
        title: 'Dead of Night',
        text: `${sideLabel(plan, side)} (who took the first turn) rolls a dice: on a 4+ the maximum range of shooting attacks and psychic powers grows from ${deadOfNightMaxRange(successes)}" to ${deadOfNightMaxRange(successes + 1)}".`,
        citation: '003 · Twist 11 Dead of Night',
        rolls: [promptRoll('D6', `Dead of Night, start of battle round ${turn}`, { atLeast: 4, meaning: `range ${deadOfNightMaxRange(successes + 1)}"` })],
      },
    ];
  }
  return [];
}

/** 003 Restoratives, Orbital Debris ("at the start of their turn") and Meeting Battle's contingents (turns 2 and 3). */
export function playerTwist(plan: GamePlan, turn: number, side: Side): TablePrompt[] {
  const twist = twistOf(plan);
  const player = sideLabel(plan, side);
  const b = (kind: string) => promptBase(turn, 'player-turn-start', side, kind);
  if (twist === 'restoratives') {
    return [
      {
        ...b('restoratives'),
        kind: 'restoratives',
        twist,
        player,
        optional: true,
        title: 'Restoratives',
        text: `${player} may pick a friendly unit: "That unit regains D3 lost wounds."`,
        citation: '003 · Twist 2 Restoratives',
        rolls: [promptRoll('D3', `Restoratives: a unit of ${player}`, null)],
      },
    ];
  }
  if (twist === 'orbital-debris') {
    return [
      {
        ...b('orbital-debris'),
        kind: 'orbital-debris',
        twist,
        player,
        title: 'Orbital Debris',
        text: `${player} rolls 3 dice: "For each roll of 6, they may pick a separate enemy unit and inflict D3 mortal wounds upon it."`,
        citation: '003 · Twist 9 Orbital Debris',
        rolls: [promptRoll('3D6', `Orbital Debris: ${player}`, { atLeast: 6, meaning: 'each 6: D3 mortal wounds on a separate enemy unit' })],
      },
    ];
  }
  if (twist === 'meeting-battle') {
    const arrival = MEETING_BATTLE_ARRIVAL.find((a) => typeof a.arrives === 'object' && a.arrives.movementPhase === turn);
    if (!arrival) return [];
    const which = arrival.contingent === 2 ? 'second' : 'third';
    return [
      {
        ...b('meeting-battle'),
        kind: 'meeting-battle',
        title: `Meeting Battle: the ${which} contingent`,
        text: `At the end of ${player}'s Movement phase this turn, set up the ${which} contingent: more than 9" from the enemy, wholly within 9" of a battlefield edge and outside the enemy deployment zone.`,
        citation: '003 · Twist 12 Meeting Battle',
      },
    ];
  }
  return [];
}
