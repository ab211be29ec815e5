/**
 * Mission special rules of an older 40k mission pack (seed 000, cross-checked with 002) and a later edition's Deep
 * Strike and Infiltrate (seed 001), as data and pure functions. The seed → code index is ../README.md.
 * Players are 'a' | 'b' (the same Side type as the rest of the rules package); names are chosen not to clash with
 * ../hor (e.g. RESERVES_000 next to hor's RESERVES). Night Fighting and Reserves, which seed 004 only names, live
 * here once; hor has no roll functions of its own for them.
 */
export { SEED_001, cite001, MISSION_PACK_EDITIONS } from './cite';
export type { MissionPackEdition } from './cite';
export type { TableRoll } from './tables';
export * from './special-rules';
export * from './night-fighting';
export * from './concealment';
export * from './deep-strike';
export * from './dusk-and-dawn';
export * from './escalation';
export * from './infiltrate';
export * from './random-game-length';
export * from './reserves';
export * from './victory-points';
export * from './objectives';
export * from './margin-of-victory';
