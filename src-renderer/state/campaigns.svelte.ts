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

export class CampaignsState {
  all = $state<Campaign[]>([]);
  loaded = $state(false);
  loadError = $state<string | null>(null);
  showArchived = $state(false);

  active = $derived(this.all.filter((c) => !c.archivedAt));
  archived = $derived(this.all.filter((c) => !!c.archivedAt));

  async load() {
    try {
      this.all = await api.call('campaigns.list', { includeArchived: true });
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
