/**
 * The team-list editor's state (issue 17): a draft of the whole list, checked as you type with the same schema main
 * uses and its problems put into words per field (shared/rules team-list-issues), the teams that use the list (so
 * removing something they use names them first), and saving with a preview of what changes for each team.
 */
import { tick } from 'svelte';
import type { TeamImpact, TeamListDetail, TeamListUsage } from '../../shared/ipc/schemas/teams';
import { teamListProblems, type ArmouryItem, type Entry, type EntryOption, type TeamList, type TeamListProblem } from '../../shared/rules';
import { api, messageOf } from '../api';
import { slugOf, uniqueId } from '../components/rules/words';

/** Someone a removal would affect: a team and the models on it that use the thing. */
export interface Affected {
  teamName: string;
  campaignName: string;
  models: string[];
}

export interface PendingRemoval {
  what: string;
  affected: Affected[];
  confirm: () => void;
}

export const blankProfile = () => ({ WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7, Sv: '5+' });

export function blankEntry(category: Entry['category'], id: string): Entry {
  return {
    id,
    name: '',
    category,
    points: 0,
    profile: blankProfile(),
    unitType: 'Infantry',
    wargear: [],
    grenades: [],
    specialRules: [],
    options: [],
    armoury: false,
    buysGrenades: false,
  };
}

/** A new list: one Team Leader entry to start from (a list needs one). */
export function blankList(id: string, faction: string, name: string, listVersion: string): TeamList {
  return {
    format: 'herald.team-list',
    formatVersion: 1,
    id,
    faction,
    name,
    listVersion,
    sample: false,
    teamRules: [],
    allowance: { 'team-leader': { min: 1, max: 1 }, special: { min: 0, max: 3 }, core: { min: 0, max: 20 }, squad: { min: 0, max: 2 }, unlocks: [] },
    entries: [{ ...blankEntry('team-leader', 'team-leader'), name: 'Team Leader' }],
    armoury: [],
    grenades: [],
  };
}

const json = (v: unknown) => JSON.stringify(v);

export class TeamListEditor {
  detail = $state<TeamListDetail | null>(null);
  draft = $state<TeamList | null>(null);
  usage = $state<TeamListUsage | null>(null);
  error = $state<string | null>(null);
  /** After a save: what it changed for each team. */
  saved = $state<{ revision: number; changed: TeamImpact[] } | null>(null);
  /** Before a save that touches teams: the preview to confirm. */
  preview = $state<TeamImpact[] | null>(null);
  removal = $state<PendingRemoval | null>(null);
  busy = $state(false);
  /** The entry just added or duplicated: opened, and its name focused. */
  fresh = $state<Entry | null>(null);
  /** Unsaved edits found from an earlier visit (kept in this window's storage) were put back. */
  restored = $state(false);

  problems = $derived<TeamListProblem[]>(this.draft ? teamListProblems($state.snapshot(this.draft)) : []);
  errors = $derived<Record<string, string>>(Object.fromEntries(this.problems.map((p) => [p.key, p.message])));
  dirty = $derived(!!this.detail && !!this.draft && json($state.snapshot(this.draft)) !== json(this.detail.list));

  constructor(readonly id: string) {}

  async load() {
    try {
      const detail = await api.call('teamLists.get', { id: this.id });
      this.detail = detail;
      this.draft = structuredClone(detail.list);
      const kept = this.#kept();
      if (kept && kept.revision === detail.revision) {
        this.draft = kept.draft;
        this.restored = true;
      }
      this.usage = detail.teams > 0 ? await api.call('teamLists.usage', { id: this.id }) : { teams: [] };
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    }
  }

  // ----- unsaved edits survive leaving the page (typing a list in takes a while; a wrong click must not lose it) -----

