export * from './schema';
export * from './coverage';
export * from './roll-table';
export * from './validate';
export * from './diff';
export * from './roster-legality';
export * from './own-mission';
