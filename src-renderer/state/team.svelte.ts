/**
 * The roster builder's state. The roster is validated here, in the renderer, with the same shared/rules code main
 * uses, so every change shows its points and problems at once; drafts are saved in the background (the latest
 * save wins), and main validates again wherever it matters (founding, ledger entries).
 */
import type { TeamHistory } from '../../shared/ipc/schemas/games';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import { purchaseCost, refilledSquad } from '../../shared/rules';
import type { Roster, RosterModel } from '../../shared/rules';
import { validateRoster } from '../../shared/rules';
import { api, messageOf } from '../api';
import { Autosave } from './autosave.svelte';

export type { SaveStatus } from './autosave.svelte';

const newId = () => crypto.randomUUID();

export class TeamState {
  detail = $state<TeamDetail | null>(null);
  roster = $state<Roster>({ models: [] });
  /** Founded teams: edits to a model, not yet bought. */
  staged = $state<Record<string, RosterModel>>({});
  /** Founded teams: a model being recruited. */
  recruit = $state<RosterModel | null>(null);
  /**
   * Founded teams (issue 20, one saving model): a new name costs nothing, so it saves as it is typed, like a draft;
   * each model's name save is 'saving', 'saved' or failed (its message, shown under the name field).
   */
  nameSaves = $state<Record<string, { state: 'saving' | 'saved' | 'error'; message?: string }>>({});
  error = $state<string | null>(null);
  actionError = $state<string | null>(null);
  loaded = $state(false);
  /** Founded teams: their games and each model's history (issue 5). Loaded beside the detail; a failure is shown apart. */
  history = $state<TeamHistory | null>(null);
  historyError = $state<string | null>(null);

  founded = $derived(this.detail?.team.founded ?? false);
  list = $derived(this.detail?.list);
  /** Main sends the roster's limit: the campaign's before founding, the ruleset's roster cap after (issue 19). */
  limit = $derived(this.detail?.pointsLimit ?? 0);
  report = $derived(this.list ? validateRoster(this.list, this.roster, this.limit) : null);

  /** The draft roster's background saves (before founding). */
  #autosave = new Autosave(() => this.sendRoster(), { delayMs: 400, failed: (m) => (this.actionError = m) });
  /** Founded teams: names typed and not yet sent, by model, with their timers. */
  #names: Record<string, { name: string; timer: ReturnType<typeof setTimeout> | undefined }> = {};

  constructor(readonly id: string) {}

  get status() {
    return this.#autosave.status;
  }

