/** Heralds of Ruin Kill Team core rules v2.1 (seed 004) as data and pure functions. */
export * from './facts';
export * from './cite';
export * from './special-rules';
export * from './model-types';
export * from './run-away';
export * from './kill-team-rules';
export * from './setup';
export * from './secondary-objectives';
export * from './missions';
export * from './mission-scoring';
export * from './scoring';
export * from './experience';
export * from './relics';
export * from './optional-rules';
export * from './core';
export * from './team-building';
