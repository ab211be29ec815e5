/**
 * The campaigns the home screen shows. One instance per window; it reloads whenever main says
 * campaigns.changed (from this window, another window or the menu), so every view stays true.
 */
import type { Campaign, CampaignCreateInput } from '../../shared/ipc/schemas/campaigns';
import { api, ApiError, messageOf } from '../api';

export type FieldErrors = Partial<Record<'name' | 'pointsLimit' | 'form', string>>;

/** Turn an API error into messages per form field (the rest goes under the form). */
export function fieldErrors(e: unknown): FieldErrors {
  if (e instanceof ApiError && e.issues.length > 0) {
    const out: FieldErrors = {};
    for (const issue of e.issues) {
      const key = issue.path === 'name' || issue.path === 'pointsLimit' ? issue.path : 'form';
      out[key] ??= issue.message;
    }
    return out;
  }
  return { form: messageOf(e) };
}

/**
 * The first campaigns.list, asked for at start-up together with app.info (App.svelte), so the home screen waits for
 * one round trip instead of two in a row. It is used once, by the first home screen to load, and only if no
 * campaigns.changed came in meanwhile (then that screen asks again); App drops it when the home screen is not next.
 */
let early: { list: Promise<Campaign[]>; stale: boolean; off: () => void } | null = null;

/** Returns a promise that settles (never rejects) when the list has come back. */
export function fetchCampaignsEarly(): Promise<void> {
  if (!early) {
    const entry = { list: api.call('campaigns.list', { includeArchived: true }), stale: false, off: () => {} };
    entry.off = api.on('campaigns.changed', () => (entry.stale = true));
    early = entry;
  }
  // Also marks a failure as handled: the home screen reports it when it takes the list.
  return early.list.then(
    () => {},
    () => {},
  );
}

export function dropEarlyCampaigns(): void {
  early?.off();
  early = null;
}

function takeEarlyCampaigns(): Promise<Campaign[]> | null {
  const entry = early;
  dropEarlyCampaigns();
  return entry && !entry.stale ? entry.list : null;
}

export class CampaignsState {
  all = $state<Campaign[]>([]);
  loaded = $state(false);
  loadError = $state<string | null>(null);
  showArchived = $state(false);

  active = $derived(this.all.filter((c) => !c.archivedAt));
  archived = $derived(this.all.filter((c) => !!c.archivedAt));

  async load() {
    try {
      this.all = await (takeEarlyCampaigns() ?? api.call('campaigns.list', { includeArchived: true }));
      this.loadError = null;
    } catch (e) {
      this.loadError = messageOf(e);
    } finally {
      this.loaded = true;
    }
  }

  /** Keeps the list fresh; returns the unsubscribe function (call it when the view goes away). */
  subscribe(): () => void {
    return api.on('campaigns.changed', () => void this.load());
  }

  /** Returns null on success, or the messages to show next to the fields. */
  async create(input: CampaignCreateInput): Promise<FieldErrors | null> {
    try {
      await api.call('campaigns.create', input);
      await this.load();
      return null;
    } catch (e) {
      return fieldErrors(e);
    }
  }

  async rename(id: string, name: string): Promise<FieldErrors | null> {
    try {
      await api.call('campaigns.rename', { id, name });
      await this.load();
      return null;
    } catch (e) {
      return fieldErrors(e);
    }
  }

  async setArchived(id: string, archived: boolean): Promise<string | null> {
    try {
      await api.call(archived ? 'campaigns.archive' : 'campaigns.unarchive', { id });
      await this.load();
      return null;
    } catch (e) {
      return messageOf(e);
    }
  }
}
