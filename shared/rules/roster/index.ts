export * from './team-list';
export * from './team-list-issues';
export * from './team-list-diff';
export * from './roster';
export * from './validate';
export * from './ledger';
export * from './effective-profile';
export * from './reserves';
