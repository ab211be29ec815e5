/** The progression engine: post-game ledger entries, projections, voiding (see README.md). */
export * from './entries';
export * from './apply';
export * from './reading-notes';
export * from './project';
export * from './honours';
export * from './void';
export * from './team-fold';
export * from './playing-profile';