  /** Nothing typed is on its way or failed: main's copy may replace this window's. */
  get #settled() {
    return this.#autosave.status === 'saved' && !this.#autosave.waiting;
  }

  async load() {
    try {
      this.apply(await api.call('teams.get', { id: this.id }));
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.loaded = true;
    }
    if (this.founded) await this.loadHistory();
  }

  async loadHistory() {
    try {
      this.history = await api.call('teams.history', { id: this.id });
      this.historyError = null;
    } catch (e) {
      this.historyError = messageOf(e);
    }
  }

  private apply(detail: TeamDetail) {
    this.detail = detail;
    // Main's copy — but never over a draft the user is still typing.
    if (this.#autosave.status !== 'saving') this.roster = { models: detail.roster.models.map((m) => ({ ...m, name: this.#names[m.id]?.name ?? m.name })) };
  }

  subscribe(): () => void {
    const offs = [
      api.on('teams.changed', (p) => {
        if (p.id === this.id && this.#settled) void this.load();
      }),
      // A game of the team's campaign changed (set up, committed, voided): progress, Req and history may have moved.
      api.on('games.changed', (p) => {
        if (p.campaignId === this.detail?.team.campaignId && this.#settled) void this.load();
      }),
    ];
    return () => offs.forEach((off) => off());
  }

  // ----- drafts (before founding) -----

  addModel(entryId: string) {
    const entry = this.list?.entries.find((e) => e.id === entryId);
    if (!entry) return;
    const model: RosterModel = { id: newId(), entryId, name: '', options: {}, armoury: [], grenades: {} };
    if (entry.squad) model.squadSize = entry.squad.min;
    if (this.founded) {
      this.recruit = model;
      return;
    }
    this.roster = { models: [...this.roster.models, model] };
    this.#autosave.soon(0);
  }

  updateModel(model: RosterModel) {
    if (this.founded) {
      this.updateFoundedModel(model);
      return;
    }
    this.roster = { models: this.roster.models.map((m) => (m.id === model.id ? model : m)) };
    this.#autosave.soon();
  }

  removeModel(id: string) {
    this.roster = { models: this.roster.models.filter((m) => m.id !== id) };
    this.#autosave.soon(0);
  }

  async sendRoster(): Promise<() => void> {
    const detail = await api.call('teams.saveDraft', { id: this.id, roster: $state.snapshot(this.roster) });
    return () => {
      this.detail = detail;
      // The roster as it is now is saved: an earlier save's problem no longer holds (issue 17: it stayed on screen).
      this.actionError = null;
    };
  }

  /** Save the draft roster now. */
  save(): Promise<void> {
    return this.#autosave.now();
  }

  /** Wait for pending edits to reach main (before founding, or leaving). */
  async flush() {
    await Promise.all(Object.keys(this.#names).map((id) => this.saveName(id)));
    await this.#autosave.flush();
  }

  // ----- founded teams: every change is a ledger entry -----

  /** A free change (the name) saves as typed; a priced one (wargear) is staged until bought with its Req. */
  private updateFoundedModel(typed: RosterModel) {
    const base = this.roster.models.find((m) => m.id === typed.id);
    if (!base) return;
    // A Squad made larger is refilled as main will buy it: new members take the places of its dead (issue 30).
    const model = refilledSquad(base, typed);
    if (model.name !== base.name) {
      this.roster = { models: this.roster.models.map((m) => (m.id === model.id ? { ...m, name: model.name } : m)) };
      this.saveNameSoon(model.id, model.name);
    }
    const { name: _n, ...rest } = model;
    const { name: _b, ...committed } = base;
    const { [model.id]: _old, ...others } = this.staged;
    this.staged = JSON.stringify(rest) === JSON.stringify(committed) ? others : { ...others, [model.id]: model };
  }

  private saveNameSoon(modelId: string, name: string) {
    const pending = this.#names[modelId];
    clearTimeout(pending?.timer);
    this.nameSaves = { ...this.nameSaves, [modelId]: { state: 'saving' } };
    const timer = setTimeout(() => void this.saveName(modelId), 600);
    this.#names[modelId] = { name, timer };
  }

  private async saveName(modelId: string) {
    const pending = this.#names[modelId];
    if (!pending) return;
    clearTimeout(pending.timer);
    delete this.#names[modelId];
    // The model as main has it (staged wargear is not bought by a rename), with the new name.
    const saved = this.detail?.roster.models.find((m) => m.id === modelId);
    if (!saved || saved.name === pending.name) {
      this.nameSaves = { ...this.nameSaves, [modelId]: { state: 'saved' } };
      return;
    }
    try {
      const detail = await api.call('teams.changeModel', { id: this.id, model: { ...$state.snapshot(saved), name: pending.name } });
      this.detail = detail;
      // Main's roster, with any name still being typed on another card.
      this.roster = { models: detail.roster.models.map((m) => ({ ...m, name: this.#names[m.id]?.name ?? m.name })) };
      this.nameSaves = { ...this.nameSaves, [modelId]: { state: 'saved' } };
      void this.loadHistory();
    } catch (e) {
      this.nameSaves = { ...this.nameSaves, [modelId]: { state: 'error', message: `Not saved: ${messageOf(e)}` } };
    }
  }

  /** What leaving now would lose, in words (a guard asks before it), or null. */
  get unsaved(): string | null {
    const names = Object.keys(this.staged).map((id) => this.roster.models.find((m) => m.id === id)?.name || 'a model');
    const failed = Object.entries(this.nameSaves)
      .filter(([, s]) => s.state === 'error')
      .map(([id]) => this.roster.models.find((m) => m.id === id)?.name || 'a model');
    const parts = [
      ...(names.length > 0 ? [`the change to ${names.join(', ')} is not bought yet`] : []),
      ...(this.recruit ? ['the recruit is not bought yet'] : []),
      ...(failed.length > 0 ? [`the new name of ${failed.join(', ')} was not saved`] : []),
    ];
    return parts.length > 0 ? `Leave this team? ${parts.join('; ')}.` : null;
  }

  costOf(model: RosterModel): number {
    if (!this.list) return 0;
    return purchaseCost(
      this.list,
      this.roster.models.find((m) => m.id === model.id),
      model,
    );
  }

  async act(fn: () => Promise<TeamDetail>): Promise<boolean> {
    try {
      const detail = await fn();
      this.actionError = null;
      this.detail = detail;
      this.roster = detail.roster;
      if (this.founded) void this.loadHistory();
      return true;
    } catch (e) {
      this.actionError = messageOf(e);
      return false;
    }
  }

  /** Issue 20: delete this team (never founded); returns its campaign's id, or null with actionError set. */
  async deleteTeam(): Promise<string | null> {
    this.#autosave.cancel();
    try {
      const gone = await api.call('teams.delete', { id: this.id });
      return gone.campaignId;
    } catch (e) {
      this.actionError = messageOf(e);
      return null;
    }
  }

  /** Issue 20: undo an organiser action from the ledger; a refusal (with its reason) shows as actionError. */
  async undo(entryId: string): Promise<boolean> {
    try {
      await api.call('teams.undo', { id: this.id, entryId });
      this.actionError = null;
      await this.load();
      return true;
    } catch (e) {
      this.actionError = messageOf(e);
      return false;
    }
  }

  async found() {
    await this.flush();
    return this.act(() => api.call('teams.found', { id: this.id }));
  }
  async rename(name: string) {
    return this.act(() => api.call('teams.rename', { id: this.id, name }));
  }
  async commitStaged(modelId: string) {
    const model = this.staged[modelId];
    if (!model) return;
    const { [modelId]: _was, ...rest } = this.stagedErrors;
    this.stagedErrors = rest;
    if (await this.act(() => api.call('teams.changeModel', { id: this.id, model: $state.snapshot(model) }))) this.discardStaged(modelId);
    // Said on the card whose change it was (issue 20), not only at the top of the page.
    else if (this.actionError) this.stagedErrors = { ...this.stagedErrors, [modelId]: `Not saved: ${this.actionError}` };
  }
  /** Founded teams: a priced change that failed to save, by model (shown on its card). */
  stagedErrors = $state<Record<string, string>>({});
  discardStaged(modelId: string) {
    const { [modelId]: _gone, ...rest } = this.staged;
    this.staged = rest;
  }
  async commitRecruit() {
    const model = this.recruit;
    if (!model) return;
    if (await this.act(() => api.call('teams.recruit', { id: this.id, model: $state.snapshot(model) }))) this.recruit = null;
  }
  async dismiss(modelId: string, reason: string) {
    return this.act(() => api.call('teams.dismiss', { id: this.id, modelId, reason: reason || undefined }));
  }
  /** Tactical Reserves (docs/progression.md): park a model, or bring it back. */
  async reserve(modelId: string, inReserve: boolean) {
    return this.act(() => api.call('teams.reserve', { id: this.id, modelId, inReserve }));
  }
  async parkGear(modelId: string, item: string) {
    return this.act(() => api.call('teams.parkGear', { id: this.id, modelId, item }));
  }
  async fitGear(modelId: string, item: string) {
    return this.act(() => api.call('teams.fitGear', { id: this.id, modelId, item }));
  }
  async adjustReq(amount: number, reason: string) {
    return this.act(() => api.call('teams.adjustRequisition', { id: this.id, amount, reason }));
  }
}
