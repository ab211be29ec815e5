/**
 * Tactical Reserves (docs/progression.md "Tactical Reserves", the 2018 Battle Honours preset): "Models or gear can be
 * dismissed or parked in reserve; reserves don't count toward Threat; parked gear can later go to any eligible model
 * without paying again; reserve models can't gain honours; a dead or dismissed model loses all its gear and honours."
 * A parked model leaves the roster's `models` for `reserve.models` (so it is priced, checked and taken to a game no
 * more); a parked Armoury item leaves its model for `reserve.gear`, and fitting it back costs no Req.
 */
import { z } from 'zod';
import type { Roster, RosterModel, RosterReserve } from './roster';

export const ReserveData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('model.reserved'), modelId: z.string().min(1).max(64), name: z.string().max(60) }),
  z.object({ kind: z.literal('model.returned'), modelId: z.string().min(1).max(64), name: z.string().max(60) }),
  z.object({ kind: z.literal('gear.parked'), modelId: z.string().min(1).max(64), item: z.string().min(1).max(80) }),
  z.object({ kind: z.literal('gear.fitted'), modelId: z.string().min(1).max(64), item: z.string().min(1).max(80) }),
]);
export type ReserveData = z.infer<typeof ReserveData>;
export const RESERVE_KINDS = ['model.reserved', 'model.returned', 'gear.parked', 'gear.fitted'] as const;

/** Take one `item` out of a list (an item twice is two items). */
const withoutOne = (items: readonly string[], item: string) => {
  const i = items.indexOf(item);
  return i < 0 ? [...items] : [...items.slice(0, i), ...items.slice(i + 1)];
};

/**
 * A roster after one Tactical Reserves entry. An entry that finds nothing to move changes nothing (the handlers refuse
 * it before it is written; a campaign file's is checked on import).
 *
 * @example
 * const boss = { id: 'm1', entryId: 'sergeant', name: 'Tarkus', options: {}, armoury: ['bionics'], grenades: {} };
 * const parked = applyReserve({ models: [boss] }, { kind: 'gear.parked', modelId: 'm1', item: 'bionics' });
 * // → { models: [{ ...boss, armoury: [] }], reserve: { models: [], gear: ['bionics'] } }
 * applyReserve(parked, { kind: 'model.reserved', modelId: 'm1', name: 'Tarkus' });
 * // → { models: [], reserve: { models: [{ ...boss, armoury: [] }], gear: ['bionics'] } }
 */
export function applyReserve(roster: Roster, d: ReserveData): Roster {
  let models = roster.models;
  let parked = roster.reserve?.models ?? [];
  let gear = roster.reserve?.gear ?? [];
  const fit = (ms: RosterModel[], change: (m: RosterModel) => RosterModel) => ms.map((m) => (m.id === d.modelId ? change(m) : m));
  switch (d.kind) {
    case 'model.reserved': {
      const m = models.find((x) => x.id === d.modelId);
      if (m) [models, parked] = [models.filter((x) => x !== m), [...parked, m]];
      break;
    }
    case 'model.returned': {
      const m = parked.find((x) => x.id === d.modelId);
      if (m) [parked, models] = [parked.filter((x) => x !== m), [...models, m]];
      break;
    }
    case 'gear.parked': {
      const m = [...models, ...parked].find((x) => x.id === d.modelId);
      if (!m?.armoury.includes(d.item)) break;
      const off = (x: RosterModel) => ({ ...x, armoury: withoutOne(x.armoury, d.item) });
      [models, parked, gear] = [fit(models, off), fit(parked, off), [...gear, d.item]];
      break;
    }
    case 'gear.fitted': {
      if (!gear.includes(d.item) || ![...models, ...parked].some((x) => x.id === d.modelId)) break;
      const on = (x: RosterModel) => ({ ...x, armoury: [...x.armoury, d.item] });
      [models, parked, gear] = [fit(models, on), fit(parked, on), withoutOne(gear, d.item)];
      break;
    }
  }
  return withReserve(models, { models: parked, gear });
}

/** A roster with its reserve, dropped when nothing is parked (so a roster that never parked keeps its stored text). */
export function withReserve(models: RosterModel[], reserve: RosterReserve | undefined): Roster {
  return reserve && (reserve.models.length > 0 || reserve.gear.length > 0) ? { models, reserve } : { models };
}

/**
 * Whether a ruleset has Tactical Reserves: `team.tacticalReserves`, absent = on for the Battle Honours system only
 * (the 2018 preset's rule; the Experience & Levels preset has none), so rulesets pinned before keep their hash.
 *
 * @example
 * tacticalReservesOf({ team: {}, progression: { system: 'battle-honours' } }); // → true
 * tacticalReservesOf({ team: {}, progression: { system: 'experience-levels' } }); // → false
 */
export const tacticalReservesOf = (ruleset: { team: { tacticalReserves?: boolean | undefined }; progression: { system: string } }): boolean =>
  ruleset.team.tacticalReserves ?? ruleset.progression.system === 'battle-honours';

/** The models parked in reserve. */
export const reserveModels = (roster: Roster): RosterModel[] => roster.reserve?.models ?? [];

/**
 * Why a Tactical Reserves entry cannot apply to a roster, in words; null when it can. (A campaign file's entries are
 * checked with it as if typed on the team page.)
 *
 * @example
 * reserveProblem({ models: [] }, { kind: 'model.returned', modelId: 'm1', name: 'Tarkus' }); // → 'Tarkus is not in Tactical Reserves.'
 */
export function reserveProblem(roster: Roster, d: ReserveData): string | null {
  const active = roster.models.find((m) => m.id === d.modelId);
  const parked = reserveModels(roster).find((m) => m.id === d.modelId);
  const who = d.kind === 'model.reserved' || d.kind === 'model.returned' ? d.name || d.modelId : (active ?? parked)?.name || d.modelId;
  switch (d.kind) {
    case 'model.reserved':
      return active ? null : `${who} is not on the roster to be parked.`;
    case 'model.returned':
      return parked ? null : `${who} is not in Tactical Reserves.`;
    case 'gear.parked':
      return (active ?? parked)?.armoury.includes(d.item) ? null : `${who} does not carry “${d.item}”.`;
    case 'gear.fitted':
      if (!(roster.reserve?.gear ?? []).includes(d.item)) return `No “${d.item}” is parked in Tactical Reserves.`;
      return active ? null : `${who} is not on the roster to be fitted with gear.`;
  }
}
