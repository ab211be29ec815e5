/** Builders for test facts (used by the *.test.ts files only). */
import type { ModelFacts, Side } from './facts';
import type { ModelType } from '../ruleset/schema';

let counter = 0;

/** A model of `side`, alive at the end unless told otherwise. */
export function model(side: Side, type: ModelType = 'core', extra: Partial<ModelFacts> = {}): ModelFacts {
  counter += 1;
  return { id: `${side}${counter}`, side, type, aliveAtEnd: true, ...extra };
}

/** `n` core models of `side`, the first `dead` of them casualties. */
export function team(side: Side, n: number, dead = 0): ModelFacts[] {
  return Array.from({ length: n }, (_, i) => model(side, i === 0 ? 'team-leader' : 'core', { aliveAtEnd: i >= n - dead ? false : true }));
}
