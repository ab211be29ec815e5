export * from './pairings';
export * from './sat-out';
