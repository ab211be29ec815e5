/**
 * The rules package: dice, rulesets as data, the Heralds of Ruin Kill Team core rules (seed 004) and the shipped
 * presets. Pure TypeScript: no I/O, no clock, no Math.random. See README.md for the layout and the seed index.
 */
export * from './dice';
export * from './model-ref';
export * from './ruleset/index';
export * from './hor/index';
export * from './presets/index';
export * from './mission-pack/index';
export * from './club-8th/index';
export * from './roster/index';
export * from './game/index';
export * from './progression/index';
export * from './campaign/index';
export * from './evening/index';
export * from './table/index';
