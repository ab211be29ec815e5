/**
 * A game at the table (issue 33): its log folded into the screen's state, in the shape the screen shows. Main reads
 * the draft's models and the plan; the fold, the tap checks and the prefill are shared/rules/table's.
 */
import { AppError } from '../../shared/ipc/result';
import { GameDraft as GameDraftSchema, type GameDraft } from '../../shared/ipc/schemas/games';
import type { TableView } from '../../shared/ipc/schemas/table';
import { GamePlan, missionScoring } from '../../shared/rules';
import { foldTable, sideCounts, tableModelsOf, tableTracks, visibilityBadge, type TableEvent, type TableState } from '../../shared/rules';
import type { Db } from '../db/open';
import type { GameRow } from '../db/schema';
import { prepared } from '../db/prepared';
import { gameHead, lastSeq, readTaps, readTapsAfter } from '../repos/table';
import { gameSummary, mustFindGame } from './detail';
import { promptViews } from './table-prompts';

export interface TableGame {
  game: GameRow;
  plan: GamePlan;
  draft: GameDraft;
  summary: TableView['game'];
  taps: { seq: number; event: TableEvent }[];
  state: TableState;
  seq: number;
}

/** What a connection last read of a game at the table: re-read whole only when the game row changed (issue 33 bench). */
interface Known {
  updatedAt: string;
  game: GameRow;
  plan: GamePlan;
  draft: GameDraft;
  summary: TableView['game'];
  taps: { seq: number; event: TableEvent }[];
}
const knownOf = (db: Db) => prepared(db, 'table.known', () => new Map<string, Known>());

/**
 * A draft game with its plan, its log read and folded; refused in words when it cannot be played at the table. The
 * parsed game and the taps already read are kept per connection: a tap reads the game's head, the new taps only, and
 * folds (a restore opens a new connection, which starts empty).
 */
export function loadTable(db: Db, gameId: string): TableGame {
  const head = gameHead(db, gameId);
  if (!head) throw new AppError('NOT_FOUND', 'That game no longer exists (a discarded draft?).');
  if (head.status !== 'draft') throw new AppError('VALIDATION', `Game ${head.number} is ${head.status}: it is no longer played at the table.`);
  const known = knownOf(db);
  let k = known.get(gameId);
  if (!k || k.updatedAt !== head.updatedAt) {
    const game = mustFindGame(db, gameId);
    if (game.plan === null) throw new AppError('VALIDATION', 'Finish the set-up rolls first: the game has no plan yet.');
    k = {
      updatedAt: game.updatedAt,
      game,
      plan: GamePlan.parse(game.plan),
      draft: GameDraftSchema.parse(game.draft),
      summary: gameSummary(db, game),
      taps: [],
    };
    if (known.size >= 8) known.clear();
    known.set(gameId, k);
  }
  const last = lastSeq(db, gameId);
  const seen = k.taps.at(-1)?.seq ?? 0;
  if (last < seen) k.taps = readTaps(db, gameId);
  else if (last > seen) k.taps = [...k.taps, ...readTapsAfter(db, gameId, seen)];
  const state = foldTable(
    tableModelsOf(k.draft.report.models),
    k.taps.map((t) => t.event),
  );
  return { game: k.game, plan: k.plan, draft: k.draft, summary: k.summary, taps: k.taps, state, seq: k.taps.at(-1)?.seq ?? 0 };
}

/** The latest tap still in effect, in words ("Undo: Grot 3 out of action"). */
function lastTapWords(t: TableGame, name: (id: string) => string): string | null {
  const kept: TableEvent[] = [];
  for (const { event } of t.taps) {
    if (event.kind === 'undo') kept.pop();
    else kept.push(event);
  }
  const e = kept.at(-1);
  if (!e) return null;
  switch (e.kind) {
    case 'turn':
      return `Turn ${e.turn} begun`;
    case 'state':
      return `${name(e.model)} ${{ 'in-play': 'back in play', down: 'down', reserve: 'in reserve', 'fallen-back': 'falling back' }[e.state]}`;
    case 'casualty':
      return `${name(e.model)} out of action${e.by ? ` (by ${name(e.by)})` : ''}`;
    case 'counter':
      return `${e.delta > 0 ? '+1' : '−1'} ${e.counter === 'objectives' ? 'objective' : 'VP'} for ${t.plan.sides[e.side].name ?? e.side.toUpperCase()}`;
    case 'relic':
      return `${name(e.model)} ${e.delta > 0 ? 'picked up' : 'dropped'} a Relic`;
    case 'marker':
      return `${name(e.model)} ${e.destroyed ? 'destroyed' : 'did not destroy'} a marker`;
    case 'prompt':
      return `${e.title ?? 'Prompt'} answered`;
    case 'end':
      return 'Game over';
    default:
      return null;
  }
}

/** What the table screen (and a phone) shows. */
export function tableView(db: Db, t: TableGame): TableView {
  const names = new Map(t.state.models.map((m) => [m.id, m.name]));
  const name = (id: string) => names.get(id) ?? 'a model';
  const { state } = t;
  const prompts = promptViews(db, t);
  return {
    game: t.summary,
    seq: t.seq,
    diceMode: t.game.diceMode,
    turn: state.turn,
    turns: t.plan.turns,
    models: state.models,
    counts: { a: sideCounts(state, 'a'), b: sideCounts(state, 'b') },
    counters: state.counters,
    tracks: tableTracks(t.draft.report, missionScoring(t.plan.mission).vpForEnemyMarker !== null),
    prompts,
    ending: state.ending,
    suggestedEnding: prompts.map((p) => p.answered?.ending ?? null).find((e) => e !== null) ?? null,
    lastTap: lastTapWords(t, name),
    visibility: state.ending ? null : visibilityBadge(t.plan, state.turn),
    results: recentResults(state),
  };
}

/** The prompts answered most recently, newest first, as they were told (a phone's "latest results"). */
function recentResults(state: TableState): TableView['results'] {
  return Object.values(state.answered)
    .slice(-6)
    .reverse()
    .map((a) => ({ title: a.title ?? 'Prompt', turn: a.turn ?? 0, text: a.text ?? '' }));
}
