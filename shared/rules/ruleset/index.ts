export * from './schema';
export * from './coverage';
export * from './roll-table';
