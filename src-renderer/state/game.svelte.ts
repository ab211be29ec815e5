/**
 * One game's screen: the plan, the result wizard's draft and main's live preview of what the game changes. Edits
 * change a local copy of the draft, which is saved in the background (debounced, the latest save wins); each save
 * returns the recomputed preview, so the score, injuries, EXP and Req follow what was typed. Main computes all of
 * it with shared/rules: the review screen and the commit are one code path.
 */
import type { GameDetail, GameDraft, GameStep, Side, VoidPlan } from '../../shared/ipc/schemas/games';
import type { ModelReport } from '../../shared/rules';
import { api, messageOf } from '../api';
import { Autosave } from './autosave.svelte';

export type { SaveStatus } from './autosave.svelte';

const SAVE_DELAY_MS = 300;
/** A games.changed this soon after this window's own save is its echo: no reload. */
const ECHO_MS = 1500;

export class GameState {
  detail = $state<GameDetail | null>(null);
  /** The organiser's copy of the draft (main's copy is in detail.draft). */
  draft = $state<GameDraft | null>(null);
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

  /** The draft's background saves; an amendment (amend.svelte.ts) previews instead of saving. */
  protected autosave = new Autosave(() => this.sendDraft(), { delayMs: SAVE_DELAY_MS, echoMs: ECHO_MS, failed: (m) => (this.actionError = m) });
  #discarded = false;

  constructor(readonly id: string) {}

  get status() {
    return this.autosave.status;
  }

  async load() {
    const saves = this.autosave.saves;
    try {
      const detail = await api.call('games.get', { id: this.id });
      // A save started meanwhile: its answer is newer than this one.
      if (saves !== this.autosave.saves && this.detail) return;
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
    if (!this.autosave.busy) this.draft = structuredClone(detail.draft);
  }

  subscribe(): () => void {
    return api.on('games.changed', (p) => {
      if (p.id !== this.id || this.#discarded || this.busy) return;
      if (this.autosave.isEcho()) return;
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
    this.autosave.soon();
  }

  /** Sends the draft as it is now; main answers with the recomputed preview. */
  protected async sendDraft(): Promise<() => void> {
    const draft = this.draft ? $state.snapshot(this.draft) : null;
    if (!draft) return () => {};
    const detail = await api.call('games.saveDraft', { id: this.id, draft });
    return () => {
      this.actionError = null;
      this.detail = detail;
      this.draft = structuredClone(detail.draft);
    };
  }

  /** Save the draft now. */
  save(): Promise<void> {
    return this.autosave.now();
  }

  /** Wait until every edit has reached main (before a step change, a roll, the commit, or leaving). */
  flush(): Promise<void> {
    return this.autosave.flush();
  }

  async goTo(step: GameStep) {
    if (!this.draft) return;
    this.draft.step = step;
    await this.autosave.now();
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
    this.autosave.cancel();
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
