import type { Citation } from '../ruleset/schema';

/** Seed 004 is "Heralds of Ruin Kill Team core rules v2.1" (seeds/004_0e369971ddb514e3.txt). */
export const SEED_004 = '004';
/** Seed 000 is the older 40k mission special rules (seeds/000_f1defc26ab28c9bf.txt). */
export const SEED_000 = '000';

export function cite004(section: string, note?: string): Citation {
  return note === undefined ? { source: SEED_004, section } : { source: SEED_004, section, note };
}

export function cite000(section: string, note?: string): Citation {
  return note === undefined ? { source: SEED_000, section } : { source: SEED_000, section, note };
}

/** "004 · Run Away!" — the short form used in reasons shown to players. */
export function citeText(c: Citation): string {
  return `${c.source} · ${c.section}`;
}
