/**
 * The state of a game at the table (issue 33): a pure fold of its taps (taps.ts) over the models the game's draft
 * says took part. Nothing else is kept: a restart, a crash or a second screen folds the same log into the same state.
 */
import type { ModelType } from '../ruleset/schema';
import type { ModelReport, ReportEnding } from '../game/report';
import { squadOfMember } from '../game/squads';
import type { Side } from '../hor/facts';
import { TABLE_COUNTERS, type TableCounter, type TableEvent, type TableModelState } from './taps';

/** One model at the table (a Squad member is a model of its own: 004 "Squad"). */
export interface TableModel {
  id: string;
  side: Side;
  name: string;
  type: ModelType;
  /** The Squad's roster id for a member, else null. */
  squad: string | null;
  state: TableModelState;
  /** Out of action: the enemy model that took it out (null: no one). */
  by: string | null;
  /** The turn it was taken out of action in (0: before the first turn). */
  outInTurn: number | null;
  relics: number;
  destroyedMarker: boolean;
  /** 003 Fog of War: in reserve, delayed to this turn, when it arrives without a roll (null: not delayed). */
  delayedTo: number | null;
}

export interface TableCasualty {
  model: string;
  by: string | null;
  turn: number;
}

export interface TableState {
  /** The turn being played; 0 before the first turn is begun. */
  turn: number;
  models: TableModel[];
  counters: Record<Side, Record<TableCounter, number>>;
  /** Casualties in the order they were tapped (First Blood is the first one with a taker). */
  casualties: TableCasualty[];
  /** Start-of-turn prompts answered, by key. */
  answered: Record<string, Omit<Extract<TableEvent, { kind: 'prompt' }>, 'kind' | 'key' | 'arrive' | 'delay' | 'delayedTo'>>;
  /** Set once "Game over" is tapped. */
  ending: ReportEnding | null;
  /** Taps in effect (every tap not taken back by an undo). */
  taps: number;
}

/** The models a table game starts with: the draft report's models that took part (in play, or in reserve when it says so). */
export function tableModelsOf(models: readonly ModelReport[]): TableModel[] {
  return models
    .filter((m) => m.tookPart)
    .map((m) => ({
      id: m.id,
      side: m.side,
      name: m.name ?? m.id,
      type: m.type,
      squad: squadOfMember(m.id)?.squadId ?? null,
      state: 'in-play',
      by: null,
      outInTurn: null,
      relics: 0,
      destroyedMarker: false,
      delayedTo: null,
    }));
}

const zeroCounters = (): Record<TableCounter, number> => Object.fromEntries(TABLE_COUNTERS.map((c) => [c, 0])) as Record<TableCounter, number>;

/**
 * The taps still in effect, in order: each undo takes back the latest tap not already taken back (an undo with
 * nothing left to take back does nothing).
 *
 * @example
 * effectiveTaps([{ kind: 'turn', turn: 1 }, { kind: 'turn', turn: 2 }, { kind: 'undo' }]); // → [{ kind: 'turn', turn: 1 }]
 */
export function effectiveTaps(events: readonly TableEvent[]): TableEvent[] {
  const kept: TableEvent[] = [];
  for (const e of events) {
    if (e.kind === 'undo') kept.pop();
    else kept.push(e);
  }
  return kept;
}

/**
 * Folds the log into the table's state. A tap naming a model the game no longer has (the draft changed since) is
 * skipped: the state always describes the models of the game.
 *
 * @example
 * const start = tableModelsOf([{ id: 'a1', side: 'a', type: 'core', tookPart: true, aliveAtEnd: true }]);
 * foldTable(start, [{ kind: 'turn', turn: 1 }, { kind: 'casualty', model: 'a1', by: null }]).models[0].state; // → 'out'
 */
