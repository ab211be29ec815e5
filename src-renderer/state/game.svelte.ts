/**
 * One game's screen: the plan, the result wizard's draft and main's live preview of what the game changes. Edits
 * change a local copy of the draft, which is saved in the background (debounced, the latest save wins); each save
 * returns the recomputed preview, so the score, injuries, EXP and Req follow what was typed. Main computes all of
 * it with shared/rules: the review screen and the commit are one code path.
 */
import type { GameDetail, GameDraft, GameStep, Side, VoidPlan } from '../../shared/ipc/schemas/games';
import type { ModelReport } from '../../shared/rules';
import { api, messageOf } from '../api';

export type SaveStatus = 'saved' | 'saving' | 'error';

const SAVE_DELAY_MS = 300;

export class GameState {
  detail = $state<GameDetail | null>(null);
  /** The organiser's copy of the draft (main's copy is in detail.draft). */
  draft = $state<GameDraft | null>(null);
  status = $state<SaveStatus>('saved');
  /** The game could not be loaded. */
  error = $state<string | null>(null);
  /** A save or an action failed: the message from main. */
  actionError = $state<string | null>(null);
  loaded = $state(false);
  busy = $state(false);
  /** For the breadcrumbs. */
  campaignName = $state<string | null>(null);
  /** The campaign's points limit (Margin of Victory of a recorded game). */
  pointsLimit = $state<number | null>(null);

  game = $derived(this.detail?.game ?? null);
  preview = $derived(this.detail?.preview ?? null);

  #saveSeq = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #inFlight: Promise<void> | null = null;
  /** When this window last saved: the games.changed echo of its own save needs no reload. */
  #savedAt = 0;
  #discarded = false;

  constructor(readonly id: string) {}

  async load() {
    const saveSeq = this.#saveSeq;
    try {
      const detail = await api.call('games.get', { id: this.id });
      // A save started meanwhile: its answer is newer than this one.
      if (saveSeq !== this.#saveSeq && this.detail) return;
      this.apply(detail);
      this.error = null;
      if (this.campaignName === null && this.detail) {
        const campaignId = this.detail.game.campaignId;
        api.call('campaigns.get', { id: campaignId }).then(
          (c) => {
            this.campaignName = c.name;
            this.pointsLimit = c.pointsLimit;
          },
          () => {},
        );
      }
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.loaded = true;
    }
  }

  private apply(detail: GameDetail) {
    this.detail = detail;
    // Main's copy of the draft — but never over edits still on their way.
    if (this.status !== 'saving' && !this.#timer) this.draft = structuredClone(detail.draft);
  }

  subscribe(): () => void {
    return api.on('games.changed', (p) => {
      if (p.id !== this.id || this.#discarded || this.busy) return;
      if (this.status === 'saving' || this.#timer || Date.now() - this.#savedAt < 1500) return;
      void this.load();
    });
  }

  /** The name of a side's team, for headings and for the rules' "Player A" / "Player B". */
  teamName(side: Side): string {
    return this.detail?.game.teams[side].name ?? (side === 'a' ? 'Team A' : 'Team B');
  }

  /** The rules say "Player A" / "Player B": show the teams' names instead. */
  named = (text: string): string => text.replace(/\bPlayer A\b/g, this.teamName('a')).replace(/\bPlayer B\b/g, this.teamName('b'));

  /** The draft's record of a model (created from the game's model list if the draft has none yet). */
  reportOf(draft: GameDraft, modelId: string): ModelReport | undefined {
    const found = draft.report.models.find((m) => m.id === modelId);
    if (found) return found;
    const view = this.detail?.models.find((m) => m.id === modelId);
    if (!view) return undefined;
    const created: ModelReport = { id: view.id, side: view.side, name: view.name || view.entryName, type: view.type, tookPart: true, aliveAtEnd: true };
    if (view.squad) created.squad = true;
    draft.report.models.push(created);
    return draft.report.models[draft.report.models.length - 1];
  }

  /** Change the draft and save it soon. */
  edit(change: (draft: GameDraft) => void) {
    if (!this.draft) return;
    change(this.draft);
    this.saveSoon(SAVE_DELAY_MS);
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
    if (!this.draft) return;
    const seq = ++this.#saveSeq;
    const draft = $state.snapshot(this.draft);
    const run = (async () => {
      try {
        const detail = await api.call('games.saveDraft', { id: this.id, draft });
        if (seq !== this.#saveSeq || this.#timer) return;
        this.#savedAt = Date.now();
        this.status = 'saved';
        this.actionError = null;
        this.detail = detail;
        this.draft = structuredClone(detail.draft);
      } catch (e) {
        if (seq !== this.#saveSeq) return;
        this.status = 'error';
        this.actionError = messageOf(e);
      }
    })();
    this.#inFlight = run;
    await run;
  }

  /** Wait until every edit has reached main (before a step change, a roll, the commit, or leaving). */
  async flush() {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      await this.save();
    } else if (this.#inFlight) {
      await this.#inFlight;
    }
  }

  async goTo(step: GameStep) {
    if (!this.draft) return;
    this.draft.step = step;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.status = 'saving';
    await this.save();
  }

  private async act<T>(fn: () => Promise<T>): Promise<T | null> {
    this.busy = true;
    try {
      const out = await fn();
      this.actionError = null;
      return out;
    } catch (e) {
      this.actionError = messageOf(e);
      return null;
    } finally {
      this.busy = false;
    }
  }

  /**
   * Physical dice: the faces of the roll `key` (the plan's or the post-game's). Issue 20: also a correction of an
   * after-game roll already made, with who asked and why when Herald rolled it (`change`).
   */
  async enterRoll(key: string, faces: number[], change?: { by: string; reason: string }): Promise<boolean> {
    await this.flush();
    const detail = await this.act(() => api.call('games.enterRoll', { id: this.id, key, faces, ...(change ? { change } : {}) }));
    if (detail) {
      this.detail = detail;
      this.draft = structuredClone(detail.draft);
    }
    return detail !== null;
  }

  /**
   * Issue 30: a player's answer to one of the plan's choices (who deploys first, who attacks, 003's first turn), or a
   * change of it until commit; main works the plan out again from it.
   */
  async choose(choice: 'deploy' | 'attacker' | 'first-turn', value: string): Promise<boolean> {
    await this.flush();
    const detail = await this.act(() => api.call('games.choose', { id: this.id, choice, value }));
    if (detail) {
      this.detail = detail;
      this.draft = structuredClone(detail.draft);
    }
    return detail !== null;
  }

  async commit(): Promise<boolean> {
    await this.flush();
    const detail = await this.act(() => api.call('games.commit', { id: this.id }));
    if (detail) {
      this.detail = detail;
      this.draft = structuredClone(detail.draft);
    }
    return detail !== null;
  }

  async discard(): Promise<boolean> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.status = 'saved';
    this.#discarded = true;
    const done = (await this.act(() => api.call('games.discard', { id: this.id }))) !== null;
    if (!done) this.#discarded = false;
    return done;
  }

  async voidPlan(): Promise<VoidPlan | null> {
    return this.act(() => api.call('games.voidPlan', { id: this.id }));
  }

  async void(reason: string, withDependents: boolean): Promise<boolean> {
    const done = await this.act(() => api.call('games.void', { id: this.id, reason, withDependents }));
    if (done) await this.load();
    return done !== null;
  }
}
