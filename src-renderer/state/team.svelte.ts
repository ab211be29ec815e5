/**
 * The roster builder's state. The roster is validated here, in the renderer, with the same shared/rules code main
 * uses, so every change shows its points and problems at once; drafts are saved in the background (the latest
 * save wins), and main validates again wherever it matters (founding, ledger entries).
 */
import type { TeamHistory } from '../../shared/ipc/schemas/games';
import type { TeamDetail } from '../../shared/ipc/schemas/teams';
import { purchaseCost, rosterPointsLimit } from '../../shared/rules';
import type { Roster, RosterModel } from '../../shared/rules';
import { validateRoster } from '../../shared/rules';
import { api, messageOf } from '../api';

export type SaveStatus = 'saved' | 'saving' | 'error';

const newId = () => crypto.randomUUID();

export class TeamState {
  detail = $state<TeamDetail | null>(null);
  roster = $state<Roster>({ models: [] });
  /** Founded teams: edits to a model, not yet bought. */
  staged = $state<Record<string, RosterModel>>({});
  /** Founded teams: a model being recruited. */
  recruit = $state<RosterModel | null>(null);
  status = $state<SaveStatus>('saved');
  error = $state<string | null>(null);
  actionError = $state<string | null>(null);
  loaded = $state(false);
  /** Founded teams: their games and each model's history (issue 5). Loaded beside the detail; a failure is shown apart. */
  history = $state<TeamHistory | null>(null);
  historyError = $state<string | null>(null);

  founded = $derived(this.detail?.team.founded ?? false);
  list = $derived(this.detail?.list);
  limit = $derived(this.detail ? rosterPointsLimit(this.detail.pointsLimit, this.founded) : 0);
  report = $derived(this.list ? validateRoster(this.list, this.roster, this.limit) : null);

  #saveSeq = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly id: string) {}

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
    if (this.status !== 'saving') this.roster = detail.roster;
  }

  subscribe(): () => void {
    const offs = [
      api.on('teams.changed', (p) => {
        if (p.id === this.id && this.status === 'saved' && !this.#timer) void this.load();
      }),
      // A game of the team's campaign changed (set up, committed, voided): progress, Req and history may have moved.
      api.on('games.changed', (p) => {
        if (p.campaignId === this.detail?.team.campaignId && this.status === 'saved' && !this.#timer) void this.load();
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
    this.saveSoon(0);
  }

  updateModel(model: RosterModel) {
    if (this.founded) {
      this.staged = { ...this.staged, [model.id]: model };
      return;
    }
    this.roster = { models: this.roster.models.map((m) => (m.id === model.id ? model : m)) };
    this.saveSoon(400);
  }

  removeModel(id: string) {
    this.roster = { models: this.roster.models.filter((m) => m.id !== id) };
    this.saveSoon(0);
  }

  private saveSoon(delay: number) {
    this.status = 'saving';
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.save();
    }, delay);
  }

  async save() {
    const seq = ++this.#saveSeq;
    try {
      const detail = await api.call('teams.saveDraft', { id: this.id, roster: $state.snapshot(this.roster) });
      if (seq !== this.#saveSeq || this.#timer) return;
      this.status = 'saved';
      this.detail = detail;
      // The roster as it is now is saved: an earlier save's problem no longer holds (issue 17: it stayed on screen).
      this.actionError = null;
    } catch (e) {
      if (seq !== this.#saveSeq) return;
      this.status = 'error';
      this.actionError = messageOf(e);
    }
  }

  /** Wait for pending edits to reach main (before founding, or leaving). */
  async flush() {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      await this.save();
    }
  }

  // ----- founded teams: every change is a ledger entry -----

  costOf(model: RosterModel): number {
    if (!this.list) return 0;
    return purchaseCost(this.list, this.roster.models.find((m) => m.id === model.id), model);
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
    if (await this.act(() => api.call('teams.changeModel', { id: this.id, model: $state.snapshot(model) }))) this.discardStaged(modelId);
  }
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
  async adjustReq(amount: number, reason: string) {
    return this.act(() => api.call('teams.adjustRequisition', { id: this.id, amount, reason }));
  }
}