  get #storeKey() {
    return `herald.teamListDraft.${this.id}`;
  }
  #kept(): { revision: number; draft: TeamList } | null {
    try {
      const raw = localStorage.getItem(this.#storeKey);
      return raw ? (JSON.parse(raw) as { revision: number; draft: TeamList }) : null;
    } catch {
      return null;
    }
  }
  /** Keep the draft while it differs from the saved list; forget it once saved or discarded. Call from an effect. */
  persist() {
    if (!this.detail || !this.draft) return;
    const dirty = this.dirty;
    const text = dirty ? JSON.stringify({ revision: this.detail.revision, draft: $state.snapshot(this.draft) }) : null;
    try {
      if (text) localStorage.setItem(this.#storeKey, text);
      else localStorage.removeItem(this.#storeKey);
    } catch {
      // Storage full or unavailable: the editor works as before, without the safety copy.
    }
  }

  /** The message for a field, by its path ("entries.2.points"). */
  err = (key: string): string | undefined => this.errors[key];
  /** How many problems lie under a path ("entries.2"), for a closed entry's heading. */
  countUnder = (prefix: string): number => this.problems.filter((p) => p.key === prefix || p.key.startsWith(`${prefix}.`)).length;

  // ----- ids from names: saved ids never change (rosters point at them); new ones follow their name -----

  #savedEntryIds = $derived(this.detail?.list.entries.map((e) => e.id) ?? []);
  #savedArmouryIds = $derived(this.detail?.list.armoury.map((a) => a.id) ?? []);
  isSavedEntry = (e: Entry) => this.#savedEntryIds.includes(e.id);
  isSavedOption = (e: Entry, o: EntryOption) => !!this.detail?.list.entries.find((x) => x.id === e.id)?.options.some((x) => x.id === o.id);
  isSavedArmoury = (a: ArmouryItem) => this.#savedArmouryIds.includes(a.id);

  renameEntry(entry: Entry, name: string) {
    entry.name = name;
    if (this.isSavedEntry(entry)) return;
    const taken = this.draft!.entries.filter((e) => e !== entry).map((e) => e.id);
    this.setEntryId(entry, uniqueId(slugOf(name), taken, 'entry'));
  }
  /** A new id: what points at the entry follows it (unlocks, Armoury items for named entries). */
  setEntryId(entry: Entry, id: string) {
    const was = entry.id;
    entry.id = id;
    for (const u of this.draft!.allowance.unlocks) if (u.when === was) u.when = id;
    for (const a of this.draft!.armoury) if (a.entries) a.entries = a.entries.map((x) => (x === was ? id : x));
  }

  renameOption(entry: Entry, option: EntryOption, name: string) {
    option.name = name;
    if (this.isSavedOption(entry, option)) return;
    option.id = uniqueId(
      slugOf(name),
      entry.options.filter((o) => o !== option).map((o) => o.id),
      'option',
    );
  }
  renameArmoury(item: ArmouryItem, name: string) {
    item.name = name;
    if (this.isSavedArmoury(item)) return;
    item.id = uniqueId(
      slugOf(name),
      this.draft!.armoury.filter((a) => a !== item).map((a) => a.id),
      'item',
    );
  }

  // ----- entries -----

  addEntry(category: Entry['category'] = 'core') {
    const list = this.draft!;
    const entry = blankEntry(
      category,
      uniqueId(
        '',
        list.entries.map((e) => e.id),
        `entry-${list.entries.length + 1}`,
      ),
    );
    if (category === 'squad') entry.squad = { min: Number.NaN, max: Number.NaN };
    list.entries.push(entry);
    this.fresh = list.entries[list.entries.length - 1]!;
    void focusField(`entries.${list.entries.length - 1}.name`);
  }

  duplicateEntry(index: number) {
    const list = this.draft!;
    const copy = structuredClone($state.snapshot(list.entries[index]!)) as Entry;
    copy.name = `${copy.name} (copy)`;
    copy.id = uniqueId(
      slugOf(copy.name),
      list.entries.map((e) => e.id),
      'entry',
    );
    list.entries.splice(index + 1, 0, copy);
    this.fresh = list.entries[index + 1]!;
    void focusField(`entries.${index + 1}.name`);
  }

  moveEntry(index: number, by: -1 | 1) {
    const list = this.draft!;
    const to = index + by;
    if (to < 0 || to >= list.entries.length) return;
    const [e] = list.entries.splice(index, 1);
    list.entries.splice(to, 0, e!);
  }

  /** Who uses what: teams and their models, filtered. */
  affected(pick: (m: TeamListUsage['teams'][number]['models'][number]) => boolean): Affected[] {
    return (this.usage?.teams ?? [])
      .map((t) => ({ teamName: t.teamName, campaignName: t.campaignName, models: t.models.filter(pick).map((m) => m.name || 'an unnamed model') }))
      .filter((t) => t.models.length > 0);
  }

  /** Remove at once when nobody uses it; otherwise name the teams and models and wait for the organiser. */
  #remove(what: string, affected: Affected[], remove: () => void) {
    if (affected.length === 0) remove();
    else this.removal = { what, affected, confirm: remove };
  }

  removeEntry(index: number) {
    const list = this.draft!;
    const entry = list.entries[index]!;
    const savedId = this.isSavedEntry(entry) ? entry.id : null;
    this.#remove(`the entry “${entry.name || 'unnamed'}”`, savedId ? this.affected((m) => m.entryId === savedId) : [], () => {
      list.entries.splice(list.entries.indexOf(entry), 1);
    });
  }

  removeOption(entry: Entry, option: EntryOption) {
    const used = this.isSavedEntry(entry) && this.isSavedOption(entry, option);
    this.#remove(
      `the option “${option.name || 'unnamed'}” of ${entry.name}`,
      used ? this.affected((m) => m.entryId === entry.id && m.options.includes(option.id)) : [],
      () => {
        entry.options.splice(entry.options.indexOf(option), 1);
      },
    );
  }

  removeArmoury(item: ArmouryItem) {
    const list = this.draft!;
    const used = this.isSavedArmoury(item);
    this.#remove(`the Armoury item “${item.name || 'unnamed'}”`, used ? this.affected((m) => m.armoury.includes(item.id)) : [], () => {
      list.armoury.splice(list.armoury.indexOf(item), 1);
    });
  }

  // ----- saving -----

  discard() {
    if (this.detail) this.draft = structuredClone($state.snapshot(this.detail.list));
    this.preview = null;
    this.restored = false;
  }

  /** Save, or first show what the change does to the teams built on the list. */
  async requestSave() {
    if (!this.detail || !this.draft || this.problems.length > 0) return;
    this.busy = true;
    try {
      const list = $state.snapshot(this.draft);
      const impact = this.detail.teams > 0 ? (await api.call('teamLists.impact', { id: this.id, list })).teams : [];
      if (impact.length > 0) this.preview = impact;
      else await this.save();
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.busy = false;
    }
  }

  async save() {
    if (!this.detail || !this.draft) return;
    this.busy = true;
    try {
      const out = await api.call('teamLists.update', { id: this.id, list: $state.snapshot(this.draft), expectedRevision: this.detail.revision });
      const { changed, ...detail } = out;
      this.detail = detail;
      this.draft = structuredClone(detail.list);
      this.saved = { revision: detail.revision, changed };
      this.preview = null;
      this.restored = false;
      this.error = null;
      if (detail.teams > 0) this.usage = await api.call('teamLists.usage', { id: this.id });
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.busy = false;
    }
  }
}

/** Move the keyboard to a field once it is on the page (inputs carry data-key="entries.3.name"). */
export async function focusField(key: string) {
  await tick();
  await tick();
  const el = document.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);
  el?.focus();
  if (el instanceof HTMLInputElement) el.select();
}
