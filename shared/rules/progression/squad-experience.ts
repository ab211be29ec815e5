/**
 * Squads under Experience & Levels, by the club's reading `squadExperience` (game/result-readings.ts, issue 30 item
 * 9). Seed 004 "Squad": "Simply treat the unit as normal"; "A model within a Squad counts as Core when determining
 * whether a model gives VP or bonus EXP". With 'as-one-model' the squad is one model for EXP: what any member earns is
 * kept on the squad's roster line (its members are interchangeable, game/squads.ts), which reaches Levels and rolls
 * advances as one. With the default 'no-exp' no squad gains EXP (apply.ts refuses the award in words).
 */
import type { ModelFacts } from '../hor/facts';
import { squadOfMember } from '../game/squads';

/**
 * The model an EXP award names: a model of the game, or, for a Squad's roster id, its first member in the game.
 *
 * @example
 * awardedModel([{ id: 'third#1', side: 'a', type: 'core', aliveAtEnd: true }], 'third')?.id; // → 'third#1'
 */
export function awardedModel(models: readonly ModelFacts[], id: string): ModelFacts | undefined {
  return models.find((m) => m.id === id) ?? models.find((m) => squadOfMember(m.id)?.squadId === id);
}

/**
 * Who keeps the EXP a model gains: the model itself, or its Squad's roster line.
 *
 * @example
 * expHolder('third#3'); // → 'third'
 * expHolder('sarge'); // → 'sarge'
 */
export function expHolder(modelId: string): string {
  return squadOfMember(modelId)?.squadId ?? modelId;
}

/**
 * The holders of one side's EXP in a game, in report order, and whether each is gone after it: a model that died, or
 * a Squad every member of which in the game died (the last death takes the squad off the roster).
 *
 * @example
 * expHolders([{ id: 'third#1', side: 'a', type: 'core', aliveAtEnd: false }, { id: 'third#2', side: 'a', type: 'core', aliveAtEnd: true }], new Set(['third#1']));
 * // → [{ id: 'third', gone: false }]
 */
export function expHolders(models: readonly ModelFacts[], died: ReadonlySet<string>): { id: string; gone: boolean }[] {
  const out: { id: string; gone: boolean }[] = [];
  for (const m of models) {
    const id = expHolder(m.id);
    const holder = out.find((h) => h.id === id);
    if (holder) holder.gone &&= died.has(m.id);
    else out.push({ id, gone: died.has(m.id) });
  }
  return out;
}
