import type { Citation } from '../ruleset/schema';

/** Seed 004 is "Heralds of Ruin Kill Team core rules v2.1" (seeds/004_0e369971ddb514e3.txt). */
export const SEED_004 = '004';
/** Seed 000 is the older 40k mission special rules (seeds/000_f1defc26ab28c9bf.txt). */
export const SEED_000 = '000';

/**
 * A citation of seed 004 (section as headed in the seed, plus an optional note).
 *
 * @example
 * cite004('Run Away!'); // → { source: '004', section: 'Run Away!' }
 */
export function cite004(section: string, note?: string): Citation {
  return note === undefined ? { source: SEED_004, section } : { source: SEED_004, section, note };
}

/**
 * A citation of seed 000 (section as headed in the seed, plus an optional note).
 *
 * @example
 * cite000('Reserves'); // → { source: '000', section: 'Reserves' }
 */
export function cite000(section: string, note?: string): Citation {
  return note === undefined ? { source: SEED_000, section } : { source: SEED_000, section, note };
}

/**
 * "004 · Run Away!" — the short form used in reasons shown to players.
 *
 * @example
 * citeText(cite004('Run Away!')); // → '004 · Run Away!'
 */
export function citeText(c: Citation): string {
  return `${c.source} · ${c.section}`;
}
