/**
 * Voiding a game (docs/architecture.md "Progression is a ledger": "Voiding a game reverses exactly its entries, and
 * tells the organiser when a later game depends on them"). Entries are never deleted: they are marked voided and the
 * projections skip them.
 */
import type { ProgressionEntry } from './entries';
import { reqDelta } from './entries';
import { RESTORATIVE_SURGERY } from './project';

export class VoidGameError extends Error {
  readonly gameId: string;
  constructor(gameId: string) {
    super(`The ledger has no entries for game "${gameId}" that are not voided already: nothing to void.`);
    this.name = 'VoidGameError';
    this.gameId = gameId;
  }
}

/**
 * The ledger with exactly `gameId`'s entries marked voided (a new array; other entries are the same objects).
 * Throws VoidGameError when the game has no entries left to void (a typo in the id would otherwise do nothing).
 *
 * @example
 * // ledger: the entries of the applyGame example (a Skirmish draw: Player A is team 'orks', Player B 'guard')
 * projectModels(voidGame(ledger, 'g1')).teams.orks; // → undefined (no entry of the game counts)
 * voidGame(ledger, 'g9'); // → throws VoidGameError
 */
export function voidGame(entries: readonly ProgressionEntry[], gameId: string): ProgressionEntry[] {
  if (!entries.some((e) => e.gameId === gameId && !e.voided)) throw new VoidGameError(gameId);
  return entries.map((e) => (e.gameId === gameId && !e.voided ? { ...e, voided: true } : e));
}

/**
 * Something recorded outside the progression ledger after the game (the roster ledger: a recruit, Req spent on
 * models or wargear). `at` = how many progression entries came before it (default: after all of them).
 */
export type LaterEvent =
  | { kind: 'req-spent'; id: string; team: string; amount: number; what: string; at?: number }
  | { kind: 'model-recruited'; id: string; team: string; model: string; replaces: string | null; what: string; at?: number };

export interface Dependent {
  /** The later entry's or event's id. */
  id: string;
  team: string;
  /** What depends on the voided game, in plain words for the organiser. */
  message: string;
}

export interface DependentsOptions {
  /** Roster-ledger events after the game. */
  later?: readonly LaterEvent[];
  /** Req each team had before its first progression entry (e.g. founding leftovers). Default 0. */
  openingReq?: Readonly<Record<string, number>>;
}

type Step = { entry: ProgressionEntry; event?: undefined } | { event: LaterEvent; entry?: undefined };

/**
 * Later entries (and roster events) that depend on `gameId`'s entries, in ledger order:
 * - Req spent after the game that the team could not have paid without the game's Req;
 * - a level reached later that the model's EXP no longer reaches without the game's EXP (and its advance);
 * - a model that died in the game and was later replaced by a recruit;
 * - Restorative Surgery bought later for a model whose permanent injury came from the game.
 * Entries already voided are ignored. An empty list means the game can be voided without consequences.
 *
 * @example
 * // ledger: the entries of the applyGame example (a Skirmish draw: Player A is team 'orks', Player B 'guard')
 * const later = [{ kind: 'req-spent' as const, id: 'buy-1', team: 'orks', amount: 30, what: 'A new Boy' }];
 * dependentsOf(ledger, 'g1', { later }).map((d) => d.id); // → ['buy-1'] (paid with the game's Req)
 */
