/**
 * One game's screen: the plan, the result wizard's draft and its live preview of what the game changes. Edits change
 * a local copy of the draft; the preview is worked out here from it (issue 32: game-preview.ts, with shared/rules
 * resolveGame, the function games.commit runs in main), and the draft row alone is saved in the background
 * (games.keepDraft, debounced, the latest save wins). Until the preview's context has arrived, main's preview shows.
 */
import type { GameDetail, GameDraft, GamePreview, GameStep, Side, VoidPlan } from '../../shared/ipc/schemas/games';
import type { ModelReport } from '../../shared/rules';
import { api, messageOf } from '../api';
import { Autosave } from './autosave.svelte';
import { previewer } from './game-preview';

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
  /** Resolves a draft in the window; null until games.previewContext answers (and for a game that is no draft). */
  #previewer = $state.raw<((draft: GameDraft) => GamePreview) | null>(null);
  preview = $derived.by(() => {
    const local = this.#previewer && this.draft && this.detail?.game.status === 'draft';
    return local ? this.#previewer!($state.snapshot(this.draft!) as GameDraft) : (this.detail?.preview ?? null);
  });

  /** The draft's background saves; an amendment (amend.svelte.ts) previews instead of saving. */
  protected autosave = new Autosave(() => this.sendDraft(), { delayMs: SAVE_DELAY_MS, echoMs: ECHO_MS, failed: (m) => (this.actionError = m) });
  #discarded = false;
  #contexts = 0;

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
      await this.apply(detail);
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

  /** Main's answer shown; its copy of the draft taken too — on a load, never over edits still on their way. */
  private apply(detail: GameDetail, takeDraft = !this.autosave.busy): Promise<void> {
    this.detail = detail;
    if (takeDraft) this.draft = structuredClone(detail.draft);
    return this.loadPreviewContext(detail);
  }

  /**
   * What the preview is worked out from, read again with each game detail main sends (a set-up roll may have changed
   * the plan, another window a team): until it arrives, main's preview in `detail` shows.
   */
  protected async loadPreviewContext(detail: GameDetail) {
    this.#previewer = null;
    const asked = ++this.#contexts;
    if (detail.game.status !== 'draft' || detail.plan === null) return;
    try {
      const context = await api.call('games.previewContext', { id: this.id });
      // Only the context asked for with the latest detail (a later one may be for another plan).
      if (asked === this.#contexts) this.#previewer = previewer(context);
    } catch {
      // Main's preview stays: every save of the draft is still checked there, and the commit resolves in main.
    }
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

  /** Saves the draft as it is now (the draft row only: the preview is worked out here). */
  protected async sendDraft(): Promise<() => void> {
    const draft = this.draft ? $state.snapshot(this.draft) : null;
    if (!draft) return () => {};
    if (!this.#previewer) {
      // No context yet: main saves and answers with its preview, as before issue 32.
      const detail = await api.call('games.saveDraft', { id: this.id, draft });
      return () => {
        this.actionError = null;
        this.detail = detail;
        this.draft = structuredClone(detail.draft);
      };
    }
    await api.call('games.keepDraft', { id: this.id, draft });
    return () => {
      this.actionError = null;
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
    if (detail) await this.apply(detail, true);
    return detail !== null;
  }

  /**
   * Issue 30: a player's answer to one of the plan's choices (who deploys first, who attacks, 003's first turn), or a
   * change of it until commit; main works the plan out again from it.
   */
  async choose(choice: 'deploy' | 'attacker' | 'first-turn', value: string): Promise<boolean> {
    await this.flush();
    const detail = await this.act(() => api.call('games.choose', { id: this.id, choice, value }));
    if (detail) await this.apply(detail, true);
    return detail !== null;
  }

  async commit(): Promise<boolean> {
    await this.flush();
    const detail = await this.act(() => api.call('games.commit', { id: this.id }));
    if (detail) await this.apply(detail, true);
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
