export * from './team-list';
export * from './roster';
export * from './validate';
export * from './ledger';
