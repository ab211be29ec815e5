/**
 * The at-the-table screen's state (issue 33): main's view of the game's tap log, and the model tapped first. Every tap
 * goes to main at once (one durable write each) and its answer is the new state: nothing is kept here that a crash
 * could lose. A tap names the last tap this screen saw, so two screens never tap over each other unseen.
 */
import type { GameDetail } from '../../shared/ipc/schemas/games';
import type { TableView } from '../../shared/ipc/schemas/table';
import type { ReportEnding, TableEvent } from '../../shared/rules';
import { api, messageOf } from '../api';

type Tap = Exclude<TableEvent, { kind: 'undo' } | { kind: 'end' }>;

export class TableScreenState {
  view = $state<TableView | null>(null);
  error = $state<string | null>(null);
  /** The last tap was refused: main's words. */
  tapError = $state<string | null>(null);
  busy = $state(false);
  /** The model tapped first: the next tap says what happened to it (or who took it out). */
  selected = $state<string | null>(null);

  constructor(readonly gameId: string) {}

  async load() {
    try {
      this.view = await api.call('table.get', { gameId: this.gameId });
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    }
  }

  /** Another window (or a tap of this one) added to the log: read it again unless this screen is mid-tap. */
  subscribe(): () => void {
    return api.on('table.changed', (p) => {
      if (p.gameId !== this.gameId || this.busy || p.seq === this.view?.seq) return;
      void this.load();
    });
  }

  private async send(run: (afterSeq: number | undefined) => Promise<TableView>): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    try {
      this.view = await run(this.view?.seq);
      this.tapError = null;
      this.selected = null;
      return true;
    } catch (e) {
      this.tapError = messageOf(e);
      // A screen that was behind shows the table as it is now.
      void this.load();
      return false;
    } finally {
      this.busy = false;
    }
  }

  tap(event: Tap): Promise<boolean> {
    return this.send((afterSeq) => api.call('table.tap', { gameId: this.gameId, event, ...(afterSeq === undefined ? {} : { afterSeq }) }));
  }

  undo(): Promise<boolean> {
    return this.send((afterSeq) => api.call('table.undo', { gameId: this.gameId, ...(afterSeq === undefined ? {} : { afterSeq }) }));
  }

  async gameOver(ending: ReportEnding): Promise<GameDetail | null> {
    if (this.busy) return null;
    this.busy = true;
    try {
      const detail = await api.call('table.gameOver', { gameId: this.gameId, ending, ...(this.view ? { afterSeq: this.view.seq } : {}) });
      this.tapError = null;
      return detail;
    } catch (e) {
      this.tapError = messageOf(e);
      return null;
    } finally {
      this.busy = false;
    }
  }

  /** The first tap on a model selects it; tapping it again lets it go. */
  choose(modelId: string) {
    this.selected = this.selected === modelId ? null : modelId;
  }

  name(id: string | null): string {
    if (!id) return 'no one';
    return this.view?.models.find((m) => m.id === id)?.name ?? 'a model';
  }

  teamName(side: 'a' | 'b'): string {
    return this.view?.game.teams[side].name ?? (side === 'a' ? 'Team A' : 'Team B');
  }
}
