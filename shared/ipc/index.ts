export * from './contract';
export * from './dispatch';
export * from './result';
export * from './bridge';
export * from './schemas/app';
export * from './schemas/campaigns';
export * from './schemas/teams';
