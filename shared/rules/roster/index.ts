export * from './team-list';
export * from './team-list-issues';
export * from './roster';
export * from './validate';
export * from './ledger';
