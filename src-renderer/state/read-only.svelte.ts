/**
 * Whether a campaign is handed over to another laptop (issue 27), for the pages that change it: a handed-over campaign
 * is read-only here, so its write buttons are disabled up front, with the reason, instead of refusing after the click.
 * One entry per campaign, shared by the banner and the guards of a page; it follows campaigns.changed (a hand-over, a
 * take-back, the newer copy coming back).
 */
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import { api } from '../api';

type HandedOver = Campaign['handedOver'];

/** The banner every guard's disabled controls point at (aria-describedby): one per page. */
export const READ_ONLY_REASON_ID = 'read-only-reason';

/** A disabled control's tooltip: why, and what to do. */
export const readOnlyTitle = (h: NonNullable<HandedOver>) => `Read-only: handed over to ${h.to}. Import the newer copy, or take the campaign back on its page.`;

class ReadOnlyCampaigns {
  #handedOver = $state<Record<string, HandedOver>>({});
  #watchers = new Map<string, { count: number; off: () => void }>();

  /** The hand-over of a watched campaign (null when writable, or not loaded yet: the main process still refuses). */
  of(campaignId: string): HandedOver {
    return this.#handedOver[campaignId] ?? null;
  }

  /** Keep `campaignId` current while a page shows it; returns the release. */
  watch(campaignId: string): () => void {
    const known = this.#watchers.get(campaignId);
    if (known) known.count += 1;
    else {
      const off = api.on('campaigns.changed', (p) => p.id === campaignId && void this.#load(campaignId));
      this.#watchers.set(campaignId, { count: 1, off });
      void this.#load(campaignId);
    }
    return () => this.#release(campaignId);
  }

  async #load(campaignId: string) {
    try {
      this.#handedOver[campaignId] = (await api.call('campaigns.get', { id: campaignId })).handedOver;
    } catch {
      // A campaign that cannot be read has nothing to guard; its page says what went wrong.
      this.#handedOver[campaignId] = null;
    }
  }

  #release(campaignId: string) {
    const w = this.#watchers.get(campaignId);
    if (!w || --w.count > 0) return;
    w.off();
    this.#watchers.delete(campaignId);
  }
}

export const readOnly = new ReadOnlyCampaigns();
