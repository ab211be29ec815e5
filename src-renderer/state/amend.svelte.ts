/**
 * Amending a committed game (issue 20): the result step's own editor, on a copy of the committed game's report kept in
 * this window. Every edit asks main what the amended game gives and what it changes in the ledger
 * (games.previewAmend); nothing is stored until the organiser applies it with a reason (games.amend). Built on the
 * game screen's state so the result step, the score and the roll corrections work on it unchanged.
 */
import type { AmendPreview } from '../../shared/ipc/schemas/amend';
import type { GameDetail } from '../../shared/ipc/schemas/games';
import { api, messageOf } from '../api';
import { Autosave } from './autosave.svelte';
import { GameState } from './game.svelte';

export class AmendState extends GameState {
  /** What main made of the amendment last: the diff, what depends on it, why it cannot be applied yet. */
  amend = $state<AmendPreview | null>(null);
  /** Each edit asks main for the amendment's preview (the latest answer wins); nothing is stored. */
  protected override autosave = new Autosave(() => this.sendDraft(), { delayMs: 250, failed: (m) => (this.actionError = m) });

  readonly #committed: GameDetail;

  constructor(id: string, committed: GameDetail) {
    super(id);
    this.#committed = committed;
  }

  /** The committed game, ready to edit. */
  override async load() {
    try {
      this.#show(await api.call('games.previewAmend', { id: this.id }), true);
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.loaded = true;
    }
  }

  #show(preview: AmendPreview, takeDraft: boolean) {
    this.amend = preview;
    this.detail = { ...this.#committed, draft: preview.draft, preview: preview.preview };
    if (takeDraft) this.draft = structuredClone(preview.draft);
  }

  /** Nothing to follow: the amendment lives in this window until it is applied. */
  override subscribe(): () => void {
    return () => {};
  }

  /** Ask main what the amendment as typed gives. */
  protected override async sendDraft(): Promise<() => void> {
    const draft = this.draft ? $state.snapshot(this.draft) : null;
    if (!draft) return () => {};
    const preview = await api.call('games.previewAmend', { id: this.id, draft });
    return () => {
      this.#show(preview, false);
      this.actionError = null;
    };
  }

  /**
   * A roll of the amended game: a die typed (real dice), or Herald's roll changed with who asked and why. Real dice: the
   * rolls that only followed from the old result are asked again, as before commit.
   */
  override async enterRoll(key: string, faces: number[], change?: { by: string; reason: string }): Promise<boolean> {
    if (!this.draft) return false;
    if (this.game?.diceMode === 'app') {
      if (!change) {
        this.actionError = 'Herald made this roll: say who asked for the change and why.';
        return false;
      }
      this.draft.overrides[key] = { faces, by: change.by.trim(), reason: change.reason.trim() };
    } else {
      const purpose = key.slice(key.indexOf('|') + 1, key.lastIndexOf('|'));
      for (const k of Object.keys(this.draft.faces)) if (k.startsWith(`post|${purpose}: `) || k.startsWith(`post|${purpose} (`)) delete this.draft.faces[k];
      this.draft.faces[key] = faces;
    }
    await this.autosave.now();
    return this.status !== 'error';
  }

  /** Apply the amendment: one transaction in main, the reason kept in the game's history. */
  async applyAmendment(reason: string): Promise<GameDetail | null> {
    await this.flush();
    const draft = this.draft ? $state.snapshot(this.draft) : null;
    if (!draft) return null;
    this.busy = true;
    try {
      const detail = await api.call('games.amend', { id: this.id, draft, reason });
      this.actionError = null;
      return detail;
    } catch (e) {
      this.actionError = messageOf(e);
      return null;
    } finally {
      this.busy = false;
    }
  }
}