export function foldTable(start: readonly TableModel[], events: readonly TableEvent[]): TableState {
  const models = start.map((m) => ({ ...m }));
  const byId = new Map(models.map((m) => [m.id, m]));
  const state: TableState = { turn: 0, models, counters: { a: zeroCounters(), b: zeroCounters() }, casualties: [], answered: {}, ending: null, taps: 0 };
  for (const e of effectiveTaps(events)) {
    state.taps += 1;
    switch (e.kind) {
      case 'turn':
        state.turn = e.turn;
        break;
      case 'state': {
        const m = byId.get(e.model);
        if (!m) break;
        if (m.state === 'out') state.casualties = state.casualties.filter((c) => c.model !== m.id);
        m.state = e.state;
        m.by = null;
        m.outInTurn = null;
        m.delayedTo = null;
        break;
      }
      case 'casualty': {
        const m = byId.get(e.model);
        if (!m) break;
        state.casualties = state.casualties.filter((c) => c.model !== m.id);
        m.state = 'out';
        m.by = e.by !== null && byId.get(e.by)?.side !== m.side && byId.has(e.by) ? e.by : null;
        m.outInTurn = state.turn;
        m.delayedTo = null;
        // A model removed as a casualty drops what it carried (004: it is removed from the table).
        m.relics = 0;
        state.casualties.push({ model: m.id, by: m.by, turn: state.turn });
        break;
      }
      case 'counter':
        state.counters[e.side][e.counter] = Math.max(0, state.counters[e.side][e.counter] + e.delta);
        break;
      case 'relic': {
        const m = byId.get(e.model);
        if (m) m.relics = Math.max(0, m.relics + e.delta);
        break;
      }
      case 'marker': {
        const m = byId.get(e.model);
        if (m) m.destroyedMarker = e.destroyed;
        break;
      }
      case 'prompt': {
        const { kind: _k, key, arrive, delay, delayedTo, ...told } = e;
        state.answered[key] = told;
        // Reserves that arrive come on in the same tap (000 Reserves: "the unit arrives").
        for (const id of arrive ?? []) {
          const m = byId.get(id);
          if (m?.state === 'reserve') {
            m.state = 'in-play';
            m.delayedTo = null;
          }
        }
        // 003 Fog of War: delayed, still in reserve, "it arrives in the following turn instead".
        for (const id of delay ?? []) {
          const m = byId.get(id);
          if (m?.state === 'reserve' && delayedTo !== undefined) m.delayedTo = delayedTo;
        }
        break;
      }
      case 'end':
        state.ending = e.ending;
        break;
    }
  }
  return state;
}

/** A side's models by where they are, members counted as models (004 "Squad": "individual models will still count"). */
export interface SideCounts {
  total: number;
  inPlay: number;
  down: number;
  out: number;
  reserve: number;
  fallenBack: number;
  /** 004 Run Away!: "falling back or has been removed as a casualty". */
  fallingBackOrOut: number;
}

/**
 * A side's counts for the screen and the Run Away! prompt.
 *
 * @example
 * const m = tableModelsOf([{ id: 'x#1', side: 'a', type: 'core', tookPart: true, aliveAtEnd: true }, { id: 'x#2', side: 'a', type: 'core', tookPart: true, aliveAtEnd: true }]);
 * sideCounts(foldTable(m, [{ kind: 'casualty', model: 'x#1', by: null }]), 'a').fallingBackOrOut; // → 1
 */
export function sideCounts(state: Pick<TableState, 'models'>, side: Side): SideCounts {
  const own = state.models.filter((m) => m.side === side);
  const n = (s: TableModelState) => own.filter((m) => m.state === s).length;
  const counts = { total: own.length, inPlay: n('in-play'), down: n('down'), out: n('out'), reserve: n('reserve'), fallenBack: n('fallen-back') };
  return { ...counts, fallingBackOrOut: counts.out + counts.fallenBack };
}

/**
 * Whether a tap can be made now, in words when it cannot (the handler refuses it and changes nothing).
 *
 * @example
 * const m = tableModelsOf([{ id: 'a1', side: 'a', type: 'core', tookPart: true, aliveAtEnd: true }]);
 * tapProblem(foldTable(m, []), { kind: 'casualty', model: 'a1', by: 'a1' }); // → 'A model cannot take out a model of its own side.'
 */
export function tapProblem(state: TableState, event: TableEvent, name: (id: string) => string = (id) => id): string | null {
  const model = (id: string) => state.models.find((m) => m.id === id);
  if (state.ending && event.kind !== 'undo') return 'The game is over: undo "Game over" to go on playing.';
  switch (event.kind) {
    case 'turn':
      return event.turn === state.turn + 1 ? null : `The next turn is turn ${state.turn + 1}.`;
    case 'state':
    case 'relic':
    case 'marker': {
      const m = model(event.model);
      if (!m) return 'That model is not in this game.';
      if (event.kind === 'relic' && event.delta < 0 && m.relics === 0) return `${name(m.id)} carries no Relic.`;
      if (event.kind === 'relic' && event.delta > 0 && m.state === 'out') return `${name(m.id)} is out of action: it cannot carry a Relic.`;
      return null;
    }
    case 'casualty': {
      const m = model(event.model);
      if (!m) return 'That model is not in this game.';
      if (event.by === null) return null;
      const by = model(event.by);
      if (!by) return 'The model named as taking it out is not in this game.';
      return by.side === m.side ? 'A model cannot take out a model of its own side.' : null;
    }
    case 'counter':
      return event.delta < 0 && state.counters[event.side][event.counter] === 0 ? 'That counter is already at 0.' : null;
    case 'prompt':
      return event.key in state.answered ? 'That prompt is answered already: undo it to answer again.' : null;
    case 'undo':
      return state.taps === 0 ? 'There is no tap to undo.' : null;
    default:
      return null;
  }
}
