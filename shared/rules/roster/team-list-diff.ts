/**
 * What a new version of a team list changes for one roster, model by model (issue 17: "the teams built on it are
 * re-checked and told, team by team and model by model, what changed for them"). Only what a model uses is named:
 * its entry, the options and Armoury items it has; then the roster's points and the problems the new version adds.
 */
import type { Roster } from './roster';
import { CATEGORY_NAMES, PROFILE_KEYS, wargearKey, type Entry, type TeamList } from './team-list';
import { validateRoster } from './validate';

export interface ModelImpact {
  modelId: string;
  /** The model's name, or "A <entry>" while unnamed. */
  name: string;
  entryName: string;
  /** What changed for it, each in words: "Points 14 → 15 per model.", "Option “Plasma gun” is gone." */
  changes: string[];
  pointsBefore: number;
  pointsAfter: number;
}

export interface RosterImpact {
  models: ModelImpact[];
  pointsBefore: number;
  pointsAfter: number;
  legalBefore: boolean;
  legalAfter: boolean;
  /** Problems the new version gives this roster that it did not have before. */
  newProblems: string[];
}

const quote = (s: string) => `“${s}”`;
const listOf = (xs: string[]) => xs.map(quote).join(', ');

function setChanges(label: string, before: readonly string[], after: readonly string[], out: string[]) {
  const b = new Set(before.map(wargearKey));
  const a = new Set(after.map(wargearKey));
  const gained = after.filter((x) => !b.has(wargearKey(x)));
  const lost = before.filter((x) => !a.has(wargearKey(x)));
  if (gained.length) out.push(`${label} now includes ${listOf(gained)}.`);
  if (lost.length) out.push(`${label} no longer includes ${listOf(lost)}.`);
}

/** Changes to the entry itself, the same for every model on it. */
export function entryChanges(before: Entry, after: Entry): string[] {
  const out: string[] = [];
  if (before.name !== after.name) out.push(`Entry renamed ${quote(before.name)} → ${quote(after.name)}.`);
  if (before.category !== after.category) out.push(`Now a ${CATEGORY_NAMES[after.category].one} (was ${CATEGORY_NAMES[before.category].one}).`);
  if (before.points !== after.points) out.push(`Points ${before.points} → ${after.points}${after.category === 'squad' ? ' per model' : ''}.`);
  const stats = PROFILE_KEYS.filter((k) => before.profile[k] !== after.profile[k]).map((k) => `${k} ${before.profile[k]} → ${after.profile[k]}`);
  if ((before.profile.Inv ?? '-') !== (after.profile.Inv ?? '-')) stats.push(`Inv ${before.profile.Inv ?? '-'} → ${after.profile.Inv ?? '-'}`);
  if (stats.length) out.push(`Profile: ${stats.join(', ')}.`);
  if (before.unitType !== after.unitType) out.push(`Unit type ${before.unitType} → ${after.unitType}.`);
  setChanges('Wargear', before.wargear, after.wargear, out);
  setChanges('Grenades', before.grenades, after.grenades, out);
  setChanges('Special rules', before.specialRules, after.specialRules, out);
  if ((before.psyker === true) !== (after.psyker === true)) out.push(after.psyker ? 'Now a psyker.' : 'No longer a psyker.');
  if (before.armoury !== after.armoury) out.push(after.armoury ? 'May now buy from the Armoury.' : 'May no longer buy from the Armoury.');
  // buysGrenades is no longer read (issue 19: seed 004 needs no flag), so changing it changes nothing to report.
  if (before.maxPerTeam !== after.maxPerTeam)
    out.push(after.maxPerTeam ? `At most ${after.maxPerTeam} per team (was ${before.maxPerTeam ?? 'no limit'}).` : 'No longer limited per team.');
  if (after.squad && (before.squad?.min !== after.squad.min || before.squad?.max !== after.squad.max))
    out.push(`Squad size ${after.squad.min}–${after.squad.max}.`);
  return out;
}

