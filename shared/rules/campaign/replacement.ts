/**
 * When does a later recruit depend on a death a void takes back (issue 20)? Only when bringing the dead model back
 * would break the roster's limits at the time of the recruit: the Model Allowance (seed 004 "Building your Team":
 * category maxima with their unlocks, an entry's "at most N per team") or the founded roster's points cap
 * (docs/progression.md: "A roster holds at most 400 pts of models and gear"). A routine recruit of another Tactical
 * Marine, with room left for the one that comes back, depends on nothing. Pure: no I/O.
 */
import { foldRosterFrom, type LedgerItem } from '../roster/ledger';
import { ROSTER_MAX_MODELS, type Roster } from '../roster/roster';
import { CATEGORY_NAMES, EntryCategory, type TeamList } from '../roster/team-list';
import { validateRoster } from '../roster/validate';

/** What a void needs to judge a team's roster at any point of the ledger slice it reads. */
export interface RosterLimits {
  /** The team's Team List (undefined: unknown, a recruit of the same entry is then taken as a replacement). */
  list: (team: string) => TeamList | undefined;
  /** The points the team's roster may hold (rosterPointsLimit of the campaign's limit, founded). */
  pointsCap: (team: string) => number;
  /** The roster the team had just before the ledger slice starts, or undefined when the slice starts with its founding. */
  before: (team: string) => Roster | undefined;
}

/** Each limit a roster goes over, keyed (so two rosters can be compared) with the words for it. */
export function limitsBroken(list: TeamList, roster: Roster, pointsCap: number): Map<string, string> {
  const report = validateRoster(list, roster, pointsCap);
  const out = new Map<string, string>();
  for (const c of EntryCategory.options) {
    const { count, max } = report.allowance[c];
    if (count > max) out.set(`category:${c}`, `${count} ${CATEGORY_NAMES[c].many} where the Model Allowance allows ${max}`);
  }
  for (const e of list.entries) {
    const n = roster.models.filter((m) => m.entryId === e.id).length;
    if (e.maxPerTeam !== undefined && n > e.maxPerTeam) out.set(`entry:${e.id}`, `${n} ${e.name} where a team may have ${e.maxPerTeam}`);
  }
  if (report.points > pointsCap) out.set('points', `${report.points} pts where the roster may hold ${pointsCap}`);
  if (roster.models.length > ROSTER_MAX_MODELS) out.set('size', `${roster.models.length} models where a roster holds ${ROSTER_MAX_MODELS}`);
  return out;
}

/**
 * The two rosters a void compares for one team, folded entry by entry in ledger order: the real one, and the one the
 * team would have without the entries being voided (its dead models back, the recruits taken back gone).
 */
export class RosterPair {
  private real: Roster | undefined;
  private without: Roster | undefined;
  /** False when the team's roster cannot be known here (no list, or no roster before the slice and no founding). */
  known: boolean;

  constructor(
    private readonly limits: RosterLimits,
    private readonly team: string,
  ) {
    this.real = this.without = limits.before(team);
    this.known = limits.list(team) !== undefined;
  }

  /** Fold one more entry of the team (`voiding`: the void takes it back). */
  add(item: LedgerItem, voiding: boolean) {
    if (!this.known) return;
    if (!this.real && item.data.kind !== 'team.founded') {
      this.known = false;
      return;
    }
    this.real = foldRosterFrom(this.real, [item]);
    if (!voiding) this.without = foldRosterFrom(this.without, [item]);
  }

  /** Fold an entry an amendment adds (issue 20): only the roster without the entries taken back has it. */
  addOnlyWithout(item: Omit<LedgerItem, 'voided'>) {
    if (!this.known || !this.without) return;
    this.without = foldRosterFrom(this.without, [{ ...item, voided: false }]);
  }

  /**
   * The limits the roster without the voided entries breaks that the real one keeps, in words, and which of the
   * models the void brings back (`revived`) stand in the way: those whose absence would clear a broken limit (all of
   * them when no one alone would). Empty `breaks`: nothing in the way. Undefined: this cannot be judged.
   *
   * @example
   * // Space Marines allow 4 Core; the team had 3, one died in game 1 and a 4th was recruited after it:
   * pair.newlyBroken(['t1']) // → { breaks: [], culprits: [] }  (t1 comes back beside the 4th: still within 4)
   */
  newlyBroken(revived: readonly string[]): { breaks: string[]; culprits: string[] } | undefined {
    const list = this.limits.list(this.team);
    if (!this.known || !list || !this.real || !this.without) return undefined;
    const cap = this.limits.pointsCap(this.team);
    const real = limitsBroken(list, this.real, cap);
    const fresh = (roster: Roster) => [...limitsBroken(list, roster, cap)].filter(([key]) => !real.has(key));
    const broken = fresh(this.without);
    if (broken.length === 0) return { breaks: [], culprits: [] };
    const models = this.without.models;
    const culprits = revived.filter((id) => fresh({ models: models.filter((m) => m.id !== id) }).length < broken.length);
    return { breaks: broken.map(([, words]) => words), culprits: culprits.length > 0 ? culprits : [...revived] };
  }
}