export function dependentsOf(entries: readonly ProgressionEntry[], gameId: string, options: DependentsOptions = {}): Dependent[] {
  const live = entries.map((e, i) => ({ e, i })).filter(({ e }) => !e.voided);
  const inGame = live.filter(({ e }) => e.gameId === gameId);
  const last = inGame[inGame.length - 1];
  if (last === undefined) return [];
  const lastIdx = last.i;

  const gameReq = new Map<string, number>();
  const gameExp = new Map<string, number>();
  const diedHere = new Set<string>();
  const injuredHere = new Set<string>();
  for (const { e } of inGame) {
    gameReq.set(e.team, (gameReq.get(e.team) ?? 0) + reqDelta(e));
    if (e.kind === 'exp.gained') gameExp.set(e.model, (gameExp.get(e.model) ?? 0) + e.amount);
    if (e.kind === 'model.died') diedHere.add(e.model);
    if (e.kind === 'injury.rolled' && e.result.kind === 'permanent-injury') injuredHere.add(e.model);
  }

  // The timeline without the game's entries, with the roster events slotted in at their positions.
  const steps: { step: Step; position: number }[] = [];
  entries.forEach((entry, i) => {
    if (!entry.voided && entry.gameId !== gameId) steps.push({ step: { entry }, position: i });
  });
  for (const event of options.later ?? []) steps.push({ step: { event }, position: (event.at ?? entries.length) - 0.5 });
  steps.sort((x, y) => x.position - y.position);

  const balance = new Map<string, number>(Object.entries(options.openingReq ?? {}));
  const expWithout = new Map<string, number>();
  const out: Dependent[] = [];
  const levelsLost = new Set<string>();

  for (const { step, position } of steps) {
    const after = position > lastIdx;
    if (step.event) {
      const ev = step.event;
      if (ev.kind === 'req-spent') {
        const now = (balance.get(ev.team) ?? 0) - ev.amount;
        balance.set(ev.team, now);
        if (after && now < 0 && (gameReq.get(ev.team) ?? 0) > 0) {
          out.push({
            id: ev.id,
            team: ev.team,
            message: `${ev.what} spent ${ev.amount} Req after game "${gameId}"; without the ${gameReq.get(ev.team) ?? 0} Req that game gave team "${ev.team}", the team would be ${-now} Req short.`,
          });
        }
      } else if (after && ev.replaces !== null && diedHere.has(ev.replaces)) {
        out.push({
          id: ev.id,
          team: ev.team,
          message: `Model "${ev.replaces}" died in game "${gameId}" and was replaced by ${ev.what}; voiding the game brings "${ev.replaces}" back.`,
        });
      }
      continue;
    }
    const e = step.entry;
    const delta = reqDelta(e);
    const now = (balance.get(e.team) ?? 0) + delta;
    balance.set(e.team, now);
    if (e.kind === 'exp.gained') expWithout.set(e.model, (expWithout.get(e.model) ?? 0) + e.amount);
    if (!after) continue;

    if (delta < 0 && now < 0 && (gameReq.get(e.team) ?? 0) > 0) {
      const what = e.kind === 'honour.bought' ? `Honour "${e.honour}"${e.model === null ? '' : ` for model "${e.model}"`}` : `Entry ${e.id}`;
      out.push({
        id: e.id,
        team: e.team,
        message: `${what} spent ${-delta} Req after game "${gameId}"; without the ${gameReq.get(e.team) ?? 0} Req that game gave team "${e.team}", the team would be ${-now} Req short.`,
      });
    }
    if (e.kind === 'level.reached' && (gameExp.get(e.model) ?? 0) > 0) {
      const exp = expWithout.get(e.model) ?? 0;
      if (exp < e.threshold) {
        levelsLost.add(`${e.model}#${e.level}`);
        out.push({
          id: e.id,
          team: e.team,
          message: `Model "${e.model}" reached level ${e.level} (${e.threshold} EXP) in game "${e.gameId ?? '?'}" with EXP from game "${gameId}"; without it the model has ${exp} EXP.`,
        });
      }
    }
    if (e.kind === 'advance.rolled' && levelsLost.has(`${e.model}#${e.level}`)) {
      out.push({ id: e.id, team: e.team, message: `The level ${e.level} advance of model "${e.model}" (${e.text}) depends on that level.` });
    }
    if (e.kind === 'honour.bought' && e.honour === RESTORATIVE_SURGERY && e.model !== null && injuredHere.has(e.model)) {
      out.push({ id: e.id, team: e.team, message: `Restorative Surgery for model "${e.model}" removed a permanent injury; one came from game "${gameId}".` });
    }
    if (e.kind !== 'model.died' && 'model' in e && e.model !== null && diedHere.has(e.model)) {
      out.push({ id: e.id, team: e.team, message: `Entry ${e.id} is about model "${e.model}", which died in game "${gameId}".` });
    }
  }
  return out;
}
