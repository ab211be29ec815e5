/**
 * A club's 8th-edition campaign supplement (seed 003) as data and pure functions: cover, Mysterious Objectives,
 * Mortal Peril, the Twist table and six missions. The seed → code index is ../README.md.
 * Players are 'a' | 'b' (the same Side type as the rest of the rules package).
 */
export { SEED_003, cite003 } from './cite';
export * from './cover';
export * from './mysterious-objectives';
export * from './mortal-peril';
export * from './twist';
export * from './missions';
export * from './battle';
export * from './scoring';
