/**
 * A game at the table (issue 33): its taps, the state folded from them, the result wizard's report filled from it, and
 * the prompts at the start of each turn.
 */
export * from './taps';
export * from './state';
export * from './prefill';
export * from './prompts';
