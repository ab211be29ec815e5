/**
 * Citations for the club's 8th-edition campaign supplement, seed 003 (seeds/003_a59182f8f6f6c36d.txt). The seed is a
 * web capture: its tables are headed "Приложение 2." / "Приложение 3." ("Appendix 2/3") and it starts mid-document
 * at "Improving the Benefits of Cover".
 */
import type { Citation } from '../ruleset/schema';

export const SEED_003 = '003';

/**
 * A citation of seed 003 (section as headed in the seed, plus an optional note).
 *
 * @example
 * cite003('Mortal Peril'); // → { source: '003', section: 'Mortal Peril' }
 */
export function cite003(section: string, note?: string): Citation {
  return note === undefined ? { source: SEED_003, section } : { source: SEED_003, section, note };
}

/** The two players ('a' | 'b'): the same type as the mission pack's (and seed 004's), not re-exported. */
export type { Side } from '../mission-pack/cite';
export { otherSide } from '../mission-pack/cite';
