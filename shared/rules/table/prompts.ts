/**
 * The prompts at the start of each turn of a game in progress (issue 33, the at-the-table screen): which rules act
 * this turn, worked out from the game's plan and the state at the table, each with the rolls it needs. Every rule is
 * the rules package's own (reused, never restated):
 * - 004 Run Away! (hor/run-away.ts: runAwayTestNeeded, runAwayLeadership, mayVoluntarilyFail);
 * - 000 Reserves and 004 Last Stand's reinforcements (mission-pack/reserves.ts reservesTableTarget, the club's table
 *   from game/readings.ts reservesOf; hor/kill-team-rules.ts LAST_STAND_REINFORCEMENTS_TABLE);
 * - Night Fighting (000) as the plan has it: every turn, Blizzard (004 Weather) or Dusk & Dawn (000: isNightTurn);
 * - the game length: 004's 10 turns, 000 Random Game Length or 003 BATTLE LENGTH;
 * - 004 Weather and 003 Twist, as rolled in the plan.
 *
 * Readings (docs/decisions.md "At the table: the turn's prompts"):
 * - A game turn is both players' turns. Prompts are listed in the order they come up: the start of the game turn
 *   (visibility, Weather, Twist), the player with the first turn (Run Away! first — a failed test ends the game before
 *   anything arrives — then Reserves, then that player's Twist rolls), the other player, then the end of the turn (game
 *   length). The second player's Run Away! depends on the first player's turn: the screen recomputes after each tap.
 * - Down (knocked down or stunned) and in-reserve models are neither falling back nor casualties: they count as
 *   still fighting for Run Away! (004 counts "his force"; reserves are alive, as in game/report.ts `notArrived`).
 * - Visibility is prompted on the turns it changes (night from turn 1, dawn on turn 2, dusk on turn 6); the whole
 *   game's state per turn is `nightFightingOn`, for a badge. Weather and the Twists that last all game are prompted on
 *   turn 1 only.
 */
import type { Side } from '../hor/facts';
import { opponent, sideName } from '../hor/facts';
import type { RunAwayModel } from '../hor/run-away';
import { mayVoluntarilyFail, runAwayLeadership, runAwayTestNeeded } from '../hor/run-away';
import { LAST_STAND_REINFORCEMENTS_TABLE } from '../hor/kill-team-rules';
import { GAME_LENGTH_TURNS } from '../hor/setup';
import type { ReserveSelection, ReservesTable } from '../mission-pack/reserves';
import { RESERVES_TABLE, reservesTableTarget } from '../mission-pack/reserves';
import type { DuskAndDawn } from '../mission-pack/dusk-and-dawn';
import { isNightTurn } from '../mission-pack/dusk-and-dawn';
import { NIGHT_FIGHTING_VISIBILITY_DICE } from '../mission-pack/night-fighting';
import { FURTHER_TURN_ON, MAX_EXTRA_TURNS } from '../mission-pack/random-game-length';
import { clubMission } from '../club-8th/missions';
import type { TwistId } from '../club-8th/twist';
import { MEETING_BATTLE_ARRIVAL, TWIST_MODIFIERS, deadOfNightMaxRange } from '../club-8th/twist';
import type { GamePlan } from '../game/plan';
import { reservesOf } from '../game/readings';
import { unitOf } from '../game/squads';
import type { Ruleset } from '../ruleset/schema';
import type {
  GameLengthPrompt,
  NoticePrompt,
  PromptMoment,
  PromptRoll,
  ReservesPrompt,
  RunAwayPrompt,
  PromptModel,
  TablePrompt,
  PromptState,
  TwistRollPrompt,
} from './prompt-types';
import { promptRoll } from './prompt-types';

export * from './prompt-types';
export { physicalDiceFor, resolvePrompt } from './resolve';

/** The side's name as the plan has it (the team's), else "Player A" / "Player B". */
export const sideLabel = (plan: Pick<GamePlan, 'sides'>, side: Side): string => plan.sides[side].name ?? sideName(side);

const hasRule = (plan: GamePlan, id: string) => plan.specialRules.some((r) => r.id === id);

function base(turn: number, moment: PromptMoment, side: Side | null, kind: string) {
  return { id: `t${turn}-${moment}-${side ?? 'both'}-${kind}`, turn, moment, side, rolls: [] as PromptRoll[], optional: false };
}

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
 * nightFightingOn(planWith({ duskAndDawn: 'dusk' }), 6); // → { night: true, why: 'Dusk & Dawn: the battle started at dusk' }
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

