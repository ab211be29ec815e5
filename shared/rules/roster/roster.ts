/**
 * A roster as the player builds it: which entries of the Team List, named, with their options, Armoury items and
 * extra grenades. Saved as-is (drafts may be illegal); validateRoster() says what is wrong.
 */
import { z } from 'zod';
import { GrenadeType } from './team-list';
import { normaliseName } from '../../names';

export const ROSTER_MAX_MODELS = 60;

export const RosterModel = z
  .object({
    id: z.string().min(1).max(64),
    entryId: z.string().min(1).max(80),
    /** May be empty while drafting; a legal roster names every model. */
    name: z
      .string()
      .max(480)
      .transform((s) => {
        // shared/names.ts (issue 16): NFC, invisible characters out; nothing visible left is no name yet.
        const r = normaliseName(s, 'model');
        return r.ok ? r.name : '';
      })
      .pipe(z.string().max(60, 'A model name is at most 60 characters.')),
    /** Models in a Squad entry (seed 004 "Squad"). */
    squadSize: z.number().int().min(1).max(50).optional(),
    /**
     * Members of this Squad who died of their injuries (roster/ledger.ts withoutDead): `squadSize` is the members left,
     * and the Team List's squad size limits apply to the squad as bought (squadSize + squadLost).
     */
    squadLost: z.number().int().min(1).max(50).optional(),
    /** Option id → how many times taken. */
    options: z.record(z.string().min(1).max(80), z.number().int().min(0).max(20)).default({}),
    /** Armoury item ids; an id twice is kept so the validator can say so. */
    armoury: z.array(z.string().min(1).max(80)).max(40).default([]),
    /** Extra grenades bought (seed 004 "Grenades"), by type. */
    grenades: z.partialRecord(GrenadeType, z.number().int().min(0).max(20)).default({}),
  })
  .strict();
export type RosterModel = z.infer<typeof RosterModel>;
export type RosterModelInput = z.input<typeof RosterModel>;

/**
 * Tactical Reserves (docs/progression.md: "models or gear can be … parked in reserve; reserves don't count toward
 * Threat"): models parked off the roster and Armoury items parked off their models. Absent when nothing is parked, so
 * rosters stored before keep their text.
 */
export const RosterReserve = z
  .object({
    models: z.array(RosterModel).max(ROSTER_MAX_MODELS),
    /** Armoury item ids, one per item parked (an item twice is two items). */
    gear: z.array(z.string().min(1).max(80)).max(200),
  })
  .strict();
export type RosterReserve = z.infer<typeof RosterReserve>;

export const Roster = z.object({ models: z.array(RosterModel).max(ROSTER_MAX_MODELS), reserve: RosterReserve.optional() }).strict();
export type Roster = z.infer<typeof Roster>;
