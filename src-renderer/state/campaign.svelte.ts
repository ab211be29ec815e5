/** One campaign's screen: its players and teams, and the team lists to build from. Refreshes on change events. */
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { Player, TeamListSummary, TeamSummary } from '../../shared/ipc/schemas/teams';
import { api, messageOf } from '../api';
import { fieldErrors, type FieldErrors } from './campaigns.svelte';

export class CampaignState {
  campaign = $state<Campaign | null>(null);
  players = $state<Player[]>([]);
  teams = $state<TeamSummary[]>([]);
  teamLists = $state<TeamListSummary[]>([]);
  error = $state<string | null>(null);
  loaded = $state(false);

  activePlayers = $derived(this.players.filter((p) => !p.retiredAt));

  constructor(readonly id: string) {}

  async load() {
    try {
      const [campaign, players, teams, teamLists] = await Promise.all([
        api.call('campaigns.get', { id: this.id }),
        api.call('players.list', { campaignId: this.id }),
        api.call('teams.list', { campaignId: this.id }),
        api.call('teamLists.list', {}),
      ]);
      Object.assign(this, { campaign, players, teams, teamLists, error: null });
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.loaded = true;
    }
  }

  subscribe(): () => void {
    const mine = (p: { campaignId: string }) => p.campaignId === this.id && void this.load();
    const offs = [
      api.on('players.changed', mine),
      api.on('teams.changed', mine),
      api.on('campaigns.changed', (p) => p.id === this.id && void this.load()),
      api.on('teamLists.changed', () => void this.load()),
    ];
    return () => offs.forEach((off) => off());
  }

  async addPlayer(name: string): Promise<FieldErrors | null> {
    return this.run(() => api.call('players.create', { campaignId: this.id, name }));
  }
  async renamePlayer(id: string, name: string): Promise<FieldErrors | null> {
    return this.run(() => api.call('players.rename', { id, name }));
  }
  async setRetired(id: string, retired: boolean): Promise<FieldErrors | null> {
    return this.run(() => api.call(retired ? 'players.retire' : 'players.unretire', { id }));
  }
  async createTeam(input: { playerId: string; teamListId: string; name: string }): Promise<{ id: string } | FieldErrors> {
    try {
      const created = await api.call('teams.create', { campaignId: this.id, ...input });
      await this.load();
      return { id: created.team.id };
    } catch (e) {
      return fieldErrors(e);
    }
  }

  private async run(fn: () => Promise<unknown>): Promise<FieldErrors | null> {
    try {
      await fn();
      await this.load();
      return null;
    } catch (e) {
      return fieldErrors(e);
    }
  }
}
