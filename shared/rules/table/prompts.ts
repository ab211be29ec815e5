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
 * - A prompt whose rolls depend on another's (Fog of War, Orbital Debris' wounds) is asked once that one is answered,
 *   from what its answer kept (follow-ups.ts), right after it.
 */
import type { Side } from '../hor/facts';
import { opponent } from '../hor/facts';
import type { RunAwayModel } from '../hor/run-away';
import { mayVoluntarilyFail, runAwayLeadership, runAwayTestNeeded } from '../hor/run-away';
import { LAST_STAND_REINFORCEMENTS_TABLE } from '../hor/kill-team-rules';
import { GAME_LENGTH_TURNS } from '../hor/setup';
import type { ReserveSelection, ReservesTable } from '../mission-pack/reserves';
import { RESERVES_TABLE, reservesTableTarget } from '../mission-pack/reserves';
import { FURTHER_TURN_ON, MAX_EXTRA_TURNS } from '../mission-pack/random-game-length';
import { clubMission } from '../club-8th/missions';
import type { GamePlan } from '../game/plan';
import { reservesOf } from '../game/readings';
import { unitOf } from '../game/squads';
import type { Ruleset } from '../ruleset/schema';
import type { GameLengthPrompt, NoticePrompt, PromptModel, PromptState, ReservesPrompt, RunAwayPrompt, TablePrompt } from './prompt-types';
import { planHasRule, promptBase, promptRoll, sideLabel } from './prompt-types';
import { battleRoundTwist, playerTwist, startOfGameNotices, twistOf, visibilityPrompt } from './conditions';
import { followUpsOfTurn } from './follow-ups';

export * from './prompt-types';
export { NIGHT_FIGHTING_DISTANCE, nightFightingOn, visibilityBadge } from './conditions';
export * from './follow-ups';
export { facesOf, physicalDiceFor, resolvePrompt } from './resolve';

// ---------------------------------------------------------------------------------------------------------------
// Run Away! (004)
// ---------------------------------------------------------------------------------------------------------------

/** A table model as 004 Run Away! counts it: casualty, falling back, or still fighting (down and in reserve are). */
export function runAwayModelOf(m: PromptModel): RunAwayModel {
  const status = m.state === 'out' ? 'casualty' : m.state === 'fallen-back' ? 'falling-back' : 'fighting';
  return { id: m.id, type: m.type, leadership: m.leadership, status };
}

function runAwayPrompt(plan: GamePlan, state: PromptState, turn: number, side: Side): RunAwayPrompt[] {
  if (!planHasRule(plan, 'run-away')) return [];
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
      ...promptBase(turn, 'player-turn-start', side, 'run-away'),
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
      ...promptBase(turn, 'player-turn-start', side, reinforcements ? 'reinforcements' : 'reserves'),
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
  const lastStand = planHasRule(plan, 'last-stand-reinforcements');
  const isReinforcement = (m: PromptModel) => lastStand && m.lastStandRole === 'reinforcement';
  const table: ReservesTable = { ...RESERVES_TABLE, arrivesOn: [...reservesOf(readings)] };
  return [
    ...(planHasRule(plan, 'reserves')
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
    ...promptBase(turn, 'turn-end', null, 'last-turn'),
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
        ...promptBase(turn, 'turn-end', side, 'game-length'),
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
        ...promptBase(turn, 'turn-end', null, 'game-length'),
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
 * // A Skirmish with no optional rule, the Veteran in reserve, every other model in play:
 * turnPrompts(plan, { models }, 2, ruleset).map((p) => p.kind); // → ['reserves']
 * turnPrompts(plan, { models }, 2, ruleset)[0].rolls[0]; // → { purpose: 'Reserves, turn 2: Veteran', expression: 'D6', count: 1, target: { atLeast: 4, meaning: 'Veteran arrives' } }
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
  const asked = [
    ...visibilityPrompt(plan, turn),
    ...startOfGameNotices(plan, turn),
    ...battleRoundTwist(plan, state, turn),
    ...player(first),
    ...player(opponent(first)),
  ];
  return [...withFollowUps(asked, followUpsOfTurn(state.answered ?? {}, turn)), ...gameLengthPrompt(plan, turn)];
}

/** Each follow-up right after the prompt it follows; after the others when that one is no longer asked (all arrived). */
function withFollowUps(prompts: TablePrompt[], followUps: TablePrompt[]): TablePrompt[] {
  const out = [...prompts];
  for (const f of followUps) {
    const parent = out.findIndex((p) => f.id.startsWith(`${p.id}-`));
    out.splice(parent === -1 ? out.length : parent + 1, 0, f);
  }
  return out;
}
