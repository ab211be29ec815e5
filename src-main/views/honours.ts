/** Honours by name and effect (issue 17), for the team page, model histories and the roster sheet. */
import type { Ruleset } from '../../shared/rules';

export function honourNamer(state: { ruleset: Ruleset }) {
  const names = new Map<string, string>();
  for (const g of state.ruleset.progression.honours?.groups ?? []) for (const h of g.honours) names.set(h.id, h.name);
  return (id: string) => names.get(id) ?? id;
}

/** The effect text of each honour held (by name). */
export function honourEffectsOf(ruleset: Ruleset, heldNames: Iterable<string>): Record<string, string> {
  const held = new Set(heldNames);
  const out: Record<string, string> = {};
  for (const g of ruleset.progression.honours?.groups ?? []) for (const h of g.honours) if (h.effect && held.has(h.name)) out[h.name] = h.effect;
  return out;
}