function visibilityPrompt(plan: GamePlan, turn: number): NoticePrompt[] {
  const now = nightFightingOn(plan, turn);
  const before = turn === 1 ? false : nightFightingOn(plan, turn - 1).night;
  if (now.night === before) return [];
  const b = { ...base(turn, 'turn-start', null, 'visibility'), kind: 'visibility' as const };
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

const twistOf = (plan: GamePlan): TwistId | null => {
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

function startOfGameNotices(plan: GamePlan, turn: number): NoticePrompt[] {
  if (turn !== 1) return [];
  const out: NoticePrompt[] = [];
  // "3-5. Fine conditions: all normal rules apply": nothing to say.
  if (plan.weather && plan.weather.id !== 'fine') {
    out.push({ ...base(1, 'turn-start', null, 'weather'), kind: 'weather', title: 'Weather', text: plan.weather.text, citation: '004 · Weather' });
  }
  const twist = twistOf(plan);
  if (plan.twist && twist && ALL_GAME_TWISTS.includes(twist)) {
    const rain = twist === 'acid-rain' ? ' It rains in the first battle round.' : '';
    out.push({
      ...base(1, 'turn-start', null, 'twist'),
      kind: 'twist',
      title: 'Twist',
      text: `${plan.twist.text}${rain}`,
      citation: '003 · Twist (Roll a 2D6)',
    });
  }
  return out;
}

/** 003 Acid Rain and Dead of Night: "at the start of each battle round after the first". */
function battleRoundTwist(plan: GamePlan, state: PromptState, turn: number): TwistRollPrompt[] {
  const twist = twistOf(plan);
  if (turn === 1) return [];
  if (twist === 'acid-rain') {
    const raining = state.twist?.raining ?? true;
    return [
      {
        ...base(turn, 'turn-start', null, 'acid-rain'),
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
    const successes = state.twist?.deadOfNightSuccesses ?? 0;
    const side = plan.firstTurn.side;
    return [
      {
        ...base(turn, 'turn-start', side, 'dead-of-night'),
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
function playerTwist(plan: GamePlan, turn: number, side: Side): TablePrompt[] {
  const twist = twistOf(plan);
  const player = sideLabel(plan, side);
  const b = (kind: string) => base(turn, 'player-turn-start', side, kind);
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

// ---------------------------------------------------------------------------------------------------------------
// Run Away! (004)
// ---------------------------------------------------------------------------------------------------------------

/** A table model as 004 Run Away! counts it: casualty, falling back, or still fighting (down and in reserve are). */
export function runAwayModelOf(m: PromptModel): RunAwayModel {
  const status = m.state === 'out' ? 'casualty' : m.state === 'fallen-back' ? 'falling-back' : 'fighting';
  return { id: m.id, type: m.type, leadership: m.leadership, status };
}

function runAwayPrompt(plan: GamePlan, state: PromptState, turn: number, side: Side): RunAwayPrompt[] {
  if (!hasRule(plan, 'run-away')) return [];
  const own = state.models.filter((m) => m.side === side);
  const models = own.map(runAwayModelOf);
  const need = runAwayTestNeeded(models);
  if (!need.needed) return [];
  const team = sideLabel(plan, side);
  const ld = runAwayLeadership(models);
  const voluntary = mayVoluntarilyFail(models);
  const who = ld ? (own.find((m) => m.id === ld.modelId)?.name ?? ld.modelId) : null;
  const roll = ld
    ? `Roll 2D6: ${ld.leadership} or less passes (the Leadership of ${who}: ${ld.reason}).`
    : 'Every remaining model is falling back: nobody can rally the team, so the test is failed without a roll.';
  return [
    {
      ...base(turn, 'player-turn-start', side, 'run-away'),
      kind: 'run-away',
      models,
      team,
      mayVoluntarilyFail: voluntary,
      title: `Run Away! test: ${team}`,
      text: `${need.reason} ${roll} "If the Run Away! test is failed, the game ends."${voluntary ? ' With less than 25% of its models remaining, the team may choose to fail the test.' : ''}`,
      citation: '004 · Run Away!',
      rolls: ld ? [promptRoll('2D6', `Run Away! test, ${team}`, { atMost: ld.leadership, meaning: 'passed: the team fights on' })] : [],
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Reserves (000) and Last Stand reinforcements (004)
// ---------------------------------------------------------------------------------------------------------------

/** Group waiting models into what is rolled for together: a unit (a Squad's members), or a reinforcement group. */
function selections(models: readonly PromptModel[], keyOf: (m: PromptModel) => string): { selections: ReserveSelection[]; members: Record<string, string[]> } {
  const byKey = new Map<string, PromptModel[]>();
  for (const m of models) byKey.set(keyOf(m), [...(byKey.get(keyOf(m)) ?? []), m]);
  const members: Record<string, string[]> = {};
  const out: ReserveSelection[] = [];
  for (const [id, ms] of byKey) {
    members[id] = ms.map((m) => m.id);
    const names = [...new Set(ms.map((m) => m.unitName ?? m.name))];
    const sel: ReserveSelection = { id, name: names.join(', ') };
    if (ms.every((m) => m.mayDeepStrike === true)) sel.mayDeepStrike = true;
    out.push(sel);
  }
  return { selections: out, members };
}

function reservesPrompt(
  plan: GamePlan,
  waitingModels: readonly PromptModel[],
  turn: number,
  side: Side,
  reinforcements: boolean,
  table: ReservesTable,
): ReservesPrompt[] {
  if (waitingModels.length === 0) return [];
  const fogOfWar = twistOf(plan) === 'fog-of-war';
  const due = (m: PromptModel) => fogOfWar && m.fogDelayedTo !== undefined && m.fogDelayedTo <= turn;
  const keyOf = (m: PromptModel) => (reinforcements ? (m.reinforcementGroup ?? unitOf(m.id)) : unitOf(m.id));
  const target = reservesTableTarget(turn, table);
  const waiting = selections(
    waitingModels.filter((m) => !due(m)),
    keyOf,
  );
  const delayed = selections(waitingModels.filter(due), keyOf);
  const rolled = target === null ? [] : waiting.selections;
  if (rolled.length === 0 && delayed.selections.length === 0) return [];
  const player = sideLabel(plan, side);
  const what = reinforcements ? 'reinforcement group' : 'unit in reserve';
  const quote = reinforcements
    ? '"On every turn after the 1st, roll a d6 for every remaining reinforcement group. On a 3+ the group arrives using the Reserve rules from a table edge of the defenders choice."'
    : `Roll a D6 for each ${what} ("Each selection ... is diced for separately"): on turn ${turn} it arrives on a ${target}+.`;
  const late = delayed.selections.length > 0 ? ` Delayed by Fog of War last turn, arriving now: ${delayed.selections.map((s) => s.name).join(', ')}.` : '';
  return [
    {
      ...base(turn, 'player-turn-start', side, reinforcements ? 'reinforcements' : 'reserves'),
      kind: 'reserves',
      reinforcements,
      table,
      waiting: rolled,
      delayedArrive: delayed.selections,
      members: { ...waiting.members, ...delayed.members },
      fogOfWar,
      title: reinforcements ? `Reinforcements: ${player}` : `Reserves: ${player}`,
      text: `${rolled.length > 0 ? quote : ''}${late}`.trim(),
      citation: reinforcements ? '004 · Mission 6: Last Stand / Special Rules' : '000 · Reserves / Reserves Table',
      rolls: target === null ? [] : rolled.map((s) => promptRoll('D6', `Reserves, turn ${turn}: ${s.name}`, { atLeast: target, meaning: `${s.name} arrives` })),
    },
  ];
}

function reservePrompts(plan: GamePlan, state: PromptState, turn: number, side: Side, readings: Pick<Ruleset, 'readings'>): ReservesPrompt[] {
  const waiting = state.models.filter((m) => m.side === side && m.state === 'reserve');
  const lastStand = hasRule(plan, 'last-stand-reinforcements');
  const isReinforcement = (m: PromptModel) => lastStand && m.lastStandRole === 'reinforcement';
  const table: ReservesTable = { ...RESERVES_TABLE, arrivesOn: [...reservesOf(readings)] };
  return [
    ...(hasRule(plan, 'reserves')
      ? reservesPrompt(
          plan,
          waiting.filter((m) => !isReinforcement(m)),
          turn,
          side,
          false,
          table,
        )
      : []),
    ...reservesPrompt(plan, waiting.filter(isReinforcement), turn, side, true, LAST_STAND_REINFORCEMENTS_TABLE),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Game length (004 Step 5, 000 Random Game Length, 003 BATTLE LENGTH)
// ---------------------------------------------------------------------------------------------------------------

function gameLengthPrompt(plan: GamePlan, turn: number): (GameLengthPrompt | NoticePrompt)[] {
  const last = (text: string, citation: string): NoticePrompt => ({
    ...base(turn, 'turn-end', null, 'last-turn'),
    kind: 'last-turn',
    title: 'Last turn',
    text,
    citation,
  });
  if (plan.club8th) {
    const rule = clubMission(plan.mission.id).battleLength;
    if (turn >= rule.lastRound) return [last(`"The battle automatically ends at the end of battle round ${rule.lastRound}."`, '003 · BATTLE LENGTH')];
    const check = rule.checks.find((c) => c.afterRound === turn);
    if (!check) return [];
    const side = check.roller === 'first-turn-player' ? plan.firstTurn.side : opponent(plan.firstTurn.side);
    const who = check.roller === 'first-turn-player' ? 'the player who had the first turn' : 'the player who had the second turn';
    return [
      {
        ...base(turn, 'turn-end', side, 'game-length'),
        kind: 'game-length',
        rule: { kind: 'club-8th', battleLength: rule },
        title: 'Battle length',
        text: `At the end of battle round ${turn}, ${sideLabel(plan, side)} (${who}) rolls a D6: on a ${check.continueOn}+ the game continues, otherwise it is over.`,
        citation: '003 · BATTLE LENGTH',
        rolls: [promptRoll('D6', `Battle length, end of battle round ${turn} (${who})`, { atLeast: check.continueOn, meaning: 'the game continues' })],
      },
    ];
  }
  if (plan.gameLength !== undefined) {
    const stated = plan.turns - MAX_EXTRA_TURNS;
    if (turn >= plan.turns) return [last(`${MAX_EXTRA_TURNS} extra turns have been played: the game ends after this turn.`, '000 · Random Game Length')];
    if (turn < stated) return [];
    return [
      {
        ...base(turn, 'turn-end', null, 'game-length'),
        kind: 'game-length',
        rule: { kind: 'random', statedTurns: stated },
        title: 'Random Game Length',
        text: `At the end of turn ${turn}, roll a D6: "On a 4, 5 or 6 a further turn is played"; on a 1, 2 or 3 the game ends.`,
        citation: '000 · Random Game Length',
        rolls: [promptRoll('D6', `Random Game Length, end of turn ${turn}`, { atLeast: FURTHER_TURN_ON, meaning: 'a further turn is played' })],
      },
    ];
  }
  if (turn < plan.turns) return [];
  const said =
    plan.turns === GAME_LENGTH_TURNS
      ? `"The game ends either once both players have completed ${GAME_LENGTH_TURNS} turns, or one team fails a Run Away! test."`
      : `The game ends after turn ${plan.turns}.`;
  return [last(said, '004 · Step 5 - Ending the Game')];
}

// ---------------------------------------------------------------------------------------------------------------
// All of them
// ---------------------------------------------------------------------------------------------------------------

/**
 * The prompts of game turn `turn` (1 … plan.turns), in the order they come up: the start of the turn, the player with
 * the first turn, the other player, the end of the turn. `readings` is the game's ruleset (its Reserves table). Empty
 * when nothing applies. Roll a prompt with `resolvePrompt`.
 *
 * @example
 * turnPrompts(plan, { models }, 2, ruleset).map((p) => p.kind); // → ['reserves'] (a unit in reserve, turn 2: 4+)
 */
export function turnPrompts(plan: GamePlan, state: PromptState, turn: number, readings: Pick<Ruleset, 'readings'>): TablePrompt[] {
  if (!Number.isInteger(turn) || turn < 1 || turn > plan.turns) {
    throw new RangeError(`This game has turns 1 to ${plan.turns}; there is no turn ${turn}.`);
  }
  const first = plan.firstTurn.side;
  const player = (side: Side): TablePrompt[] => [
    ...runAwayPrompt(plan, state, turn, side),
    ...reservePrompts(plan, state, turn, side, readings),
    ...playerTwist(plan, turn, side),
  ];
  return [
    ...visibilityPrompt(plan, turn),
    ...startOfGameNotices(plan, turn),
    ...battleRoundTwist(plan, state, turn),
    ...player(first),
    ...player(opponent(first)),
    ...gameLengthPrompt(plan, turn),
  ];
}
