/**
 * The Club Wi-Fi view's state for the app bar's indicator and its screen (issue 22): asked once at start (a reload
 * while it runs finds it on), then every 5 s while it is on, for the number of phones looking.
 */
import type { LanStatus } from '../../shared/ipc/schemas/lan';
import { api } from '../api';

const POLL_MS = 5_000;

class LanState {
  status = $state<LanStatus | null>(null);
  #timer: ReturnType<typeof setTimeout> | undefined;

  set(status: LanStatus) {
    this.status = status;
    clearTimeout(this.#timer);
    if (status.running) this.#timer = setTimeout(() => void this.refresh(), POLL_MS);
  }

  async refresh() {
    try {
      this.set(await api.call('lan.status', {}));
    } catch {
      // The indicator is a courtesy: a failed poll leaves the last known state, and the next one tries again.
      if (this.status?.running) this.#timer = setTimeout(() => void this.refresh(), POLL_MS);
    }
  }
}

export const lan = new LanState();
