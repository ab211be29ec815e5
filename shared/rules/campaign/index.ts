/** Campaign-level rules the app needs around a game: keyed dice and planning a void (see README.md). */
export * from './keyed-dice';
export * from './void-plan';
export * from './replacement';
export * from './amend-plan';
export * from './records';
export * from './place-order';
