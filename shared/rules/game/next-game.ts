/**
 * Temporary injuries in the game after the one that caused them (docs/progression.md, Battle Honours "Injuries":
 * "21–26 mauled for the next game only (then D6: 1–2 incapacitated, sits the next game out; 3–4 winded, −2 Move;
 * 5–6 wounded pride, −2 Ld)"). The projection keeps a model's `mauled` only until its team plays again
 * (progression/project.ts); these rules put it in that next game: an incapacitated model does not take part, the other
 * effects are listed with the model.
 */
import type { ModelReport } from './report';

/** A model's mauled result for its team's next game (progression/project.ts `ModelProgress.mauled`). */
export interface Mauled {
  effect: string;
  text: string;
}

/**
 * Does this mauled result keep the model out of its team's next game? The preset's "incapacitated" row, or a club
 * table's row whose text says the model sits the game out.
 *
 * @example
 * sitsNextGameOut({ effect: 'incapacitated', text: 'Incapacitated: sits the next game out.' }); // → true
 * sitsNextGameOut({ effect: 'winded', text: 'Winded: -2 Move for the next game.' }); // → false
 */
export function sitsNextGameOut(mauled: Mauled | null | undefined): boolean {
  if (!mauled) return false;
  return mauled.effect === 'incapacitated' || /\bsits? (the|this) (next )?game out\b/i.test(mauled.text);
}

/**
 * A fresh report's model lines with the models that sit this game out marked as not taking part.
 *
 * @example
 * withSittersOut([{ id: 'm1', side: 'a', type: 'core', tookPart: true, aliveAtEnd: true }], (id) => (id === 'm1' ? { effect: 'incapacitated', text: 'Incapacitated' } : null))[0].tookPart; // → false
 */
export function withSittersOut(models: readonly ModelReport[], mauledOf: (id: string) => Mauled | null | undefined): ModelReport[] {
  return models.map((m) => (sitsNextGameOut(mauledOf(m.id)) ? { ...m, tookPart: false } : m));
}

/**
 * A model that sits this game out cannot be recorded as taking part, in words naming it.
 *
 * @example
 * sittersOutProblems([{ id: 'm1', side: 'a', type: 'core', tookPart: true, aliveAtEnd: true }], () => ({ effect: 'incapacitated', text: 'Incapacitated: sits the next game out.' }), () => 'Brother Cato');
 * // → ['Brother Cato was incapacitated (mauled) in the team\'s last game and sits this game out: untick "took part".']
 */
export function sittersOutProblems(
  models: readonly ModelReport[],
  mauledOf: (id: string) => Mauled | null | undefined,
  name: (id: string) => string,
): string[] {
  return models
    .filter((m) => m.tookPart && sitsNextGameOut(mauledOf(m.id)))
    .map((m) => `${name(m.id)} was incapacitated (mauled) in the team's last game and sits this game out: untick "took part".`);
}