/**
 * What `after` changes for `roster`, compared with `before` (both versions of one list).
 *
 * @example
 * rosterImpact(v1, v2, roster, 250).models[0].changes; // → ['Points 14 → 15.']
 */
export function rosterImpact(before: TeamList, after: TeamList, roster: Roster, pointsLimit: number): RosterImpact {
  const was = validateRoster(before, roster, pointsLimit);
  const now = validateRoster(after, roster, pointsLimit);
  const models: ModelImpact[] = [];
  roster.models.forEach((m, i) => {
    const oldEntry = before.entries.find((e) => e.id === m.entryId);
    const newEntry = after.entries.find((e) => e.id === m.entryId);
    const changes: string[] = [];
    if (oldEntry && !newEntry) changes.push(`Its entry ${quote(oldEntry.name)} is no longer in the list.`);
    if (oldEntry && newEntry) {
      changes.push(...entryChanges(oldEntry, newEntry));
      for (const [optionId, count] of Object.entries(m.options)) {
        if (count <= 0) continue;
        const o1 = oldEntry.options.find((o) => o.id === optionId);
        const o2 = newEntry.options.find((o) => o.id === optionId);
        if (o1 && !o2) changes.push(`Option ${quote(o1.name)} is gone from the list.`);
        else if (o1 && o2) {
          if (o1.points !== o2.points) changes.push(`Option ${quote(o2.name)}: ${o1.points} → ${o2.points} pts.`);
          if (!!o1.perModel !== !!o2.perModel)
            changes.push(`Option ${quote(o2.name)}: now priced ${o2.perModel ? 'per model in the squad' : 'once for the whole squad'}.`);
          if (o1.name !== o2.name) changes.push(`Option ${quote(o1.name)} renamed ${quote(o2.name)}.`);
          if (o1.maxPerModel !== o2.maxPerModel) changes.push(`Option ${quote(o2.name)}: at most ${o2.maxPerModel} per model (was ${o1.maxPerModel}).`);
          setChanges(`Option ${quote(o2.name)} replaces`, o1.replaces, o2.replaces, changes);
          setChanges(`Option ${quote(o2.name)} adds`, o1.adds, o2.adds, changes);
        }
      }
    }
    for (const id of new Set(m.armoury)) {
      const a1 = before.armoury.find((a) => a.id === id);
      const a2 = after.armoury.find((a) => a.id === id);
      if (a1 && !a2) changes.push(`Armoury item ${quote(a1.name)} is gone from the list.`);
      else if (a1 && a2) {
        if (a1.points !== a2.points) changes.push(`Armoury item ${quote(a2.name)}: ${a1.points} → ${a2.points} pts.`);
        if ((a1.text ?? '') !== (a2.text ?? '')) changes.push(`Armoury item ${quote(a2.name)}: its effect text changed.`);
        if (a1.name !== a2.name) changes.push(`Armoury item ${quote(a1.name)} renamed ${quote(a2.name)}.`);
      }
    }
    const entryName = newEntry?.name ?? oldEntry?.name ?? m.entryId;
    const pointsBefore = was.models[i]?.points ?? 0;
    const pointsAfter = now.models[i]?.points ?? 0;
    if (changes.length) models.push({ modelId: m.id, name: m.name || `A ${entryName}`, entryName, changes, pointsBefore, pointsAfter });
  });
  const had = new Set(was.issues.map((x) => x.message));
  return {
    models,
    pointsBefore: was.points,
    pointsAfter: now.points,
    legalBefore: was.legal,
    legalAfter: now.legal,
    newProblems: now.issues.map((x) => x.message).filter((msg) => !had.has(msg)),
  };
}

/** Does this impact name anything at all (a change to a model, to the points or a new problem)? */
export const impactMatters = (i: RosterImpact) => i.models.length > 0 || i.pointsBefore !== i.pointsAfter || i.newProblems.length > 0;
