export * from './pairings';
