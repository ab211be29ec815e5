/**
 * Citations for the mission-pack rules.
 * - Seed 000 (seeds/000_f1defc26ab28c9bf.txt): "Mission Special Rules" of an older 40k mission pack.
 * - Seed 002 (seeds/002_da1c6e798c3e7160.txt): the same text as 000 flattened into one paragraph (no tables); used only
 *   to cross-check OCR slips of 000.
 * - Seed 001 (seeds/001_2a659e2acb0329cf.txt): a later edition's Deep Strike and Infiltrate wording.
 */
import type { Citation } from '../ruleset/schema';

export const SEED_000 = '000';
export const SEED_001 = '001';

/**
 * A citation of seed 000 (section as headed in the seed, plus an optional note).
 *
 * @example
 * cite000('Reserves / Reserves Table'); // → { source: '000', section: 'Reserves / Reserves Table' }
 */
export function cite000(section: string, note?: string): Citation {
  return note === undefined ? { source: SEED_000, section } : { source: SEED_000, section, note };
}

/**
 * A citation of seed 001 (section as headed in the seed, plus an optional note).
 *
 * @example
 * cite001('Abilities / Infiltrate'); // → { source: '001', section: 'Abilities / Infiltrate' }
 */
export function cite001(section: string, note?: string): Citation {
  return note === undefined ? { source: SEED_001, section } : { source: SEED_001, section, note };
}

/** The two mission-pack editions a club can choose between for Deep Strike and Infiltrate. */
export type MissionPackEdition = 'pack-000' | 'later-001';
export const MISSION_PACK_EDITIONS: readonly MissionPackEdition[] = ['pack-000', 'later-001'];

/** The two players of a game (the app maps its own team ids onto 'a' and 'b'). */
export type Side = 'a' | 'b';
export const otherSide = (side: Side): Side => (side === 'a' ? 'b' : 'a');
