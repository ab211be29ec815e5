/**
 * Resolving a game draft (issue 32: moved here from src-main/games/resolve.ts): the one code path behind the wizard's
 * live preview (in the renderer), the review screen and the commit (in main). From the draft (what the organiser
 * typed) and the teams as they are, it runs named stages — checks, score, apply, honours, recruits, texts — and
 * answers the preview, the entries and recruits to write, every roll, and the changes in words. Nothing is written
 * here; a commit writes exactly what this returns. Never throws for bad input: problems come back in words.
 */
import type { RollRecord } from '../dice';
import type { Side } from '../hor/facts';
import { progressionReadingNotes } from '../progression/reading-notes';
import { reqDelta, type ProgressionEntry } from '../progression/entries';
import type { ChangeView, GamePreview } from './preview';
import { checkStage } from './resolve-checks';
import { honoursStage, recruitsStage } from './resolve-spend';
import { applyInputOf, applyStage, reqBookOf, scoreStage, type Human, type ReqBook } from './resolve-stages';
import type { ResolveInput, ResolveTeam, Resolved, RosterWrite } from './resolve-types';
import { CHANGE_STEP, entryText, humanizer, modelNames, scoreView } from './resolve-words';

const SIDES: Side[] = ['a', 'b'];

/** An answer with nothing to write: the problems found so far, and what was worked out before them. */
function unresolved(problems: readonly string[], human: Human, extra: Partial<GamePreview> = {}): Resolved {
  const preview: GamePreview = {
    problems: problems.map(human),
    score: null,
    pendingRoll: null,
    blocked: null,
    changes: [],
    balances: null,
    rolls: [],
    ready: false,
  };
  return { preview: { ...preview, ...extra }, entries: [], recruits: [], rolls: [], texts: new Map(), score: null };
}

/** Every change in words, keyed by the id it is written under (the ledger's `reason` is its text). */
export function textsStage(
  teams: Record<Side, Pick<ResolveTeam, 'row'>>,
  entries: readonly ProgressionEntry[],
  recruits: readonly RosterWrite[],
  words: { human: Human; name: (id: string) => string; honourName: (id: string) => string },
) {
  const { human, name, honourName } = words;
  const texts = new Map<string, ChangeView>();
  const changes: ChangeView[] = [];
  const add = (id: string, view: ChangeView) => {
    texts.set(id, view);
    changes.push(view);
  };
  for (const e of entries) {
    const model = 'model' in e ? e.model : null;
    add(e.id, {
      step: CHANGE_STEP[e.kind],
      side: e.team === teams.a.row.id ? 'a' : 'b',
      kind: e.kind,
      modelId: model,
      modelName: model === null ? null : name(model),
      req: reqDelta(e),
      text: human(entryText(e, name, honourName)),
      citation: e.citation,
      rolls: e.rolls.map((r) => ({ ...r, purpose: human(r.purpose) })),
    });
  }
  for (const r of recruits) {
    const modelName = r.data.kind === 'model.recruited' ? r.data.model.name : null;
    const view: ChangeView = {
      step: 'requisition',
      side: r.side,
      kind: 'model.recruited',
      modelId: r.modelId,
      modelName,
      req: r.req,
      text: r.reason,
      citation: 'PROGRESSION.md · Requisition',
      rolls: [],
    };
    add(r.id, view);
  }
  return { texts, changes };
}

/** No side may end the game owing Req. */
function overspent(teams: Record<Side, Pick<ResolveTeam, 'row'>>, book: ReqBook): string[] {
  return SIDES.flatMap((s) => {
    const has = book.balance[s] + book.earned[s];
    return has - book.spent[s] < 0 ? [`${teams[s].row.name} would spend ${book.spent[s]} Req but has ${has} after this game.`] : [];
  });
}

/** Work out everything a draft means (see the top of this file). */
export function resolveGame(input: ResolveInput): Resolved {
  const { state, teams } = input;
  const names = modelNames(teams, state);
  const human = humanizer(teams, names);
  const name = (id: string) => names.get(id) ?? id;
  const honourIndex = new Map((state.ruleset.progression.honours?.groups ?? []).flatMap((g) => g.honours.map((h) => [h.id, h.name] as const)));
  const honourName = (id: string) => honourIndex.get(id) ?? id;

  const checks = checkStage(input);
  if (checks.length > 0) return unresolved(checks, human);
  const scored = scoreStage(input);
  if ('problems' in scored) return unresolved(scored.problems, human);
  const { score } = scored;
  const scoreOut = scoreView(score, human);
  const applyInput = applyInputOf(input, score);
  const applied = applyStage(input, applyInput, human);
  if (applied.stop !== null) {
    const stop = applied.stop;
    const rolls = applied.dice.records.map((r) => ({ ...r, purpose: human(r.purpose) }));
    if ('pendingRoll' in stop) return unresolved([], human, { score: scoreOut, pendingRoll: stop.pendingRoll, rolls });
    if ('blocked' in stop) return unresolved([], human, { score: scoreOut, blocked: stop.blocked });
    return unresolved(stop.problems, human, { score: scoreOut });
  }
  const entries = applied.entries;
  // Where a house reading of the campaign tables decided something (issue 30 item 10), the score's notes name it.
  scoreOut.notes.push(...progressionReadingNotes(applyInput).map(human));

  const book = reqBookOf(teams, entries);
  const honoured = honoursStage(input, entries, book, name);
  const recruited = recruitsStage(input, entries, book);
  const problems = [...honoured.problems, ...recruited.problems, ...overspent(teams, book)];
  const all = [...entries, ...honoured.honours];
  const { texts, changes } = textsStage(teams, all, recruited.recruits, { human, name, honourName });
  const balance = (s: Side) => {
    const [before, earned, spent] = [book.balance[s], book.earned[s], book.spent[s]];
    return { before, earned, spent, after: before + earned - spent, threat: applyInput.teams[s].threat };
  };
  const rolls: RollRecord[] = applied.dice.records.map((r) => ({ ...r }));
  const ready = problems.length === 0;
  const preview: GamePreview = {
    problems: problems.map(human),
    score: scoreOut,
    pendingRoll: null,
    blocked: null,
    changes,
    balances: { a: balance('a'), b: balance('b') },
    rolls: rolls.map((r) => ({ ...r, purpose: human(r.purpose) })),
    ready,
  };
  return { preview, entries: ready ? all : [], recruits: ready ? recruited.recruits : [], rolls, texts, score };
}
